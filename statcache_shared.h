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

#include "core/counters.h"
#include "core/gen.h"

/* One PHP thread of one worker, for statcache_stats(true): the thread's
 * counters live here instead of in its private cache.  Whole cache lines
 * (a line for the pid, then the counters), so that two workers' counters
 * never share one. */
typedef struct sc_worker_slot {
	_Atomic int32_t pid;     /* 0: free */
	char pad[SC_CACHE_LINE - 4];
	sc_counters n;
} __attribute__((aligned(SC_CACHE_LINE))) sc_worker_slot;

#define SC_SHARED_WORKERS 1024

/* Shared mode: at most this many users, each with a region and an inotify
 * instance of its own (statcache.shared_users). */
#define SC_MAX_TENANTS 64

/* The README's region size and tests/fpm count on it: change them with it. */
_Static_assert(sizeof(sc_worker_slot) == 5 * SC_CACHE_LINE, "a worker slot is 320 bytes");

typedef struct sc_region {
	sc_gen *gen;
	size_t size;
	int shared;        /* 1: MAP_SHARED, inherited by fork()ed workers */
	int32_t creator;   /* pid that placed it */
} sc_region;

/* Places a zeroed, initialised table (with nworkers counter slots after
 * it in shared mode); returns 0 or -errno. */
int sc_shared_create(sc_region *r, uint32_t slots, int shared, uint32_t nworkers);
/* A counter slot for this thread of process pid (a free one, or one whose
 * process is gone), zeroed; NULL when all are taken. */
sc_counters *sc_shared_claim(sc_gen *g, int32_t pid);
void sc_shared_release(sc_gen *g, sc_counters *n);
/* Calls fn for the counters of every slot held by a live process. */
void sc_shared_each_worker(sc_gen *g, void (*fn)(int32_t pid, const sc_counters *n, void *arg), void *arg);
/* Unmaps this process's mapping only; siblings keep theirs. */
void sc_shared_unmap(sc_region *r);
/* Is the process pid (a worker attached to the region, a drainer) still
 * there?  EPERM counts as alive: it exists under another user. */
int sc_shared_alive(int32_t pid);

#endif
