/*
 * statcache: the INI settings, registered and parsed strictly: a value statcache cannot
 * use is refused loudly (a warning, and at startup a line in PHP's log)
 * and the default stays, where PHP's own OnUpdateBool/OnUpdateLong would
 * read a typo as false or 0.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_ini.h"
#include "SAPI.h"
#include "php_statcache.h"
#include "core/gen.h"
#include "statcache_shared.h"
#include "php/module/ini.h"
#include "php/module/log.h"

/* Startup stage only: INI refusals are reported once, by the thread that
 * runs MINIT, not again by every thread that copies the settings. */
static bool sc_in_minit;

typedef struct sc_ini_range {
	zend_long min;
	zend_long max;
	bool pow2;               /* a table size: sc_gen_slots_valid() */
} sc_ini_range;

static const sc_ini_range sc_range_watches = { 16, 1 << 24, 0 };
static const sc_ini_range sc_range_entries = { 256, 1 << 26, 0 };
static const sc_ini_range sc_range_slots = { SC_GEN_SLOTS_MIN, SC_GEN_SLOTS_MAX, 1 };
static const sc_ini_range sc_range_staleness = { 0, 60000, 0 };
static const sc_ini_range sc_range_shared_users = { 1, SC_MAX_TENANTS, 0 };
static const sc_ini_range sc_range_verify = { 0, ZEND_LONG_MAX, 0 };
static const sc_ini_range sc_range_listing_bytes = { 0, 1 << 30, 0 };

/* Whether php_error_cb() has just written a startup warning to PHP's error
 * log proper (its own test for logging at startup): then the warning is
 * the log line.  php-fpm's master starts the modules before it opens its
 * log, so there a line without error_log went to stderr, not to the log. */
static bool sc_php_logged_startup_warning(void)
{
	if (!(EG(error_reporting) & E_WARNING)) {
		return false;
	}
	if (!PG(log_errors) && PG(display_startup_errors) && PG(display_errors)) {
		return false;
	}
	return PG(error_log) != NULL || strcmp(sapi_module.name, "fpm-fcgi") != 0;
}

/* A refused value, said once: at run time a warning; at startup a warning
 * from the thread that runs MINIT (not again by every thread that copies
 * the settings), and a line in PHP's error log unless the warning is one. */
static void sc_ini_refused(zend_ini_entry *entry, zend_string *new_value, int stage, const char *must)
{
	const char *v = new_value ? ZSTR_VAL(new_value) : "";

	if (stage == ZEND_INI_STAGE_STARTUP && !sc_in_minit) {
		return;
	}
	php_error_docref(NULL, E_WARNING, "%s=%s refused: must be %s%s", ZSTR_VAL(entry->name), v, must,
		stage == ZEND_INI_STAGE_STARTUP ? "; using the default" : "");
	if (stage == ZEND_INI_STAGE_STARTUP && !sc_php_logged_startup_warning()) {
		sc_startup_log("statcache: %s=%s refused: must be %s; using the default",
			ZSTR_VAL(entry->name), v, must);
	}
}

#define SC_BOOL_SPELLINGS "a boolean (1/0, on/off, yes/no, true/false)"

/* The spellings zend_ini_parse_bool() gives a meaning to on purpose (an
 * INI file turns bare on/yes/true into "1" and off/no/false/none/null into
 * "", ini_set() passes the words; any integer reads as itself): anything
 * else, which PHP's OnUpdateBool silently reads as false, is refused. */
static bool sc_parse_bool(const zend_string *s, bool *out)
{
	zend_long l;
	double d;

	if (!s || ZSTR_LEN(s) == 0) {
		*out = false;
		return true;
	}
	if (zend_string_equals_literal_ci(s, "on") || zend_string_equals_literal_ci(s, "yes")
			|| zend_string_equals_literal_ci(s, "true")) {
		*out = true;
		return true;
	}
	if (zend_string_equals_literal_ci(s, "off") || zend_string_equals_literal_ci(s, "no")
			|| zend_string_equals_literal_ci(s, "false") || zend_string_equals_literal_ci(s, "none")
			|| zend_string_equals_literal_ci(s, "null")) {
		*out = false;
		return true;
	}
	if (is_numeric_string(ZSTR_VAL(s), ZSTR_LEN(s), &l, &d, false) == IS_LONG) {
		*out = l != 0;
		return true;
	}
	return false;
}

/* mh_arg3 of a boolean that, as opcache.enable, may be turned off at run
 * time but never back on (statcache.enable). */
static const bool sc_bool_off_only = true;

/* Booleans, loudly: what is not one is refused and the default stays,
 * where PHP's OnUpdateBool reads it as false.  With sc_bool_off_only, at
 * run time: turned off (this request's answers stop at once), never back
 * on. */
static ZEND_INI_MH(OnUpdateScBool)
{
	bool *p = (bool *) ZEND_INI_GET_ADDR();
	bool off_only = mh_arg3 && stage != ZEND_INI_STAGE_STARTUP && stage != ZEND_INI_STAGE_SHUTDOWN
		&& stage != ZEND_INI_STAGE_DEACTIVATE;
	bool v;

	if (!sc_parse_bool(new_value, &v)) {
		sc_ini_refused(entry, new_value, stage, SC_BOOL_SPELLINGS);
		return FAILURE;
	}
	if (off_only && v && !*p) {
		php_error_docref(NULL, E_WARNING, "statcache.enable cannot be turned on at run time");
		return FAILURE;
	}
	*p = v;
	if (off_only && !v) {
		SCG(active) = false;
		statcache_hit_gate_shut();
	}
	return SUCCESS;
}

/* Integers only, in range, loudly: a refused value keeps the default. */
static ZEND_INI_MH(OnUpdateScRange)
{
	const sc_ini_range *rg = mh_arg3;
	zend_long *p = (zend_long *) ZEND_INI_GET_ADDR();
	zend_long v = 0;
	double d;
	bool ok = new_value && ZSTR_LEN(new_value) > 0
		&& is_numeric_string(ZSTR_VAL(new_value), ZSTR_LEN(new_value), &v, &d, false) == IS_LONG
		&& v >= rg->min && v <= rg->max && (!rg->pow2 || sc_gen_slots_valid(v));

	if (!ok) {
		char must[96];
		snprintf(must, sizeof(must), "%s between " ZEND_LONG_FMT " and " ZEND_LONG_FMT,
			rg->pow2 ? "a power of two" : "an integer", rg->min, rg->max);
		sc_ini_refused(entry, new_value, stage, must);
		return FAILURE;
	}
	*p = v;
	if (stage == ZEND_INI_STAGE_RUNTIME) {
		statcache_hit_gate_shut(); /* verify_rate: the hit path answers only without */
	}
	return SUCCESS;
}

#define SC_WATCHER_SPELLINGS "auto, thread or lookup"

/* statcache.watcher: auto, thread or lookup (any case).  An empty value is
 * refused with its likely cause: PHP's INI parser reads an unquoted none,
 * off or no as "" (so "none" could not name the mode without a thread). */
static ZEND_INI_MH(OnUpdateScWatcher)
{
	zend_long *p = (zend_long *) ZEND_INI_GET_ADDR();

	if (new_value && zend_string_equals_literal_ci(new_value, "auto")) {
		*p = SC_INI_WATCHER_AUTO;
	} else if (new_value && zend_string_equals_literal_ci(new_value, "thread")) {
		*p = SC_INI_WATCHER_THREAD;
	} else if (new_value && zend_string_equals_literal_ci(new_value, "lookup")) {
		*p = SC_INI_WATCHER_LOOKUP;
	} else {
		sc_ini_refused(entry, new_value, stage, new_value && ZSTR_LEN(new_value)
			? SC_WATCHER_SPELLINGS
			: SC_WATCHER_SPELLINGS " (an unquoted none, off or no in an INI file reads as empty)");
		return FAILURE;
	}
	return SUCCESS;
}

/* A startup warning about settings that are each valid but do not go
 * together: said as sc_ini_refused() says a refusal at startup. */
static void sc_ini_startup_warning(const char *msg)
{
	php_error_docref(NULL, E_WARNING, "%s", msg);
	if (!sc_php_logged_startup_warning()) {
		sc_startup_log("statcache: %s", msg);
	}
}

bool sc_ini_watcher_thread(void)
{
	switch (SCG(watcher)) {
	case SC_INI_WATCHER_THREAD:
		return true;
	case SC_INI_WATCHER_LOOKUP:
		if (SCG(max_staleness_ms) > 0) {
			return false;
		}
		/* no bound: no lookup would drain by age, so nothing but a watcher
		 * would ever show another process's change */
		sc_ini_startup_warning("statcache.watcher=lookup needs statcache.max_staleness_ms above 0 "
			"(without a bound only the watcher thread sees other processes' changes); "
			"using the watcher thread");
		return true;
	default:
#ifdef ZTS
		return true;  /* multi-threaded anyway: the thread costs glibc nothing more */
#else
		return SCG(max_staleness_ms) == 0; /* no bound: the watcher is the only notice */
#endif
	}
}

#ifdef ZTS
# define SC_GLOBALS_PTR ((void *) &statcache_globals_id)
#else
# define SC_GLOBALS_PTR ((void *) &statcache_globals)
#endif
#define SC_GLOBAL_OFFSET(field) ((void *) XtOffsetOf(zend_statcache_globals, field))

/* One row a setting: its name, default, where it may be set and the field
 * of zend_statcache_globals it fills; a range's limits (sc_ini_range). */
#define SC_INI_BOOL(name, def, where, field) \
	STD_PHP_INI_BOOLEAN(name, def, where, OnUpdateScBool, field, zend_statcache_globals, statcache_globals)
#define SC_INI_RANGE(name, def, where, field, range) \
	ZEND_INI_ENTRY3(name, def, where, OnUpdateScRange, SC_GLOBAL_OFFSET(field), SC_GLOBALS_PTR, (void *) &(range))

PHP_INI_BEGIN()
	ZEND_INI_ENTRY3_EX("statcache.enable", "1", PHP_INI_ALL, OnUpdateScBool, SC_GLOBAL_OFFSET(enable),
		SC_GLOBALS_PTR, (void *) &sc_bool_off_only, zend_ini_boolean_displayer_cb)
	SC_INI_BOOL("statcache.enable_cli", "0", PHP_INI_SYSTEM, enable_cli)
	SC_INI_RANGE("statcache.max_watches", "65536", PHP_INI_SYSTEM, max_watches, sc_range_watches)
	SC_INI_RANGE("statcache.max_entries", "65536", PHP_INI_SYSTEM, max_entries, sc_range_entries)
	SC_INI_BOOL("statcache.shared", "0", PHP_INI_SYSTEM, shared)
	SC_INI_BOOL("statcache.first_look", "1", PHP_INI_SYSTEM, first_look)
	SC_INI_RANGE("statcache.shared_slots", "65536", PHP_INI_SYSTEM, shared_slots, sc_range_slots)
	/* shared mode: the users (a php-fpm master's pools) each with a region
	 * and an inotify instance of their own */
	SC_INI_RANGE("statcache.shared_users", "8", PHP_INI_SYSTEM, shared_users, sc_range_shared_users)
	SC_INI_RANGE("statcache.max_staleness_ms", "5", PHP_INI_SYSTEM, max_staleness_ms, sc_range_staleness)
	SC_INI_RANGE("statcache.verify_rate", "0", PHP_INI_ALL, verify_rate, sc_range_verify)
	/* per thread; 0: directory listings are not remembered */
	SC_INI_RANGE("statcache.max_listing_bytes", "4194304", PHP_INI_SYSTEM, max_listing_bytes,
		sc_range_listing_bytes)
	/* who notices another process's change: a watcher thread, or lookups
	 * by the staleness bound (statcache_watcher.h, sc_watcher_kind) */
	ZEND_INI_ENTRY2("statcache.watcher", "auto", PHP_INI_SYSTEM, OnUpdateScWatcher,
		SC_GLOBAL_OFFSET(watcher), SC_GLOBALS_PTR)
	SC_INI_BOOL("statcache.opcache_invalidate", "0", PHP_INI_SYSTEM, opcache_invalidate)
	SC_INI_BOOL("statcache.test_untrusted", "0", PHP_INI_SYSTEM, test_untrusted)
	SC_INI_BOOL("statcache.test_watcher", "1", PHP_INI_SYSTEM, test_watcher)
	/* the hit's other staleness clock, run where the TSC is trusted too */
	SC_INI_BOOL("statcache.test_clock", "0", PHP_INI_SYSTEM, test_clock)
	SC_INI_BOOL("statcache.test_api", "0", PHP_INI_SYSTEM, test_api)
PHP_INI_END()

/* At MINIT: the settings registered, their startup refusals said by this
 * thread only. */
void sc_ini_register(int type, int module_number)
{
	sc_in_minit = true;
	REGISTER_INI_ENTRIES();
	sc_in_minit = false;
}

/* At MSHUTDOWN. */
void sc_ini_unregister(int type, int module_number)
{
	UNREGISTER_INI_ENTRIES();
}
