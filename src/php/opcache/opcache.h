/*
 * statcache: opcache invalidation's startup, shutdown, state and stats
 * for the module (src/php/opcache/opcache.c); it runs in the request
 * thread.
 */
#ifndef STATCACHE_PHP_OPCACHE_H
#define STATCACHE_PHP_OPCACHE_H

#include "php.h"

/* MINIT, once the INI is read: with wanted (statcache.opcache_invalidate=1
 * and the cache on here) installs the compile hooks around opcache's. */
void statcache_opcache_startup(bool wanted);
void statcache_opcache_shutdown(void);
/* "on", "off", or why the setting does nothing here. */
const char *statcache_opcache_state(void);
/* statcache_stats()'s opcache_* keys and the --ri rows. */
void statcache_opcache_stats(zval *rv);
void statcache_opcache_info(void);

#endif
