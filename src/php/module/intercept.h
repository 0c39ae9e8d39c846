/*
 * statcache: the lookup from a hook and the checks around it, which every
 * handler shares (answers, sync, include, listings, realpath under
 * src/php/).  Internal to the extension.
 */
#ifndef STATCACHE_INTERCEPT_H
#define STATCACHE_INTERCEPT_H

#include "php.h"
#include "php_statcache.h"
#include "php/module/threads.h"
#include "main/php_streams.h"
#include "main/streams/php_stream_plain_wrapper.h"
#include "ext/standard/file.h"

#include "php/module/orig.h"
#include "php/module/hit_thread.h"

/* A handler whose work is all around PHP's own call: it hands the handler
 * installed before us for SC_I_fname to AROUND (the wrapper table's
 * changes, the sync points after a write or a child's wait). */
#define SC_HANDLER_AROUND(name, around, fname) \
	void name(INTERNAL_FUNCTION_PARAMETERS) \
	{ \
		around(sc_orig(SC_I_##fname), INTERNAL_FUNCTION_PARAM_PASSTHRU); \
	}

/* The one path argument of file_exists() & co, when it is a plain string:
 * anything else (null, int, too many arguments) goes to PHP's own handler,
 * which parses and raises exactly what it always did. */
static inline zend_string *sc_path_arg(zend_execute_data *execute_data)
{
	zval *arg;
	if (ZEND_NUM_ARGS() != 1) {
		return NULL;
	}
	arg = ZEND_CALL_ARG(execute_data, 1);
	ZVAL_DEREF(arg);
	return Z_TYPE_P(arg) == IS_STRING ? Z_STR_P(arg) : NULL;
}

/* /proc, /sys and /dev: kernel file systems the stat cache never trusts.
 * Calls that reach the cache only on the way to something else (listings,
 * readlink() of /proc/self/fd/N, opening /proc/self/status) skip them
 * without a lookup, a watch on the way, or the "untrusted" log line. */
static inline bool sc_kernel_fs_path(const char *path, size_t len)
{
	/* lengths known when compiled: each test is a few instructions, not
	 * strlen() and memcmp() calls (every realpath fill asks) */
#define SC_UNDER(root) (len >= sizeof(root) - 1 && memcmp(path, root, sizeof(root) - 1) == 0 \
		&& (len == sizeof(root) - 1 || path[sizeof(root) - 1] == '/'))
	return SC_UNDER("/proc") || SC_UNDER("/sys") || SC_UNDER("/dev");
#undef SC_UNDER
}

/* The request's wrapper table as sc_file_wrapper_plain() last checked it:
 * SC_WRAPPERS_UNSEEN after stream_wrapper_register(), _unregister() and
 * _restore() (hooks.c), which every change of file:// goes through, and at
 * RINIT; otherwise FG(stream_wrappers) as it was then (NULL: PHP's global
 * table, which only MINIT changes). */
#define SC_WRAPPERS_UNSEEN ((HashTable *) (uintptr_t) 1)

/* Is file:// (which answers for plain paths) still PHP's plain-files
 * wrapper, not a user wrapper registered as file://?  One compare per
 * lookup; the table is searched only after it changed. */
static zend_always_inline bool sc_file_wrapper_plain(void)
{
	if (EXPECTED(FG(stream_wrappers) == SCG(wrappers_seen))) {
		return SCG(file_wrapper_plain);
	}
	return sc_file_wrapper_recheck();
}

/* The canonical entry for a path PHP was asked about, or NULL when PHP's
 * own call must answer.  open_basedir is not consulted here: a caller
 * that answers asks sc_basedir_allows() first. */
static zend_always_inline sc_entry *sc_hook_lookup(const char *path, size_t len)
{
	sc_cache *c;
	sc_entry *e;

	if (!SCG(active) || SCG(bypass_depth)) {
		return NULL;
	}
	c = statcache_thread_cache();
	if (!c) {
		return NULL;
	}
	if (len == 0 || path[0] != '/' || len >= MAXPATHLEN) {
		/* relative, or too long: PHP's own call refuses a long path with a
		 * warning that even the quiet open_basedir check would raise */
		sc_count(&c->n->bypassed);
		return NULL;
	}
	if (UNEXPECTED(!sc_file_wrapper_plain())) {
		/* a user wrapper registered as file:// answers for plain paths */
		sc_count(&c->n->bypassed);
		return NULL;
	}
	if (UNEXPECTED(!sc_ops_intact())) {
		sc_watcher_mark_pending();
	}
	c->verify_rate = (uint64_t) SCG(verify_rate);
	e = sc_lookup(c, path, len);
	/* acquire: pairs with the release that publishes a started machine */
	if (!c->verify_rate && atomic_load_explicit(&sc_the_proc.state, memory_order_acquire) == SC_PROC_READY
			&& !(PG(open_basedir) && *PG(open_basedir)) && sc_table_hash_hit_ok()) {
		/* active, no bypass, a cache, file:// plain, no verification, the
		 * process machine started, no open_basedir, the CPU's CRC32C where
		 * the table hashes with it: what sc_hook_probe()
		 * needs, until one of them may change (open_basedir's INI handler
		 * shuts the gate: hooks.c) */
		SCG(hit_gate) = FG(stream_wrappers);
	}
	return e;
}

/* Did the cache leave url (this very pointer) to PHP a moment ago, at
 * statcache.max_entries or max_watches (sc_cache_left_take())?  Then PHP's own call of it,
 * which has come through the plain-files wrapper's url_stat, takes its
 * syscall without a second lookup.  The note is used up either way. */
static zend_always_inline bool sc_hook_left_take(const char *url)
{
	sc_cache *c = SCG(cache);

	return c && c->left_to_php && sc_cache_left_take(c, url);
}

/* After PHP's own call of a name the cache left to it: a note its
 * url_stat did not take (the access family asks access(), not url_stat)
 * goes, so that it names nothing later. */
static zend_always_inline void sc_hook_left_clear(void)
{
	sc_cache *c = SCG(cache);

	if (c) {
		c->left_to_php = NULL;
	}
}

/* The answers' first try: sc_hit_probe() behind sc_hook_lookup()'s
 * guards, for an absolute path PHP's own call takes as given (no trailing
 * '/', no open_basedir in force; where PHP's virtual CWD resolves names
 * first, ZTS, the caller answers only as that resolution would:
 * src/php/answers/hit.h), in c, this thread's cache (SCG(cache), loaded once
 * by the caller, which counts in it).  The guards that only change when
 * we are told (statcache on, no bypass, this thread's cache made, file://
 * PHP's own, no verify_rate, the process machine started, no
 * open_basedir) are one compare: SCG(hit_gate) is the wrapper table they
 * were last found true with (php_statcache.h), and a table made since (a
 * C extension registering a wrapper) differs from it.  The ops, which
 * another extension replaces without a word, are compared every time.
 * clocked: sc_proc_hit_clocked(), which the caller asked first (the due
 * check by that clock alone: sc_hit_probe_by()).
 * The entry as sc_hit_probe_by() gives it: the caller checks it at
 * sc_hit_version(), answers a plain hit (sc_hit_plain()) and leaves the
 * rest to sc_hit_recheck().
 * NULL: the answer takes the whole way, sc_hook_lookup(), which also logs
 * replaced ops and drains. */
static zend_always_inline sc_entry *sc_hook_probe(sc_cache *c, const zend_string *path, bool clocked)
{
	size_t len = ZSTR_LEN(path);

	if (UNEXPECTED(SC_HIT_FG(stream_wrappers) != SC_HIT_SCG(hit_gate))
			|| len - 2 > MAXPATHLEN - 3 /* 2 <= len < MAXPATHLEN */
			|| ZSTR_VAL(path)[0] != '/' || ZSTR_VAL(path)[len - 1] == '/'
			|| UNEXPECTED(!sc_ops_ours())) {
		return NULL;
	}
	return sc_hit_probe_by(c, ZSTR_VAL(path), len, clocked);
}

/* sc_hook_probe()'s guards and sc_hit() for a name of 3 bytes or more
 * that ends in '/' ("dir/", "dir//"): the hit of the name without its
 * slashes (*how as sc_hit() takes and sets it, for sc_count_hit()), which
 * sc_hook_lookup_slashed() (src/php/answers/answers.c) looks up the whole way.
 * The kernel follows a last symlink there (a LINK entry is no hit: the
 * whole way follows it) and demands a directory, which the caller checks. */
static zend_always_inline sc_entry *sc_hook_hit_slashed(sc_cache *c, const zend_string *path, unsigned *how)
{
#ifdef VIRTUAL_DIR
	(void) c;
	(void) path;
	(void) how;
	return NULL;
#else
	size_t len = ZSTR_LEN(path);
	const char *p = ZSTR_VAL(path);

	if (UNEXPECTED(SC_HIT_FG(stream_wrappers) != SC_HIT_SCG(hit_gate))
			|| len - 3 > MAXPATHLEN - 4 /* 3 <= len < MAXPATHLEN */
			|| p[0] != '/' || p[len - 1] != '/' || UNEXPECTED(!sc_ops_ours())) {
		return NULL;
	}
	while (len > 1 && p[len - 1] == '/') {
		len--;
	}
	return len >= 2 ? sc_hit(c, p, len, how) : NULL;
#endif
}

/* May the answer settled for path stand in for PHP's call under the
 * open_basedir in force now (false: PHP's own call refuses, with its
 * warning)?  The quiet check runs PHP's expansion of the path, which
 * writes PHP's realpath cache (open_basedir set at run time keeps it on)
 * as the check in PHP's call would: so it runs only where statcache
 * answers instead of that call, never before a call PHP makes anyway,
 * which would then meet the realpath cache of its second run (a dangling
 * link's entry kept as "not a directory" fails "link/" and "link/.."). */
static zend_always_inline bool sc_basedir_allows(const char *path, bool check_basedir)
{
	if (check_basedir && PG(open_basedir) && *PG(open_basedir)
			&& php_check_open_basedir_ex(path, 0) != 0) {
		if (SCG(cache)) {
			sc_count(&SCG(cache)->n->bypassed);
		}
		return false;
	}
	return true;
}

#endif
