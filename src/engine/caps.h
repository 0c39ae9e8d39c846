/*
 * statcache: what the two caps share (statcache.max_entries, per thread:
 * src/engine/resolve.c's sc_cache_room(); statcache.max_watches, per
 * inotify instance: src/engine/drain.c's sc_watcher_file_skip()).  At a
 * cap a miss is answered and not kept, so that it costs what PHP's own
 * call costs and evicts nothing; after share - 1 such misses per entry
 * (watch) of a batch, a batch (a share of the cap) is evicted and the
 * next misses are kept.  A set larger than the cap keeps most of what it
 * holds; a set that moves still moves in (a share of the misses are
 * kept).  Pure C (no Zend).
 */
#ifndef STATCACHE_ENGINE_CAPS_H
#define STATCACHE_ENGINE_CAPS_H

#include <stdint.h>

/* The entry cap's share: an eighth. */
#define SC_EVICT_SHARE 8u
/* The watch cap's: a sixteenth.  A file kept past the watch cap costs
 * three syscalls (its watch added, its statx(), its watch removed when a
 * later batch goes) and the hit of the file whose watch made room for
 * it; a result kept past the entry cap costs memory and a fill. */
#define SC_WATCH_EVICT_SHARE 16u

/* A batch: what one eviction removes, at least one. */
static inline uint32_t sc_cap_batch(uint32_t cap, uint32_t share)
{
	return cap / share ? cap / share : 1;
}

/* The misses answered and not kept before a batch is evicted: share - 1
 * per entry of the batch. */
static inline uint32_t sc_cap_skips(uint32_t cap, uint32_t share)
{
	return (share - 1) * sc_cap_batch(cap, share);
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
