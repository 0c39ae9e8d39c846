/*
 * statcache: the drain (see src/engine/drain.h): the queued events and
 * the mount table's notice applied to the generation table, the staleness
 * bound's tick calibration, and the flush.  Called by lookups, sync
 * points and the watch cap, never by the watcher thread (which only sets
 * the pending flag): the same with statcache.watcher=thread and lookup.
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include "engine/drain.h"
#include "engine/caps.h"
#include "core/events.h"
#include "core/log.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <string.h>
#include <stdint.h>
#include <sys/inotify.h>
#include <unistd.h>

/* What a directory's watch asks for: every name made, removed or moved in
 * it, every change to the attributes of a name in it or of its own inode,
 * and its own removal or move.  Not IN_MODIFY: a write to a file in it
 * matters only to a file statcache holds a result of, and each such file
 * has a watch of its own (SC_FILE_MASK).  A directory first met as a name
 * in its parent is armed with both masks (sc_watcher_add_watch_any()), and
 * keeps IN_MODIFY: a mask is only ever added to, never replaced (the
 * kernel clears the mask before it sets a replacement, and an event raised
 * in between would be lost). */
#define SC_DIR_MASK (IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF \
	| IN_MOVE_SELF)
/* What a file's own watch asks for: a change to its inode through any name
 * or descriptor (attributes, link count, contents, a rename that moves its
 * ctime). */
#define SC_FILE_MASK (IN_ATTRIB | IN_MODIFY | IN_MOVE_SELF | IN_DELETE_SELF)

/* The largest event read() hands out: the header, a NAME_MAX name, its
 * NUL and the padding to the header's size (NAME_MAX + 1 is a multiple). */
#define SC_EVENT_MAX (sizeof(struct inotify_event) + NAME_MAX + 1)
_Static_assert((NAME_MAX + 1) % sizeof(struct inotify_event) == 0, "padded names end at NAME_MAX + 1");

typedef union sc_drain_buf { /* aligned for the events it holds */
	struct inotify_event ev;
	char buf[8192];
} sc_drain_buf;

/* The queue's events into the generation table, until it is empty. */
static void sc_drain_queue(sc_proc *p, sc_gen *g, sc_drain_buf *u, sc_event_tally *t)
{
	for (;;) {
		ssize_t n = read(p->ifd, u->buf, sizeof(u->buf));
		if (n > 0) {
			sc_events_apply(g, u->buf, (size_t) n, t);
			if (sizeof(u->buf) - (size_t) n >= SC_EVENT_MAX) {
				/* the kernel stops at an empty queue or an event that
				 * does not fit: room for the largest means empty (no
				 * read() to hear EAGAIN; later events are after this
				 * drain began, as after an EAGAIN) */
				return;
			}
			continue;
		}
		if (n < 0 && errno == EINTR) {
			continue;
		}
		if (n < 0 && errno != EAGAIN) {
			/* cannot tell what we missed */
			sc_gen_bump_epoch(g);
		}
		return;
	}
}

/* Tests (statcache_test_hold_drains()): a drainer slow, stopped or
 * killed while it holds the sequence, after it read the queue. */
static void sc_test_hold(sc_proc *p)
{
	uint32_t ms = atomic_load_explicit(&p->test_hold_ms, memory_order_relaxed);
	int32_t n = atomic_load_explicit(&p->test_hold_drains, memory_order_relaxed);
	struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (long) (ms % 1000) * 1000000L };

	if (n > 0) {
		atomic_store_explicit(&p->test_hold_drains, n - 1, memory_order_relaxed);
	}
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR) {
	}
}

int sc_watcher_drain(void)
{
	sc_proc *p = &sc_the_proc;
	sc_gen *g = p->gen;
	sc_drain_buf u;
	sc_event_tally t = { 0 };
	uint32_t odd = sc_gen_drain_begin(g, p->pid);
	uint64_t begun_ms, begun_ticks;

	if (!odd) {
		/* another's drain: wait for it, a bounded time (SC_DRAIN_WAIT_NS);
		 * one that does not move that long is taken over */
		odd = sc_gen_drain_wait(g, p->pid, SC_DRAIN_WAIT_NS);
		if (!odd) {
			return 0;
		}
		sc_log_once(SC_LOG_TAKEOVER, "statcache: a drain held for more than %u ms (its drainer stopped, "
			"traced, frozen or dead, or away that long) was taken over by process %d: every cached answer "
			"is looked up again", (unsigned) (SC_DRAIN_WAIT_NS / 1000000u), (int) p->pid);
	}
	/* the stamp before the queue is read: every event queued before it is
	 * applied by this drain (sc_gen_drain_end()) */
	begun_ms = sc_now_fine_ms();
	begun_ticks = sc_ticks();
	/* after the stamp: a first look answered before it ends here */
	sc_gen_glance_end(g);
	/* One poll() of the queue (read only when it holds events) and the
	 * mount table; what comes after it came after this drain began.  A
	 * failed poll() reads the queue anyway (the mount table unasked, as
	 * when its own poll() failed). */
	{
		struct pollfd pfd[2];
		nfds_t nfd = 0, qi = 2, mi = 2;
		int ready = 0;

		/* acquire: pairs with the release that publishes the fds (none
		 * yet: a worker that has watched nothing polls nothing) */
		int made = atomic_load_explicit(&p->instance_ready, memory_order_acquire);

		if (made && p->ifd >= 0) {
			pfd[nfd] = (struct pollfd) { .fd = p->ifd, .events = POLLIN };
			qi = nfd++;
		}
		if (made && p->mount_drain_fd >= 0) {
			pfd[nfd] = (struct pollfd) { .fd = p->mount_drain_fd, .events = POLLPRI };
			mi = nfd++;
		}
		if (nfd) {
			do {
				ready = poll(pfd, nfd, 0);
			} while (ready < 0 && errno == EINTR);
		}
		if (qi < nfd && (ready < 0 || pfd[qi].revents)) {
			sc_drain_queue(p, g, &u, &t);
		}
		if (mi < nfd && ready > 0 && (pfd[mi].revents & (POLLPRI | POLLERR))) {
			sc_gen_bump_epoch(g);
		}
	}
	if (t.events) {
		atomic_fetch_add_explicit(&g->events, t.events, memory_order_relaxed);
	}
	if (t.overflows) {
		atomic_fetch_add_explicit(&g->overflows, t.overflows, memory_order_relaxed);
		atomic_fetch_add_explicit(&g->flushes, t.overflows, memory_order_relaxed);
	}
	if (p->stale_max_ms && atomic_load_explicit(&p->stale_calibrating, memory_order_relaxed)) {
		/* still holding the drain: one calibration at a time, until one
		 * is taken (exact to 0.2 %, the bound 1 % short: no clock reads
		 * for it on later drains) or the counter cannot be trusted.
		 * relaxed: drainers write it, one at a time; a hit that reads
		 * the older value (or the clock's) drains no later either */
		uint64_t ticks = sc_stale_ticks(p->stale_max_ms);
		if (ticks == UINT64_MAX) {
			/* the counter cannot be trusted: the clock stays (relaxed: see
			 * sc_proc_stale(); sc_watcher_set_staleness() calibrates only a
			 * counter it found trusted, so this is no hit's clock yet) */
			atomic_store_explicit(&p->stale_calibrating, 0, memory_order_relaxed);
		} else if (ticks && ticks < (uint64_t) SC_STALE_NEVER) {
			atomic_store_explicit(&p->stale_ticks, (int64_t) ticks, memory_order_relaxed);
			atomic_store_explicit(&p->stale_calibrating, 0, memory_order_relaxed);
		}
	}
	if (atomic_load_explicit(&p->test_hold_drains, memory_order_relaxed) != 0) {
		sc_test_hold(p);
	}
	sc_gen_drain_end(g, odd, begun_ms, begun_ticks);
	return 1;
}

void sc_watcher_drain_pending(void)
{
	sc_gen *g = sc_the_proc.gen;
	/* Each round either drains (clearing pending before reading, so every
	 * sync point that set it before is covered) or waits for another
	 * thread's drain, after which pending is looked at again. */
	while (sc_gen_needs_sync(g)) {
		if (sc_watcher_drain()) {
			return;
		}
	}
}

void sc_watcher_flush(int clear_watches)
{
	sc_proc *p = &sc_the_proc;
	sc_gen *g = p->gen;

	if (!g) {
		return;
	}
	sc_gen_bump_epoch(g);
	atomic_fetch_add_explicit(&g->flushes, 1, memory_order_relaxed);
	if (clear_watches && p->ifd >= 0) {
		int32_t base = atomic_load(&g->wd_base), hi = atomic_load(&g->max_wd);
		/* relaxed: a count (sc_watcher_file_skip()); the cap starts again */
		atomic_store_explicit(&g->watch_skips, 0, memory_order_relaxed);
		/* claim (base, hi]: a concurrent flusher takes the rest */
		if (hi > base && atomic_compare_exchange_strong(&g->wd_base, &base, hi)) {
			/* every watch at or below hi goes: none of them is live, and
			 * their IN_IGNORED (below the new base) are not counted */
			atomic_store_explicit(&g->watches_gone, 0, memory_order_relaxed);
			for (int32_t wd = base + 1; wd <= hi; wd++) {
				inotify_rm_watch(p->ifd, wd);
			}
		}
		/* Again after the sweep: a fill that found one of the removed
		 * watches still in place recorded an epoch from before this. */
		sc_gen_bump_epoch(g);
	}
}

/* Live watches since the last flush: handed out (wd numbers only grow)
 * less those whose IN_IGNORED a drain has read.  Temporary directories
 * made and removed on every request leave no watch behind. */
static int32_t sc_live_watches(sc_gen *g)
{
	int32_t n = atomic_load(&g->max_wd) - atomic_load(&g->wd_base)
		- atomic_load_explicit(&g->watches_gone, memory_order_relaxed);
	return n < 0 ? 0 : n;
}

/* At max_watches: removes about want files' own watches, the oldest first
 * (wd numbers grow), and returns how many went.  Only a wd that a fill
 * found on a non-directory (sc_gen_is_file(): a fill in progress has not
 * marked its own yet) is removed: a file's
 * results record its watch's slot, which is bumped once the watch is gone
 * (and again when its IN_IGNORED is drained), so each of them misses and
 * is filled again with a new watch.  A directory's watch is kept: the
 * names below it depend on it through their name slots.  The range looked
 * at is claimed from the table (a CAS: in shared mode every worker's
 * evictions take turns over the same wds). */
static uint32_t sc_watcher_evict_watches(sc_proc *p, sc_gen *g, uint32_t want)
{
	uint32_t removed = 0;

	if (atomic_exchange(&p->file_wds_stale, 0)) {
		/* a fork()ed child's: its parent's, for another instance (a file
		 * marked since is only not evicted this time) */
		for (uint32_t i = 0; i < g->slots; i++) {
			atomic_store_explicit(&sc_gen_file_wds(g)[i], 0, memory_order_relaxed);
		}
	}
	while (removed < want) {
		int32_t hi = atomic_load(&g->max_wd), base = atomic_load(&g->wd_base);
		int32_t from = atomic_load(&g->wd_evicted), to;

		if (from < base) {
			from = base;
		}
		to = from + (int32_t) (want - removed); /* about want in all, not want a range */
		if (to > hi) {
			to = hi;
		}
		if (to <= from) {
			break; /* everything old enough was looked at */
		}
		{
			int32_t cur = atomic_load(&g->wd_evicted);
			if (cur > from || !atomic_compare_exchange_strong(&g->wd_evicted, &cur, to)) {
				continue; /* another took it, or a flush moved the base: again */
			}
		}
		for (int32_t wd = from + 1; wd <= to; wd++) {
			if (sc_gen_is_file(g, wd) && inotify_rm_watch(p->ifd, wd) == 0) {
				/* after the removal: a fill that read the slot before this
				 * misses; one that reads it after saw the watch gone */
				sc_gen_bump(g, sc_gen_watch_slot(g, wd));
				removed++;
			}
		}
	}
	atomic_fetch_add_explicit(&p->watch_evictions, removed, memory_order_relaxed);
	return removed;
}

/* Said once, by whichever way reaches the cap first: a file past it, or
 * a directory's watch over it. */
static void sc_log_watch_cap(const sc_proc *p)
{
	sc_log_once(SC_LOG_WATCH_EVICT, "statcache: statcache.max_watches (%u) reached; files past it are "
		"answered without a watch (not kept) and the oldest files' watches evicted now and then (raise "
		"statcache.max_watches if statcache_stats()'s watch_cap_bypassed or watch_evictions keep growing)",
		p->set.max_watches);
}

/* The most live watches a file's own watch may be added below: the cap
 * less the room kept for directories' watches (sc_walk_reserve()). */
static int32_t sc_file_watch_limit(const sc_proc *p)
{
	return (int32_t) (p->set.max_watches - sc_walk_reserve(p->set.max_watches));
}

bool sc_watcher_files_full(void)
{
	sc_proc *p = &sc_the_proc;

	return sc_live_watches(p->gen) >= sc_file_watch_limit(p);
}

int sc_watcher_file_skip(void)
{
	sc_proc *p = &sc_the_proc;
	sc_gen *g = p->gen;
	uint32_t batch = sc_cap_batch(p->set.max_watches, SC_WATCH_EVICT_SHARE);
	/* relaxed: a count that only decides when to evict; nothing is
	 * published by it (the eviction claims its wds on wd_evicted) */
	uint32_t n = atomic_fetch_add_explicit(&g->watch_skips, 1, memory_order_relaxed) + 1;

	if (n == 1) {
		sc_log_watch_cap(p);
	}
	if (n < sc_cap_skips(p->set.max_watches, SC_WATCH_EVICT_SHARE)
			|| !atomic_compare_exchange_strong_explicit(&g->watch_skips, &n, 0, memory_order_relaxed,
				memory_order_relaxed)) {
		return 0; /* not yet, or another thread's (worker's) miss evicts */
	}
	/* IN_IGNORED of watches gone since the last drain may be queued: count
	 * them first (a drain here only bumps, which the fill in progress
	 * cannot miss: it read its values before) */
	sc_watcher_drain();
	if (sc_live_watches(g) >= sc_file_watch_limit(p) && sc_watcher_evict_watches(p, g, batch) > 0) {
		sc_watcher_drain(); /* their IN_IGNORED, queued by now, counted */
	}
	return sc_live_watches(g) < sc_file_watch_limit(p);
}

/* A watch added (wd) or refused (-errno) for path: counted, the cap kept.
 * A refusal other than a missing name or one PHP may not read (EACCES:
 * PHP's own calls answer for it) is counted; ENOSPC said once. */
static int sc_watch_added(const char *path, int wd)
{
	sc_proc *p = &sc_the_proc;
	sc_gen *g = p->gen;
	int32_t m;

	(void) path;
	if (wd < 0) {
		int e = errno;
		if (e == ENOSPC) {
			atomic_fetch_add_explicit(&p->failed_watches, 1, memory_order_relaxed);
			sc_log_once(SC_LOG_NO_WATCHES, "statcache: inotify_add_watch() failed with ENOSPC; "
				"files and directories past the limit are left to PHP (raise fs.inotify.max_user_watches)");
		} else if (e != ENOENT && e != ENOTDIR) {
			atomic_fetch_add_explicit(&p->failed_watches, 1, memory_order_relaxed);
		}
		return -e;
	}
	m = atomic_load_explicit(&g->max_wd, memory_order_relaxed);
	while (wd > m && !atomic_compare_exchange_weak(&g->max_wd, &m, wd)) {
	}
	if (wd > m && sc_live_watches(g) > (int32_t) p->set.max_watches) {
		/* IN_IGNORED of watches gone since the last drain may be queued:
		 * count them before deciding (a drain here only bumps, which the
		 * fill in progress cannot miss: it read its values before) */
		sc_watcher_drain();
		if (sc_live_watches(g) > (int32_t) p->set.max_watches
				&& sc_watcher_evict_watches(p, g, p->set.max_watches / 8 + 1) > 0) {
			/* their IN_IGNORED, queued by now, counted */
			sc_watcher_drain();
			sc_log_watch_cap(p);
		}
		if (sc_live_watches(g) > (int32_t) p->set.max_watches) {
			/* directories' watches alone over the cap */
			sc_log_once(SC_LOG_WATCH_CAP, "statcache: statcache.max_watches (%u) reached; everything is "
				"dropped and watched again (raise statcache.max_watches if this repeats)", p->set.max_watches);
			sc_watcher_flush(1);
		}
	}
	return wd;
}

int sc_watcher_add_watch(const char *dir)
{
	/* IN_MASK_ADD: a watch already there (another thread's results, this
	 * thread's refill, a first look's) keeps what it asked for */
	int wd;

	if (sc_watcher_instance() < 0) {
		return sc_watch_added(dir, -1);
	}
	wd = inotify_add_watch(sc_the_proc.ifd, dir, SC_DIR_MASK | IN_MASK_ADD | IN_DONT_FOLLOW | IN_ONLYDIR);
	if (wd >= 0) {
		/* before anything is filled from it: its own events are a
		 * directory's (src/core/events.c) */
		sc_gen_mark_dir(sc_the_proc.gen, wd);
	}
	return sc_watch_added(dir, wd);
}

int sc_watcher_add_watch_any(const char *path)
{
	/* IN_MASK_ADD, as above; the name is not followed (a symlink's own
	 * inode) */
	if (sc_watcher_instance() < 0) {
		return sc_watch_added(path, -1);
	}
	return sc_watch_added(path, inotify_add_watch(sc_the_proc.ifd, path,
		SC_DIR_MASK | SC_FILE_MASK | IN_MASK_ADD | IN_DONT_FOLLOW));
}

void sc_watcher_watch_is_dir(int wd)
{
	sc_gen_mark_dir(sc_the_proc.gen, wd);
}

int sc_watcher_watch_count(void)
{
	sc_gen *g = sc_the_proc.gen;
	if (!g) {
		return 0;
	}
	return (int) sc_live_watches(g);
}
