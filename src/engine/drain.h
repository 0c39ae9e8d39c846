/*
 * statcache: the inotify instance's queue and watches (src/engine/drain.c):
 * a directory's or a file's watch added, the queued events and the mount table's
 * notice drained into the generation table, the flush, and the hit path's
 * check of whether a drain is due.  Above the process machine
 * (statcache_watcher.h), whose state it reads; lookups, sync points and
 * the watch cap call it, never the watcher thread.
 */
#ifndef STATCACHE_ENGINE_DRAIN_H
#define STATCACHE_ENGINE_DRAIN_H

#include "statcache_watcher.h"

#include <stdbool.h>

/* Adds (or finds) the watch of a directory; returns wd or -errno. */
int sc_watcher_add_watch(const char *dir);
/* Adds (or finds) the watch of whatever inode path names, not followed:
 * a file's own watch, or a directory's first look; returns wd or -errno. */
int sc_watcher_add_watch_any(const char *path);
/* sc_watcher_add_watch_any()'s wd turned out to be a directory's: its own
 * events are a directory's from now on (src/core/events.c). */
void sc_watcher_watch_is_dir(int wd);
/* How long a lookup waits for another's drain before it takes the drain
 * over (sc_gen_drain_wait()): a drain takes microseconds; one held this
 * long has a drainer that is stopped, traced, frozen, dead, or not run for
 * that long on a loaded machine. */
#define SC_DRAIN_WAIT_NS 2000000u

/* Reads and applies every queued event, or waits for the drain in
 * progress (taking it over past SC_DRAIN_WAIT_NS); returns 1 if it
 * drained itself. */
int sc_watcher_drain(void);
/* Until this thread has seen a drain that started after the pending flag
 * was last set: a drain that was already reading when a sync point marked
 * the flag may have missed that sync point's events. */
void sc_watcher_drain_pending(void);
/* Drops everything: epoch bump, and every watch when clear_watches. */
void sc_watcher_flush(int clear_watches);

/* Is a file's own watch at its cap: live watches at statcache.max_watches
 * less the room kept for directories' (sc_walk_reserve())?  A few loads,
 * asked by a fill before it arms a file's watch. */
bool sc_watcher_files_full(void);
/* At that cap, one more file answered without a watch and not kept:
 * after fifteen of them per watch of a batch (a sixteenth of the cap:
 * src/engine/caps.h; counted per instance, so the workers of a shared one
 * count together), a batch of the oldest files' watches is evicted.  1
 * when that made room: the caller arms this file's watch and keeps its
 * result. */
int sc_watcher_file_skip(void);

/* Live watches (statcache_stats()'s "watches", statcache.max_watches). */
int sc_watcher_watch_count(void);

/* The hit path's check: drain first when events are pending, a drain is
 * running, or the last drain is older than the staleness bound. */
SC_ALWAYS_INLINE void sc_watcher_sync(void)
{
	sc_gen *g = sc_the_proc.gen;
	if (sc_gen_needs_sync(g)) {
		sc_watcher_drain_pending();
	} else if (sc_proc_stale(g)) {
		sc_watcher_drain();
	}
	sc_proc_deadline_renew(g); /* the next hits' one compare */
}

/* Would a hit take the slow path now: events pending, a drain running,
 * or the deadline the last sync left reached (by the tick counter, one
 * compare; where the clock decides, its read)?  Before that,
 * sc_watcher_sync() would only renew the deadline. */
SC_ALWAYS_INLINE bool sc_watcher_sync_needed(void)
{
	return sc_gen_needs_sync(sc_the_proc.gen)
		|| (sc_proc_hit_clocked() ? sc_proc_hit_due_clock() : sc_proc_hit_due_ticks());
}

/* sc_watcher_sync() only when a hit would take it: for a caller that asks
 * on every include (src/php/opcache). */
SC_ALWAYS_INLINE void sc_watcher_sync_due(void)
{
	if (sc_watcher_sync_needed()) {
		sc_watcher_sync();
	}
}

#endif
