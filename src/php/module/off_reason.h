/*
 * statcache: why the cache is off in this process, set and read
 * (src/php/module/off_reason.c).
 */
#ifndef STATCACHE_PHP_OFF_REASON_H
#define STATCACHE_PHP_OFF_REASON_H

#include <stdbool.h>

/* Why the cache is off in this process (NULL when it is on). */
const char *statcache_off_reason(void);
/* The module's own reason (a setting, a build without inotify), set in
 * MINIT; NULL clears it. */
void statcache_set_off_reason(const char *why);
/* Whether the module turned the cache off at startup (the process
 * machine's own failure not counted): what MSHUTDOWN has to undo. */
bool statcache_off_at_startup(void);

#endif
