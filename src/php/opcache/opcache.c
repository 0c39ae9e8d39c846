/*
 * statcache: the compile hooks around opcache that tell it of changed
 * scripts (statcache.opcache_invalidate), and their startup and stats.
 *
 * With opcache.validate_timestamps=0 opcache never looks at a script again
 * once it holds it.  statcache watches the directories of every script it
 * resolves, so it can invalidate a script in opcache when it changes:
 *
 *  - Two compile hooks.  The inner one (installed at MINIT, below opcache,
 *    which wraps whatever zend_compile_file is when it starts) runs only
 *    when a script is really compiled: its record (src/engine/scripts.c)
 *    takes the file's identity before the compiler reads it.  The outer one
 *    (installed around opcache from a zend_extension's post-startup
 *    callback, which runs after opcache's) runs for every include and the
 *    main script, in the request thread, before opcache is asked: it
 *    drains as a lookup does (pending events, the staleness bound), has the
 *    records checked when a drain or a flush happened since the last
 *    check, and calls opcache_invalidate($real_path, true) through the
 *    function table for each that changed: at a sync point the very next
 *    include sees it, another process's change within max_staleness_ms.
 *  - A relative include is handed to opcache by the real path it means
 *    now (src/php/opcache/opcache_name.c), from this hook and, for include_once
 *    and require_once, which resolve first, from one around opcache's
 *    resolver: opcache's key for the relative name never answers it.
 *  - A copy in opcache that this process did not compile (another
 *    worker's, the file cache's) is kept only if the records can vouch for
 *    it (src/php/opcache/opcache_call.c, sc_scripts_adopt()); otherwise it is
 *    dropped before the include is served (under the name opcache keyed
 *    too: a swapped symlink's old target).
 *  - opcache missing or off, statcache off, opcache.restrict_api refusing:
 *    said once in the log and in statcache_stats(); never a warning in the
 *    user's request.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_ini.h"
#include "SAPI.h"
#include "ext/standard/info.h"
#include "php_statcache.h"
#include "zend_extensions.h"
#include "php/opcache/opcache.h"
#include "php/module/off_reason.h"

#if STATCACHE_HAVE_CACHE

#include "engine/scripts.h"
#include "engine/scripts_index.h"
#include "core/log.h"
#include "php/module/threads.h"
#include "php/opcache/opcache_name.h"
#include "php/opcache/opcache_call.h"

#include <pthread.h>
#include <syslog.h>

/* Process-wide, written at MINIT and post-startup (one thread) only. */
static bool sc_oc_wanted;                /* the setting is on and the cache is */
static const char *sc_oc_off;            /* why it does nothing, or NULL */
static zend_op_array *(*sc_oc_prev_inner)(zend_file_handle *fh, int type);
static zend_op_array *(*sc_oc_prev_outer)(zend_file_handle *fh, int type);
static zend_string *(*sc_oc_prev_resolve)(zend_string *filename);
static zend_result (*sc_oc_prev_post_startup)(void);
static bool sc_oc_outer_installed;

/* ---- the hooks ------------------------------------------------------------ */

static bool sc_oc_plain_abs(const char *p)
{
	return p && p[0] == '/';
}

/* This thread's cache when the feature can work for this compile: in a
 * request (opcache.preload compiles at startup, in php-fpm's master, what
 * opcache never lets go of).  The whole gate once per request; after it,
 * what can change within the request (a call of PHP's own running, a fork
 * that left the child's watcher to be started again). */
static sc_cache *sc_oc_cache_slow(void)
{
	sc_cache *c;

	if (!sc_oc_wanted || sc_oc_off || SCG(bypass_depth) || php_during_module_startup()
			|| php_during_module_shutdown()) {
		return NULL;
	}
	if (sc_watcher_start() < 0) {
		sc_log_once(SC_LOG_OPCACHE_OFF, "statcache: statcache.opcache_invalidate: the cache is off in this "
			"process (%s): opcache is not told of changed scripts", statcache_off_reason()
			? statcache_off_reason() : "no inotify instance");
		return NULL;
	}
	if (!sc_oc_probe()) {
		return NULL;
	}
	c = statcache_thread_cache();
	SCG(oc_ready) = c != NULL;
	return c;
}

/* The gate once passed in this request, and nothing since that closes it. */
static zend_always_inline bool sc_oc_ready(void)
{
	return SCG(oc_ready) && SCG(cache) && !SCG(bypass_depth)
		&& atomic_load_explicit(&sc_the_proc.state, memory_order_acquire) == SC_PROC_READY;
}

static inline sc_cache *sc_oc_cache(void)
{
	return EXPECTED(sc_oc_ready()) ? SCG(cache) : sc_oc_cache_slow();
}

/* The lookups made for the records are not PHP's: statcache_stats() counts
 * what PHP asked, so the thread's answer counters are put back after them
 * (only this thread writes them; entries and memory stay as they are). */
typedef struct sc_oc_quiet {
	sc_cache *c;
	uint64_t v[7];
} sc_oc_quiet;

#define SC_OC_QUIET_COUNTERS(X) X(0, hits) X(1, misses) X(2, negative_hits) X(3, bypassed) \
	X(4, untrusted) X(5, link_hits) X(6, mount_points)

static void sc_oc_quiet_begin(sc_oc_quiet *q, sc_cache *c)
{
	q->c = c;
#define SC_OC_SAVE(i, name) q->v[i] = atomic_load_explicit(&c->n->name, memory_order_relaxed);
	SC_OC_QUIET_COUNTERS(SC_OC_SAVE)
#undef SC_OC_SAVE
}

static void sc_oc_quiet_end(const sc_oc_quiet *q)
{
#define SC_OC_PUT(i, name) sc_count_set(&q->c->n->name, q->v[i]);
	SC_OC_QUIET_COUNTERS(SC_OC_PUT)
#undef SC_OC_PUT
}

/* The CLI's main script is compiled before any PHP code runs: a lookup then
 * would add the first watch, after which a PHP master's statcache_share()
 * is refused.  Until something else has (the first include), its record
 * waits here, with the identity taken before the compile. */
typedef struct sc_oc_pending {
	char *real, *spelling;
	sc_script_id id;
	bool have_id;
} sc_oc_pending;

static inline bool sc_oc_untouched(const zend_file_handle *fh)
{
	return fh->primary_script && sc_oc_wanted && !sc_oc_off && fh->filename && !SCG(bypass_depth)
		&& !php_during_module_startup() && strcmp(sapi_module.name, "cli") == 0 && !sc_the_proc.region.shared
		&& (atomic_load_explicit(&sc_the_proc.state, memory_order_acquire) != SC_PROC_READY
			|| atomic_load_explicit(&sc_the_proc.gen->max_wd, memory_order_relaxed) == 0);
}

static void sc_oc_pending_free(void)
{
	sc_oc_pending *p = SCG(oc_pending);
	if (p) {
		free(p->real);
		free(p->spelling);
		free(p);
		SCG(oc_pending) = NULL;
	}
}

/* The inner hook's work for the CLI's main script while nothing is watched. */
static zend_op_array *sc_oc_inner_deferred(zend_file_handle *fh, int type)
{
	const char *opened = fh->opened_path ? ZSTR_VAL(fh->opened_path) : NULL, *spelling = ZSTR_VAL(fh->filename);
	const char *first = opened && opened[0] == '/' ? opened : spelling[0] == '/' ? spelling : NULL;
	sc_oc_pending *p = calloc(1, sizeof(*p));
	zend_op_array *op;
	bool racy;

	if (p && first) {
		p->have_id = sc_file_id_fresh(first, false, &p->id, &racy) && !racy;
	}
	op = sc_oc_prev_inner(fh, type);
	if (p && op && op->filename && ZSTR_VAL(op->filename)[0] == '/') {
		sc_oc_pending_free();
		p->real = strdup(ZSTR_VAL(op->filename));
		p->spelling = spelling[0] == '/' ? strdup(spelling) : NULL;
		SCG(oc_pending) = p;
	} else {
		free(p);
	}
	return op;
}

/* The first include after it: the main script's record. */
static void sc_oc_pending_record(sc_cache *c)
{
	sc_oc_pending *p = SCG(oc_pending);
	if (p->real) {
		/* an identity taken in the tick of a change is none: the record
		 * then holds nothing and the next check invalidates */
		sc_scripts_record(c, p->real, p->spelling, p->have_id ? &p->id : &(sc_script_id) { 0 });
	}
	sc_oc_pending_free();
}

/* The records' check, and opcache's calls for what changed, outside the
 * records' lock (nothing of ours is held if one bails out). */
static void sc_oc_check(sc_cache *c)
{
	sc_script_todo todo = { 0 };
	sc_oc_quiet q;

	sc_watcher_sync_due();
	if (!sc_scripts_due()) {
		return;
	}
	sc_oc_quiet_begin(&q, c);
	sc_scripts_check(c, (long) zend_ini_long("opcache.revalidate_freq", sizeof("opcache.revalidate_freq") - 1, 0),
		&todo);
	for (uint32_t i = 0; i < todo.n; i++) {
		const char *path = todo.paths[i] + 1;
		int r = sc_oc_call_invalidate(todo.paths[i][0] == '=' ? c : NULL, path, strlen(path));
		sc_scripts_invalidated(path, r >= 0);
	}
	sc_oc_quiet_end(&q);
	sc_script_todo_free(&todo);
}

/* The inner hook: a real compile.  The identity is taken first, so that a
 * change while the compiler reads is one the record sees. */
static zend_op_array *sc_oc_inner(zend_file_handle *fh, int type)
{
	sc_cache *c;
	const char *spelling, *opened, *first;
	zend_op_array *op;
	sc_script_id before;
	sc_oc_quiet q;
	bool have = false;

	/* before anything that starts the cache or makes this thread's table */
	if (sc_oc_untouched(fh)) {
		return sc_oc_inner_deferred(fh, type);
	}
	c = sc_oc_cache();
	if (!c || !fh->filename) {
		return sc_oc_prev_inner(fh, type);
	}
	sc_oc_quiet_begin(&q, c);
	if (SCG(oc_pending)) {
		sc_oc_pending_record(c);
	}
	opened = fh->opened_path ? ZSTR_VAL(fh->opened_path) : NULL;
	spelling = ZSTR_VAL(fh->filename);
	first = sc_oc_plain_abs(opened) ? opened : sc_oc_plain_abs(spelling) ? spelling : NULL;
	if (first) {
		have = sc_scripts_before(c, first, &before);
	}
	sc_oc_quiet_end(&q);
	op = sc_oc_prev_inner(fh, type);
	if (op && op->filename) {
		const char *real = ZSTR_VAL(op->filename);
		if (!sc_oc_plain_abs(real)) {
			sc_scripts_unchecked(real, "not a plain file (a stream wrapper, phar://)",
				strcmp(sapi_module.name, "cli") != 0);
		} else {
			sc_oc_quiet_begin(&q, c);
			sc_scripts_record(c, real, sc_oc_plain_abs(spelling) ? spelling : NULL, have ? &before : NULL);
			sc_oc_quiet_end(&q);
			SCG(oc_compiled_now) = real;
		}
	}
	return op;
}

/* What both outer hooks do before opcache is asked for name: the records'
 * check, then for a relative name (when resolve) the real path it means
 * now (NULL: left as it is), for an absolute one not recorded the
 * vouching. */
static zend_never_inline zend_string *sc_oc_before_slow(sc_cache *c, zend_string *name, bool resolve)
{
	zend_string *real = NULL;
	char pending[SC_PATH_MAX];
	const char *abs;
	sc_oc_quiet q;

	if (SCG(oc_pending)) {
		sc_oc_quiet_begin(&q, c);
		sc_oc_pending_record(c);
		sc_oc_quiet_end(&q);
	}
	sc_oc_check(c);
	/* the counters are saved around what looks names up (a relative name's
	 * walk, a vouching), not around the record's question, which looks
	 * nothing up: an include of a recorded script, the usual one, pays no
	 * save */
	if (resolve && !sc_oc_plain_abs(ZSTR_VAL(name))) {
		sc_oc_quiet_begin(&q, c);
		real = sc_oc_name_real(c, name);
		sc_oc_quiet_end(&q);
	}
	abs = real ? ZSTR_VAL(real) : ZSTR_VAL(name);
	switch (sc_oc_plain_abs(abs) ? sc_scripts_known_or_pending(abs, real ? ZSTR_LEN(real) : ZSTR_LEN(name), pending)
			: 1) {
		case 0:
			sc_oc_quiet_begin(&q, c);
			sc_oc_vouch(c, abs);
			sc_oc_quiet_end(&q);
			break;
		case 2:
			/* another thread's check queued it and has yet to call
			 * opcache: this include is not served the old copy meanwhile */
			sc_oc_quiet_begin(&q, c);
			sc_oc_call_invalidate(NULL, pending, strlen(pending));
			sc_oc_quiet_end(&q);
			break;
		default:
			break;
	}
	return real;
}

/* Nothing to look at before an include: no event pending, no drain due
 * (the hits' own test), no check of the records due.  A few loads. */
static zend_always_inline bool sc_oc_nothing_due(void)
{
	return !SCG(oc_pending) && !sc_watcher_sync_needed() && !sc_scripts_due();
}

/* The usual include, which sc_oc_before_slow() would find has nothing to
 * do: an absolute name with a live record, and nothing due.  Inline, the
 * loads above and the record's lookup. */
static zend_always_inline bool sc_oc_usual(zend_string *name)
{
	return sc_oc_plain_abs(ZSTR_VAL(name)) && sc_oc_nothing_due()
		&& sc_scripts_current(ZSTR_VAL(name), ZSTR_LEN(name), zend_string_hash_val(name));
}

static zend_always_inline zend_string *sc_oc_before(sc_cache *c, zend_string *name, bool resolve)
{
	return sc_oc_usual(name) ? NULL : sc_oc_before_slow(c, name, resolve);
}

/* The outer hook: every include and the main script, before opcache.  A
 * relative include is handed to opcache by the real path it means now
 * (src/php/opcache/opcache_name.c), as PHP hands include_once's: opcache's key for
 * the relative name is never what answers it. */
/* The opline running now (an include's, in the include hooks), NULL outside
 * PHP code. */
static zend_always_inline const void *sc_oc_opline(void)
{
	const zend_execute_data *ex = EG(current_execute_data);
	return ex ? (const void *) ex->opline : NULL;
}

static zend_never_inline zend_op_array *sc_oc_outer_slow(zend_file_handle *fh, int type)
{
	sc_cache *c;
	zend_string *real = NULL, *given = NULL;
	zend_op_array *op;
	sc_oc_quiet q;
	bool left;                /* a relative name left to opcache as it is */

	if (sc_oc_untouched(fh)) {
		return sc_oc_prev_outer(fh, type); /* the inner hook keeps its record for later */
	}
	c = sc_oc_cache();
	if (!c || !fh->filename) {
		return sc_oc_prev_outer(fh, type);
	}
	/* an include's handle, not yet opened (include_once's is, by now) */
	real = sc_oc_before(c, fh->filename, fh->type == ZEND_HANDLE_FILENAME && !fh->opened_path
		&& !fh->primary_script && EG(current_execute_data));
	left = !real && !sc_oc_plain_abs(ZSTR_VAL(fh->filename));
	if (real) {
		given = fh->filename;
		fh->filename = real;
	}
	SCG(oc_compiled_now) = NULL;
	op = sc_oc_prev_outer(fh, type);
	if (given && fh->in_list) {
		/* opened: the copy in CG(open_files) owns the name now */
		zend_string_release(given);
	} else if (given) {
		/* the caller's handle names what it asked for again */
		zend_string_release(fh->filename);
		fh->filename = given;
	} else if (left && op && op->filename && !SCG(oc_compiled_now)
			&& sc_oc_plain_abs(ZSTR_VAL(op->filename))
			&& !sc_scripts_known_or_pending(ZSTR_VAL(op->filename), ZSTR_LEN(op->filename), NULL)) {
		sc_oc_quiet_begin(&q, c);
		if (!sc_oc_adopt(c, ZSTR_VAL(op->filename), NULL)) {
			/* a relative name the walk left to opcache was served a copy
			 * of unknown age: the next include of it is compiled afresh */
			sc_oc_call_invalidate(NULL, ZSTR_VAL(op->filename), ZSTR_LEN(op->filename));
		}
		sc_oc_quiet_end(&q);
	}
	SCG(oc_compiled_now) = NULL;
	return op;
}

static zend_op_array *sc_oc_outer(zend_file_handle *fh, int type)
{
	/* the usual include: straight to opcache (sc_oc_outer_slow() would
	 * find nothing to do before it, and nothing after for an absolute
	 * name) */
	if (EXPECTED(!fh->primary_script && fh->filename && sc_oc_ready())) {
		const void *ok = SCG(oc_ok_name);
		SCG(oc_ok_name) = NULL;
		/* the compile of the include_once whose resolve has just found this
		 * name current and nothing due (sc_oc_resolve()), no record written
		 * since: one statement, checked once, at its start */
		if ((ok == fh->filename && SCG(oc_ok_opline) == sc_oc_opline()
					&& SCG(oc_ok_writes) == sc_scripts_write_count())
				|| sc_oc_usual(fh->filename)) {
			return sc_oc_prev_outer(fh, type);
		}
	}
	return sc_oc_outer_slow(fh, type);
}

/* Around opcache's resolver, for include_once and require_once, which
 * resolve (opcache: by its key for the name) before anything is compiled:
 * the same work as the compile hook's first, and a relative name handed
 * on as the real path it means now. */
static zend_never_inline zend_string *sc_oc_resolve_slow(zend_string *filename)
{
	const zend_execute_data *ex = EG(current_execute_data);
	zend_string *real, *r;
	sc_cache *c;

	if (!ex || !ex->func || !ZEND_USER_CODE(ex->func->type) || !ex->opline
			|| ex->opline->opcode != ZEND_INCLUDE_OR_EVAL || (ex->opline->extended_value != ZEND_INCLUDE_ONCE
				&& ex->opline->extended_value != ZEND_REQUIRE_ONCE) || !(c = sc_oc_cache())) {
		return sc_oc_prev_resolve(filename);
	}
	real = sc_oc_before(c, filename, true);
	if (!real) {
		return sc_oc_prev_resolve(filename);
	}
	r = sc_oc_prev_resolve(real);
	zend_string_release(real);
	return r;
}

static zend_string *sc_oc_resolve(zend_string *filename)
{
	/* the usual name: what sc_oc_resolve_slow() would hand on as it is */
	SCG(oc_ok_name) = NULL;
	if (EXPECTED(sc_oc_ready())) {
		uint64_t writes = sc_scripts_write_count();
		if (sc_oc_usual(filename)) {
			zend_string *r = sc_oc_prev_resolve(filename);
			/* opcache's own name for it (interned: it stays, and so does
			 * what it says), when that is the name just looked up */
			if (r && ZSTR_IS_INTERNED(r) && zend_string_equal_content(r, filename)) {
				SCG(oc_ok_name) = r;
				SCG(oc_ok_writes) = writes;
				SCG(oc_ok_opline) = sc_oc_opline();
			}
			return r;
		}
	}
	return sc_oc_resolve_slow(filename);
}

/* ---- startup -------------------------------------------------------------- */

/* After every post-startup callback registered before ours, opcache's
 * included: its compile hook is in place, ours goes around it. */
static zend_result sc_oc_post_startup(void)
{
	if (sc_oc_prev_post_startup && sc_oc_prev_post_startup() != SUCCESS) {
		return FAILURE;
	}
	if (!zend_get_extension("Zend OPcache")) {
		sc_oc_off = "opcache is not loaded (zend_extension=opcache)";
	} else {
		sc_oc_off = sc_oc_call_startup();
	}
	if (sc_oc_off) {
		/* nothing freezes without opcache: not said by every CLI command */
		if (strcmp(sapi_module.name, "cli") != 0) {
			char line[256];
			snprintf(line, sizeof(line), "statcache: statcache.opcache_invalidate=1 does nothing here: %s", sc_oc_off);
			php_log_err_with_severity(line, LOG_NOTICE);
		}
		return SUCCESS;
	}
	sc_oc_prev_outer = zend_compile_file;
	zend_compile_file = sc_oc_outer;
	sc_oc_prev_resolve = zend_resolve_path;
	zend_resolve_path = sc_oc_resolve;
	sc_oc_outer_installed = true;
	return SUCCESS;
}

/* A zend_extension's startup runs after every module's MINIT and after the
 * zend_extensions loaded before it (opcache sets its post-startup callback
 * there): the callback chained here runs after opcache's. */
static int sc_oc_ext_startup(zend_extension *ext)
{
	(void) ext;
	sc_oc_prev_post_startup = zend_post_startup_cb;
	zend_post_startup_cb = sc_oc_post_startup;
	return SUCCESS;
}

static zend_extension sc_oc_ext = {
	.name = "statcache (opcache invalidation)",
	.version = PHP_STATCACHE_VERSION,
	.author = "statcache",
	.copyright = "Copyright (c) 2026, the statcache authors",
	.startup = sc_oc_ext_startup,
	.resource_number = -1,
};

/* The records' index hash: PHP's own string hash, the one
 * zend_string_hash_val() keeps in an include's name (opcache computes it
 * for its own lookup of that name anyway). */
static uint64_t sc_oc_name_hash(const char *key, size_t len)
{
	return (uint64_t) zend_hash_func(key, len);
}

void statcache_opcache_startup(bool wanted)
{
	static bool fork_registered;

	sc_oc_wanted = wanted;
	if (!wanted) {
		return;
	}
	if (!fork_registered) {
		sc_pin_image();
		fork_registered = pthread_atfork(NULL, NULL, sc_scripts_after_fork) == 0;
	}
#ifdef ZTS
	sc_scripts_startup(true, sc_oc_name_hash);
#else
	sc_scripts_startup(false, sc_oc_name_hash);
#endif
	sc_oc_prev_inner = zend_compile_file;
	zend_compile_file = sc_oc_inner;
	zend_register_extension(&sc_oc_ext, NULL);
}

void statcache_opcache_shutdown(void)
{
	if (!sc_oc_wanted) {
		return;
	}
	/* put back only what is still ours */
	if (sc_oc_outer_installed && zend_compile_file == sc_oc_outer) {
		zend_compile_file = sc_oc_prev_outer;
	}
	if (sc_oc_outer_installed && zend_resolve_path == sc_oc_resolve) {
		zend_resolve_path = sc_oc_prev_resolve;
	}
	if (zend_compile_file == sc_oc_inner) {
		zend_compile_file = sc_oc_prev_inner;
	}
	if (zend_post_startup_cb == sc_oc_post_startup) {
		zend_post_startup_cb = sc_oc_prev_post_startup;
	}
	sc_oc_call_shutdown();
}

const char *statcache_opcache_state(void)
{
	if (!sc_oc_wanted) {
		return SCG(opcache_invalidate) ? "does nothing: the cache is off in this process" : "off";
	}
	if (statcache_off_reason()) {
		return "does nothing: the cache is off in this process";
	}
	if (sc_oc_off) {
		return sc_oc_off;
	}
	switch (sc_oc_probed_state()) {
		case -1:
			return SC_OC_INACTIVE;
		case -2:
			return SC_OC_FILE_CACHE_ONLY;
		default:
			return "on";
	}
}

void statcache_opcache_stats(zval *rv)
{
	sc_scripts_totals t;

	const char *state = statcache_opcache_state();

	sc_scripts_totals_get(&t);
	/* as "enabled" and "off_reason": a bool, and why when it is set but off */
	add_assoc_bool(rv, "opcache_invalidate", strcmp(state, "on") == 0);
	if (SCG(opcache_invalidate) && strcmp(state, "on") != 0) {
		add_assoc_string(rv, "opcache_off_reason", (char *) state);
	}
	add_assoc_long(rv, "opcache_invalidations",
		(zend_long) sc_oc_invalidations());
	add_assoc_long(rv, "opcache_precautions", (zend_long) sc_oc_precautions());
	add_assoc_long(rv, "opcache_recompiles", (zend_long) t.recompiled);
	add_assoc_long(rv, "opcache_scripts", (zend_long) (t.watched + t.polled));
	add_assoc_long(rv, "opcache_polled", (zend_long) t.polled);
	add_assoc_long(rv, "opcache_unchecked", (zend_long) t.unchecked);
}

static void sc_oc_info_row(const char *name, const char *why, void *arg)
{
	(void) arg;
	php_info_print_table_row(2, name, why);
}

void statcache_opcache_info(void)
{
	char buf[32];
	sc_scripts_totals t;

	php_info_print_table_row(2, "opcache invalidation", statcache_opcache_state());
	if (!sc_oc_wanted) {
		return;
	}
	sc_scripts_totals_get(&t);
	snprintf(buf, sizeof(buf), "%u", t.watched);
	php_info_print_table_row(2, "Scripts watched for opcache", buf);
	snprintf(buf, sizeof(buf), "%u", t.polled);
	php_info_print_table_row(2, "Scripts stat()ed every revalidate_freq", buf);
	snprintf(buf, sizeof(buf), "%llu", (unsigned long long) sc_oc_invalidations());
	php_info_print_table_row(2, "opcache invalidations", buf);
	snprintf(buf, sizeof(buf), "%llu", (unsigned long long) sc_oc_precautions());
	php_info_print_table_row(2, "opcache invalidations as a precaution", buf);
	snprintf(buf, sizeof(buf), "%llu", (unsigned long long) t.recompiled);
	php_info_print_table_row(2, "Unchanged scripts compiled again", buf);
	sc_scripts_each_listed(8, sc_oc_info_row, NULL);
}

#else /* !STATCACHE_HAVE_CACHE */

/* The records' index hash: PHP's own string hash, the one
 * zend_string_hash_val() keeps in an include's name (opcache computes it
 * for its own lookup of that name anyway). */
static uint64_t sc_oc_name_hash(const char *key, size_t len)
{
	return (uint64_t) zend_hash_func(key, len);
}

void statcache_opcache_startup(bool wanted)
{
	(void) wanted;
}

void statcache_opcache_shutdown(void)
{
}

const char *statcache_opcache_state(void)
{
	return SCG(opcache_invalidate) ? "does nothing: not built with inotify (Linux only)" : "off";
}

void statcache_opcache_stats(zval *rv)
{
	add_assoc_bool(rv, "opcache_invalidate", false);
	add_assoc_long(rv, "opcache_invalidations", 0);
	add_assoc_long(rv, "opcache_precautions", 0);
	add_assoc_long(rv, "opcache_recompiles", 0);
	if (SCG(opcache_invalidate)) {
		add_assoc_string(rv, "opcache_off_reason", (char *) statcache_opcache_state());
	}
}

void statcache_opcache_info(void)
{
	php_info_print_table_row(2, "opcache invalidation", statcache_opcache_state());
}

#endif
