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

void statcache_testapi_register(int module_number)
{
	zend_register_functions(NULL, ext_functions, NULL, MODULE_PERSISTENT);
	(void) module_number;
}

void statcache_testapi_unregister(void)
{
	zend_unregister_functions(ext_functions, -1, NULL);
}
