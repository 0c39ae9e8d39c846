/*
 * statcache: functions for tests only, registered when statcache.test_api=1
 * (statcache_test.stub.php).  They let phpt tests cause what a server or
 * another extension would do to us at run time.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_statcache.h"
#include "statcache_test_arginfo.h"
#include "php/testapi.h"

#if STATCACHE_HAVE_CACHE
# include "php/orig.h"
# include "statcache_watcher.h"
#endif

/* Swoole's HOOK_FILE/HOOK_STDIO copy their own ops over both structs after
 * startup; copying PHP's originals back has the same effect on us. */
PHP_FUNCTION(statcache_test_restore_ops)
{
	ZEND_PARSE_PARAMETERS_NONE();
#if STATCACHE_HAVE_CACHE
	sc_orig_put_back();
#endif
}

PHP_FUNCTION(statcache_test_hold_drains)
{
	zend_long ms, drains = 1;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_LONG(ms)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(drains)
	ZEND_PARSE_PARAMETERS_END();
	if (ms < 0 || ms > 600000) {
		zend_argument_value_error(1, "must be between 0 and 600000");
		RETURN_THROWS();
	}
#if STATCACHE_HAVE_CACHE
	atomic_store_explicit(&sc_the_proc.test_hold_ms, (uint32_t) ms, memory_order_relaxed);
	atomic_store_explicit(&sc_the_proc.test_hold_drains, (int32_t) (drains < 0 ? -1 : drains), memory_order_relaxed);
#endif
}

void statcache_testapi_register(int module_number)
{
	zend_register_functions(NULL, ext_functions, NULL, MODULE_PERSISTENT);
	(void) module_number;
}

void statcache_testapi_unregister(void)
{
	zend_unregister_functions(ext_functions, -1, NULL);
}
