/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 33d70c6cb98a499adb5fef5b73533551c109ef00 */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_statcache_test_restore_ops, 0, 0, IS_VOID, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_statcache_test_hold_drains, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, ms, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, drains, IS_LONG, 0, "1")
ZEND_END_ARG_INFO()


ZEND_FUNCTION(statcache_test_restore_ops);
ZEND_FUNCTION(statcache_test_hold_drains);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(statcache_test_restore_ops, arginfo_statcache_test_restore_ops)
	ZEND_FE(statcache_test_hold_drains, arginfo_statcache_test_hold_drains)
	ZEND_FE_END
};
