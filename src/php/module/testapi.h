/*
 * statcache: the test-only functions' registration
 * (src/php/module/testapi.c).
 */
#ifndef STATCACHE_TESTAPI_H
#define STATCACHE_TESTAPI_H

/* MINIT/MSHUTDOWN with statcache.test_api=1: the functions of
 * statcache_test.stub.php. */
void statcache_testapi_register(int module_number);
void statcache_testapi_unregister(void);

#endif
