/*
 * statcache: where the generation table lives.
 *
 * Process-private memory for one process or many threads; an anonymous
 * MAP_SHARED region created before fork() for workers that share one table
 * (php-fpm, Apache prefork, a PHP master).  The region holds only offsets
 * and counters, never pointers, so every worker may map it anywhere.
 */
#ifndef STATCACHE_SHARED_H
#define STATCACHE_SHARED_H

#include "statcache_gen.h"

typedef struct sc_region {
	sc_gen *gen;
	size_t size;
	int shared;        /* 1: MAP_SHARED, inherited by fork()ed workers */
	int32_t creator;   /* pid that placed it */
} sc_region;

/* Places a zeroed, initialised table; returns 0 or -errno. */
int sc_region_create(sc_region *r, uint32_t slots, int shared);
/* Releases this process's mapping only; siblings keep theirs. */
void sc_region_release(sc_region *r);

#endif
