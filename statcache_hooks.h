/*
 * statcache: where PHP is intercepted (hooks.c).
 */
#ifndef STATCACHE_HOOKS_H
#define STATCACHE_HOOKS_H

#include "php.h"

/* Installs every intercept, saving what was installed before (PHP's own or
 * another extension's); restores them at shutdown unless replaced since. */
void statcache_hooks_startup(void);
void statcache_hooks_shutdown(void);
/* Tests: puts PHP's original ops back over the patched structs. */
void statcache_hooks_restore_original_ops(void);
/* Tests: the functions of statcache_test.stub.php. */
void statcache_testapi_register(int module_number);
void statcache_testapi_unregister(void);
/* Counts of run-time replacement of our patched ops (Swoole's hooks). */
uint64_t statcache_hooks_ops_replaced(void);

#endif
