/*
 * statcache: relative includes resolved through include_path from the cache
 * (src/php/include.c).
 */
#ifndef STATCACHE_INCLUDE_H
#define STATCACHE_INCLUDE_H

#include "php.h"

/* The resolver hooks.c chains into zend_resolve_path (include/require and
 * their _once forms, stream_resolve_include_path(), SPL's default
 * autoloader) after whatever was installed. */
zend_string *sc_resolve_path(zend_string *filename);

/* Puts include_path back where fopen() & co run on a suffix of it (the
 * plain wrapper's opener calls it: the walk is over by then). */
void statcache_include_restore(void);

#endif
