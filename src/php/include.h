/*
 * statcache: relative includes resolved through include_path from the cache
 * (src/php/include.c).
 */
#ifndef STATCACHE_INCLUDE_H
#define STATCACHE_INCLUDE_H

/* Chains zend_resolve_path (include/require and their _once forms,
 * stream_resolve_include_path(), SPL's default autoloader) after whatever
 * is installed now; puts that back at shutdown unless replaced since. */
void statcache_include_install(void);
void statcache_include_uninstall(void);

/* Puts include_path back where fopen() & co run on a suffix of it (the
 * plain wrapper's opener calls it: the walk is over by then). */
void statcache_include_restore(void);

#endif
