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
/* Counts of run-time replacement of our patched ops (Swoole's hooks). */
uint64_t statcache_hooks_ops_replaced(void);

#endif
