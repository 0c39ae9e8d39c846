/*
 * statcache: opcache told of changed scripts (statcache.opcache_invalidate).
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
 *  - A copy in opcache that this process did not compile (another
 *    worker's, the file cache's) is kept only if the records can vouch for
 *    it (scripts.h, sc_scripts_adopt()); otherwise it is dropped before an
 *    absolute include is served (under the name opcache keyed too: a
 *    swapped symlink's old target), right after a relative one.
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
#include "php/opcache.h"
#include "php/off_reason.h"

#if STATCACHE_HAVE_CACHE

#include "engine/scripts.h"
#include "core/log.h"
#include "php/threads.h"
#include "php/opcache_name.h"

#include <pthread.h>
#include <syslog.h>

#define SC_OC_INACTIVE "opcache is loaded but not active in this process (opcache.enable, opcache.enable_cli, " \
	"or its startup failed)"
#define SC_OC_FILE_CACHE_ONLY "opcache.file_cache_only=1: opcache_invalidate() does not reach the file cache"

/* Process-wide, written at MINIT and post-startup (one thread) only. */
static bool sc_oc_wanted;                /* the setting is on and the cache is */
static const char *sc_oc_off;            /* why it does nothing, or NULL */
static zend_function *sc_oc_fn;          /* opcache_invalidate() */
static zend_function *sc_oc_status_fn;   /* opcache_get_status() */
static zend_op_array *(*sc_oc_prev_inner)(zend_file_handle *fh, int type);
static zend_op_array *(*sc_oc_prev_outer)(zend_file_handle *fh, int type);
static zend_string *(*sc_oc_prev_resolve)(zend_string *filename);
static zend_result (*sc_oc_prev_post_startup)(void);
static bool sc_oc_outer_installed;

/* Learnt at the first include (opcache's request state is set by then);
 * acquire/release: sc_oc_shm_since is stored before sc_oc_probed. */
static _Atomic int sc_oc_probed;         /* 0 not yet, 1 active, -1 inactive, -2 file cache only */
static _Atomic int64_t sc_oc_shm_since;  /* opcache's start or last restart (s); 0: unknown */
static _Atomic int sc_oc_restricted_said;
static _Atomic uint64_t sc_oc_invalidations_total;


/* ---- talking to opcache --------------------------------------------------- */

/* opcache's restrict_api test (validate_api_restriction()), made quietly:
 * opcache's own would raise a warning in the user's request. */
static bool sc_oc_api_allowed(void)
{
	char *r = zend_ini_string_ex("opcache.restrict_api", sizeof("opcache.restrict_api") - 1, 0, NULL);
	const char *pt = SG(request_info).path_translated;
	size_t len;

	if (!r || !*r) {
		return true;
	}
	len = strlen(r);
	return pt && strlen(pt) >= len && memcmp(pt, r, len) == 0;
}

/* Once per process: which script may not call opcache's API, and what stays. */
static void sc_oc_say_restricted(const char *path)
{
	if (atomic_exchange_explicit(&sc_oc_restricted_said, 1, memory_order_relaxed) == 0) {
		char line[2 * MAXPATHLEN + 256];
		snprintf(line, sizeof(line), "statcache: statcache.opcache_invalidate: opcache.restrict_api refuses "
			"opcache_invalidate() to %s: %s changed and stays cached until a script under restrict_api runs",
			SG(request_info).path_translated ? SG(request_info).path_translated : "this script", path);
		php_log_err_with_severity(line, LOG_WARNING);
	}
}

/* opcache_invalidate(path, true) through the function table: 1 done, 0
 * opcache said no, -1 refused (restrict_api) or not callable now.  c is
 * given when a change was seen: counted (a precaution is not). */
static int sc_oc_call_invalidate(sc_cache *c, const char *path, size_t len)
{
	zval args[2], rv;
	int ok;

	if (!sc_oc_fn || EG(exception)) {
		return -1;
	}
	if (!sc_oc_api_allowed()) {
		if (c) {
			sc_oc_say_restricted(path); /* a precaution refused stays unsaid */
		}
		return -1;
	}
	ZVAL_STRINGL(&args[0], path, len);
	ZVAL_TRUE(&args[1]);
	ZVAL_UNDEF(&rv);
	zend_call_known_function(sc_oc_fn, NULL, NULL, &rv, 2, args, NULL);
	ok = Z_TYPE(rv) == IS_TRUE;
	zval_ptr_dtor(&rv);
	zval_ptr_dtor(&args[0]);
	if (ok && c) {
		/* a process-wide count: the per-thread counters fill their shared
		 * worker slot (statcache_shared.h) */
		atomic_fetch_add_explicit(&sc_oc_invalidations_total, 1, memory_order_relaxed);
	}
	return ok;
}

/* opcache_invalidate() of key as opcache's hash holds it: the script it
 * maps to, whatever key means now (zend_accel_invalidate() looks a name
 * that does not resolve up as given).  A precaution: not counted. */
static void sc_oc_call_invalidate_key(const char *key, size_t len)
{
	SCG(oc_raw_name) = true;
	zend_try {
		sc_oc_call_invalidate(NULL, key, len);
	} zend_catch {
		SCG(oc_raw_name) = false;
		zend_bailout();
	} zend_end_try();
	SCG(oc_raw_name) = false;
}

/* Since when opcache's shared memory holds what it holds, from
 * opcache_get_status(false) (0 when it cannot tell: nothing is older). */
static int64_t sc_oc_since(const zval *status)
{
	zval *stats = zend_hash_str_find(Z_ARRVAL_P(status), "opcache_statistics", sizeof("opcache_statistics") - 1);
	zval *st, *rs;

	if (!stats || Z_TYPE_P(stats) != IS_ARRAY) {
		return 0;
	}
	st = zend_hash_str_find(Z_ARRVAL_P(stats), "start_time", sizeof("start_time") - 1);
	rs = zend_hash_str_find(Z_ARRVAL_P(stats), "last_restart_time", sizeof("last_restart_time") - 1);
	if (!st || Z_TYPE_P(st) != IS_LONG) {
		return 0;
	}
	return rs && Z_TYPE_P(rs) == IS_LONG && Z_LVAL_P(rs) > Z_LVAL_P(st) ? Z_LVAL_P(rs) : Z_LVAL_P(st);
}

/* Is opcache serving this process?  Asked once, at the first include.  A
 * restart later only makes the start time we hold too old, which vouches
 * for fewer copies, never for more. */
static bool sc_oc_probe(void)
{
	int p = atomic_load_explicit(&sc_oc_probed, memory_order_acquire);
	zval rv, arg;

	if (p) {
		return p > 0;
	}
	if (!sc_oc_status_fn || !sc_oc_api_allowed()) {
		/* opcache_get_status() would warn: active as far as we know, and
		 * no copy another process compiled is vouched for */
		atomic_store_explicit(&sc_oc_shm_since, 0, memory_order_relaxed);
		atomic_store_explicit(&sc_oc_probed, 1, memory_order_release);
		return true;
	}
	ZVAL_FALSE(&arg);
	ZVAL_UNDEF(&rv);
	zend_call_known_function(sc_oc_status_fn, NULL, NULL, &rv, 1, &arg, NULL);
	if (Z_TYPE(rv) == IS_ARRAY && zend_is_true(zend_hash_str_find(Z_ARRVAL(rv), "opcache_enabled",
			sizeof("opcache_enabled") - 1) ?: &EG(uninitialized_zval))) {
		atomic_store_explicit(&sc_oc_shm_since, sc_oc_since(&rv), memory_order_relaxed);
		p = 1;
	} else if (Z_TYPE(rv) == IS_ARRAY && zend_hash_str_exists(Z_ARRVAL(rv), "file_cache_only", sizeof("file_cache_only") - 1)) {
		sc_log_once(SC_LOG_OPCACHE_OFF, "statcache: statcache.opcache_invalidate=1 does nothing here: %s",
			SC_OC_FILE_CACHE_ONLY);
		p = -2;
	} else {
		/* nothing freezes: not said by every CLI command (opcache.enable_cli=0) */
		if (strcmp(sapi_module.name, "cli") != 0) {
			sc_log_once(SC_LOG_OPCACHE_OFF, "statcache: statcache.opcache_invalidate=1 does nothing here: %s",
				SC_OC_INACTIVE);
		}
		p = -1;
	}
	zval_ptr_dtor(&rv);
	atomic_store_explicit(&sc_oc_probed, p, memory_order_release);
	return p > 0;
}

/* ---- the hooks ------------------------------------------------------------ */

static bool sc_oc_plain_abs(const char *p)
{
	return p && p[0] == '/';
}

/* This thread's cache when the feature can work for this compile: in a
 * request (opcache.preload compiles at startup, in php-fpm's master, what
 * opcache never lets go of). */
static sc_cache *sc_oc_cache(void)
{
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
	return statcache_thread_cache();
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

static bool sc_oc_untouched(const zend_file_handle *fh)
{
	return sc_oc_wanted && !sc_oc_off && fh->primary_script && fh->filename && !SCG(bypass_depth)
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

	sc_watcher_sync();
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
			sc_scripts_unchecked(real, "not a plain file (a stream wrapper, phar://)");
		} else {
			sc_oc_quiet_begin(&q, c);
			sc_scripts_record(c, real, sc_oc_plain_abs(spelling) ? spelling : NULL, have ? &before : NULL);
			sc_oc_quiet_end(&q);
			SCG(oc_compiled_now) = real;
		}
	}
	return op;
}

static bool sc_oc_adopt(sc_cache *c, const char *real, const char *spelling)
{
	char *fc = zend_ini_string_ex("opcache.file_cache", sizeof("opcache.file_cache") - 1, 0, NULL);

	return sc_scripts_adopt(c, real, spelling, atomic_load_explicit(&sc_oc_shm_since, memory_order_relaxed),
		fc && *fc);
}

/* An absolute name not recorded here: opcache may hold a copy nobody here
 * compiled, under what the name meant then; kept if the records vouch for
 * it, else invalidated under its real path and the name opcache keyed. */
static void sc_oc_vouch(sc_cache *c, const char *spelling)
{
	sc_entry *e = sc_lookup(c, spelling, strlen(spelling));
	char real[SC_PATH_MAX];
	bool found = false;

	if (e && e->r.kind == SC_KIND_FOUND && S_ISREG(e->r.st.st_mode)) {
		memcpy(real, e->key, e->len + 1);
		found = true;
	} else if (!e || e->r.kind == SC_KIND_LINK) {
		/* the cache leaves it to PHP (untrusted, unwatchable, a last
		 * symlink): the kernel's answer, once per name; such a copy is
		 * never vouched for, and the compile records it as polled */
		found = realpath(spelling, real) != NULL;
	}
	if (found && !sc_oc_adopt(c, real, spelling)) {
		if (strcmp(real, spelling) != 0) {
			sc_oc_call_invalidate_key(spelling, strlen(spelling));
		}
		sc_oc_call_invalidate(NULL, real, strlen(real));
	}
}

/* What both outer hooks do before opcache is asked for name: the records'
 * check, then for a relative name (when resolve) the real path it means
 * now (NULL: left as it is), for an absolute one not recorded the
 * vouching. */
static zend_string *sc_oc_before(sc_cache *c, zend_string *name, bool resolve)
{
	zend_string *real = NULL;
	sc_oc_quiet q;

	if (SCG(oc_pending)) {
		sc_oc_quiet_begin(&q, c);
		sc_oc_pending_record(c);
		sc_oc_quiet_end(&q);
	}
	sc_oc_check(c);
	sc_oc_quiet_begin(&q, c);
	if (resolve && !sc_oc_plain_abs(ZSTR_VAL(name))) {
		real = sc_oc_name_real(c, name);
	}
	if (sc_oc_plain_abs(real ? ZSTR_VAL(real) : ZSTR_VAL(name)) && !sc_scripts_known(real ? ZSTR_VAL(real)
			: ZSTR_VAL(name))) {
		sc_oc_vouch(c, real ? ZSTR_VAL(real) : ZSTR_VAL(name));
	}
	sc_oc_quiet_end(&q);
	return real;
}

/* The outer hook: every include and the main script, before opcache.  A
 * relative include is handed to opcache by the real path it means now
 * (src/php/opcache_name.c), as PHP hands include_once's: opcache's key for
 * the relative name is never what answers it. */
static zend_op_array *sc_oc_outer(zend_file_handle *fh, int type)
{
	sc_cache *c;
	zend_string *real = NULL, *given = NULL;
	zend_op_array *op;
	sc_oc_quiet q;

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
	} else if (!sc_oc_plain_abs(ZSTR_VAL(fh->filename)) && op && op->filename && !SCG(oc_compiled_now)
			&& sc_oc_plain_abs(ZSTR_VAL(op->filename)) && !sc_scripts_known(ZSTR_VAL(op->filename))) {
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

/* Around opcache's resolver, for include_once and require_once, which
 * resolve (opcache: by its key for the name) before anything is compiled:
 * the same work as the compile hook's first, and a relative name handed
 * on as the real path it means now. */
static zend_string *sc_oc_resolve(zend_string *filename)
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
		sc_oc_fn = zend_hash_str_find_ptr(CG(function_table), "opcache_invalidate", sizeof("opcache_invalidate") - 1);
		sc_oc_status_fn = zend_hash_str_find_ptr(CG(function_table), "opcache_get_status",
			sizeof("opcache_get_status") - 1);
		if (!sc_oc_fn) {
			sc_oc_off = "opcache is loaded without its functions";
		}
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
	sc_scripts_startup(true);
#else
	sc_scripts_startup(false);
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
	switch (atomic_load_explicit(&sc_oc_probed, memory_order_acquire)) {
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
		(zend_long) atomic_load_explicit(&sc_oc_invalidations_total, memory_order_relaxed));
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
	snprintf(buf, sizeof(buf), "%llu", (unsigned long long) atomic_load(&sc_oc_invalidations_total));
	php_info_print_table_row(2, "opcache invalidations", buf);
	sc_scripts_each_listed(8, sc_oc_info_row, NULL);
}

#else /* !STATCACHE_HAVE_CACHE */

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
	if (SCG(opcache_invalidate)) {
		add_assoc_string(rv, "opcache_off_reason", (char *) statcache_opcache_state());
	}
}

void statcache_opcache_info(void)
{
	php_info_print_table_row(2, "opcache invalidation", statcache_opcache_state());
}

#endif
