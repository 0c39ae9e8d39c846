/*
 * statcache: a relative include name resolved before opcache is asked,
 * and its name record (src/php/opcache/opcache_name.c).
 */
#ifndef STATCACHE_PHP_OPCACHE_NAME_H
#define STATCACHE_PHP_OPCACHE_NAME_H

#include "php.h"
#include "php_statcache.h"

#if STATCACHE_HAVE_CACHE
/* The real path the relative include name means now (a new string), or
 * NULL when opcache is left to answer it as it is. */
zend_string *sc_oc_name_real(sc_cache *c, zend_string *name);
#endif

#endif
