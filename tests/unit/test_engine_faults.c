/*
 * The engine when an allocation or a watcher-setup call fails: faked with
 * -Wl,--wrap= for calloc, malloc, realloc, posix_memalign, strdup, mmap,
 * epoll_create1, epoll_ctl, epoll_wait, eventfd and pthread_create (this
 * binary only; calls from libc and cmocka are not wrapped).  The binary is
 * built with ASan: a leak on any failure path fails it at exit.
 *
 * Each wrapper counts the calls of its group while a fault is armed and
 * fails the Nth (or the Nth and every later one).  Every test checks that
 * an answer, when the engine gives one, is what a fresh lstat() says, and
 * that a lookup without one is left to PHP (NULL).
 */
#include "lookup_fixture.h"

#include <pthread.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/mman.h>

/* --- the wrappers ------------------------------------------------------- */

typedef enum { F_NONE, F_ALLOC, F_MMAP, F_EPOLL_CREATE, F_EPOLL_CTL, F_EPOLL_WAIT, F_EVENTFD, F_THREAD } fault;

static fault armed;              /* the group whose calls are counted */
static long fail_at, calls;      /* fail call number fail_at (1-based) */
static int fail_onward;          /* ...and every later one */
static _Atomic long fired;       /* faults injected */

/* Whether this call of group g is the one to fail. */
static int fail_now(fault g)
{
	long n;
	if (armed != g) {
		return 0;
	}
	n = __atomic_add_fetch(&calls, 1, __ATOMIC_RELAXED);
	if (n == fail_at || (fail_onward && n > fail_at)) {
		atomic_fetch_add(&fired, 1);
		return 1;
	}
	return 0;
}

static void arm(fault g, long at, int onward)
{
	calls = 0;
	fired = 0;
	fail_at = at;
	fail_onward = onward;
	armed = g;
}

void *__real_calloc(size_t n, size_t size);
void *__real_malloc(size_t n);
void *__real_realloc(void *p, size_t n);
int __real_posix_memalign(void **out, size_t align, size_t n);
char *__real_strdup(const char *s);
void *__real_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);
int __real_epoll_create1(int flags);
int __real_epoll_ctl(int epfd, int op, int fd, struct epoll_event *ev);
int __real_epoll_wait(int epfd, struct epoll_event *evs, int max, int timeout);
int __real_eventfd(unsigned int initval, int flags);
int __real_pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*fn)(void *), void *arg);

void *__wrap_calloc(size_t n, size_t size)
{
	return fail_now(F_ALLOC) ? (errno = ENOMEM, NULL) : __real_calloc(n, size);
}

void *__wrap_malloc(size_t n)
{
	return fail_now(F_ALLOC) ? (errno = ENOMEM, NULL) : __real_malloc(n);
}

void *__wrap_realloc(void *p, size_t n)
{
	return fail_now(F_ALLOC) ? (errno = ENOMEM, NULL) : __real_realloc(p, n);
}

int __wrap_posix_memalign(void **out, size_t align, size_t n)
{
	return fail_now(F_ALLOC) ? ENOMEM : __real_posix_memalign(out, align, n);
}

char *__wrap_strdup(const char *s)
{
	return fail_now(F_ALLOC) ? (errno = ENOMEM, NULL) : __real_strdup(s);
}

void *__wrap_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	return fail_now(F_MMAP) ? (errno = ENOMEM, MAP_FAILED) : __real_mmap(addr, len, prot, flags, fd, off);
}

int __wrap_epoll_create1(int flags)
{
	return fail_now(F_EPOLL_CREATE) ? (errno = EMFILE, -1) : __real_epoll_create1(flags);
}

int __wrap_epoll_ctl(int epfd, int op, int fd, struct epoll_event *ev)
{
	return fail_now(F_EPOLL_CTL) ? (errno = ENOMEM, -1) : __real_epoll_ctl(epfd, op, fd, ev);
}

int __wrap_epoll_wait(int epfd, struct epoll_event *evs, int max, int timeout)
{
	return fail_now(F_EPOLL_WAIT) ? (errno = EBADF, -1) : __real_epoll_wait(epfd, evs, max, timeout);
}

int __wrap_eventfd(unsigned int initval, int flags)
{
	return fail_now(F_EVENTFD) ? (errno = EMFILE, -1) : __real_eventfd(initval, flags);
}

int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*fn)(void *), void *arg)
{
	return fail_now(F_THREAD) ? EAGAIN : __real_pthread_create(t, a, fn, arg);
}

/* --- a small tree and a workload over it -------------------------------- */

static const char *const tree_paths[] = {
	"", "a.php", "d", "d/b.php", "d/e", "d/e/c.php", "l", "missing", "missing/x", "a.php/x", "d/../a.php",
};
#define NPATHS (sizeof(tree_paths) / sizeof(tree_paths[0]))

static void tree_make(fx *f)
{
	fx_write(f, "a.php", "a");
	fx_mkdir(f, "d");
	fx_write(f, "d/b.php", "bb");
	fx_mkdir(f, "d/e");
	fx_write(f, "d/e/c.php", "ccc");
	assert_int_equal(symlink("a.php", P(f, "l")), 0);
}

/* An answer, if any, is what lstat() says; returns how many were answered. */
static int check_all(fx *f)
{
	int answered = 0;
	for (size_t i = 0; i < NPATHS; i++) {
		const char *p = P(f, tree_paths[i]);
		sc_entry *e = lk(f, p);
		if (e) {
			assert_same_as_lstat(e, p);
			answered++;
		}
	}
	return answered;
}

/* After another process's change: with a watcher, wait until it has marked
 * the table pending (up to 5 s: a busy machine may not run it for a while;
 * a watcher that never does leaves the answer stale and the test fails);
 * without one, the lookups' own 1 ms staleness bound applies. */
static void await_notice(void)
{
	sc_gen *g = sc_the_proc.gen;
	for (int i = 0; i < 5000 && g && sc_the_proc.thread_running && !sc_gen_needs_sync(g); i++) {
		fx_nap_ms(1);
	}
	fx_nap_ms(2);
	/* with no thread (statcache.watcher=lookup) only the bound's drain
	 * notices: an answer within the bound may still be the old one */
	if (!sc_the_proc.thread_running && sc_the_proc.stale_max_ms) {
		fx_nap_ms(sc_the_proc.stale_max_ms + 1);
	}
}

/* Lookups, this process's own change, another process's change, lookups. */
static void workload(fx *f)
{
	char cmd[256];

	check_all(f);
	check_all(f);
	fx_write(f, "d/b.php", "changed by us");
	sc_watcher_mark_pending();
	check_all(f);
	snprintf(cmd, sizeof(cmd), "echo other >> '%s' && rm '%s'", P(f, "a.php"), P(f, "d/e/c.php"));
	fx_sh(cmd);
	await_notice();
	check_all(f);
	fx_write(f, "d/e/c.php", "ccc");
	sc_watcher_mark_pending();
	check_all(f);
}

static int tree_setup(void **state)
{
	fx *f = calloc(1, sizeof(*f));
	if (!f) {
		return -1;
	}
	if (!sc_unit_mkdtemp(f->root, sizeof(f->root), "statcache-unit")) {
		free(f);
		return -1;
	}
	sc_log_sink = fx_log_sink;
	*state = f;
	tree_make(f);
	return 0;
}

static int tree_teardown(void **state)
{
	fx *f = *state;
	armed = F_NONE;
	/* a failed test leaves its engine running: stop it before the next */
	if (f->c) {
		sc_cache_delete(f->c);
		f->c = NULL;
	}
	sc_watcher_shutdown();
	fx_rm_tree(f->root);
	free(f);
	return 0;
}

/* One engine life (MINIT, a thread's cache, lookups, MSHUTDOWN) with the
 * fault armed; returns the startup's result. */
static int run_life(fx *f, const sc_proc_settings *s, int *cache_made)
{
	int rc;

	sc_log_reset();
	fx_log_lines = 0;
	fx_last_log[0] = '\0';
	f->set = *s;
	rc = sc_watcher_startup(s);
	*cache_made = 0;
	if (rc == 0) {
		f->c = sc_cache_new(65536, 0);
		if (f->c) {
			*cache_made = 1;
			workload(f);
			sc_cache_delete(f->c);
			f->c = NULL;
		}
	} else {
		/* off, and says why */
		assert_int_equal(atomic_load(&sc_the_proc.state), SC_PROC_FAILED);
		assert_non_null(sc_the_proc.off_reason);
	}
	sc_watcher_shutdown();
	return rc;
}

/* --- the tests ---------------------------------------------------------- */

static void every_allocation_failing_in_turn_leaves_answers_exact(void **state, int shared)
{
	fx *f = *state;
	sc_proc_settings s = fx_default_settings;
	long n;
	int made;

	s.shared = shared;
	for (n = 1; n < 10000; n++) {
		int rc;
		arm(F_ALLOC, n, 0);
		rc = run_life(f, &s, &made);
		armed = F_NONE;
		if (n == 1 && !shared) {
			/* the first allocation is the generation table */
			assert_true(rc < 0);
			assert_string_equal(sc_the_proc.off_reason, "could not allocate the generation table");
		}
		if (!fired) {
			break;   /* the whole life made fewer than n allocations */
		}
	}
	assert_true(n > 5 && n < 10000);
	print_message("      %ld allocations, each failed in its own run\n", n - 1);
	/* and every one failing at once */
	arm(F_ALLOC, 1, 1);
	run_life(f, &s, &made);
	armed = F_NONE;
	assert_true(fired >= 1);
}

static void every_allocation_failing_in_turn_private(void **state)
{
	every_allocation_failing_in_turn_leaves_answers_exact(state, 0);
}

static void every_allocation_failing_in_turn_shared(void **state)
{
	every_allocation_failing_in_turn_leaves_answers_exact(state, 1);
}

static void a_failed_mmap_of_the_shared_table_turns_the_cache_off(void **state)
{
	fx *f = *state;
	sc_proc_settings s = fx_default_settings;
	int made;

	s.shared = 1;
	arm(F_MMAP, 1, 0);
	assert_int_equal(run_life(f, &s, &made), -ENOMEM);
	armed = F_NONE;
	assert_int_equal(fired, 1);
	assert_string_equal(sc_the_proc.off_reason, "could not allocate the generation table");
	assert_int_equal(sc_the_proc.errno_at_failure, ENOMEM);
	assert_non_null(strstr(fx_last_log, "could not allocate the generation table"));
	/* a later MINIT (no fault) works */
	assert_int_equal(run_life(f, &s, &made), 0);
	assert_true(made);
}

/* Without a watcher the cache stays on, answers exactly (the workload sees
 * another process's change) and the lookups drain every millisecond. */
static void watcher_setup_failure(void **state, fault g, long at)
{
	fx *f = *state;
	sc_proc_settings s = fx_default_settings;
	int rc;

	arm(g, at, 0);
	rc = sc_watcher_startup(&s);
	assert_int_equal(rc, 0);
	f->c = sc_cache_new(65536, 0);
	assert_non_null(f->c);
	assert_int_equal(check_all(f), (int) NPATHS);     /* every path answered */
	assert_int_equal(fired, 1);
	assert_int_equal(sc_the_proc.thread_running, 0);
	assert_int_equal(sc_the_proc.stale_after_ms, 1); /* a 1 ms bound, on the fine clock */
	assert_non_null(strstr(fx_last_log, "no watcher thread"));
	assert_int_equal(fx_log_lines, 1);
	workload(f);
	assert_true(cnt(&f->c->n->hits) > 0);
	sc_cache_delete(f->c);
	f->c = NULL;
	sc_watcher_shutdown();
	armed = F_NONE;
}

static void no_epoll_set_means_no_watcher(void **state)
{
	watcher_setup_failure(state, F_EPOLL_CREATE, 1);
}

static void no_stop_eventfd_means_no_watcher(void **state)
{
	watcher_setup_failure(state, F_EVENTFD, 1);
}

static void a_failed_epoll_ctl_of_the_instance_means_no_watcher(void **state)
{
	watcher_setup_failure(state, F_EPOLL_CTL, 1);
}

static void a_failed_epoll_ctl_of_the_stop_fd_means_no_watcher(void **state)
{
	watcher_setup_failure(state, F_EPOLL_CTL, 2);
}

static void no_thread_means_no_watcher(void **state)
{
	watcher_setup_failure(state, F_THREAD, 1);
}

/* The watcher's epoll_wait() failing ends the thread; lookups must still
 * see another process's change (even with max_staleness_ms=0, where the
 * watcher is the only notice), and shutdown must not hang. */
static void a_failing_epoll_wait_leaves_answers_exact(void **state)
{
	fx *f = *state;
	sc_proc_settings s = fx_default_settings;
	char cmd[256];

	s.max_staleness_ms = 0;
	arm(F_EPOLL_WAIT, 1, 1);
	assert_int_equal(sc_watcher_startup(&s), 0);
	f->c = sc_cache_new(65536, 0);
	assert_non_null(f->c);
	check_all(f);
	for (int i = 0; i < 200 && !fired; i++) {
		fx_nap_ms(5);
	}
	assert_true(fired >= 1);
	fx_nap_ms(20);
	assert_same_as_lstat(lk(f, P(f, "d/b.php")), P(f, "d/b.php"));
	snprintf(cmd, sizeof(cmd), "echo other-process >> '%s'", P(f, "d/b.php"));
	fx_sh(cmd);
	await_notice();
	assert_same_as_lstat(lk(f, P(f, "d/b.php")), P(f, "d/b.php"));
	sc_cache_delete(f->c);
	f->c = NULL;
	sc_watcher_shutdown();
	armed = F_NONE;
}

/* statcache.watcher=lookup: no thread and no epoll set are ever made
 * (pthread_create is counted, never failed), the
 * watcher never wakes, and a lookup made more than the bound after
 * another process's change (the child has exited: its change is in the
 * queue) answers it, through the drain by the bound alone. */
static void lookup_mode_starts_no_thread_and_keeps_the_bound(void **state)
{
	fx *f = *state;
	sc_proc_settings s = fx_default_settings;
	char cmd[256];

	s.watcher = SC_WATCHER_LOOKUP;
	s.max_staleness_ms = 5;
	sc_log_reset();
	fx_log_lines = 0;
	fx_last_log[0] = '\0';
	arm(F_THREAD, 1L << 40, 0);
	assert_int_equal(sc_watcher_startup(&s), 0);
	f->c = sc_cache_new(65536, 0);
	assert_non_null(f->c);
	f->c->first_look = 0; /* every name kept, watched: the drains poll the queue */
	assert_int_equal(check_all(f), (int) NPATHS);
	for (int round = 0; round < 3; round++) {
		snprintf(cmd, sizeof(cmd), "echo other-process >> '%s'", P(f, "d/b.php"));
		fx_sh(cmd);
		fx_nap_ms(6);   /* past the bound: whatever the last drain was, this lookup drains */
		assert_same_as_lstat(lk(f, P(f, "d/b.php")), P(f, "d/b.php"));
	}
	workload(f);
	armed = F_NONE;
	assert_int_equal(calls, 0);
	assert_int_equal(sc_the_proc.thread_running, 0);
	assert_int_equal(sc_the_proc.epfd, -1);
	assert_int_equal(sc_the_proc.mount_watch_fd, -1);
	assert_true(sc_the_proc.mount_drain_fd >= 0);  /* the drains' notice of mounts */
	assert_int_equal(atomic_load(&sc_the_proc.watcher_wakeups), 0);
	assert_true(atomic_load(&sc_the_proc.gen->events) > 0);
	assert_string_equal(sc_watcher_kind_name(), "lookup");
	if (fx_log_lines) {
		fail_msg("nothing degraded, yet a log line: %s", fx_last_log);
	}
	sc_cache_delete(f->c);
	f->c = NULL;
	sc_watcher_shutdown();
}

/* Where the tick counter cannot be trusted (a KVM guest on kvm-clock,
 * as on these machines; a CPU without an invariant counter) the clock
 * decides.  Hits still answer on the hit path, reading CLOCK_MONOTONIC
 * against a deadline in its ns, not through the slow path on every call,
 * and end at the bound to the clock's own count, not its coarse twin's,
 * which lags by its step and by any late tick: no hit called the bound
 * after a drain or later answers (t0 is taken after the drain, t1 before
 * each call), and the lookup then sees another process's change made
 * meanwhile. */
static void the_clock_deciding_hits_answer_and_end_at_the_bound(void **state)
{
	fx *f = *state;
	sc_proc_settings s = fx_default_settings;
	char cmd[1100], a[512];
	unsigned how;

	if (!sc_table_hash_hit_ok()) {
		skip();
	}
	s.watcher = SC_WATCHER_LOOKUP;
	s.max_staleness_ms = 40;
	s.test_clock = 1;
	snprintf(a, sizeof(a), "%s", P(f, "a.php")); /* P()'s buffer is the next call's */
	assert_int_equal(sc_watcher_startup(&s), 0);
	f->c = sc_cache_new(65536, 0);
	assert_non_null(f->c);
	assert_int_equal(check_all(f), (int) NPATHS);
	assert_string_equal(sc_staleness_clock(), "clock");
	assert_int_equal(atomic_load(&sc_the_proc.hit_clock), 1);
	for (int round = 0; round < 5; round++) {
		uint64_t t0, t1, hits = 0;

		fx_nap_ms(45);                          /* past the bound: this lookup drains */
		assert_same_as_lstat(lk(f, a), a);
		t0 = sc_now_fine_ns();                  /* the drain was before */
		while (hits < 1000 && sc_hit(f->c, a, strlen(a), &how) != NULL) {
			hits++;                             /* the hit path answers */
		}
		if (hits < 1000) {
			fail_msg("round %d: %llu hits after a drain, then the slow path", round, (unsigned long long) hits);
		}
		snprintf(cmd, sizeof(cmd), "echo other >> '%s'", a);
		fx_sh(cmd);                             /* another process: no sync point */
		/* t1 is taken before each call: one that answers asked its clock after */
		while ((t1 = sc_now_fine_ns(), sc_hit(f->c, a, strlen(a), &how) != NULL)) {
			if (t1 - t0 >= 40000000u) {
				fail_msg("round %d: a hit answered %llu us after a drain, the bound is 40 ms", round,
					(unsigned long long) ((t1 - t0) / 1000));
			}
			hits++;
		}
		assert_same_as_lstat(lk(f, a), a);      /* the drain due sees the change */
	}
	assert_int_equal(sc_the_proc.thread_running, 0);
	sc_cache_delete(f->c);
	f->c = NULL;
	sc_watcher_shutdown();
}

/* statcache.watcher=lookup without a bound would never see another
 * process's change: the machine runs the thread instead. */
static void lookup_mode_without_a_bound_runs_the_thread(void **state)
{
	fx *f = *state;
	sc_proc_settings s = fx_default_settings;

	s.watcher = SC_WATCHER_LOOKUP;
	s.max_staleness_ms = 0;
	assert_int_equal(sc_watcher_startup(&s), 0);
	assert_int_equal(sc_the_proc.set.watcher, SC_WATCHER_THREAD);
	f->c = sc_cache_new(65536, 0);
	assert_non_null(f->c);
	assert_int_equal(check_all(f), (int) NPATHS);
	assert_int_equal(sc_the_proc.thread_running, 1);
	assert_string_equal(sc_watcher_kind_name(), "thread");
	workload(f);
	sc_cache_delete(f->c);
	f->c = NULL;
	sc_watcher_shutdown();
}

/* The ZTS hit compares PHP's realpath-cache expiry with a ceiling of
 * time() instead of calling it (src/php/realpath/realpath_cache.h): no
 * hit before the deadline a renew stores may read a later time() than
 * the ceiling stored with it; it is only ever raised; without a deadline
 * (0: every hit asks, UINT64_MAX: no bound) there is none. */
static void the_wall_ceiling_holds_until_the_deadline_stored_with_it(void **state)
{
	fx *f = *state;
	sc_proc_settings s = fx_default_settings;
	char a[512];
	int64_t w, later_s;
	uint64_t d;

	s.watcher = SC_WATCHER_LOOKUP;
	s.max_staleness_ms = 2500;
	s.test_clock = 1;
	s.wall_wanted = 1;
	snprintf(a, sizeof(a), "%s", P(f, "a.php"));
	assert_int_equal(sc_watcher_startup(&s), 0);
	f->c = sc_cache_new(65536, 0);
	assert_non_null(f->c);
	assert_int_equal(sc_proc_wall_ceiling(), 0);   /* no renew yet: none known */
	assert_same_as_lstat(lk(f, a), a);             /* the slow path renews */
	w = (int64_t) sc_proc_wall_ceiling();
	d = atomic_load(&sc_the_proc.hit_deadline);
	assert_true(d != 0 && d != UINT64_MAX);
	/* the latest time() a hit before d reads: now's, plus the seconds to
	 * the deadline rounded up (now's fraction and theirs make at most
	 * that many whole seconds more) */
	later_s = (int64_t) ((d - sc_now_fine_ns() + 999999999u) / 1000000000u);
	assert_true(w >= (int64_t) time(NULL) + later_s);
	assert_true(w <= (int64_t) time(NULL) + 5);    /* and not far past it */

	atomic_store(&sc_the_proc.wall_ceiling, w + 100);
	sc_proc_wall_renew(d);                         /* a renew that read an older time() */
	assert_int_equal(sc_proc_wall_ceiling(), w + 100);
	sc_proc_wall_renew(0);
	assert_int_equal(sc_proc_wall_ceiling(), 0);
	sc_proc_wall_renew(d);
	assert_true((int64_t) sc_proc_wall_ceiling() >= w);
	sc_proc_wall_renew(UINT64_MAX);
	assert_int_equal(sc_proc_wall_ceiling(), 0);

	sc_cache_delete(f->c);
	f->c = NULL;
	sc_watcher_shutdown();

	s.wall_wanted = 0;                              /* NTS: never computed */
	assert_int_equal(sc_watcher_startup(&s), 0);
	f->c = sc_cache_new(65536, 0);
	assert_non_null(f->c);
	assert_same_as_lstat(lk(f, a), a);
	assert_int_equal(sc_proc_wall_ceiling(), 0);
	sc_cache_delete(f->c);
	f->c = NULL;
	sc_watcher_shutdown();
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
#define T(name) cmocka_unit_test_setup_teardown(name, tree_setup, tree_teardown)
	const struct CMUnitTest tests[] = {
		T(every_allocation_failing_in_turn_private),
		T(every_allocation_failing_in_turn_shared),
		T(a_failed_mmap_of_the_shared_table_turns_the_cache_off),
		T(no_epoll_set_means_no_watcher),
		T(no_stop_eventfd_means_no_watcher),
		T(a_failed_epoll_ctl_of_the_instance_means_no_watcher),
		T(a_failed_epoll_ctl_of_the_stop_fd_means_no_watcher),
		T(no_thread_means_no_watcher),
		T(a_failing_epoll_wait_leaves_answers_exact),
		T(lookup_mode_starts_no_thread_and_keeps_the_bound),
		T(lookup_mode_without_a_bound_runs_the_thread),
		T(the_clock_deciding_hits_answer_and_end_at_the_bound),
		T(the_wall_ceiling_holds_until_the_deadline_stored_with_it),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
