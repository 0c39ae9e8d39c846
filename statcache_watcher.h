/*
 * statcache: the process-wide invalidation machine.
 *
 * One inotify instance (private, or inherited from the master in shared
 * mode), with statcache.watcher=thread one watcher thread that blocks in
 * epoll_wait() and only sets the table's pending flag, and the drain
 * (src/engine/drain.c) that applies queued events to the generation table.
 * Everything here is shared by every PHP thread of the process; the
 * per-thread results live in src/engine/resolve.h.
 */
#ifndef STATCACHE_WATCHER_H
#define STATCACHE_WATCHER_H

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include "core/gen.h"
#include "core/events.h"
#include "statcache_shared.h"

typedef enum {
	SC_PROC_OFF = 0,     /* not started in this process yet */
	SC_PROC_READY,       /* instance, epoll set and (normally) watcher running */
	SC_PROC_FAILED       /* no inotify here: the cache stays off in this process */
} sc_proc_state;

/* Who notices another process's change (statcache.watcher, resolved at
 * MINIT).  THREAD: a watcher thread wakes on the queue and the mount table
 * and sets the pending flag, so the next lookup drains.  LOOKUP: no thread
 * (glibc keeps its single-threaded paths); a lookup drains when the last
 * drain is older than max_staleness_ms, and that drain polls the queue
 * and the mount table.  LOOKUP needs a bound: sc_watcher_startup() turns
 * it into THREAD with max_staleness_ms=0. */
typedef enum {
	SC_WATCHER_THREAD = 0,
	SC_WATCHER_LOOKUP
} sc_watcher_kind;

typedef struct sc_proc_settings {
	uint32_t slots;
	uint32_t max_watches;
	uint32_t max_staleness_ms;
	int shared;
	uint32_t shared_users;     /* shared mode: regions and instances made at startup, one per user */
	int test_watcher;          /* 0: the watcher never sets the flag (tests) */
	int test_untrusted;        /* every file system is untrusted (tests) */
	int test_clock;            /* the clock decides, as where the tick counter cannot be trusted (tests) */
	int wall_wanted;           /* hits need a ceiling of time() (ZTS: PHP's realpath cache expiry) */
	int threads;               /* request threads share the table (ZTS) */
	sc_watcher_kind watcher;
} sc_proc_settings;

typedef struct sc_proc {
	/* Read on every hit: written only at startup, fork and shutdown. */
	sc_gen *gen;
	uint16_t stale_after_ms;   /* drain when the last one is this old (0: never) */
	uint8_t wall_wanted;       /* renew wall_ceiling too (sc_proc_wall_wanted()) */
	_Atomic uint8_t stale_calibrating; /* the tick counter may still take over from the clock */
	_Atomic int state;
	_Atomic int64_t stale_ticks; /* the bound in sc_ticks() once calibrated; SC_STALE_CLOCK
	                              * before (the clock decides), SC_STALE_NEVER without one */
	_Atomic uint64_t hit_deadline; /* sc_ticks() until which a hit needs no drain: a drain's
	                              * stamp plus stale_ticks, 0 (ask) or UINT64_MAX (no bound);
	                              * with hit_clock, CLOCK_MONOTONIC ns until which; see
	                              * sc_proc_deadline_renew() */
	_Atomic uint8_t hit_clock;   /* the clock decides for good (no trusted tick counter):
	                              * hit_deadline is in its ns */
	_Atomic int64_t wall_ceiling; /* time(NULL) no hit before hit_deadline can see passed
	                              * (0: not known); see sc_proc_deadline_renew() */
	char pad0[SC_CACHE_LINE - 48];

	sc_proc_settings set;
	uint32_t stale_max_ms;     /* the bound in force (sc_proc_set_staleness) */
	sc_region region;
	int ifd;                   /* inotify instance; -1 when none */
	int ifd_inherited;         /* shared mode: created by the master, not ours to close */
	int epfd;                  /* watcher's epoll set */
	int stopfd;                /* eventfd that ends the watcher */
	int mount_watch_fd;        /* /proc/self/mountinfo in the epoll set (THREAD only) */
	int mount_drain_fd;        /* polled by drains: mounts by a child we waited for, and
	                            * (LOOKUP) every other process's */
	_Atomic int first_looked;    /* a first look was answered (src/engine/resolve.c): as
	                            * cached as a watched one for statcache_share() */
	_Atomic int instance_ready;  /* ifd and mount_drain_fd are made (release, by their
	                            * maker under init_lock; a drain reads them after an
	                            * acquire of this): at start, or per worker without a
	                            * thread at the first watch (sc_watcher_instance()) */
	int32_t pid;               /* this process (a drainer's mark in the table) */
	uint64_t mount_ns;         /* inode of /proc/self/ns/mnt at startup (0: unknown) */
	pthread_t thread;
	int thread_running;
	int errno_at_failure;
	const char *off_reason;    /* why the cache is off in this process */
	_Atomic uint64_t watcher_wakeups;
	_Atomic uint64_t failed_watches;
	_Atomic uint64_t watch_evictions; /* files' watches removed at max_watches (this process) */
	_Atomic int file_wds_stale;  /* a fork()ed child's private table still holds its parent's
	                              * sc_gen_file_wds(): cleared before its first eviction */
	_Atomic uint64_t untrusted_dirs;
	/* Shared mode: what the master made for its workers' users, each
	 * region and instance taken by the first worker of a user
	 * (sc_watcher_claim()), which keeps its own and lets go of the rest */
	sc_region tenants[SC_MAX_TENANTS];
	int tenant_fds[SC_MAX_TENANTS];
	uint32_t ntenants;           /* still held by this process (0: claimed, or none) */
	int tenant_overflow;         /* this worker's user found none left: it caches per worker */
	/* tests (statcache_test_hold_drains()): this process's next drains hold
	 * the sequence this long after reading the queue */
	_Atomic uint32_t test_hold_ms;
	_Atomic int32_t test_hold_drains;
} sc_proc;

/* The one machine of this process.  ZTS-safe: its fields are written at
 * MINIT/MSHUTDOWN (one thread), in a pthread_atfork child handler (one
 * thread), or under init_lock; the hit path only reads gen, the settings
 * and the atomic state. */
#if defined(__GNUC__) && !defined(_WIN32)
extern __attribute__((visibility("hidden"))) sc_proc sc_the_proc; /* no GOT load on the hit path */
#else
extern sc_proc sc_the_proc;
#endif

/* Called in a fork()ed child after the machine's own reset (src/php/module/threads.c
 * points every thread's counters back at their private copy). */
extern void (*sc_fork_child_hook)(void);

/* Keeps this extension mapped for good: needed by any pthread_atfork(). */
void sc_pin_image(void);

int sc_watcher_startup(const sc_proc_settings *s);
void sc_watcher_shutdown(void);
/* Lazily starts the instance and the watcher in this process: 0 if usable. */
int sc_watcher_start_slow(void);

static inline int sc_watcher_start(void)
{
	/* acquire: pairs with the release that publishes a started machine */
	if (atomic_load_explicit(&sc_the_proc.state, memory_order_acquire) == SC_PROC_READY) {
		return 0;
	}
	return sc_watcher_start_slow();
}
/* The inotify instance and the mount table's fd, made now if not yet
 * (a worker without a thread makes them at its first watch: a request
 * that only takes first looks makes neither, nor polls them at its
 * drains): 0, or -1 with errno when they could not be made (the cache is
 * then off in this process, said once in the log). */
int sc_watcher_instance_slow(void);

static inline int sc_watcher_instance(void)
{
	/* acquire: pairs with the release that publishes the two fds */
	if (atomic_load_explicit(&sc_the_proc.instance_ready, memory_order_acquire)) {
		return 0;
	}
	return sc_watcher_instance_slow();
}
/* Shared mode from a PHP master (statcache_share()): region + instance now. */
int sc_watcher_share(uint32_t slots);
/* Shared mode, at a worker's first request (before any PHP code runs in
 * it): takes the region and instance of the worker's user (the first free
 * one for a user new to the master) and closes and unmaps every other
 * user's, which then no code of this process can read; past
 * statcache.shared_users users, caches per worker.  1 when this process
 * took another table than the one it ran on (its results go), else 0.
 * One load once done. */
int sc_watcher_claim(void);

/* A sync point: this process changed the file system. */
static inline void sc_watcher_mark_pending(void)
{
	if (sc_the_proc.gen) {
		sc_gen_mark_pending(sc_the_proc.gen);
	}
}

#define SC_STALE_CLOCK INT64_MIN
#define SC_STALE_NEVER INT64_MAX

/* The hit's half of sc_proc_stale(): is the last drain older than the
 * bound, by the tick counter?  True too while the clock must decide
 * (SC_STALE_CLOCK: every age is at least that), never without a bound
 * (SC_STALE_NEVER).  One instruction to read the counter, a subtraction
 * and a compare; signed, so that a CPU whose counter trails the
 * drainer's by a few ticks reads a small negative age, not a huge one.
 * Both loads relaxed: a stamp read late is older (the age only grows, the
 * drain comes earlier), and stale_ticks changes only from the clock to a
 * calibration or between two calibrations, each within the bound. */
SC_ALWAYS_INLINE int sc_proc_stale_ticks(const sc_gen *g)
{
	return (int64_t) (sc_ticks() - atomic_load_explicit(&((sc_gen *) g)->last_drain_ticks, memory_order_relaxed))
		>= atomic_load_explicit(&sc_the_proc.stale_ticks, memory_order_relaxed);
}

/* Does the clock decide for good (hit_clock; always without a tick
 * counter)?  The handlers (src/php/answers/hit.h) ask once, first, and go on in
 * a build of their entry for either clock: the clock's read is a call,
 * and a call in the entry the tick counter serves would make it save
 * registers and keep a stack on every hit. */
SC_ALWAYS_INLINE int sc_proc_hit_clocked(void)
{
	/* relaxed: hit_clock is set before the machine is published, with
	 * hit_deadline 0 (ask), and never changes after */
	return !SC_HAVE_TICKS || atomic_load_explicit(&sc_the_proc.hit_clock, memory_order_relaxed);
}

/* The hit's half of sc_proc_stale() in one compare, for a caller that
 * found the clock does not decide (!sc_proc_hit_clocked()): has the tick
 * counter reached hit_deadline (no call)?  The deadline is
 * last_drain_ticks plus the bound in ticks as the slow path last found
 * them (sc_proc_deadline_renew()):
 * never later than the true one, as the stamp only moves forward (a drain
 * in another worker moves it without this process's deadline: the hit
 * then takes the slow path once, which renews it).  relaxed: a deadline
 * read late is an earlier one.  A CPU whose counter trails the drainer's
 * by a few ticks reads the deadline a few ticks later: within the 1 %
 * the bound in ticks is taken short. */
SC_ALWAYS_INLINE int sc_proc_hit_due_ticks(void)
{
	return sc_ticks() >= atomic_load_explicit(&sc_the_proc.hit_deadline, memory_order_relaxed);
}

/* sc_proc_hit_due_ticks() for a caller that found the clock decides
 * (sc_proc_hit_clocked()): CLOCK_MONOTONIC against the deadline in ns
 * (sc_proc_deadline_renew()). */
SC_ALWAYS_INLINE int sc_proc_hit_due_clock(void)
{
	return sc_now_fine_ns() >= atomic_load_explicit(&sc_the_proc.hit_deadline, memory_order_relaxed);
}

/* hit_deadline from the last drain's stamp and the bound in ticks (0
 * while the clock decides: every hit asks; UINT64_MAX without a bound);
 * where the clock decides for good (hit_clock), the stamp plus the bound
 * in CLOCK_MONOTONIC ns: a hit is due at the age sc_proc_stale() drains
 * at, so the hit reads that clock and skips the slow path as it does with
 * the counter.  The stamp is truncated to ms, so never later than its
 * drain: the deadline comes early by under a ms, never late.
 * On the slow path, after it found no drain due or drained.  relaxed,
 * all three: stale_ticks only moves from the clock to a calibration or
 * between calibrations, each within the bound, and a stamp read late is
 * an older one, so any deadline stored is no later than the bound; two
 * threads storing theirs leave one of two such. */
/* wall_ceiling for a hit_deadline d about to be stored: the wall clock's
 * second now plus the bound and two (time() counts whole seconds, and
 * d is at most the bound from now), so that no hit before d reads a
 * later time(); 0 where d bounds nothing (0: every hit asks;
 * UINT64_MAX: no bound).  Only ever raised (a renew that slept between
 * its time() and this store cannot lower it), and stored before d.
 * Assumes the wall clock is not stepped forward within the bound: a
 * ceiling then too low is caught at the next renew. */
static inline void sc_proc_wall_renew(uint64_t d)
{
	int64_t w = 0, cur;

	if (d != 0 && d != UINT64_MAX) {
		w = (int64_t) time(NULL) + sc_the_proc.stale_after_ms / 1000 + 2;
	}
	cur = atomic_load_explicit(&sc_the_proc.wall_ceiling, memory_order_relaxed);
	if (w == 0) {
		atomic_store_explicit(&sc_the_proc.wall_ceiling, 0, memory_order_relaxed);
		return;
	}
	while (cur < w && !atomic_compare_exchange_weak_explicit(&sc_the_proc.wall_ceiling, &cur, w,
			memory_order_relaxed, memory_order_relaxed)) {
	}
}

/* For a hit that passed hit_deadline's test (which read it relaxed): a
 * time() at least PHP's now, from the ceiling stored with that deadline or
 * a later one (the acquire fence pairs with the deadline's release
 * store); 0 where none is known (no bound, or every hit asks): the
 * caller then asks time() itself, out of its hit path. */
static inline time_t sc_proc_wall_ceiling(void)
{
	atomic_thread_fence(memory_order_acquire);
	return (time_t) atomic_load_explicit(&sc_the_proc.wall_ceiling, memory_order_relaxed);
}

static inline void sc_proc_deadline_renew(const sc_gen *g)
{
	int64_t st = atomic_load_explicit(&sc_the_proc.stale_ticks, memory_order_relaxed);
	uint64_t d;

	if (st == SC_STALE_CLOCK) {
		d = atomic_load_explicit(&sc_the_proc.hit_clock, memory_order_relaxed)
			? (atomic_load_explicit(&((sc_gen *) g)->last_drain_ms, memory_order_relaxed)
				+ sc_the_proc.stale_after_ms) * 1000000u
			: 0;
	} else if (st == SC_STALE_NEVER) {
		d = UINT64_MAX;
	} else {
		d = atomic_load_explicit(&((sc_gen *) g)->last_drain_ticks, memory_order_relaxed) + (uint64_t) st;
	}
	if (sc_the_proc.wall_wanted) {
		sc_proc_wall_renew(d);
	}
	/* release: a hit that reads this deadline reads a ceiling made for it
	 * or a later one (sc_proc_wall_ceiling()) */
	atomic_store_explicit(&sc_the_proc.hit_deadline, d, memory_order_release);
}

/* Is the last drain older than the staleness bound?  Once the tick
 * counter is calibrated (statcache_watcher.c), sc_proc_stale_ticks()
 * alone; before that, or where it cannot be trusted, the clock. */
SC_ALWAYS_INLINE int sc_proc_stale(const sc_gen *g)
{
	if (!sc_proc_stale_ticks(g)) {
		return 0;
	}
	if (atomic_load_explicit(&sc_the_proc.stale_ticks, memory_order_relaxed) != SC_STALE_CLOCK) {
		return 1;
	}
	if (sc_the_proc.stale_after_ms) {
		/* in ns: the stamp is the drain's CLOCK_MONOTONIC ms, truncated
		 * (never later than the drain), and "now" is not, so the age
		 * found is never less than the real one */
		uint64_t now = sc_now_fine_ns();
		uint64_t age = now - atomic_load_explicit(&((sc_gen *) g)->last_drain_ms, memory_order_relaxed) * 1000000u;
		/* a drain early enough for the calibration, which drains make
		 * (sc_stale_ticks()), to come soon under a long bound too
		 * (relaxed: a flag read late costs one early drain) */
		return age >= (uint64_t) sc_the_proc.stale_after_ms * 1000000u
			|| (atomic_load_explicit(&sc_the_proc.stale_calibrating, memory_order_relaxed)
				&& age >= SC_TICKS_CALIBRATION_NS);
	}
	return 0;
}


/* How the hit path tells that the staleness bound is due, for
 * statcache_stats()'s "staleness_clock": "ticks" (the calibrated tick
 * counter), "calibrating" (the clock, until the counter's rate is known),
 * "clock" (the counter cannot be trusted here), "none" (no bound, or no
 * process machine yet). */
const char *sc_staleness_clock(void);

/* Who notices other processes' changes in this process, for
 * statcache_stats()'s "watcher": "thread" (a watcher thread runs, or will
 * at the first lookup), "lookup" (none: drains by the staleness bound). */
const char *sc_watcher_kind_name(void);


#endif
