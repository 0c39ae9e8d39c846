/*
 * statcache: the counters of one PHP thread (statcache_stats()).
 */
#ifndef STATCACHE_COUNTERS_H
#define STATCACHE_COUNTERS_H

#include <stdatomic.h>
#include <stdint.h>

/* Written only by the thread that owns them, read by statcache_stats() in
 * any thread: relaxed atomics, incremented with a plain load and store
 * (no locked instruction on the hit path). */
typedef struct sc_counters {
	_Atomic uint64_t hits;
	_Atomic uint64_t misses;
	_Atomic uint64_t negative_hits;
	_Atomic uint64_t bypassed;
	_Atomic uint64_t untrusted;
	_Atomic uint64_t flushes;        /* this thread's table dropped at max_entries */
	_Atomic uint64_t access_calls;   /* access() asked of the kernel */
	_Atomic uint64_t verify_checks;      /* hits re-checked (statcache.verify_rate) */
	_Atomic uint64_t verify_mismatches;  /* ... that were wrong though no event was pending */
	_Atomic uint64_t verify_stale;       /* ... that were behind a queued event */
	_Atomic uint64_t link_hits;      /* hits for a spelling through symlinks */
	_Atomic uint64_t entries;        /* results + spellings held */
	_Atomic uint64_t memory;         /* bytes held by them */
	/* include_path resolution (statcache_include.c) */
	_Atomic uint64_t include_path_hits;       /* names resolved by the cached walk */
	_Atomic uint64_t include_path_skipped;    /* candidates known missing: no syscall */
	_Atomic uint64_t include_path_fallbacks;  /* not plain: the previous resolver's */
	/* directory listings (statcache_listing_hooks.c) */
	_Atomic uint64_t listing_hits;     /* opendir/scandir/glob served from a listing */
	_Atomic uint64_t listing_misses;   /* ... that read the directory */
	_Atomic uint64_t listing_flushes;  /* listings dropped at max_listing_bytes */
	_Atomic uint64_t listing_bytes;    /* bytes held by listings */
} sc_counters;

static inline void sc_count(_Atomic uint64_t *c)
{
	atomic_store_explicit(c, atomic_load_explicit(c, memory_order_relaxed) + 1, memory_order_relaxed);
}

static inline void sc_count_set(_Atomic uint64_t *c, uint64_t v)
{
	atomic_store_explicit(c, v, memory_order_relaxed);
}

#endif
