/*
 * statcache: opcache's own stat() of the scripts it revalidates, answered
 * from the cache (src/php/opcache/opcache_stat.c).
 */
#ifndef STATCACHE_PHP_OPCACHE_STAT_H
#define STATCACHE_PHP_OPCACHE_STAT_H

/* At startup, after the plain-files wrapper's hooks: opcache's stat()
 * entry made to point at statcache's answer, where opcache is a shared
 * object of its own in an NTS PHP. */
void sc_ocs_startup(void);
/* At shutdown: the entry given back what it held. */
void sc_ocs_shutdown(void);
/* In words, for phpinfo() (php --ri statcache): answered, or why not. */
const char *sc_ocs_state(void);

#endif
