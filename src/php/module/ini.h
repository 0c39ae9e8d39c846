/*
 * statcache: the INI settings' registration and the watcher thread's
 * setting, for the module file (src/php/module/ini.c).
 */
#ifndef STATCACHE_PHP_INI_H
#define STATCACHE_PHP_INI_H

/* statcache.watcher as written (SCG(watcher)); what runs is decided at
 * MINIT by sc_ini_watcher_thread(). */
#define SC_INI_WATCHER_AUTO 0
#define SC_INI_WATCHER_THREAD 1
#define SC_INI_WATCHER_LOOKUP 2

void sc_ini_register(int type, int module_number);
/* At MINIT, once the cache starts: whether this process runs a watcher
 * thread (statcache.watcher and statcache.max_staleness_ms together). */
bool sc_ini_watcher_thread(void);
void sc_ini_unregister(int type, int module_number);

#endif
