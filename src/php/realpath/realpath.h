/*
 * statcache: what the rest of the extension asks of the realpath folder:
 * the replay of PHP's walk and realpath() (src/php/realpath/realpath.c),
 * the opens and ZTS's stat() and access() it serves (realpath_open.c), on
 * PHP's realpath cache as realpath_cache.c reads and writes it.
 */
#ifndef STATCACHE_REALPATH_H
#define STATCACHE_REALPATH_H

#include <stddef.h>
#include "core/rpwalk.h"
#include "engine/lookup.h"
#include "php/realpath/realpath_cache.h"

/* Before PHP's own walk of an absolute name (mode: SC_RP_FILEPATH for
 * expand_filepath(), SC_RP_REALPATH for tsrm_realpath()): leaves in PHP's
 * realpath cache what that walk would leave.  1: filled, PHP's call finds
 * the name there (and resolved, SC_RP_MAX bytes if not NULL, holds what it
 * resolves to); 0: PHP's walk fails (SC_RP_REALPATH: no such path);
 * -1: not done (PHP walks as always). */
int sc_realpath_fill(const char *path, size_t len, int mode, char *resolved);

/* The same fill, and its result handed on so that PHP does not walk its
 * realpath cache again: 1 when resolved (SC_RP_MAX bytes; its length in
 * *rlen) holds what PHP's call would give (SC_RP_REALPATH: tsrm_realpath();
 * SC_RP_FILEPATH: expand_filepath()), taken by that call from the entry
 * the fill found or wrote for the whole spelling; 0 when tsrm_realpath()
 * fails (SC_RP_REALPATH only); -1 when PHP's own call must run. */
int sc_realpath_handoff(const char *path, size_t len, int mode, char *resolved, size_t *rlen);

/* realpath() of an absolute name (tsrm_realpath()): 0 when PHP's walk
 * fails (a missing name, a dangling link), -1 when PHP's own call answers,
 * from its realpath cache once src/php/realpath/realpath.c has filled it; 1 when
 * resolved (SC_RP_MAX bytes) answers it: the entry PHP's call would find
 * (sc_realpath_handoff()), or under ZTS, whose realpath() asks access()
 * after the walk, the walk's result of a name the cache has. */
int sc_cached_realpath(const char *path, size_t len, char *resolved);

/* stat() and access() of an absolute name as PHP makes them where its
 * virtual CWD resolves the name through PHP's realpath cache first (ZTS,
 * src/php/realpath/realpath_open.c): false when the caller's own lookup answers as
 * PHP would; true when *out does (NULL: PHP's own call answers).
 * basedir_checked: PHP's call made its open_basedir checks already. */
#ifdef VIRTUAL_DIR
bool sc_vcwd_stat(const char *path, size_t len, bool basedir_checked, sc_entry **out);
#else
static zend_always_inline bool sc_vcwd_stat(const char *path, size_t len, bool basedir_checked, sc_entry **out)
{
	(void) path;
	(void) len;
	(void) basedir_checked;
	*out = NULL;
	return false;
}
#endif

/* What sc_open_fails() says of an open. */
enum {
	SC_OPEN_PHP = 0,     /* PHP's opener opens, as always */
	SC_OPEN_CHECKED,     /* ... and open_basedir was checked here: not again */
	SC_OPEN_REFUSED,     /* open_basedir refused it, with PHP's warning */
	SC_OPEN_FAILS,       /* fails: *err is the errno PHP's open() leaves */
	SC_OPEN_HANDED       /* PHP's opener opens resolved as its realpath */
};

/* A read-only open of filename by the plain wrapper's opener (options:
 * its options; src/php/realpath/realpath_open.c), before PHP's _php_stream_fopen():
 * fails without a syscall when the name expand_filepath() gives is known
 * missing, after PHP's own open_basedir check and with PHP's realpath
 * cache left as that expand_filepath() leaves it (a relative name is
 * joined to the working directory as PHP joins it: getcwd() in NTS).
 * SC_OPEN_HANDED: resolved (SC_RP_MAX bytes) holds what that
 * expand_filepath() would give, taken from the entry of PHP's realpath
 * cache the fill found or wrote for the whole spelling, as
 * sc_realpath_handoff() hands it on (never under open_basedir, never with
 * realpath_cache_size=0). */
int sc_open_fails(const char *filename, int options, int *err, char *resolved);

/* PHP's _php_stream_fopen() of a name sc_open_fails() handed on, as it
 * opens with STREAM_ASSUME_REALPATH (its open(), its stream, its opened
 * path), into *out: false when PHP's opener must open it (an include's
 * checks, a blocking pipe, a persistent stream, an opener not PHP's). */
bool sc_open_handed(const char *resolved, const char *mode, int options, zend_string **opened_path,
	php_stream **out STREAMS_DC);

#endif
