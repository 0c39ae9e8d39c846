/*
 * statcache: what the rest of the extension asks of the include_path walk
 * (src/php/include/include.c): the resolver hooks.c installs, the walk
 * with what it passed over (for opcache's name records), the restore.
 */
#ifndef STATCACHE_INCLUDE_H
#define STATCACHE_INCLUDE_H

#include "php.h"

/* The resolver hooks.c chains into zend_resolve_path (include/require and
 * their _once forms, stream_resolve_include_path(), SPL's default
 * autoloader) after whatever was installed. */
zend_string *sc_resolve_path(zend_string *filename);

/* What a relative include name meant when it was resolved: the absolute
 * spelling of the candidate chosen, and those passed over first (each
 * NUL-terminated, one after the other). */
typedef struct sc_include_seen {
	bool ok;
	size_t passed_len;
	char chosen[MAXPATHLEN];
	char passed[4 * MAXPATHLEN];
} sc_include_seen;

/* A relative name resolved now as php_resolve_path() would for an include
 * (include_path in order, then the executing script's directory; a ./ name
 * against the working directory), from the cache where it answers: the
 * resolved path in *resolved (NULL: none resolves), and in seen the
 * candidates, chosen and passed over (every one when none resolves).
 * false when the name is not one this walk answers (a scheme, a wrapper
 * in include_path, code from phar://, too many candidates to hold): PHP's
 * resolver answers it. */
bool sc_include_walk(const char *name, size_t len, sc_include_seen *seen, zend_string **resolved);

/* Puts include_path back where fopen() & co run on a suffix of it (the
 * plain wrapper's opener calls it: the walk is over by then). */
void statcache_include_restore(void);

#endif
