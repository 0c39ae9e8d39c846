/*
 * A file's own watch: a change to a cached file's inode made through any
 * name or descriptor (a hard link in a directory no lookup went through,
 * a descriptor kept across link() + unlink(), O_TMPFILE + linkat(), a FIFO
 * with two names) is seen at the next drain, and a name that comes and
 * goes costs only its own slot.  The watcher thread is off (test_watcher
 * 0) and there is no bound: only sync points drain, so an answer that
 * depended on nothing would stay wrong.  lstat and statx are wrapped with
 * -Wl,--wrap= (this binary only) to count what a lookup costs.
 */
#include "lookup_fixture.h"

#include <sys/inotify.h>

int __real_lstat(const char *path, struct stat *st);
int __real_statx(int dirfd, const char *path, int flags, unsigned mask, struct statx *x);

/* lstat() and statx() of paths under count_prefix */
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

static int setup(void **state)
{
	fx *f;
	sc_proc_settings s = fx_default_settings;

	count_prefix[0] = '\0';
	if (fx_setup(state) != 0) {
		return -1;
	}
	f = *state;
	s.test_watcher = 0; /* drains at sync points only */
	fx_restart(f, &s);
	return 0;
}

static int teardown(void **state)
{
	count_prefix[0] = '\0';
	return fx_teardown(state);
}

/* What another process's change leaves queued, drained as a sync point
 * would (the change is not this process's: nothing else drains). */
static void drain(void)
{
	sc_watcher_mark_pending();
	sc_watcher_drain_pending();
}

static void write_fd(int fd, const char *data)
{
	assert_int_equal(write(fd, data, strlen(data)), (ssize_t) strlen(data));
}

/* Names made and removed in a watched directory between two drains (a
 * database's journal, a neighbour's temporary files) cost only their own
 * names: the other files stay hits, with no lstat() or statx(). */
static void names_that_come_and_go_cost_only_their_own_slot(void **state)
{
	fx *f = *state;
	uint64_t hits, misses;

	fx_mkdir(f, "code");
	fx_mkdir(f, "db");
	fx_write(f, "code/a.php", "a");
	fx_write(f, "code/b.php", "bb");
	fx_write(f, "db/data", "d");
	drain();
	assert_same_as_lstat(lk(f, P(f, "code/a.php")), P(f, "code/a.php"));
	assert_same_as_lstat(lk(f, P(f, "code/b.php")), P(f, "code/b.php"));
	assert_same_as_lstat(lk(f, P(f, "db/data")), P(f, "db/data"));
	assert_missing(lk(f, P(f, "db/data-journal")), P(f, "db/data-journal"), ENOENT);
	for (int i = 0; i < 50; i++) {
		char cmd[600];
		snprintf(cmd, sizeof(cmd), "echo j > '%s' && rm '%s' && echo t > '%s' && rm '%s'", P(f, "db/data-journal"),
			P(f, "db/data-journal"), P(f, "code/tmp.123"), P(f, "code/tmp.123"));
		fx_sh(cmd);
	}
	drain();
	count_under(f->root);
	hits = cnt(&f->c->n->hits);
	misses = cnt(&f->c->n->misses);
	assert_non_null(lk(f, P(f, "code/a.php")));
	assert_non_null(lk(f, P(f, "code/b.php")));
	assert_non_null(lk(f, P(f, "db/data")));
	assert_int_equal(cnt(&f->c->n->hits), hits + 3);
	assert_int_equal(cnt(&f->c->n->misses), misses);
	assert_int_equal(lstat_calls + statx_calls, 0);
	/* the names themselves are looked at again, and the directories, whose
	 * own times moved */
	assert_missing(lk(f, P(f, "db/data-journal")), P(f, "db/data-journal"), ENOENT);
	assert_same_as_lstat(lk(f, P(f, "code")), P(f, "code"));
	assert_int_equal(cnt(&f->c->n->misses), misses + 2);
}

/* A hard link made in a directory no lookup went through, a write, a
 * chmod, a truncate and a touch through it, the link removed: each is seen
 * through the file's own watch. */
static void a_change_through_a_link_in_an_unwatched_directory_is_seen(void **state)
{
	fx *f = *state;
	const char *ops[] = {
		"chmod 600 '%2$s'", "echo more >> '%2$s'", "truncate -s 1 '%2$s'", "touch -d '2001-01-01' '%2$s'",
		"chmod 644 '%2$s'",
	};

	fx_mkdir(f, "code");
	fx_mkdir(f, "hidden");
	fx_write(f, "code/a.php", "abc");
	drain();
	assert_same_as_lstat(lk(f, P(f, "code/a.php")), P(f, "code/a.php"));
	for (unsigned i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		char fmt[300], cmd[1000];
		snprintf(fmt, sizeof(fmt), "ln '%%1$s' '%%2$s' && %s && rm '%%2$s'", ops[i]);
		snprintf(cmd, sizeof(cmd), fmt, P(f, "code/a.php"), P(f, "hidden/link"));
		fx_sh(cmd);
		drain();
		assert_same_as_lstat(lk(f, P(f, "code/a.php")), P(f, "code/a.php"));
	}
	assert_int_equal(lk(f, P(f, "code/a.php"))->r.st.st_size, 1);
}

/* Maildir's delivery: written as tmp/x, link(tmp/x, new/x), unlink(tmp/x),
 * and the writer keeps its descriptor: a write, fchmod(), ftruncate() and
 * futimens() through it are reported under the dead name, and to the
 * inode's own watch. */
static void a_descriptor_kept_across_link_and_unlink_is_seen(void **state)
{
	fx *f = *state;
	int fd;

	fx_mkdir(f, "tmp");
	fx_mkdir(f, "new");
	fd = open(P(f, "tmp/x"), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	assert_true(fd >= 0);
	write_fd(fd, "hello");
	assert_int_equal(link(P(f, "tmp/x"), P(f, "new/x")), 0);
	assert_int_equal(unlink(P(f, "tmp/x")), 0);
	drain();
	assert_same_as_lstat(lk(f, P(f, "new/x")), P(f, "new/x"));
	assert_same_as_lstat(lk(f, P(f, "new/x")), P(f, "new/x")); /* a hit */

	write_fd(fd, " world");
	drain();
	assert_same_as_lstat(lk(f, P(f, "new/x")), P(f, "new/x"));
	assert_int_equal(lk(f, P(f, "new/x"))->r.st.st_size, 11);
	assert_int_equal(fchmod(fd, 0600), 0);
	drain();
	assert_same_as_lstat(lk(f, P(f, "new/x")), P(f, "new/x"));
	assert_int_equal(ftruncate(fd, 2), 0);
	drain();
	assert_same_as_lstat(lk(f, P(f, "new/x")), P(f, "new/x"));
	{
		struct timespec ts[2] = { { 1000000000, 0 }, { 1000000000, 0 } };
		assert_int_equal(futimens(fd, ts), 0);
	}
	drain();
	assert_same_as_lstat(lk(f, P(f, "new/x")), P(f, "new/x"));
	assert_int_equal(lk(f, P(f, "new/x"))->r.st.st_mtim.tv_sec, 1000000000);
	close(fd);
}

/* A file made with O_TMPFILE has no name until linkat() gives it one; the
 * descriptor that wrote it writes on. */
static void a_file_published_with_o_tmpfile_and_linkat_is_seen(void **state)
{
	fx *f = *state;
	char proc[64];
	int fd;

	fx_mkdir(f, "pub");
	fd = open(P(f, "pub"), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
	if (fd < 0 && (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL)) {
		skip(); /* a file system without O_TMPFILE */
	}
	assert_true(fd >= 0);
	write_fd(fd, "v1");
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	assert_int_equal(linkat(AT_FDCWD, proc, AT_FDCWD, P(f, "pub/out"), AT_SYMLINK_FOLLOW), 0);
	drain();
	assert_same_as_lstat(lk(f, P(f, "pub/out")), P(f, "pub/out"));
	write_fd(fd, " and v2");
	drain();
	assert_same_as_lstat(lk(f, P(f, "pub/out")), P(f, "pub/out"));
	assert_int_equal(lk(f, P(f, "pub/out"))->r.st.st_size, 9);
	close(fd);
}

/* A file moved out of every watched directory and linked back: the write
 * while it was away went to its own watch. */
static void a_file_moved_away_written_and_linked_back_is_seen(void **state)
{
	fx *f = *state;
	char cmd[1200];

	fx_mkdir(f, "code");
	fx_mkdir(f, "away");
	fx_write(f, "code/a", "1");
	fx_write(f, "code/keep", "k");
	drain();
	assert_same_as_lstat(lk(f, P(f, "code/a")), P(f, "code/a"));
	snprintf(cmd, sizeof(cmd), "ln '%s' '%s' && echo 22 >> '%s' && chmod 640 '%s'", P(f, "code/a"),
		P(f, "away/a"), P(f, "away/a"), P(f, "away/a"));
	fx_sh(cmd);
	drain();
	assert_same_as_lstat(lk(f, P(f, "code/a")), P(f, "code/a"));
	assert_same_as_lstat(lk(f, P(f, "code/keep")), P(f, "code/keep"));
}

/* FIFOs, sockets and devices with a second name: a chmod through the other
 * name, even in the same watched directory, changes their inode only. */
static void a_fifo_with_two_names_sees_a_chmod_through_the_other(void **state)
{
	fx *f = *state;

	fx_mkdir(f, "run");
	assert_int_equal(mkfifo(P(f, "run/pipe"), 0644), 0);
	assert_int_equal(link(P(f, "run/pipe"), P(f, "run/pipe2")), 0);
	drain();
	assert_same_as_lstat(lk(f, P(f, "run/pipe")), P(f, "run/pipe"));
	assert_int_equal(chmod(P(f, "run/pipe2"), 0600), 0);
	drain();
	assert_same_as_lstat(lk(f, P(f, "run/pipe")), P(f, "run/pipe"));
	assert_int_equal(lk(f, P(f, "run/pipe"))->r.st.st_mode & 0777, 0600);
}

/* A symlink's own inode is watched, not its target: lchown(), or a hard
 * link to the symlink, changes the link itself. */
static void a_symlink_is_watched_as_itself(void **state)
{
	fx *f = *state;

	fx_mkdir(f, "l");
	fx_write(f, "l/target", "t");
	assert_int_equal(symlink("target", P(f, "l/ln")), 0);
	drain();
	assert_same_as_lstat(lk(f, P(f, "l/ln")), P(f, "l/ln"));
	assert_int_equal(link(P(f, "l/ln"), P(f, "l/ln2")), 0); /* link() does not follow */
	drain();
	assert_same_as_lstat(lk(f, P(f, "l/ln")), P(f, "l/ln"));
	assert_int_equal(lk(f, P(f, "l/ln"))->r.st.st_nlink, 2);
	/* the target's own change does not concern the link's lstat() */
	fx_write(f, "l/target", "changed");
	drain();
	assert_same_as_lstat(lk(f, P(f, "l/ln")), P(f, "l/ln"));
	assert_same_as_lstat(lk(f, P(f, "l/target")), P(f, "l/target"));
}

/* A file's first look: its watch and one statx() (no lstat()); a missing
 * name: its failed watch alone. */
static void a_files_first_look_is_a_watch_and_one_statx(void **state)
{
	fx *f = *state;

	fx_mkdir(f, "c");
	fx_write(f, "c/f", "x");
	drain();
	assert_non_null(lk(f, P(f, "c")));
	count_under(P(f, "c/"));
	assert_same_as_lstat(lk(f, P(f, "c/f")), P(f, "c/f"));
	assert_int_equal(statx_calls, 1);
	assert_int_equal(lstat_calls, 1); /* assert_same_as_lstat()'s own */
	count_under(P(f, "c/"));
	assert_missing(lk(f, P(f, "c/none")), P(f, "c/none"), ENOENT);
	assert_int_equal(statx_calls + lstat_calls, 0);
}

/* The watch of a file removed for good goes (IN_IGNORED): counted, so the
 * live watches do not grow with files made and removed. */
static void watches_of_removed_files_are_not_counted_live(void **state)
{
	fx *f = *state;
	int before;

	fx_mkdir(f, "t");
	drain();
	assert_non_null(lk(f, P(f, "t")));
	before = sc_watcher_watch_count();
	for (int i = 0; i < 20; i++) {
		char rel[32];
		snprintf(rel, sizeof(rel), "t/f%d", i);
		fx_write(f, rel, "x");
		drain();
		assert_same_as_lstat(lk(f, P(f, rel)), P(f, rel));
		assert_int_equal(unlink(P(f, rel)), 0);
	}
	drain();
	assert_int_equal(sc_watcher_watch_count(), before);
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0); /* summary lines whole when stdout and stderr share a log */
	const struct CMUnitTest tests[] = {
		T(names_that_come_and_go_cost_only_their_own_slot),
		T(a_change_through_a_link_in_an_unwatched_directory_is_seen),
		T(a_descriptor_kept_across_link_and_unlink_is_seen),
		T(a_file_published_with_o_tmpfile_and_linkat_is_seen),
		T(a_file_moved_away_written_and_linked_back_is_seen),
		T(a_fifo_with_two_names_sees_a_chmod_through_the_other),
		T(a_symlink_is_watched_as_itself),
		T(a_files_first_look_is_a_watch_and_one_statx),
		T(watches_of_removed_files_are_not_counted_live),
	};
	sc_log_sink = fx_log_sink;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
