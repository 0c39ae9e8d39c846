/*
 * statcache: the module: PHP functions, phpinfo(), and the lifecycle
 * (its INI settings are src/php/module/ini.c), which it only dispatches to the process machine
 * (statcache_watcher.c), the per-thread state (src/php/module/threads.c), the log
 * (src/php/module/log.c) and the intercepts (hooks.c).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_ini.h"
#include "SAPI.h"
#include "ext/standard/info.h"
#include "php_statcache.h"
#include "statcache_hooks.h"
#include "statcache_arginfo.h"
#include "core/counter_list.h"
#include "core/gen.h"
#include "php/module/ini.h"
#include "php/module/testapi.h"
#include "php/module/log.h"
#include "php/opcache/opcache.h"
#include "php/opcache/opcache_stat.h"
#include "php/module/off_reason.h"

#if STATCACHE_HAVE_CACHE
# include "core/log.h"
# include "php/module/threads.h"
# include "php/listings/listing_hooks.h"
# include "php/realpath/realpath_cache.h"
# include "php/module/hit_thread.h"
#endif

ZEND_DECLARE_MODULE_GLOBALS(statcache)

static PHP_GINIT_FUNCTION(statcache)
{
#if defined(COMPILE_DL_STATCACHE) && defined(ZTS)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	memset(statcache_globals, 0, sizeof(*statcache_globals));
	statcache_globals->hit_gate = SC_HIT_GATE_SHUT;   /* until RINIT and a lookup open it */
	statcache_globals->errno_at = &errno;
}

static PHP_GSHUTDOWN_FUNCTION(statcache)
{
#if STATCACHE_HAVE_CACHE
# ifdef ZTS
	sc_hit_thread_drop(statcache_globals);
# endif
	sc_threads_gshutdown(statcache_globals);
	statcache_listings_free(statcache_globals->listings);
	statcache_globals->listings = NULL;
#endif
}

/* statcache.opcache_invalidate=1 where the cache is off: opcache is told
 * nothing, which is said where scripts would otherwise freeze silently.
 * The CLI says it only when its opcache runs without revalidation (as
 * configured: opcache's own settings are not registered yet): a php.ini
 * shared with php-fpm would make every command say it. */
static void sc_opcache_off_note(void)
{
	zend_long oc_cli, oc_vt;

	if (!strcmp(sapi_module.name, "cli")) {
		/* cfg_get_long() stores 0 for a name not configured: the defaults */
		if (cfg_get_long("opcache.enable_cli", &oc_cli) == FAILURE) {
			oc_cli = 0;
		}
		if (cfg_get_long("opcache.validate_timestamps", &oc_vt) == FAILURE) {
			oc_vt = 1;
		}
		if (!oc_cli || oc_vt) {
			return;
		}
	}
	if (SCG(opcache_invalidate)) {
		sc_startup_log("statcache: statcache.opcache_invalidate=1 does nothing here: the cache is off (%s)",
			statcache_off_reason() ? statcache_off_reason() : "no inotify instance");
	}
}

static PHP_MINIT_FUNCTION(statcache)
{
	bool cli = !strcmp(sapi_module.name, "cli");

#if STATCACHE_HAVE_CACHE
	sc_log_defer_if_fpm_master();
#endif
	sc_ini_register(type, module_number);
	statcache_set_off_reason(NULL);
	if (SCG(test_api)) {
		statcache_testapi_register(module_number);
	}

#if STATCACHE_HAVE_CACHE
	if (!SCG(enable)) {
		statcache_set_off_reason("statcache.enable=0");
		if (!cli) { /* the CLI would say it on every command */
			sc_startup_log("statcache: the cache is off in this process: %s", statcache_off_reason());
		}
		sc_opcache_off_note();
		return SUCCESS;
	}
	if (cli && !SCG(enable_cli)) {
		statcache_set_off_reason("CLI without statcache.enable_cli=1"); /* the default: not logged */
		sc_opcache_off_note();
		return SUCCESS;
	}
	/* the machine's own reasons for being off are logged where they arise */
	sc_log_sink = sc_log_to_php;
	sc_log_reset();
	sc_threads_minit();
	{
		sc_proc_settings s = {
			.slots = (uint32_t) SCG(shared_slots),
			.max_watches = (uint32_t) SCG(max_watches),
			.max_staleness_ms = (uint32_t) SCG(max_staleness_ms),
			.shared = SCG(shared),
			.shared_users = (uint32_t) SCG(shared_users),
			.test_watcher = SCG(test_watcher),
			.test_untrusted = SCG(test_untrusted),
			.test_clock = SCG(test_clock),
#ifdef ZTS
			.wall_wanted = 1, /* the hit's realpath-cache expiry test (src/php/realpath/realpath_cache.h) */
			.threads = 1,
#endif
			.watcher = sc_ini_watcher_thread() ? SC_WATCHER_THREAD : SC_WATCHER_LOOKUP,
		};
		if (!s.shared) {
			/* one process: the table only needs to spread this process's watches */
			s.slots = 65536;
		}
		if (sc_watcher_startup(&s) < 0) {
			sc_opcache_off_note();
			return SUCCESS; /* off, with the reason in the process state */
		}
	}
	statcache_hooks_startup();
	sc_ocs_startup();
	statcache_opcache_startup(SCG(opcache_invalidate));
#else
	statcache_set_off_reason("not built with inotify (Linux only)");
	if (!cli) {
		sc_startup_log("statcache: the cache is off in this process: %s", statcache_off_reason());
	}
	sc_opcache_off_note();
#endif
	return SUCCESS;
}

static PHP_MSHUTDOWN_FUNCTION(statcache)
{
#if STATCACHE_HAVE_CACHE
	if (!statcache_off_at_startup()) {
		statcache_opcache_shutdown();
		sc_ocs_shutdown();
		statcache_hooks_shutdown();
		sc_watcher_shutdown();
	}
	sc_log_flush_deferred(); /* a master that never forked (php-fpm -t) */
	sc_log_sink = NULL;
#endif
	if (SCG(test_api)) {
		statcache_testapi_unregister();
	}
	sc_ini_unregister(type, module_number);
	return SUCCESS;
}

static PHP_RINIT_FUNCTION(statcache)
{
#if defined(COMPILE_DL_STATCACHE) && defined(ZTS)
	ZEND_TSRMLS_CACHE_UPDATE();
#endif
	SCG(active) = SCG(enable) && statcache_off_reason() == NULL;
	SCG(bypass_depth) = 0;
	SCG(oc_cwd_known) = false;
	SCG(oc_ready) = false;
	SCG(oc_ok_name) = NULL;
	SCG(errno_at) = &errno; /* the request's thread's (the hit path's errno: src/php/answers/hit.h) */
#if STATCACHE_HAVE_CACHE && defined(ZTS)
	sc_hit_thread_take(sc_rp_globals()); /* the hit path's view of this thread's globals */
#endif
#if STATCACHE_HAVE_CACHE
	if (sc_the_proc.ntenants && sc_watcher_claim()) {
		/* a worker's first request, on its user's table now: what it
		 * holds was filled against another */
		statcache_drop_everything(0);
	}
#endif
#if STATCACHE_HAVE_CACHE
	if (SCG(cache)) {
		/* a name is kept at its first look in a third request */
		SCG(cache)->request++;
	}
#endif
	statcache_hooks_rinit();
	return SUCCESS;
}

static const char *sc_mode(void)
{
	if (statcache_off_reason()) {
		return "off";
	}
#if STATCACHE_HAVE_CACHE
	if (sc_the_proc.region.shared) {
		return "shared";
	}
#endif
#ifdef ZTS
	return "per process (threads)";
#else
	return "per process";
#endif
}

/* Reads one /proc/sys/fs/inotify value; -1 if unreadable. */
static long sc_read_sysctl(const char *name)
{
	char path[128], buf[32];
	long v = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/sys/fs/inotify/%s", name);
	f = fopen(path, "r");
	if (f) {
		if (fgets(buf, sizeof(buf), f)) {
			v = strtol(buf, NULL, 10);
		}
		fclose(f);
	}
	return v;
}

typedef struct sc_totals {
#define SC_TOTAL_FIELD(name) uint64_t name;
	SC_COUNTERS(SC_TOTAL_FIELD)
#undef SC_TOTAL_FIELD
} sc_totals;

#if STATCACHE_HAVE_CACHE
static void sc_add_counters(const sc_counters *n, void *arg);
#endif

/* Sums the counters of this thread, or of every thread of the process. */
static void sc_sum(sc_totals *t, bool all_threads)
{
	memset(t, 0, sizeof(*t));
#if STATCACHE_HAVE_CACHE
	sc_threads_each(all_threads, sc_add_counters, t);
#else
	(void) all_threads;
#endif
}

#if STATCACHE_HAVE_CACHE
static void sc_add_counters(const sc_counters *n, void *arg)
{
	sc_totals *t = arg;
#define SC_ADD(name) t->name += atomic_load_explicit(&n->name, memory_order_relaxed);
	SC_COUNTERS(SC_ADD)
#undef SC_ADD
}

/* sc_shared_each_worker(): one worker's counters into the sum. */
static void sc_add_worker(int32_t pid, const sc_counters *n, void *arg)
{
	(void) pid;
	sc_add_counters(n, arg);
}

/* sc_shared_each_worker(): one worker's counters as an array of the
 * "workers" list (pids and numbers only: no path is ever listed). */
static void sc_list_worker(int32_t pid, const sc_counters *n, void *arg)
{
	zval *list = arg, w;

	array_init(&w);
	add_assoc_long(&w, "pid", pid);
#define SC_ADD_KEY(name) add_assoc_long(&w, #name, \
		(zend_long) atomic_load_explicit(&n->name, memory_order_relaxed));
	SC_COUNTERS(SC_ADD_KEY)
#undef SC_ADD_KEY
	add_next_index_zval(list, &w);
}
#endif

static void sc_stats_array(zval *rv, bool all)
{
	sc_totals t;
	const char *why = statcache_off_reason();

	sc_sum(&t, true);
#if STATCACHE_HAVE_CACHE
	if (all && sc_the_proc.region.shared && sc_the_proc.gen) {
		/* every live worker attached to the shared table (this one too) */
		memset(&t, 0, sizeof(t));
		sc_shared_each_worker(sc_the_proc.gen, sc_add_worker, &t);
	}
#else
	(void) all;
#endif
	array_init(rv);
	add_assoc_bool(rv, "enabled", why == NULL && SCG(active));
	add_assoc_string(rv, "mode", (char *) sc_mode());
	add_assoc_bool(rv, "shared", strcmp(sc_mode(), "shared") == 0);
	if (why) {
		add_assoc_string(rv, "off_reason", (char *) why);
	}
#if STATCACHE_HAVE_CACHE
	/* 1 when this process could not get an inotify instance (or the mount
	 * table): the cache is off here, see off_reason */
	add_assoc_long(rv, "instance_failures", atomic_load(&sc_the_proc.state) == SC_PROC_FAILED);
#else
	add_assoc_long(rv, "instance_failures", 0);
#endif
	add_assoc_long(rv, "hits", (zend_long) t.hits);
	add_assoc_long(rv, "misses", (zend_long) t.misses);
	add_assoc_long(rv, "negative_hits", (zend_long) t.negative_hits);
	add_assoc_long(rv, "bypassed", (zend_long) t.bypassed);
	add_assoc_long(rv, "untrusted", (zend_long) t.untrusted);
#if STATCACHE_HAVE_CACHE
	{
		sc_gen *g = sc_the_proc.gen;
		add_assoc_long(rv, "drains", g ? (zend_long) atomic_load(&g->drains) : 0);
		add_assoc_long(rv, "events", g ? (zend_long) atomic_load(&g->events) : 0);
		add_assoc_long(rv, "flushes", (g ? (zend_long) atomic_load(&g->flushes) : 0) + (zend_long) t.flushes);
		add_assoc_long(rv, "overflows", g ? (zend_long) atomic_load(&g->overflows) : 0);
		add_assoc_long(rv, "drain_takeovers", g ? (zend_long) atomic_load(&g->takeovers) : 0);
		add_assoc_long(rv, "watches", sc_watcher_watch_count());
		add_assoc_long(rv, "failed_watches", (zend_long) atomic_load(&sc_the_proc.failed_watches));
		add_assoc_long(rv, "watch_evictions", (zend_long) atomic_load(&sc_the_proc.watch_evictions));
		add_assoc_long(rv, "watcher_wakeups", (zend_long) atomic_load(&sc_the_proc.watcher_wakeups));
		add_assoc_string(rv, "watcher", (char *) sc_watcher_kind_name());
		add_assoc_long(rv, "ops_replaced", (zend_long) statcache_hooks_ops_replaced());
		add_assoc_string(rv, "staleness_clock", (char *) sc_staleness_clock());
	}
	statcache_opcache_stats(rv);
#else
	add_assoc_long(rv, "drains", 0);
	add_assoc_long(rv, "events", 0);
	add_assoc_long(rv, "flushes", 0);
	add_assoc_long(rv, "overflows", 0);
	add_assoc_long(rv, "drain_takeovers", 0);
	add_assoc_long(rv, "watches", 0);
	add_assoc_string(rv, "watcher", "lookup");
	add_assoc_string(rv, "staleness_clock", "none");
#endif
#define SC_ADD_KEY(name) add_assoc_long(rv, #name, (zend_long) t.name);
	SC_COUNTERS_LISTED(SC_ADD_KEY)
#undef SC_ADD_KEY
#if STATCACHE_HAVE_CACHE
	if (all && sc_the_proc.region.shared && sc_the_proc.gen) {
		/* shared mode, statcache_stats(true): each live worker's own counters */
		zval list;
		array_init(&list);
		sc_shared_each_worker(sc_the_proc.gen, sc_list_worker, &list);
		add_assoc_zval(rv, "workers", &list);
	}
#endif
}

PHP_FUNCTION(statcache_stats)
{
	bool all_workers = false;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_BOOL(all_workers)
	ZEND_PARSE_PARAMETERS_END();

	sc_stats_array(return_value, all_workers);
}

PHP_FUNCTION(statcache_share)
{
	zend_long slots = 65536;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(slots)
	ZEND_PARSE_PARAMETERS_END();

	if (!sc_gen_slots_valid(slots)) {
		zend_argument_value_error(1, "must be a power of two between %d and %ld", SC_GEN_SLOTS_MIN, (long) SC_GEN_SLOTS_MAX);
		RETURN_THROWS();
	}
#if STATCACHE_HAVE_CACHE
	if (statcache_off_reason()) {
		zend_throw_error(NULL, "statcache_share(): the cache is off in this process (%s)", statcache_off_reason());
		RETURN_THROWS();
	}
	switch (sc_watcher_share((uint32_t) slots)) {
		case 0:
			return;
		case -EALREADY:
			zend_throw_error(NULL, "statcache_share(): the table is already shared");
			RETURN_THROWS();
		case -EBUSY:
			zend_throw_error(NULL, "statcache_share(): must be called before the first cached lookup (and before the first fork)");
			RETURN_THROWS();
		default:
			zend_throw_error(NULL, "statcache_share(): could not create the shared table or inotify instance");
			RETURN_THROWS();
	}
#else
	zend_throw_error(NULL, "statcache_share(): not built with inotify (Linux only)");
	RETURN_THROWS();
#endif
}

PHP_FUNCTION(statcache_reset)
{
	ZEND_PARSE_PARAMETERS_NONE();

#if STATCACHE_HAVE_CACHE
	statcache_drop_everything(0);
#endif
}

static PHP_MINFO_FUNCTION(statcache)
{
	char buf[32];
	sc_totals t;
	const char *why = statcache_off_reason();

	php_info_print_table_start();
	php_info_print_table_row(2, "statcache support", "enabled");
	php_info_print_table_row(2, "Version", PHP_STATCACHE_VERSION);
	php_info_print_table_row(2, "Mode", sc_mode());
	php_info_print_table_row(2, "Cache", why ? "off" : "on");
	if (why) {
		php_info_print_table_row(2, "Off because", why);
	}
	sc_sum(&t, true);
#define SC_ROW(label, v) do { \
		snprintf(buf, sizeof(buf), "%llu", (unsigned long long) (v)); \
		php_info_print_table_row(2, label, buf); \
	} while (0)
	SC_ROW("Hits", t.hits);
	SC_ROW("Misses", t.misses);
	SC_ROW("Negative hits", t.negative_hits);
	SC_ROW("Bypassed", t.bypassed);
	SC_ROW("Untrusted", t.untrusted);
	SC_ROW("Entries", t.entries);
	SC_ROW("Memory (bytes)", t.memory);
	statcache_opcache_info();
#if STATCACHE_HAVE_CACHE
	php_info_print_table_row(2, "opcache's own stat() of a script", why ? "left to opcache" : sc_ocs_state());
	SC_ROW("Watches", (uint64_t) sc_watcher_watch_count());
	php_info_print_table_row(2, "Watcher", sc_watcher_kind_name());
	if (sc_the_proc.gen) {
		SC_ROW("Drains", atomic_load(&sc_the_proc.gen->drains));
		SC_ROW("Events", atomic_load(&sc_the_proc.gen->events));
		SC_ROW("Flushes", atomic_load(&sc_the_proc.gen->flushes) + t.flushes);
		SC_ROW("Overflows", atomic_load(&sc_the_proc.gen->overflows));
	}
#endif
	SC_ROW("fs.inotify.max_user_instances", (uint64_t) sc_read_sysctl("max_user_instances"));
	SC_ROW("fs.inotify.max_user_watches", (uint64_t) sc_read_sysctl("max_user_watches"));
	SC_ROW("fs.inotify.max_queued_events", (uint64_t) sc_read_sysctl("max_queued_events"));
#undef SC_ROW
	php_info_print_table_end();

	DISPLAY_INI_ENTRIES();
}

zend_module_entry statcache_module_entry = {
	STANDARD_MODULE_HEADER,
	"statcache",
	ext_functions,
	PHP_MINIT(statcache),
	PHP_MSHUTDOWN(statcache),
	PHP_RINIT(statcache),
	NULL,
	PHP_MINFO(statcache),
	PHP_STATCACHE_VERSION,
	PHP_MODULE_GLOBALS(statcache),
	PHP_GINIT(statcache),
	PHP_GSHUTDOWN(statcache),
	NULL,
	STANDARD_MODULE_PROPERTIES_EX
};

#ifdef COMPILE_DL_STATCACHE
# ifdef ZTS
SC_TSRMLS_CACHE_DEFINE() /* initial-exec: php_statcache.h */
# endif
ZEND_GET_MODULE(statcache)
#endif
