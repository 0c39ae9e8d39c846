/*
 * statcache: the process-wide invalidation machine (see statcache_watcher.h).
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include "statcache_watcher.h"
#include "core/events.h"
#include "core/log.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/stat.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <time.h>
#include <unistd.h>

void (*sc_fork_child_hook)(void);

sc_proc sc_the_proc = { .ifd = -1, .epfd = -1, .stopfd = -1, .mount_watch_fd = -1, .mount_drain_fd = -1 };

/* Guards starting the instance and the watcher (miss path only).  An atomic
 * flag rather than a mutex so that a fork()ed child, which may inherit it
 * held by a thread that does not exist there, can simply reset it. */
static atomic_flag sc_start_lock = ATOMIC_FLAG_INIT;

static void sc_lock(void)
{
	while (atomic_flag_test_and_set_explicit(&sc_start_lock, memory_order_acquire)) {
		sched_yield();
	}
}

static void sc_unlock(void)
{
	atomic_flag_clear_explicit(&sc_start_lock, memory_order_release);
}

static void sc_close(int *fd)
{
	if (*fd >= 0) {
		close(*fd);
		*fd = -1;
	}
}

/* A fork()ed child has no watcher thread and must never read its parent's
 * queue: it drops its copies of the per-process fds and starts again on
 * first use.  In shared mode the region and the instance are the point of
 * forking, so they stay; otherwise the child's inherited results are
 * dropped with an epoch bump of its private copy of the table. */
static void sc_atfork_child(void)
{
	sc_proc *p = &sc_the_proc;

	atomic_flag_clear_explicit(&sc_start_lock, memory_order_relaxed);
	p->pid = (int32_t) getpid();
	p->thread_running = 0;
	atomic_store_explicit(&p->hit_deadline, 0, memory_order_relaxed); /* the parent's drains are not ours */
	sc_close(&p->epfd);
	sc_close(&p->stopfd);
	sc_close(&p->mount_watch_fd);
	sc_close(&p->mount_drain_fd);
	atomic_store_explicit(&p->instance_ready, 0, memory_order_relaxed);
	if (!p->gen) {
		return;
	}
	if (!p->region.shared) {
		sc_close(&p->ifd);
		atomic_store_explicit(&p->gen->sync, 0, memory_order_relaxed); /* sequence and pending */
		atomic_store_explicit(&p->gen->max_wd, 0, memory_order_relaxed);
		atomic_store_explicit(&p->gen->wd_base, 0, memory_order_relaxed);
		atomic_store_explicit(&p->gen->wd_evicted, 0, memory_order_relaxed);
		atomic_store_explicit(&p->gen->watch_skips, 0, memory_order_relaxed);
		/* the parent's file wds name other watches in the child's new
		 * instance: cleared before the child's first eviction (not here:
		 * every fork() would pay for it) */
		atomic_store_explicit(&p->file_wds_stale, 1, memory_order_relaxed);
		atomic_store_explicit(&p->gen->watches_gone, 0, memory_order_relaxed);
		sc_gen_bump_epoch(p->gen);
	}
	if (atomic_load_explicit(&p->state, memory_order_relaxed) == SC_PROC_READY) {
		atomic_store_explicit(&p->state, SC_PROC_OFF, memory_order_relaxed);
	}
	if (sc_fork_child_hook) {
		sc_fork_child_hook();
	}
}

/* pthread_atfork handlers cannot be removed, so the image that registers
 * one must stay mapped: pinned with RTLD_NODELETE (an unloaded extension
 * would leave the C library a dangling handler). */
void sc_pin_image(void)
{
	Dl_info info;

	if (dladdr((void *) sc_pin_image, &info) && info.dli_fname) {
		void *self = dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
		(void) self; /* the reference is meant to be kept */
	}
}

/* Registers once per image, which also makes MSHUTDOWN + MINIT (Apache
 * graceful restart) safe. */
static void sc_register_atfork(void)
{
	static int registered;

	if (registered) {
		return;
	}
	sc_pin_image();
	pthread_atfork(NULL, NULL, sc_atfork_child);
	registered = 1;
}

/* Turns the staleness bound into the hit path's test: the tick counter
 * where the kernel keeps time with it (once calibrated), else
 * CLOCK_MONOTONIC, which drain stamps come from too.  Not the coarse
 * clock: it lags by its step and by however late its tick comes (8.8 ms
 * seen under load on a KVM guest), which a bound kept by it would add. */
static void sc_watcher_set_staleness(sc_proc *p, uint32_t max_ms)
{
	int trusted;

	if (max_ms > UINT16_MAX) {
		max_ms = UINT16_MAX;
	}
	/* the counter's trust now, with the machine's other opens, not in the
	 * first drain's calibration; where it cannot be trusted nothing is
	 * calibrated and the clock decides from the start */
	trusted = max_ms != 0 && !p->set.test_clock && sc_ticks_probe();
	p->stale_max_ms = max_ms;
	atomic_store_explicit(&p->stale_calibrating, trusted, memory_order_relaxed);
	p->stale_after_ms = (uint16_t) max_ms;
	p->wall_wanted = (uint8_t) (p->set.wall_wanted != 0);
	atomic_store_explicit(&p->wall_ceiling, 0, memory_order_relaxed);
	/* relaxed: set before the machine is published (state, release) */
	atomic_store_explicit(&p->stale_ticks, max_ms == 0 ? SC_STALE_NEVER : SC_STALE_CLOCK, memory_order_relaxed);
	/* relaxed, after stale_ticks: hits ask until a lookup renews it */
	atomic_store_explicit(&p->hit_deadline, 0, memory_order_relaxed);
	/* the clock for good: hits compare it with a deadline in its ns
	 * (relaxed: see sc_proc_hit_clocked()) */
	atomic_store_explicit(&p->hit_clock, max_ms != 0 && !trusted, memory_order_relaxed);
}

/* This process's mount namespace (the inode of /proc/self/ns/mnt; 0 when
 * it cannot be told): whether a sibling's drain read the same mount table. */
static uint64_t sc_mount_ns(void)
{
	struct stat st;

	return stat("/proc/self/ns/mnt", &st) == 0 ? (uint64_t) st.st_ino : 0;
}

static int sc_tenants_create(sc_proc *p, const sc_proc_settings *s);

int sc_watcher_startup(const sc_proc_settings *s)
{
	sc_proc *p = &sc_the_proc;
	int rc;

	memset(p, 0, sizeof(*p));
	p->ifd = p->epfd = p->stopfd = p->mount_watch_fd = p->mount_drain_fd = -1;
	p->set = *s;
	if (p->set.watcher == SC_WATCHER_LOOKUP && p->set.max_staleness_ms == 0) {
		/* no bound, no drain by age: only a watcher would ever notice
		 * another process's change (the PHP layer has said so) */
		p->set.watcher = SC_WATCHER_THREAD;
	}
	p->pid = (int32_t) getpid();
	p->mount_ns = sc_mount_ns();
	if (p->set.max_staleness_ms != 0 && !p->set.test_clock) {
		/* the clock source's trust is the machine's: read here, once (a
		 * php-fpm master's workers inherit it), not at a worker's first
		 * lookup, whose request would pay for it */
		sc_ticks_probe();
	}
	atomic_flag_clear(&sc_start_lock);
	sc_register_atfork();

	if (s->shared) {
		return sc_tenants_create(p, s);
	}
	rc = sc_shared_create(&p->region, s->slots, 0, SC_SHARED_WORKERS);
	if (rc < 0) {
		p->off_reason = "could not allocate the generation table";
		p->errno_at_failure = -rc;
		atomic_store(&p->state, SC_PROC_FAILED);
		sc_log_once(SC_LOG_NO_INSTANCE, "statcache: could not allocate the generation table (%s); "
			"the cache is off", strerror(-rc));
		return rc;
	}
	p->gen = p->region.gen;
	/* no watcher thread, no other request thread: this thread alone
	 * bumps and reads the table (sc_gen_deps_recheck()); a region made
	 * for shared mode later starts without it */
	p->gen->solo = p->set.watcher == SC_WATCHER_LOOKUP && !p->set.threads;
	atomic_store(&p->state, SC_PROC_OFF);
	return 0;
}

/* Closes and unmaps the users' regions and instances this process still
 * holds, but keep (an index, or -1: all of them). */
static void sc_tenants_release(sc_proc *p, int keep)
{
	for (uint32_t i = 0; i < p->ntenants; i++) {
		if ((int) i != keep) {
			sc_close(&p->tenant_fds[i]);
			sc_shared_unmap(&p->tenants[i]);
		}
	}
	p->ntenants = 0;
}

/* Shared mode at startup (php-fpm's master before it forks, Apache's
 * parent): a region and an instance for each of statcache.shared_users
 * users, all inherited by every worker, which at its first request keeps
 * its own user's only (sc_watcher_claim()).  The master runs on the first
 * until then (it makes no lookup in php-fpm or Apache).  Fewer than asked
 * when the kernel runs out of instances: said once; none at all turns the
 * cache off. */
static int sc_tenants_create(sc_proc *p, const sc_proc_settings *s)
{
	uint32_t want = s->shared_users ? s->shared_users : 1, n;
	int rc = 0, err = 0;

	if (want > SC_MAX_TENANTS) {
		want = SC_MAX_TENANTS;
	}
	for (n = 0; n < want; n++) {
		int fd;
		rc = sc_shared_create(&p->tenants[n], s->slots, 1, SC_SHARED_WORKERS);
		if (rc < 0) {
			err = -rc;
			break;
		}
		fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
		if (fd < 0) {
			err = errno;
			sc_shared_unmap(&p->tenants[n]);
			break;
		}
		p->tenant_fds[n] = fd;
	}
	p->ntenants = n;
	if (n == 0) {
		p->errno_at_failure = err;
		atomic_store(&p->state, SC_PROC_FAILED);
		if (rc < 0) {
			p->off_reason = "could not allocate the generation table";
			sc_log_once(SC_LOG_NO_INSTANCE, "statcache: could not allocate the generation table (%s); "
				"the cache is off", strerror(err));
		} else {
			p->off_reason = "inotify_init1() failed (fs.inotify.max_user_instances?)";
			sc_log_once(SC_LOG_NO_INSTANCE, "statcache: inotify_init1() failed: %s; the cache is off "
				"(raise fs.inotify.max_user_instances)", strerror(err));
		}
		return -err;
	}
	if (n < want) {
		sc_log_once(SC_LOG_NO_INSTANCE, "statcache: statcache.shared_users=%u, but only %u regions and inotify "
			"instances could be made (%s); workers of further users cache per worker", want, n, strerror(err));
	}
	p->region = p->tenants[0];
	p->gen = p->region.gen;
	p->ifd = p->tenant_fds[0];
	p->ifd_inherited = 1;
	atomic_store(&p->state, SC_PROC_OFF);
	return 0;
}

int sc_watcher_claim(void)
{
	sc_proc *p = &sc_the_proc;
	uint32_t me, k, cur;
	int switched;

	if (!p->ntenants) {
		return 0;
	}
	sc_lock();
	if (!p->ntenants) {
		sc_unlock();
		return 0;
	}
	/* the worker's user: php-fpm and Apache switch to it before the first
	 * request (a user new to the master takes the first free region) */
	me = (uint32_t) geteuid() + 1;
	for (k = 0; k < p->ntenants; k++) {
		cur = atomic_load_explicit(&p->tenants[k].gen->tenant, memory_order_relaxed);
		if (cur == me || (cur == 0 && atomic_compare_exchange_strong(&p->tenants[k].gen->tenant, &cur, me))
				|| cur == me) {
			break;
		}
	}
	if (k < p->ntenants) {
		switched = p->gen != p->tenants[k].gen;
		p->region = p->tenants[k];
		p->gen = p->region.gen;
		p->ifd = p->tenant_fds[k];
		p->ifd_inherited = 1;
		sc_tenants_release(p, (int) k);
	} else {
		/* every region is another user's: this worker caches per worker,
		 * on a table and an instance (made at its first lookup) of its own */
		sc_region own;
		if (sc_shared_create(&own, 65536, 0, 0) < 0) {
			p->off_reason = "could not allocate the generation table";
			atomic_store(&p->state, SC_PROC_FAILED);
			sc_tenants_release(p, -1);
			p->gen = NULL;
			sc_unlock();
			return 1;
		}
		sc_tenants_release(p, -1);
		p->region = own;
		p->gen = own.gen;
		p->ifd = -1;
		p->ifd_inherited = 0;
		p->set.shared = 0;
		p->tenant_overflow = 1;
		switched = 1;
		sc_log_once(SC_LOG_NO_INSTANCE, "statcache: more users than statcache.shared_users run workers of this "
			"master; the workers of user %u cache per worker", me - 1);
	}
	sc_unlock();
	return switched;
}

int sc_watcher_share(uint32_t slots)
{
	sc_proc *p = &sc_the_proc;
	sc_region r;
	int rc, fd;

	sc_lock();
	if (p->region.shared) {
		sc_unlock();
		return -EALREADY;
	}
	/* a first look's answer is cached as a watched one is */
	if (atomic_load(&p->state) == SC_PROC_READY
			&& (atomic_load(&p->gen->max_wd) > 0 || atomic_load(&p->first_looked))) {
		sc_unlock();
		return -EBUSY;
	}
	rc = sc_shared_create(&r, slots, 1, SC_SHARED_WORKERS);
	if (rc < 0) {
		sc_unlock();
		return rc;
	}
	fd = p->ifd >= 0 ? p->ifd : inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (fd < 0) {
		rc = -errno;
		sc_shared_unmap(&r);
		sc_unlock();
		return rc;
	}
	/* carry the epoch over so that nothing filled before counts */
	atomic_store(&r.gen->epoch, sc_gen_epoch(p->gen) + 1);
	sc_shared_unmap(&p->region);
	p->region = r;
	p->gen = r.gen;
	p->ifd = fd;
	p->ifd_inherited = 1;
	p->mount_ns = sc_mount_ns(); /* the workers' drains stand in for each other's */
	p->set.shared = 1;
	p->set.slots = slots;
	sc_unlock();
	return 0;
}

static void sc_stop_watcher(sc_proc *p)
{
	if (p->thread_running) {
		uint64_t one = 1;
		if (write(p->stopfd, &one, sizeof(one)) == sizeof(one)) {
			pthread_join(p->thread, NULL);
		} else {
			pthread_cancel(p->thread);
			pthread_join(p->thread, NULL);
		}
		p->thread_running = 0;
	}
}

void sc_watcher_shutdown(void)
{
	sc_proc *p = &sc_the_proc;

	sc_stop_watcher(p);
	sc_close(&p->epfd);
	sc_close(&p->stopfd);
	sc_close(&p->mount_watch_fd);
	sc_close(&p->mount_drain_fd);
	atomic_store_explicit(&p->instance_ready, 0, memory_order_relaxed);
	/* Closing our copy of a shared instance leaves the siblings' copies. */
	if (p->ntenants) {
		/* the users' regions and instances never claimed here (the master's
		 * own, tenants[0], is p->region and p->ifd as well) */
		sc_tenants_release(p, 0);
	}
	sc_close(&p->ifd);
	sc_shared_unmap(&p->region);
	p->gen = NULL;
	atomic_store(&p->state, SC_PROC_OFF);
}

/* epoll_wait() failed for good: without the watcher's notice another
 * process's change would wait for max_staleness_ms, or forever when that is
 * 0.  The watcher turns into a clock instead: the table is pending every
 * millisecond (a lookup then drains, as when no watcher could start),
 * until sc_stop_watcher() writes the eventfd (or cancels: nanosleep is a
 * cancellation point). */
static void *sc_watcher_degraded(sc_proc *p)
{
	const struct timespec ms = { .tv_sec = 0, .tv_nsec = 1000000L };
	uint64_t v;

	for (;;) {
		if (read(p->stopfd, &v, sizeof(v)) == (ssize_t) sizeof(v)) {
			return NULL;
		}
		atomic_fetch_add_explicit(&p->watcher_wakeups, 1, memory_order_relaxed);
		if (p->set.test_watcher) {
			sc_gen_mark_pending(p->gen);   /* a drain also polls the mount table */
		}
		nanosleep(&ms, NULL);
	}
}

/* The watcher: never touches PHP state, only the table's atomics; every
 * signal is blocked in it (set by the creating thread). */
static void *sc_watcher_main(void *arg)
{
	sc_proc *p = arg;
	struct epoll_event evs[4];

	for (;;) {
		int n = epoll_wait(p->epfd, evs, 4, -1);
		if (n < 0) {
			if (errno == EINTR) {
				continue;
			}
			return sc_watcher_degraded(p);
		}
		for (int i = 0; i < n; i++) {
			int fd = evs[i].data.fd;
			if (fd == p->stopfd) {
				return NULL;
			}
			atomic_fetch_add_explicit(&p->watcher_wakeups, 1, memory_order_relaxed);
			if (!p->set.test_watcher) {
				continue;
			}
			if (fd == p->mount_watch_fd) {
				/* a mount, bind mount, remount or unmount: no inotify event
				 * tells which results it changed */
				sc_gen_bump_epoch(p->gen);
			}
			sc_gen_mark_pending(p->gen);
		}
	}
}

static int sc_epoll_add(int epfd, int fd, uint32_t events)
{
	struct epoll_event ev = { .events = events, .data.fd = fd };
	return epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &ev);
}

static int sc_start_watcher_locked(sc_proc *p)
{
	sigset_t all, old;
	int rc;

	p->epfd = epoll_create1(EPOLL_CLOEXEC);
	p->stopfd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (p->epfd < 0 || p->stopfd < 0
			|| sc_epoll_add(p->epfd, p->ifd, EPOLLIN | EPOLLET) < 0
			|| sc_epoll_add(p->epfd, p->stopfd, EPOLLIN) < 0) {
		return -errno;
	}
	if (p->mount_watch_fd >= 0) {
		sc_epoll_add(p->epfd, p->mount_watch_fd, EPOLLPRI);
	}
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(&p->thread, NULL, sc_watcher_main, p);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc != 0) {
		return -rc;
	}
	p->thread_running = 1;
	return 0;
}

/* The watcher this process runs.  LOOKUP trusts the drains by the bound:
 * in shared mode any worker's drain stands in for this one's, which holds
 * for the mount table only when that worker read the same one (the
 * master's namespace, recorded at startup); a worker elsewhere (or where
 * it cannot be told) runs the thread, which watches its own. */
static sc_watcher_kind sc_watcher_kind_here(const sc_proc *p)
{
	uint64_t ns;

	if (p->set.watcher != SC_WATCHER_LOOKUP || !p->region.shared) {
		return p->set.watcher;
	}
	ns = sc_mount_ns();
	return ns != 0 && ns == p->mount_ns ? SC_WATCHER_LOOKUP : SC_WATCHER_THREAD;
}

/* The instance (unless shared mode gave one) and the mount table's fd,
 * under init_lock: 0, or -1 with errno and the machine marked failed (the
 * cache off in this process, said once). */
static int sc_instance_make_locked(sc_proc *p)
{
	int err;

	if (p->ifd < 0) {
		p->ifd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
		if (p->ifd < 0) {
			err = p->errno_at_failure = errno;
			p->off_reason = err == EMFILE
				? "inotify_init1() failed (fs.inotify.max_user_instances, or the open-files limit?)"
				: "inotify_init1() failed";
			atomic_store(&p->state, SC_PROC_FAILED);
			sc_log_once(SC_LOG_NO_INSTANCE, "statcache: inotify_init1() failed: %s; the cache is off "
				"in process %d (raise fs.inotify.max_user_instances, or ulimit -n)",
				strerror(err), (int) p->pid);
			errno = err;
			return -1;
		}
	}
	p->mount_drain_fd = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC);
	if (p->mount_drain_fd < 0) {
		/* A mount, remount or unmount raises no inotify event: without the
		 * mount table's own notice a cached answer could outlive one. */
		err = p->errno_at_failure = errno;
		p->off_reason = "cannot open /proc/self/mountinfo (open-files limit?)";
		if (!p->ifd_inherited) {
			sc_close(&p->ifd);
		}
		atomic_store(&p->state, SC_PROC_FAILED);
		sc_log_once(SC_LOG_NO_INSTANCE, "statcache: cannot open /proc/self/mountinfo: %s; the cache "
			"is off in process %d", strerror(err), (int) p->pid);
		errno = err;
		return -1;
	}
	atomic_store_explicit(&p->instance_ready, 1, memory_order_release);
	return 0;
}

int sc_watcher_instance_slow(void)
{
	sc_proc *p = &sc_the_proc;
	int rc = 0;

	sc_lock();
	if (!atomic_load_explicit(&p->instance_ready, memory_order_relaxed)) {
		rc = sc_instance_make_locked(p);
	}
	sc_unlock();
	return rc;
}

int sc_watcher_start_slow(void)
{
	sc_proc *p = &sc_the_proc;
	int st = atomic_load_explicit(&p->state, memory_order_acquire), rc;
	sc_watcher_kind kind;

	if (st == SC_PROC_READY) {
		return 0;
	}
	if (st == SC_PROC_FAILED || !p->gen) {
		return -1;
	}
	sc_lock();
	st = atomic_load_explicit(&p->state, memory_order_relaxed);
	if (st != SC_PROC_OFF) {
		sc_unlock();
		return st == SC_PROC_READY ? 0 : -1;
	}
	kind = sc_watcher_kind_here(p);
	if (kind == SC_WATCHER_LOOKUP && !p->region.shared) {
		/* no thread, no shared queue: the instance waits for the first
		 * watch (sc_watcher_instance()); until then drains poll nothing */
	} else if (sc_instance_make_locked(p) < 0) {
		sc_unlock();
		return -1;
	}
	if (kind == SC_WATCHER_THREAD) {
		p->mount_watch_fd = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC);
		rc = sc_start_watcher_locked(p);
	} else {
		rc = 0; /* no thread: the drains by the bound poll the queue and mount_drain_fd */
	}
	sc_watcher_set_staleness(p, p->set.max_staleness_ms);
	if (p->thread_running && p->mount_watch_fd < 0
			&& (p->set.max_staleness_ms == 0 || p->set.max_staleness_ms > 1)) {
		/* the watcher cannot see mount changes: drains (which poll the
		 * mount table) come at least every millisecond instead */
		sc_watcher_set_staleness(p, 1);
	}
	if (rc < 0) {
		/* No watcher: lookups drain the queue themselves at least every
		 * millisecond, so others' changes stay bounded. */
		sc_log_once(SC_LOG_NO_WATCHER, "statcache: no watcher thread (%s); lookups drain the queue "
			"themselves every millisecond", strerror(-rc));
		sc_watcher_set_staleness(p, 1);
	}
	atomic_store_explicit(&p->state, SC_PROC_READY, memory_order_release);
	sc_unlock();
	return 0;
}

const char *sc_staleness_clock(void)
{
	const sc_proc *p = &sc_the_proc;
	/* relaxed: a report; the drainer writes them (sc_watcher_drain()) */
	int64_t ticks = atomic_load_explicit(&((sc_proc *) p)->stale_ticks, memory_order_relaxed);

	if (atomic_load_explicit(&((sc_proc *) p)->state, memory_order_acquire) != SC_PROC_READY
			|| ticks == SC_STALE_NEVER) {
		return "none";
	}
	if (ticks != SC_STALE_CLOCK) {
		return "ticks";
	}
	return atomic_load_explicit(&((sc_proc *) p)->stale_calibrating, memory_order_relaxed) ? "calibrating" : "clock";
}

const char *sc_watcher_kind_name(void)
{
	const sc_proc *p = &sc_the_proc;

	/* acquire: pairs with the release that publishes a started machine,
	 * after thread_running was written */
	if (atomic_load_explicit(&((sc_proc *) p)->state, memory_order_acquire) == SC_PROC_READY) {
		return p->thread_running ? "thread" : "lookup";
	}
	return p->gen && p->set.watcher == SC_WATCHER_THREAD ? "thread" : "lookup";
}
