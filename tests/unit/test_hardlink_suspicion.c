/*
 * A name gone before the drain (it may have been a hard link to any file
 * of its device): what the files of the device cost then, the whole way
 * and on the hit path.  lstat and statx are wrapped with -Wl,--wrap=
 * (this binary only), only to count the calls a lookup makes for paths
 * under a prefix.
 */
#include "lookup_fixture.h"

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

static int counts_setup(void **state)
{
	count_prefix[0] = '\0';
	return fx_setup(state);
}

static int counts_teardown(void **state)
{
	count_prefix[0] = '\0';
	return fx_teardown(state);
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

/* code/a.php and its entry as looked up by the alias code/sub/../a.php
 * (a and al: the two names, 4096 bytes each), with db/ for transient
 * names. */
static sc_entry *aliased_file(fx *f, sc_proc_settings *s, char *a, char *al)
{
	sc_entry *e;

	fill_with_db(f, s);
	fx_mkdir(f, "code/sub");
	fx_write(f, "code/a.php", "abc");
	snprintf(a, 4096, "%s", P(f, "code/a.php"));
	snprintf(al, 4096, "%s", P(f, "code/sub/../a.php"));
	e = lk(f, al);
	assert_same_as_lstat(e, a);
	return e;
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

	e = aliased_file(f, &s, a, al);
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

/* The whole way (sc_lookup(): the realpath replay's lstat() of a dotted
 * spelling) for the same alias: the alias holds, the file's result is
 * taken again from one lstat() of the file, and the spelling is neither
 * canonicalized nor resolved again; a file changed meanwhile is filled
 * again. */
static void the_whole_way_takes_an_aliased_file_again_after_a_hard_link_suspicion(void **state)
{
	fx *f = *state;
	sc_proc_settings s;
	char a[4096], al[4096];
	uint64_t misses;
	sc_entry *e;

	e = aliased_file(f, &s, a, al);
	transient_name(f);
	count_under(P(f, "code"));
	misses = cnt(&f->c->n->misses);
	f->c->canon.len = 0; /* the spelling is not canonicalized again */
	assert_ptr_equal(lk(f, al), e);
	assert_int_equal(f->c->canon.len, 0);
	assert_int_equal(cnt(&f->c->n->misses), misses + 1);
	assert_int_equal(lstat_calls, 1); /* the file's: none for code/sub */
	assert_int_equal(statx_calls, 0);
	assert_same_as_lstat(e, a);
	/* changed through a name made and removed before the drain: the
	 * restamp sees a new size, and the spelling is filled again */
	transient_name(f);
	fx_write(f, "code/a.php", "abcdef");
	sc_watcher_mark_pending();
	e = lk(f, al);
	assert_same_as_lstat(e, a);
	assert_int_equal(e->r.st.st_size, 6);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0); /* summary lines whole when stdout and stderr share a log */
#define T(name) cmocka_unit_test_setup_teardown(name, counts_setup, counts_teardown)
	const struct CMUnitTest tests[] = {
		T(after_a_hard_link_suspicion_an_unchanged_file_costs_one_lstat),
		T(a_file_changed_through_a_transient_hard_link_is_filled_again),
		T(a_file_linked_again_after_the_suspicion_is_left_to_php),
		T(after_a_hard_link_suspicion_a_spelling_through_a_symlink_rechecks_only_its_target),
		T(the_hit_takes_a_file_again_after_a_hard_link_suspicion_when_asked),
		T(the_hit_takes_an_aliased_file_again_after_a_hard_link_suspicion_when_asked),
		T(the_whole_way_takes_an_aliased_file_again_after_a_hard_link_suspicion),
	};
#undef T
	return cmocka_run_group_tests(tests, NULL, NULL);
}
