/*
 * The lookup engine when the kernel says no: faked with -Wl,--wrap= for
 * inotify_add_watch, inotify_init1, statfs, read and poll (this binary
 * only).
 * Each wrapper passes through to the real call unless its fault is armed.
 * lstat and statx are wrapped too, only to count the calls a lookup makes
 * for paths under a prefix.
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
int __real_lstat(const char *path, struct stat *st);
int __real_statx(int dirfd, const char *path, int flags, unsigned mask, struct statx *x);

/* lstat() and statx() of paths under count_prefix, counted per path kind */
static char count_prefix[300];
static unsigned lstat_calls, statx_calls;

int __wrap_lstat(const char *path, struct stat *st)
{
	if (count_prefix[0] && strncmp(path, count_prefix, strlen(count_prefix)) == 0) {
		lstat_calls++;
	}
	return __real_lstat(path, st);
}

int __wrap_statx(int dirfd, const char *path, int flags, unsigned mask, struct statx *x)
{
	if (count_prefix[0] && strncmp(path, count_prefix, strlen(count_prefix)) == 0) {
		statx_calls++;
	}
	return __real_statx(dirfd, path, flags, mask, x);
}

static void count_under(const char *prefix)
{
	snprintf(count_prefix, sizeof(count_prefix), "%s", prefix);
	lstat_calls = statx_calls = 0;
}

/* inotify_add_watch fails with add_watch_errno for paths under this prefix */
static char add_watch_prefix[300];
static int add_watch_errno;

int __wrap_inotify_add_watch(int fd, const char *path, uint32_t mask)
{
	if (add_watch_errno && strncmp(path, add_watch_prefix, strlen(add_watch_prefix)) == 0) {
		errno = add_watch_errno;
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
	add_watch_prefix[0] = '\0';
	init1_errno = 0;
	statfs_prefix[0] = '\0';
	statfs_magic = 0;
	statfs_errno = 0;
	read_fake_armed = 0;
	read_fake_errno = 0;
	read_fake_len = 0;
	count_prefix[0] = '\0';
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

static void a_directory_that_vanishes_before_its_watch_is_answered_but_not_kept(void **state)
{
	fx *f = *state;

	fx_mkdir(f, "d");
	fx_write(f, "d/f.php", "x");
	snprintf(add_watch_prefix, sizeof(add_watch_prefix), "%s/d", f->root);
	add_watch_errno = ENOENT; /* as if it were renamed between lstat and the watch */
	assert_null(lk(f, P(f, "d/f.php")));
	assert_int_equal(atomic_load(&sc_the_proc.failed_watches), 0);
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

/* --- a name gone before the drain: the files of its device ------------- */

/* Makes a name in db/ and removes it before any drain (it may have been a
 * hard link to any file of the device), then lets the next lookup drain. */
static void transient_name(fx *f)
{
	uint64_t drops = atomic_load(&sc_the_proc.gen->link_drops);

	fx_write(f, "db/j", "j");
	assert_int_equal(unlink(P(f, "db/j")), 0);
	sc_watcher_mark_pending();
	assert_missing(lk(f, P(f, "db/none")), P(f, "db/none"), ENOENT); /* drains */
	assert_int_equal(atomic_load(&sc_the_proc.gen->link_drops), drops + 1);
}

static void fill_with_db(fx *f, sc_proc_settings *s)
{
	*s = fx_default_settings;
	s->test_watcher = 0; /* drains at sync points only */
	fx_restart(f, s);
	fx_mkdir(f, "db");
	fx_mkdir(f, "code");
	assert_missing(lk(f, P(f, "db/none")), P(f, "db/none"), ENOENT);
}

static void after_a_hard_link_suspicion_an_unchanged_file_costs_one_lstat(void **state)
{
	fx *f = *state;
	sc_proc_settings s;
	uint64_t misses;

	fill_with_db(f, &s);
	fx_write(f, "code/a.php", "abc");
	fx_write(f, "code/b.php", "b");
	assert_same_as_lstat(lk(f, P(f, "code/a.php")), P(f, "code/a.php"));
	assert_same_as_lstat(lk(f, P(f, "code/b.php")), P(f, "code/b.php"));
	transient_name(f);
	count_under(P(f, "code"));
	misses = cnt(&f->c->n->misses);
	assert_same_as_lstat(lk(f, P(f, "code/a.php")), P(f, "code/a.php"));
	/* looked at again (a miss), with one lstat() of its own: no statx(),
	 * nothing for its directory (assert_same_as_lstat()'s own lstat()
	 * comes after the count is taken) */
	assert_int_equal(cnt(&f->c->n->misses), misses + 1);
	assert_int_equal(statx_calls, 0);
	assert_int_equal(lstat_calls, 2);
	/* and then a hit again */
	count_under(P(f, "code"));
	assert_same_as_lstat(lk(f, P(f, "code/a.php")), P(f, "code/a.php"));
	assert_int_equal(lstat_calls, 1);
	assert_int_equal(cnt(&f->c->n->misses), misses + 1);
	assert_same_as_lstat(lk(f, P(f, "code/b.php")), P(f, "code/b.php"));
	assert_int_equal(cnt(&f->c->n->misses), misses + 2);
}

static void a_file_changed_through_a_transient_hard_link_is_filled_again(void **state)
{
	fx *f = *state;
	sc_proc_settings s;
	int fd;

	fill_with_db(f, &s);
	fx_write(f, "code/a.php", "abc");
	assert_same_as_lstat(lk(f, P(f, "code/a.php")), P(f, "code/a.php"));
	/* link, write through the link, unlink: no event in code/ */
	assert_int_equal(link(P(f, "code/a.php"), P(f, "db/j")), 0);
	fd = open(P(f, "db/j"), O_WRONLY | O_APPEND | O_CLOEXEC);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "more", 4), 4);
	close(fd);
	assert_int_equal(unlink(P(f, "db/j")), 0);
	sc_watcher_mark_pending();
	count_under(P(f, "code"));
	assert_same_as_lstat(lk(f, P(f, "code/a.php")), P(f, "code/a.php"));
	assert_int_equal(lk(f, P(f, "code/a.php"))->r.st.st_size, 7);
	/* not the same file as cached: a whole fill (its second look) */
	assert_int_equal(statx_calls, 1);
}

static void a_file_linked_again_after_the_suspicion_is_left_to_php(void **state)
{
	fx *f = *state;
	sc_proc_settings s;

	fill_with_db(f, &s);
	fx_write(f, "code/a.php", "abc");
	assert_same_as_lstat(lk(f, P(f, "code/a.php")), P(f, "code/a.php"));
	transient_name(f);
	/* a link made outside every watched directory (no event): the same
	 * file, but two links now */
	assert_int_equal(link(P(f, "code/a.php"), P(f, "a-link")), 0);
	assert_null(lk(f, P(f, "code/a.php")));
	assert_int_equal(unlink(P(f, "a-link")), 0);
}

static void after_a_hard_link_suspicion_a_spelling_through_a_symlink_rechecks_only_its_target(void **state)
{
	fx *f = *state;
	sc_proc_settings s;
	char text[4096];
	struct stat st;
	sc_entry *e;

	fill_with_db(f, &s);
	fx_mkdir(f, "real");
	fx_mkdir(f, "real/sub");
	fx_mkdir(f, "other");
	fx_write(f, "real/sub/x.php", "xx");
	fx_write(f, "other/x.php", "other");
	snprintf(text, sizeof(text), "%s", P(f, "real"));
	assert_int_equal(symlink(text, P(f, "code/lnk")), 0);
	sc_watcher_mark_pending(); /* their names' events before the fill */
	e = lk(f, P(f, "code/lnk/sub/x.php"));
	assert_same_as_lstat(e, P(f, "real/sub/x.php"));
	transient_name(f);
	count_under(P(f, ""));
	e = lk(f, P(f, "code/lnk/sub/x.php"));
	/* one lstat() (the target's), no statx(): the link is not walked */
	assert_int_equal(lstat_calls, 1);
	assert_int_equal(statx_calls, 0);
	assert_same_as_lstat(e, P(f, "real/sub/x.php"));

	/* a directory on the target's way turned into a symlink: the target
	 * is no file there now, and the walk takes the new way */
	assert_int_equal(rename(P(f, "real/sub"), P(f, "sub-old")), 0);
	snprintf(text, sizeof(text), "%s", P(f, "other"));
	assert_int_equal(symlink(text, P(f, "real/sub")), 0);
	sc_watcher_mark_pending();
	e = lk(f, P(f, "code/lnk/sub/x.php"));
	assert_int_equal(stat(P(f, "code/lnk/sub/x.php"), &st), 0);
	assert_same_as_lstat(e, P(f, "other/x.php"));
	assert_int_equal(e->r.st.st_size, 5);
}

/* The answers' first try takes such a file again itself when its caller
 * lets it (SC_HIT_RESTAMP: one lstat(), errno kept, counted as a miss by
 * sc_count_hit()), and leaves it to the lookup otherwise. */
static void the_hit_takes_a_file_again_after_a_hard_link_suspicion_when_asked(void **state)
{
	fx *f = *state;
	sc_proc_settings s;
	char a[4096];
	unsigned how;
	sc_entry *e;
	uint64_t misses, hits;

	fill_with_db(f, &s);
	fx_write(f, "code/a.php", "abc");
	snprintf(a, sizeof(a), "%s", P(f, "code/a.php"));
	e = lk(f, a);
	assert_same_as_lstat(e, a);
	transient_name(f);
	how = 0;
	assert_null(sc_hit(f->c, a, strlen(a), &how));
	count_under(P(f, "code"));
	errno = EDOM;
	how = SC_HIT_RESTAMP;
	assert_ptr_equal(sc_hit(f->c, a, strlen(a), &how), e);
	assert_int_equal(errno, EDOM);
	assert_int_equal(how, SC_HIT_RESTAMP | SC_HIT_RESTAMPED);
	assert_int_equal(lstat_calls, 1);
	assert_int_equal(statx_calls, 0);
	misses = cnt(&f->c->n->misses);
	hits = cnt(&f->c->n->hits);
	sc_count_hit(f->c, e->r.kind, how);
	assert_int_equal(cnt(&f->c->n->misses), misses + 1);
	assert_int_equal(cnt(&f->c->n->hits), hits);
	assert_same_as_lstat(e, a);
	/* then a plain hit */
	how = SC_HIT_RESTAMP;
	assert_ptr_equal(sc_hit(f->c, a, strlen(a), &how), e);
	assert_int_equal(how, SC_HIT_RESTAMP);
}

/* The same for a spelling whose entry is an alias of the file's (a ".."
 * in it, as Composer's autoloader spells its class files): the alias
 * holds, its target is taken again. */
static void the_hit_takes_an_aliased_file_again_after_a_hard_link_suspicion_when_asked(void **state)
{
	fx *f = *state;
	sc_proc_settings s;
	char a[4096], al[4096];
	unsigned how;
	sc_entry *e;

	fill_with_db(f, &s);
	fx_mkdir(f, "code/sub");
	fx_write(f, "code/a.php", "abc");
	snprintf(a, sizeof(a), "%s", P(f, "code/a.php"));
	snprintf(al, sizeof(al), "%s", P(f, "code/sub/../a.php"));
	e = lk(f, al);
	assert_same_as_lstat(e, a);
	how = 0;
	assert_ptr_equal(sc_hit(f->c, al, strlen(al), &how), e);
	transient_name(f);
	how = 0;
	assert_null(sc_hit(f->c, al, strlen(al), &how));
	count_under(P(f, "code"));
	errno = EDOM;
	how = SC_HIT_RESTAMP;
	assert_ptr_equal(sc_hit(f->c, al, strlen(al), &how), e);
	assert_int_equal(errno, EDOM);
	assert_int_equal(how, SC_HIT_RESTAMP | SC_HIT_RESTAMPED);
	assert_int_equal(lstat_calls, 1);
	assert_int_equal(statx_calls, 0);
	assert_same_as_lstat(e, a);
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
		T(a_directory_that_vanishes_before_its_watch_is_answered_but_not_kept),
		T(without_an_inotify_instance_the_cache_is_off),
		T(shared_startup_without_an_inotify_instance_fails),
		T(an_overflowed_queue_drops_every_result),
		T(a_failed_read_of_the_queue_drops_every_result),
		T(a_garbled_queue_read_drops_every_result),
		T(a_queue_that_fits_one_read_is_read_once),
		T(a_drain_of_an_empty_queue_reads_nothing),
		T(the_staleness_bound_is_calibrated_once),
		T(after_a_hard_link_suspicion_an_unchanged_file_costs_one_lstat),
		T(a_file_changed_through_a_transient_hard_link_is_filled_again),
		T(a_file_linked_again_after_the_suspicion_is_left_to_php),
		T(after_a_hard_link_suspicion_a_spelling_through_a_symlink_rechecks_only_its_target),
		T(the_hit_takes_a_file_again_after_a_hard_link_suspicion_when_asked),
		T(the_hit_takes_an_aliased_file_again_after_a_hard_link_suspicion_when_asked),
	};
#undef T
	return cmocka_run_group_tests(tests, NULL, NULL);
}
