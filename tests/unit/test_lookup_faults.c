/*
 * The lookup engine when the kernel says no: faked with -Wl,--wrap= for
 * inotify_add_watch, inotify_init1, statfs, read and poll (this binary
 * only).
 * Each wrapper passes through to the real call unless its fault is armed.
 */
#include "lookup_fixture.h"

#include <poll.h>
#include <sys/inotify.h>
#include <sys/statfs.h>

/* --- the wrappers ------------------------------------------------------- */

int __real_inotify_add_watch(int fd, const char *path, uint32_t mask);
int __real_inotify_init1(int flags);
int __real_statfs(const char *path, struct statfs *buf);
ssize_t __real_read(int fd, void *buf, size_t n);
int __real_poll(struct pollfd *fds, nfds_t n, int timeout);

/* inotify_add_watch fails with add_watch_errno for paths under this prefix
 * (only those whose mask has every bit of add_watch_mask: IN_ONLYDIR, a
 * directory's; 0: any), and with add_watch_any_errno where the mask has no
 * IN_ONLYDIR (a name's first watch, whatever it is) */
static char add_watch_prefix[300];
static int add_watch_errno;
static int add_watch_any_errno;
static uint32_t add_watch_mask;

int __wrap_inotify_add_watch(int fd, const char *path, uint32_t mask)
{
	int under = strncmp(path, add_watch_prefix, strlen(add_watch_prefix)) == 0;

	if (add_watch_errno && under && (mask & add_watch_mask) == add_watch_mask) {
		errno = add_watch_errno;
		return -1;
	}
	if (add_watch_any_errno && under && !(mask & IN_ONLYDIR)) {
		errno = add_watch_any_errno;
		return -1;
	}
	return __real_inotify_add_watch(fd, path, mask);
}

static int init1_errno;

int __wrap_inotify_init1(int flags)
{
	if (init1_errno) {
		errno = init1_errno;
		return -1;
	}
	return __real_inotify_init1(flags);
}

/* statfs for paths under the prefix: reports statfs_magic, or fails with
 * statfs_errno after scribbling over the buffer (what a caller that reads
 * it anyway would see) */
static char statfs_prefix[300];
static long statfs_magic;
static int statfs_errno;

int __wrap_statfs(const char *path, struct statfs *buf)
{
	if (statfs_prefix[0] && strncmp(path, statfs_prefix, strlen(statfs_prefix)) == 0) {
		if (statfs_errno) {
			memset(buf, 0, sizeof(*buf));
			buf->f_type = 0x6969; /* garbage that looks like NFS */
			errno = statfs_errno;
			return -1;
		}
		if (__real_statfs(path, buf) < 0) {
			return -1;
		}
		buf->f_type = statfs_magic;
		return 0;
	}
	return __real_statfs(path, buf);
}

/* read of the inotify fd: once, a crafted buffer (or an error) instead */
static unsigned char read_fake[256];
static size_t read_fake_len;
static int read_fake_errno;
static int read_fake_armed;
static unsigned queue_reads;  /* read()s of the inotify fd, faked or not */

ssize_t __wrap_read(int fd, void *buf, size_t n)
{
	if (sc_the_proc.ifd >= 0 && fd == sc_the_proc.ifd) {
		queue_reads++;
	}
	if (read_fake_armed && sc_the_proc.ifd >= 0 && fd == sc_the_proc.ifd) {
		read_fake_armed = 0;
		if (read_fake_errno) {
			errno = read_fake_errno;
			return -1;
		}
		assert_true(read_fake_len <= n);
		memcpy(buf, read_fake, read_fake_len);
		return (ssize_t) read_fake_len;
	}
	return __real_read(fd, buf, n);
}

/* A drain reads the queue only when poll() says it holds something: an
 * armed fake read makes the queue readable too. */
int __wrap_poll(struct pollfd *fds, nfds_t n, int timeout)
{
	int r = __real_poll(fds, n, timeout);

	if (r >= 0 && read_fake_armed && sc_the_proc.ifd >= 0) {
		for (nfds_t i = 0; i < n; i++) {
			if (fds[i].fd == sc_the_proc.ifd && !fds[i].revents) {
				fds[i].revents = POLLIN;
				r++;
			}
		}
	}
	return r;
}

static void faults_off(void)
{
	add_watch_errno = 0;
	add_watch_any_errno = 0;
	add_watch_mask = 0;
	add_watch_prefix[0] = '\0';
	init1_errno = 0;
	statfs_prefix[0] = '\0';
	statfs_magic = 0;
	statfs_errno = 0;
	read_fake_armed = 0;
	read_fake_errno = 0;
	read_fake_len = 0;
}

static int faults_setup(void **state)
{
	faults_off();
	return fx_setup(state);
}

static int faults_teardown(void **state)
{
	faults_off();
	return fx_teardown(state);
}

/* --- file systems that raise no events for others' changes ------------- */

static void a_directory_on_nfs_is_not_cached(void **state)
{
	fx *f = *state;

	fx_mkdir(f, "nfs");
	fx_write(f, "nfs/f.php", "x");
	fx_write(f, "local.php", "x");
	snprintf(statfs_prefix, sizeof(statfs_prefix), "%s/nfs", f->root);
	statfs_magic = 0x6969;

	assert_null(lk(f, P(f, "nfs/f.php")));
	assert_null(lk(f, P(f, "nfs/f.php")));
	assert_null(lk(f, P(f, "nfs/missing.php")));
	assert_null(lk(f, P(f, "nfs")));
	assert_int_equal(cnt(&f->c->n->untrusted), 4);
	assert_int_equal(cnt(&f->c->n->hits), 0);
	assert_true(atomic_load(&sc_the_proc.untrusted_dirs) >= 1);
	assert_non_null(strstr(fx_last_log, "(nfs)"));
	assert_int_equal(fx_log_lines, 1);
	/* the local parent is still answered */
	assert_same_as_lstat(lk(f, P(f, "local.php")), P(f, "local.php"));
}

static void an_unknown_file_system_is_not_trusted(void **state)
{
	fx *f = *state;

	fx_write(f, "f.php", "x");
	snprintf(statfs_prefix, sizeof(statfs_prefix), "%s", f->root);
	statfs_magic = 0x12345678;
	assert_null(lk(f, P(f, "f.php")));
	assert_int_equal(cnt(&f->c->n->untrusted), 1);
	assert_non_null(strstr(fx_last_log, "0x12345678"));
}

static void a_statfs_failure_is_not_reported_as_a_file_system_type(void **state)
{
	fx *f = *state;

	fx_write(f, "f.php", "x");
	snprintf(statfs_prefix, sizeof(statfs_prefix), "%s", f->root);
	statfs_errno = EACCES;
	assert_null(lk(f, P(f, "f.php")));
	assert_int_equal(cnt(&f->c->n->untrusted), 1);
	assert_int_equal(fx_log_lines, 1);
	/* statfs() failed: what its buffer holds is not the file system */
	if (strstr(fx_last_log, "(nfs)")) {
		fail_msg("log names a type read from a buffer statfs() did not fill: %s", fx_last_log);
	}
}

/* --- inotify limits ----------------------------------------------------- */

static void a_directory_past_the_watch_limit_is_bypassed_and_counted(void **state)
{
	fx *f = *state;

	fx_mkdir(f, "d");
	fx_write(f, "d/f.php", "x");
	fx_write(f, "top.php", "x");
	snprintf(add_watch_prefix, sizeof(add_watch_prefix), "%s/d", f->root);
	add_watch_errno = ENOSPC;

	assert_null(lk(f, P(f, "d/f.php")));
	assert_null(lk(f, P(f, "d/f.php")));
	assert_null(lk(f, P(f, "d")));
	assert_int_equal(cnt(&f->c->n->bypassed), 3);
	assert_int_equal(cnt(&f->c->n->untrusted), 0);
	assert_true(atomic_load(&sc_the_proc.failed_watches) >= 1);
	assert_non_null(strstr(fx_last_log, "ENOSPC"));
	/* its parent is watched and answered */
	assert_same_as_lstat(lk(f, P(f, "top.php")), P(f, "top.php"));
}

static void every_lookup_is_bypassed_when_no_directory_can_be_watched(void **state)
{
	fx *f = *state;

	fx_write(f, "f.php", "x");
	snprintf(add_watch_prefix, sizeof(add_watch_prefix), "/");
	add_watch_errno = ENOSPC;
	assert_null(lk(f, P(f, "f.php")));
	assert_null(lk(f, "/"));
	assert_int_equal(cnt(&f->c->n->bypassed), 2);
	assert_true(atomic_load(&sc_the_proc.failed_watches) >= 1);
}

static void an_unreadable_directory_is_bypassed(void **state)
{
	fx *f = *state;

	fx_mkdir(f, "d");
	fx_write(f, "d/f.php", "x");
	snprintf(add_watch_prefix, sizeof(add_watch_prefix), "%s/d", f->root);
	add_watch_errno = EACCES;
	assert_null(lk(f, P(f, "d/f.php")));
	assert_true(atomic_load(&sc_the_proc.failed_watches) >= 1);
}

/* A file whose watch the kernel refuses (watches exhausted; a file this
 * process may not read) is PHP's to answer, counted, said once; the
 * other names of its directory are answered. */
static void a_file_past_the_watch_limit_is_left_to_php_and_counted(void **state)
{
	fx *f = *state;

	fx_mkdir(f, "d");
	fx_write(f, "d/f.php", "x");
	fx_write(f, "d/g.php", "x");
	assert_same_as_lstat(lk(f, P(f, "d")), P(f, "d"));
	snprintf(add_watch_prefix, sizeof(add_watch_prefix), "%s/d/f", f->root);
	add_watch_errno = ENOSPC;
	assert_null(lk(f, P(f, "d/f.php")));
	assert_null(lk(f, P(f, "d/f.php")));
	assert_int_equal(cnt(&f->c->n->bypassed), 2);
	assert_true(atomic_load(&sc_the_proc.failed_watches) >= 1);
	assert_non_null(strstr(fx_last_log, "ENOSPC"));
	assert_same_as_lstat(lk(f, P(f, "d/g.php")), P(f, "d/g.php"));
	assert_missing(lk(f, P(f, "d/none.php")), P(f, "d/none.php"), ENOENT);
	/* the verdict lasts until the name's next event: then it is watched */
	faults_off();
	assert_int_equal(chmod(P(f, "d/f.php"), 0600), 0);
	sc_watcher_mark_pending();
	assert_same_as_lstat(lk(f, P(f, "d/f.php")), P(f, "d/f.php"));
}

static void an_unreadable_file_is_left_to_php(void **state)
{
	fx *f = *state;

	fx_write(f, "secret", "x");
	snprintf(add_watch_prefix, sizeof(add_watch_prefix), "%s/secret", f->root);
	add_watch_errno = EACCES;
	assert_null(lk(f, P(f, "secret")));
	assert_int_equal(cnt(&f->c->n->bypassed), 1);
	/* a missing name beside it is still answered */
	assert_missing(lk(f, P(f, "secret2")), P(f, "secret2"), ENOENT);
}

static void a_directory_that_vanishes_before_its_watch_is_answered_but_not_kept(void **state)
{
	fx *f = *state;

	fx_mkdir(f, "d");
	fx_write(f, "d/f.php", "x");
	snprintf(add_watch_prefix, sizeof(add_watch_prefix), "%s/d", f->root);
	/* its first watch is refused (as an unreadable file's is), lstat()
	 * then finds a directory, and a directory's watch finds nothing: as if
	 * it were renamed in between */
	add_watch_any_errno = EACCES;
	add_watch_errno = ENOENT;
	add_watch_mask = IN_ONLYDIR;
	assert_null(lk(f, P(f, "d/f.php")));
	/* the refused watch is counted, the vanished directory's is not */
	assert_int_equal(atomic_load(&sc_the_proc.failed_watches), 1);
	/* once its name changes, it is watched and cached */
	faults_off();
	assert_int_equal(rename(P(f, "d"), P(f, "e")), 0);
	assert_int_equal(rename(P(f, "e"), P(f, "d")), 0);
	sc_watcher_mark_pending();
	assert_same_as_lstat(lk(f, P(f, "d/f.php")), P(f, "d/f.php"));
}

static void without_an_inotify_instance_the_cache_is_off(void **state)
{
	fx *f = *state;

	fx_write(f, "f.php", "x");
	init1_errno = EMFILE;
	assert_int_equal(sc_watcher_start(), -1);
	assert_int_equal(atomic_load(&sc_the_proc.state), SC_PROC_FAILED);
	assert_int_equal(sc_the_proc.errno_at_failure, EMFILE);
	assert_non_null(sc_the_proc.off_reason);
	assert_non_null(strstr(fx_last_log, "inotify_init1"));
	assert_null(lk(f, P(f, "f.php")));
	assert_null(lk(f, P(f, "f.php")));
	assert_int_equal(cnt(&f->c->n->bypassed), 2);
	/* it stays off in this process even when the limit is raised */
	init1_errno = 0;
	assert_null(lk(f, P(f, "f.php")));
	/* a fresh machine (MSHUTDOWN + MINIT) starts again */
	fx_restart(f, &fx_default_settings);
	assert_same_as_lstat(lk(f, P(f, "f.php")), P(f, "f.php"));
}

static void shared_startup_without_an_inotify_instance_fails(void **state)
{
	fx *f = *state;
	sc_proc_settings s = fx_default_settings;

	fx_write(f, "f.php", "x");
	s.shared = 1;
	init1_errno = EMFILE;
	sc_watcher_shutdown();
	assert_int_equal(sc_watcher_startup(&s), -EMFILE);
	assert_int_equal(atomic_load(&sc_the_proc.state), SC_PROC_FAILED);
	assert_int_equal(sc_watcher_start(), -1);
	assert_null(lk(f, P(f, "f.php")));
	init1_errno = 0;
	fx_restart(f, &s);
	assert_true(sc_the_proc.region.shared);
	assert_same_as_lstat(lk(f, P(f, "f.php")), P(f, "f.php"));
}

/* --- the queue ---------------------------------------------------------- */

static void an_overflowed_queue_drops_every_result(void **state)
{
	fx *f = *state;
	struct inotify_event ev = { .wd = -1, .mask = IN_Q_OVERFLOW, .cookie = 0, .len = 0 };
	sc_proc_settings s = fx_default_settings;
	sc_entry *e;
	uint64_t misses;
	uint32_t epoch;

	s.test_watcher = 0;
	fx_restart(f, &s);
	fx_write(f, "f.php", "x");
	e = lk(f, P(f, "f.php"));
	assert_non_null(e);
	assert_non_null(lk(f, P(f, "f.php")));
	misses = cnt(&f->c->n->misses);
	epoch = sc_gen_epoch(sc_the_proc.gen);

	memcpy(read_fake, &ev, sizeof(ev));
	read_fake_len = sizeof(ev);
	read_fake_armed = 1;
	sc_watcher_mark_pending();
	assert_same_as_lstat(lk(f, P(f, "f.php")), P(f, "f.php"));
	assert_int_equal(read_fake_armed, 0);
	assert_int_equal(cnt(&f->c->n->misses), misses + 1);
	assert_true(sc_gen_epoch(sc_the_proc.gen) > epoch);
	assert_int_equal(atomic_load(&sc_the_proc.gen->overflows), 1);
	assert_true(atomic_load(&sc_the_proc.gen->flushes) >= 1);
	assert_true(atomic_load(&sc_the_proc.gen->events) >= 1);
	/* and the cache works on */
	assert_non_null(lk(f, P(f, "f.php")));
	assert_int_equal(cnt(&f->c->n->misses), misses + 1);
}

static void a_failed_read_of_the_queue_drops_every_result(void **state)
{
	fx *f = *state;
	sc_proc_settings s = fx_default_settings;
	uint64_t misses;
	uint32_t epoch;

	s.test_watcher = 0;
	fx_restart(f, &s);
	fx_write(f, "f.php", "x");
	assert_non_null(lk(f, P(f, "f.php")));
	misses = cnt(&f->c->n->misses);
	epoch = sc_gen_epoch(sc_the_proc.gen);
	read_fake_errno = EIO;
	read_fake_armed = 1;
	sc_watcher_mark_pending();
	assert_same_as_lstat(lk(f, P(f, "f.php")), P(f, "f.php"));
	assert_int_equal(read_fake_armed, 0);
	assert_true(sc_gen_epoch(sc_the_proc.gen) > epoch);
	assert_int_equal(cnt(&f->c->n->misses), misses + 1);
}

static void a_garbled_queue_read_drops_every_result(void **state)
{
	fx *f = *state;
	struct inotify_event ev = { .wd = 1, .mask = IN_MODIFY, .cookie = 0, .len = 200 };
	sc_proc_settings s = fx_default_settings;
	uint64_t misses;

	s.test_watcher = 0;
	fx_restart(f, &s);
	fx_write(f, "f.php", "x");
	assert_non_null(lk(f, P(f, "f.php")));
	misses = cnt(&f->c->n->misses);
	memcpy(read_fake, &ev, sizeof(ev));
	memcpy(read_fake + sizeof(ev), "f.php", 6);
	read_fake_len = sizeof(ev) + 8; /* len says 200 */
	read_fake_armed = 1;
	sc_watcher_mark_pending();
	assert_same_as_lstat(lk(f, P(f, "f.php")), P(f, "f.php"));
	assert_int_equal(cnt(&f->c->n->misses), misses + 1);
}

/* --- the drain's syscalls -------------------------------------------------- */

/* A queue whose events fit one read() is read once: room left for the
 * largest event means the kernel had no more (no read() for EAGAIN). */
static void a_queue_that_fits_one_read_is_read_once(void **state)
{
	fx *f = *state;
	sc_proc_settings s = fx_default_settings;
	uint64_t events;

	s.test_watcher = 0;
	fx_restart(f, &s);
	fx_write(f, "f.php", "x");
	assert_non_null(lk(f, P(f, "f.php")));
	events = atomic_load(&sc_the_proc.gen->events);
	fx_write(f, "g.php", "y"); /* events in f.php's watched directory */
	queue_reads = 0;
	sc_watcher_mark_pending();
	assert_same_as_lstat(lk(f, P(f, "g.php")), P(f, "g.php"));
	assert_true(atomic_load(&sc_the_proc.gen->events) > events);
	assert_int_equal(queue_reads, 1);
}

/* A drain of an empty queue reads nothing (poll() said so), and still
 * answers what changed before it (the queue's events, once they come). */
static void a_drain_of_an_empty_queue_reads_nothing(void **state)
{
	fx *f = *state;
	sc_proc_settings s = fx_default_settings;
	uint64_t drains;

	s.test_watcher = 0;
	fx_restart(f, &s);
	fx_write(f, "f.php", "x");
	assert_non_null(lk(f, P(f, "f.php")));
	sc_watcher_mark_pending();
	assert_non_null(lk(f, P(f, "f.php"))); /* the queue emptied */
	drains = atomic_load(&sc_the_proc.gen->drains);
	queue_reads = 0;
	sc_watcher_mark_pending();
	assert_same_as_lstat(lk(f, P(f, "f.php")), P(f, "f.php"));
	assert_true(atomic_load(&sc_the_proc.gen->drains) > drains);
	assert_int_equal(queue_reads, 0);
	/* and a change after it is read by the next one */
	fx_write(f, "f.php", "longer");
	sc_watcher_mark_pending();
	assert_same_as_lstat(lk(f, P(f, "f.php")), P(f, "f.php"));
	assert_int_equal(queue_reads, 1);
}

/* Once the tick counter is calibrated, drains leave its bound as it is
 * (no clock reads to calibrate it again on every drain). */
static void the_staleness_bound_is_calibrated_once(void **state)
{
	fx *f = *state;
	sc_proc_settings s = fx_default_settings;
	struct timespec t0, t;
	int64_t ticks;

	s.test_watcher = 0;
	s.max_staleness_ms = 5;
	fx_restart(f, &s);
	fx_write(f, "f.php", "x");
	assert_non_null(lk(f, P(f, "f.php")));
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (atomic_load(&sc_the_proc.stale_calibrating)) {
		clock_gettime(CLOCK_MONOTONIC, &t);
		assert_true(t.tv_sec - t0.tv_sec < 10); /* calibrated within 10 s */
		sc_watcher_mark_pending();
		assert_non_null(lk(f, P(f, "f.php")));
	}
	ticks = atomic_load(&sc_the_proc.stale_ticks);
	if (ticks == SC_STALE_CLOCK) {
		skip(); /* the counter cannot be trusted here: the clock decides */
	}
	/* drains over more than the calibration's interval again */
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		sc_watcher_mark_pending();
		assert_non_null(lk(f, P(f, "f.php")));
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while ((uint64_t) (t.tv_sec - t0.tv_sec) * 1000000000u + (uint64_t) t.tv_nsec - (uint64_t) t0.tv_nsec
		< 3 * (uint64_t) SC_TICKS_CALIBRATION_NS);
	assert_int_equal(atomic_load(&sc_the_proc.stale_ticks), ticks);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0); /* summary lines whole when stdout and stderr share a log */
#define T(name) cmocka_unit_test_setup_teardown(name, faults_setup, faults_teardown)
	const struct CMUnitTest tests[] = {
		T(a_directory_on_nfs_is_not_cached),
		T(an_unknown_file_system_is_not_trusted),
		T(a_statfs_failure_is_not_reported_as_a_file_system_type),
		T(a_directory_past_the_watch_limit_is_bypassed_and_counted),
		T(every_lookup_is_bypassed_when_no_directory_can_be_watched),
		T(an_unreadable_directory_is_bypassed),
		T(a_file_past_the_watch_limit_is_left_to_php_and_counted),
		T(an_unreadable_file_is_left_to_php),
		T(a_directory_that_vanishes_before_its_watch_is_answered_but_not_kept),
		T(without_an_inotify_instance_the_cache_is_off),
		T(shared_startup_without_an_inotify_instance_fails),
		T(an_overflowed_queue_drops_every_result),
		T(a_failed_read_of_the_queue_drops_every_result),
		T(a_garbled_queue_read_drops_every_result),
		T(a_queue_that_fits_one_read_is_read_once),
		T(a_drain_of_an_empty_queue_reads_nothing),
		T(the_staleness_bound_is_calibrated_once),
	};
#undef T
	return cmocka_run_group_tests(tests, NULL, NULL);
}
