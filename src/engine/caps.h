/*
 * statcache: what the two caps share (statcache.max_entries, per thread:
 * src/engine/resolve.c's sc_cache_room(); statcache.max_watches, per
 * inotify instance: src/engine/drain.c's sc_watcher_file_skip()).  At a
 * cap a miss is answered and not kept, so that it costs what PHP's own
 * call costs and evicts nothing; after SC_CAP_SKIPS such misses per entry
 * (watch) of a batch, a batch (SC_EVICT_SHARE of the cap) is evicted and
 * the next misses are kept.  A set larger than the cap keeps most of what it
 * holds; a set that moves still moves in (an eighth of the misses are
 * kept).  Pure C (no Zend).
 */
#ifndef STATCACHE_ENGINE_CAPS_H
#define STATCACHE_ENGINE_CAPS_H

#include <stdint.h>

#define SC_EVICT_SHARE 8u
#define SC_CAP_SKIPS 7u

/* A batch: what one eviction removes, at least one. */
static inline uint32_t sc_cap_batch(uint32_t cap)
{
	return cap / SC_EVICT_SHARE ? cap / SC_EVICT_SHARE : 1;
}

/* Room kept free below a cap for what a walk adds past the point where
 * the cap is looked at: a walk's new entries (its ancestors, the links it
 * follows: entries are evicted only where a lookup starts, so that those
 * met on the way stay valid pointers), and directories' watches (a file's
 * own watch stops at the cap less this; a directory's, which every name
 * below it needs, goes on to the cap).  A quarter of a small cap. */
#define SC_WALK_RESERVE 128u
static inline uint32_t sc_walk_reserve(uint32_t cap)
{
	return cap / 4 < SC_WALK_RESERVE ? cap / 4 : SC_WALK_RESERVE;
}

#endif
