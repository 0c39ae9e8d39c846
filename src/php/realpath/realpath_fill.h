/*
 * statcache: the replay's calls that src/php/realpath/realpath.c shares
 * with realpath_open.c only: the opens of the plain wrapper and ZTS's
 * stat() and access().  Private to the two.
 */
#ifndef STATCACHE_PHP_REALPATH_FILL_H
#define STATCACHE_PHP_REALPATH_FILL_H

#include "php/realpath/realpath.h"

/* hidden: called across the two files on every open, directly rather
 * than through the PLT */
#define SC_RP_INTERNAL __attribute__((visibility("hidden")))

/* The thread's cache when a fill of path may run, NULL when PHP's own walk
 * must: basedir_checked, PHP's call has made its open_basedir checks;
 * uncached, the walk is replayed for what it resolves even without a
 * realpath cache to fill (realpath_cache_size=0). */
SC_RP_INTERNAL sc_cache *sc_rp_cache(const char *path, size_t len, bool basedir_checked, bool uncached);

/* sc_realpath_fill() with its result: 1 when resolved (SC_RP_MAX bytes,
 * the own buffer if NULL) holds what the walk resolves, its length in
 * *rlen, and *kept says whether PHP's own walk would take it from the
 * entry of its realpath cache the fill found or wrote for the whole
 * spelling; 0 when PHP's walk fails; -1 when not done. */
SC_RP_INTERNAL int sc_rp_fill(const char *path, size_t len, int mode, char *resolved, size_t *rlen, bool *kept,
	bool basedir_checked, bool uncached);

/* A kept fill's result (resolved, *rlen) as PHP's own call of path would
 * give it, for the caller to hand on: false when it would not fit. */
SC_RP_INTERNAL bool sc_rp_handed(const char *path, size_t len, int mode, char *resolved, size_t *rlen);

#endif
