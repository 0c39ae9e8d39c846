/*
 * statcache: the names of the counters, with no dependency (statcache.c
 * needs them even where the cache is compiled out).
 */
#ifndef STATCACHE_COUNTER_LIST_H
#define STATCACHE_COUNTER_LIST_H

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
	X(flushes)                 /* this thread's table dropped (statcache_reset()) */
#define SC_COUNTERS_LISTED(X) \
	X(access_calls)            /* access() asked of the kernel */ \
	X(entries)                 /* results + spellings held */ \
	X(memory)                  /* bytes held by them */ \
	X(verify_checks)           /* hits re-checked (statcache.verify_rate) */ \
	X(verify_mismatches)       /* ... that were wrong though no event was pending */ \
	X(verify_stale)            /* ... that were behind a queued event */ \
	X(include_path_hits)       /* names resolved by the cached walk (src/php/include/include.c) */ \
	X(include_path_skipped)    /* candidates known missing: no syscall */ \
	X(include_path_fallbacks)  /* not plain: the previous resolver's */ \
	X(link_hits)               /* hits for a spelling through symlinks */ \
	X(realpath_fills)          /* names resolved into PHP's realpath cache (src/php/realpath/realpath.c) */ \
	X(realpath_walks)          /* ... left to PHP's own walk: something not cached */ \
	X(realpath_handoffs)       /* ... whose result was handed on: PHP's walk of its realpath cache not repeated */ \
	X(open_failures)           /* read-only opens of names known missing: no lstat(), no open() */ \
	X(listing_hits)            /* opendir/scandir/glob served from a listing */ \
	X(listing_misses)          /* ... that read the directory */ \
	X(listing_flushes)         /* listings dropped at max_listing_bytes */ \
	X(listing_bytes)           /* bytes held by listings */ \
	X(mount_points)            /* answers left to PHP: a file mounted over (also in bypassed) */ \
	X(evictions)               /* results and spellings evicted at max_entries */ \
	X(cap_bypassed)            /* misses left to PHP, not kept, while at max_entries (also in bypassed) */ \
	X(watch_cap_bypassed)      /* files answered without a watch, not kept, at max_watches (also in misses) */

#endif
