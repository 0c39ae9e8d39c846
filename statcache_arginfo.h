/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: c7c787bf70309f0a8c7e97c258cf88686ef82c02 */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_statcache_stats, 0, 0, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, all_workers, _IS_BOOL, 0, "false")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_statcache_share, 0, 0, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, slots, IS_LONG, 0, "65536")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_statcache_reset, 0, 0, IS_VOID, 0)
ZEND_END_ARG_INFO()


ZEND_FUNCTION(statcache_stats);
ZEND_FUNCTION(statcache_share);
ZEND_FUNCTION(statcache_reset);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(statcache_stats, arginfo_statcache_stats)
	ZEND_FE(statcache_share, arginfo_statcache_share)
	ZEND_FE(statcache_reset, arginfo_statcache_reset)
	ZEND_FE_END
};
