/*
 * statcache: the counters of one PHP thread (statcache_stats()).
 */
#ifndef STATCACHE_COUNTERS_H
#define STATCACHE_COUNTERS_H

#include <stdatomic.h>
#include <stdint.h>

/* Every counter: one list makes the struct, the per-thread sums and the
 * stats array.  statcache_stats() places the first six among the
 * process-wide keys itself and adds the others in this order. */
#define SC_COUNTERS(X) SC_COUNTERS_PLACED(X) SC_COUNTERS_LISTED(X)
#define SC_COUNTERS_PLACED(X) \
	X(hits) \
	X(misses) \
	X(negative_hits) \
	X(bypassed) \
	X(untrusted) \
	X(flushes)                 /* this thread's table dropped at max_entries */
#define SC_COUNTERS_LISTED(X) \
	X(access_calls)            /* access() asked of the kernel */ \
	X(entries)                 /* results + spellings held */ \
	X(memory)                  /* bytes held by them */ \
	X(verify_checks)           /* hits re-checked (statcache.verify_rate) */ \
	X(verify_mismatches)       /* ... that were wrong though no event was pending */ \
	X(verify_stale)            /* ... that were behind a queued event */ \
	X(include_path_hits)       /* names resolved by the cached walk (statcache_include.c) */ \
	X(include_path_skipped)    /* candidates known missing: no syscall */ \
	X(include_path_fallbacks)  /* not plain: the previous resolver's */ \
	X(link_hits)               /* hits for a spelling through symlinks */ \
	X(listing_hits)            /* opendir/scandir/glob served from a listing */ \
	X(listing_misses)          /* ... that read the directory */ \
	X(listing_flushes)         /* listings dropped at max_listing_bytes */ \
	X(listing_bytes)           /* bytes held by listings */

/* Written only by the thread that owns them, read by statcache_stats() in
 * any thread: relaxed atomics, incremented with a plain load and store
 * (no locked instruction on the hit path). */
typedef struct sc_counters {
#define SC_COUNTER_FIELD(name) _Atomic uint64_t name;
	SC_COUNTERS(SC_COUNTER_FIELD)
#undef SC_COUNTER_FIELD
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
