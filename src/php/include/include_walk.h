/*
 * statcache: the walk's steps and state that src/php/include/include.c
 * shares with the fopen() & co handlers of include_calls.c.  Private to
 * the two.
 */
#ifndef STATCACHE_PHP_INCLUDE_WALK_H
#define STATCACHE_PHP_INCLUDE_WALK_H

#include "php.h"
#include "php_statcache.h"
#include "php/include/include.h"

/* The working directory, asked once per resolution and only when a relative
 * candidate needs it (tsrm_realpath() asks VCWD_GETCWD for each). */
typedef struct sc_cwd {
	bool asked, ok;
	size_t len;
	char buf[MAXPATHLEN];
} sc_cwd;

/* PHP's realpath-cache key state after the first len bytes of a
 * candidate (an absolute include_path entry and its '/'), or len 0. */
typedef struct sc_key_prefix {
	size_t len;
	zend_ulong h;
} sc_key_prefix;

/* Is the candidate spelled trypath known not to exist (a hit, no syscall)?
 * pre: the key state of its start, or NULL. */
bool sc_known_missing(sc_cache *c, sc_cwd *cwd, const char *trypath, size_t len, const sc_key_prefix *pre);
/* php_resolve_path()'s walk over include_path for a plain name (see
 * include.c): with resolved, the first candidate that resolves; without,
 * where the first entry not known missing starts (*none: every one is). */
const char *sc_walk_include_path(sc_cache *c, sc_cwd *cwd, const char *filename, size_t filename_length,
	const char *path, zend_string **resolved, bool *none, sc_include_seen *seen);
/* Is the executing script's name one PHP's walk can use (not phar://)? */
bool sc_exec_plain(zend_string **exec_filename);
/* The candidate after include_path: the calling script's directory. */
bool sc_exec_candidate(zend_string *exec_filename, const char *filename, size_t filename_length, char *trypath);
/* The cache, when a relative name is one the cache may shorten PHP's walk for. */
sc_cache *sc_include_cache(const char *name, size_t len, const char *path);

#endif
