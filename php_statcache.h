/*
 * statcache: the module's face: its entry, version and globals (the
 * per-thread state behind them: src/php/module/threads.h).
 */
#ifndef PHP_STATCACHE_H
#define PHP_STATCACHE_H

extern zend_module_entry statcache_module_entry;
#define phpext_statcache_ptr &statcache_module_entry

#define PHP_STATCACHE_VERSION "0.3.0"

#if defined(HAVE_SYS_INOTIFY_H) && defined(HAVE_SYS_EPOLL_H) && defined(HAVE_SYS_STATFS_H) && defined(__linux__)
# define STATCACHE_HAVE_CACHE 1
#else
# define STATCACHE_HAVE_CACHE 0
#endif

#if STATCACHE_HAVE_CACHE
/* The globals hold pointers only (src/engine/resolve.h, src/core/listing.h). */
typedef struct sc_cache sc_cache;
typedef struct sc_listings sc_listings;

#endif

/* include_path entries whose key state is kept, and their longest text */
#define SC_IP_KEYS 8
#define SC_IP_KEY_TEXT 232

ZEND_BEGIN_MODULE_GLOBALS(statcache)
	/* settings (INI); SYSTEM ones are copied to the process at MINIT */
	bool enable;
	bool enable_cli;
	bool shared;
	bool first_look;     /* a name met once is answered, not kept (src/engine/resolve.c) */
	bool test_untrusted;
	bool test_watcher;
	bool test_clock;               /* SYSTEM: the clock decides the bound, as without a trusted TSC */
	bool test_api;
	bool opcache_invalidate;       /* SYSTEM: src/php/opcache/opcache.c */
	zend_long max_watches;
	zend_long max_entries;
	zend_long shared_slots;
	zend_long shared_users;        /* SYSTEM: shared mode's regions, one per user */
	zend_long max_staleness_ms;
	zend_long verify_rate;
	zend_long max_listing_bytes;   /* per thread: remembered directory listings */
	zend_long watcher;             /* SYSTEM: statcache.watcher, SC_INI_WATCHER_* (src/php/module/ini.h) */
	/* runtime state of this thread */
	bool active;             /* this request answers from the cache */
	uint32_t bypass_depth;   /* >0: PHP's own call is running (fileatime) */
	char *include_path_saved; /* include_path while fopen() & co run on a suffix of it */
	zval *ip_flag_arg;        /* ... or their include-path flag, while they run without it */
	zval ip_flag_saved;       /* ... and its value in the call */
	const char *oc_compiled_now; /* src/php/opcache/opcache.c: the inner compile hook compiled this */
	bool oc_raw_name;        /* src/php/opcache/opcache.c: opcache_invalidate() of a name as opcache keyed it:
	                          * the resolver answers "no such path" (src/php/include/include.c) */
	void *oc_pending;        /* src/php/opcache/opcache.c: the CLI's main script, recorded at the first include */
	bool oc_ready;           /* src/php/opcache/opcache.c: this request passed the feature's whole gate once */
	const void *oc_ok_name;  /* src/php/opcache/opcache.c: the name include_once's resolve just found
	                          * current (opcache's interned one), for the compile that follows */
	uint64_t oc_ok_writes;   /* ... and sc_scripts_write_count() when it looked, */
	const void *oc_ok_opline; /* ... and the include_once it resolved for */
	bool oc_cwd_known;       /* src/php/opcache/opcache_name.c: oc_cwd holds the working directory, */
	char oc_cwd[MAXPATHLEN]; /* ... read at the first relative include of the request or after chdir() */
	HashTable *wrappers_seen; /* sc_file_wrapper_plain(): the wrapper table last checked */
	bool file_wrapper_plain;  /* ... and whether its file:// was PHP's plain-files one */
	HashTable *hit_gate;      /* sc_hook_probe()'s one guard (src/php/module/intercept.h) */
	int *errno_at;            /* the hit path's errno (src/php/answers/hit.h): this thread's, taken at
	                           * GINIT and RINIT (a request runs on one thread, and the gate
	                           * above opens only after its RINIT) */
	/* src/php/include/include.c: PHP's realpath-cache key state after "entry/" of
	 * the absolute include_path entries last walked, by position (len 0:
	 * none), so that a candidate under one hashes only its name */
	struct {
		uint16_t len;
		zend_ulong h;
		char text[SC_IP_KEY_TEXT];
	} ip_keys[SC_IP_KEYS];
#if STATCACHE_HAVE_CACHE
	sc_cache *cache;         /* results of this thread (own allocation: no false sharing) */
	sc_listings *listings;   /* listings of this thread (src/php/listings/listing_hooks.c) */
#endif
ZEND_END_MODULE_GLOBALS(statcache)

ZEND_EXTERN_MODULE_GLOBALS(statcache)
#if !defined(ZTS) && defined(__GNUC__) && !defined(_WIN32)
/* hidden: the hit path reads them at a fixed offset, not through the GOT */
extern __attribute__((visibility("hidden"))) zend_statcache_globals statcache_globals;
#endif
#define SCG(v) ZEND_MODULE_GLOBALS_ACCESSOR(statcache, v)

#if defined(ZTS) && defined(COMPILE_DL_STATCACHE)
/* The module's copy of TSRM's per-thread pointer, which every SCG(),
 * BG(), FG(), PG() reads: initial-exec, as PHP's own copy in the binary
 * (TSRMLS_MAIN_CACHE_DEFINE()), so a read is one load relative to the
 * thread pointer, not a __tls_get_addr() call as the global-dynamic
 * model of ZEND_TSRMLS_CACHE_EXTERN() makes it in a shared object.
 * Legitimate for one 8-byte variable in a module dlopen()ed at startup:
 * glibc keeps a surplus of static TLS for exactly this (its
 * rtld.optional_static_tls tunable; dlopen() fails loudly, never
 * silently, if it were exhausted). */
# define SC_TSRMLS_CACHE_DEFINE() TSRM_TLS void *TSRMLS_CACHE TSRM_TLS_MODEL_ATTR = NULL;
extern TSRM_TLS void *TSRMLS_CACHE TSRM_TLS_MODEL_ATTR;
#endif

/* RINIT: the request starts on PHP's global wrapper table (hooks.c). */
void statcache_hooks_rinit(void);

/* sc_hook_probe()'s guard while it is shut: no FG(stream_wrappers) is ever
 * this.  Shut by whatever may change what the guard stands for (RINIT,
 * statcache.enable and verify_rate set at run time, fileatime()'s bypass,
 * stream_wrapper_register() & co); opened again by the next lookup the
 * whole way that finds it all as the hit path needs it. */
#define SC_HIT_GATE_SHUT ((HashTable *) (uintptr_t) 1)
#define statcache_hit_gate_shut() (SCG(hit_gate) = SC_HIT_GATE_SHUT)

#endif
