/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: c78a157c8c46ee3532cb9648ec311cada949f6a1 */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_statcache_test_restore_ops, 0, 0, IS_VOID, 0)
ZEND_END_ARG_INFO()


ZEND_FUNCTION(statcache_test_restore_ops);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(statcache_test_restore_ops, arginfo_statcache_test_restore_ops)
	ZEND_FE_END
};
