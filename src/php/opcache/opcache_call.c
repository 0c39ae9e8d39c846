/*
 * statcache: opcache's functions called quietly for
 * statcache.opcache_invalidate, and a copy this process did not compile
 * vouched for.
 *
 * opcache's functions are called through the function table, never so
 * that a warning of theirs reaches the user's request: opcache.restrict_api
 * is tested here first, quietly.  Whether opcache serves this process, and
 * since when its shared memory holds what it holds, is asked once, at the
 * first include.  A copy this process did not compile (another worker's,
 * the file cache's) is kept only if the records vouch for it.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "SAPI.h"
#include "php_statcache.h"

#if STATCACHE_HAVE_CACHE

#include "php/opcache/opcache_call.h"
#include "engine/scripts.h"
#include "core/log.h"

#include <stdlib.h>
#include <string.h>
#include <syslog.h>

/* Process-wide, written post-startup (one thread) only. */
static zend_function *sc_oc_fn;          /* opcache_invalidate() */
static zend_function *sc_oc_status_fn;   /* opcache_get_status() */

/* Learnt at the first include (opcache's request state is set by then);
 * acquire/release: sc_oc_shm_since is stored before sc_oc_probed. */
static _Atomic int sc_oc_probed;         /* 0 not yet, 1 active, -1 inactive, -2 file cache only */
static _Atomic int64_t sc_oc_shm_since;  /* opcache's start or last restart (s); 0: unknown */
static _Atomic int sc_oc_restricted_said;
static _Atomic uint64_t sc_oc_invalidations_total;
static _Atomic uint64_t sc_oc_precautions_total;

/* The scripts opcache.preload put in opcache's memory, sorted: opcache
 * never checks nor recompiles them (a preloaded script's timestamp is 0),
 * and one invalidated would be compiled and run again at its next
 * include, declaring its functions and classes a second time (a fatal
 * error).  So statcache leaves them as opcache does.  Read once, where
 * opcache_get_status() may be called; published whole (acquire/release). */
typedef struct sc_oc_list {
	uint32_t n;
	char **paths;
} sc_oc_list;
static _Atomic(sc_oc_list *) sc_oc_preload_list;

const char *sc_oc_call_startup(void)
{
	sc_oc_fn = zend_hash_str_find_ptr(CG(function_table), "opcache_invalidate", sizeof("opcache_invalidate") - 1);
	sc_oc_status_fn = zend_hash_str_find_ptr(CG(function_table), "opcache_get_status",
		sizeof("opcache_get_status") - 1);
	return sc_oc_fn ? NULL : "opcache is loaded without its functions";
}

int sc_oc_probed_state(void)
{
	/* acquire: pairs with sc_oc_probe()'s release */
	return atomic_load_explicit(&sc_oc_probed, memory_order_acquire);
}

uint64_t sc_oc_invalidations(void)
{
	return atomic_load_explicit(&sc_oc_invalidations_total, memory_order_relaxed);
}

uint64_t sc_oc_precautions(void)
{
	return atomic_load_explicit(&sc_oc_precautions_total, memory_order_relaxed);
}

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

static int sc_oc_cmp_path(const void *a, const void *b)
{
	return strcmp(*(char *const *) a, *(char *const *) b);
}

static void sc_oc_list_free(sc_oc_list *l)
{
	for (uint32_t i = 0; i < l->n; i++) {
		free(l->paths[i]);
	}
	free(l->paths);
	free(l);
}

/* preload_statistics.scripts of opcache_get_status(false)'s array into
 * the list (an empty one where nothing was preloaded); false without
 * memory (asked again later). */
static bool sc_oc_preload_take(const zval *status)
{
	zval *ps = zend_hash_str_find(Z_ARRVAL_P(status), "preload_statistics", sizeof("preload_statistics") - 1);
	zval *scripts = ps && Z_TYPE_P(ps) == IS_ARRAY
		? zend_hash_str_find(Z_ARRVAL_P(ps), "scripts", sizeof("scripts") - 1) : NULL;
	sc_oc_list *l = calloc(1, sizeof(*l)), *none = NULL;
	zval *v;

	if (!l) {
		return false;
	}
	if (scripts && Z_TYPE_P(scripts) == IS_ARRAY && zend_hash_num_elements(Z_ARRVAL_P(scripts))) {
		l->paths = calloc(zend_hash_num_elements(Z_ARRVAL_P(scripts)), sizeof(char *));
		if (!l->paths) {
			free(l);
			return false;
		}
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(scripts), v) {
			if (Z_TYPE_P(v) == IS_STRING && (l->paths[l->n] = strdup(Z_STRVAL_P(v)))) {
				l->n++;
			}
		} ZEND_HASH_FOREACH_END();
		qsort(l->paths, l->n, sizeof(char *), sc_oc_cmp_path);
	}
	/* acq_rel: the list is whole before it is seen; a thread that lost
	 * the race frees its own */
	if (!atomic_compare_exchange_strong_explicit(&sc_oc_preload_list, &none, l, memory_order_acq_rel,
			memory_order_acquire)) {
		sc_oc_list_free(l);
	}
	return true;
}

/* opcache_get_status(false) through the function table (NULL-typed rv:
 * not callable, or restrict_api would make it warn). */
static void sc_oc_status(zval *rv)
{
	zval arg;

	ZVAL_UNDEF(rv);
	if (!sc_oc_status_fn || !sc_oc_api_allowed()) {
		return;
	}
	ZVAL_FALSE(&arg);
	zend_call_known_function(sc_oc_status_fn, NULL, NULL, rv, 1, &arg, NULL);
}

void sc_oc_call_shutdown(void)
{
	sc_oc_list *l = atomic_exchange_explicit(&sc_oc_preload_list, NULL, memory_order_acq_rel);

	if (l) {
		sc_oc_list_free(l);
	}
}

bool sc_oc_preloaded(const char *real)
{
	/* acquire: pairs with the publishing CAS of sc_oc_preload_take() */
	sc_oc_list *l = atomic_load_explicit(&sc_oc_preload_list, memory_order_acquire);

	if (!l) {
		char *pl = zend_ini_string_ex("opcache.preload", sizeof("opcache.preload") - 1, 0, NULL);
		zval rv;

		if (!pl || !*pl) {
			return false; /* nothing is preloaded */
		}
		/* the probe could not ask (restrict_api then): ask now, where an
		 * invalidation is about to be made, which needs the same leave */
		sc_oc_status(&rv);
		if (Z_TYPE(rv) == IS_ARRAY) {
			sc_oc_preload_take(&rv);
		}
		zval_ptr_dtor(&rv);
		l = atomic_load_explicit(&sc_oc_preload_list, memory_order_acquire);
		if (!l) {
			return false; /* opcache's API refused: so will opcache_invalidate() */
		}
	}
	return l->n && bsearch(&real, l->paths, l->n, sizeof(char *), sc_oc_cmp_path) != NULL;
}

/* opcache_invalidate(path, true) through the function table: 1 done, 0
 * opcache said no, -1 refused (restrict_api) or not callable now.  c is
 * given when a change was seen (counted as an invalidation), NULL for a
 * precaution (counted apart: each costs a compile). */
int sc_oc_call_invalidate(sc_cache *c, const char *path, size_t len)
{
	zval args[2], rv;
	int ok;

	if (!sc_oc_fn || EG(exception)) {
		return -1;
	}
	if (!SCG(oc_raw_name) && sc_oc_preloaded(path)) {
		return 0; /* opcache keeps it for its lifetime: so does statcache */
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
	if (ok) {
		/* process-wide counts: the per-thread counters fill their shared
		 * worker slot (statcache_shared.h) */
		atomic_fetch_add_explicit(c ? &sc_oc_invalidations_total : &sc_oc_precautions_total, 1,
			memory_order_relaxed);
	}
	return ok;
}

/* opcache_invalidate() of key as opcache's hash holds it: the script it
 * maps to, whatever key means now (zend_accel_invalidate() looks a name
 * that does not resolve up as given).  A precaution: not counted. */
int sc_oc_call_invalidate_key(const char *key, size_t len)
{
	int r = -1;

	SCG(oc_raw_name) = true;
	zend_try {
		r = sc_oc_call_invalidate(NULL, key, len);
	} zend_catch {
		SCG(oc_raw_name) = false;
		zend_bailout();
	} zend_end_try();
	SCG(oc_raw_name) = false;
	return r;
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
bool sc_oc_probe(void)
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
		sc_oc_preload_take(&rv);
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

bool sc_oc_adopt(sc_cache *c, const char *real, const char *spelling)
{
	char *fc = zend_ini_string_ex("opcache.file_cache", sizeof("opcache.file_cache") - 1, 0, NULL);

	return sc_scripts_adopt(c, real, spelling, atomic_load_explicit(&sc_oc_shm_since, memory_order_relaxed),
		fc && *fc);
}

/* An absolute name not recorded here: opcache may hold a copy nobody here
 * compiled, under what the name meant then; kept if the records vouch for
 * it, else invalidated under its real path and the name opcache keyed.
 * Either way the name is recorded then: neither key serves a copy older
 * than this include any more, so the next include of the same spelling is
 * served what opcache holds (a name opcache keys apart from its real path,
 * "dir//f.php", "/link/f.php", would otherwise be invalidated, and the file
 * compiled again, at every include). */
void sc_oc_vouch(sc_cache *c, const char *spelling)
{
	sc_entry *e = sc_lookup_kept(c, spelling, strlen(spelling)); /* its key: the real path */
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
	if (found && sc_oc_preloaded(real)) {
		return; /* opcache never rechecks it: neither is it recorded here */
	}
	if (found && !sc_oc_adopt(c, real, spelling)) {
		bool refused = strcmp(real, spelling) != 0 && sc_oc_call_invalidate_key(spelling, strlen(spelling)) < 0;
		refused |= sc_oc_call_invalidate(NULL, real, strlen(real)) < 0;
		if (!refused) {
			/* restrict_api refusing: the copy may still be stale, and the
			 * next include asks again */
			sc_scripts_record(c, real, spelling, NULL);
		}
	}
}


#endif
