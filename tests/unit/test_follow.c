/*
 * Spellings through symlinks (src/engine/follow.c) against a real tree:
 * each answer is compared with a fresh lstat() of the same spelling, and
 * the counters say whether it was a hit.
 */
#include "lookup_fixture.h"
#include "engine/follow.h"

static void fx_link(const fx *f, const char *target, const char *rel)
{
	if (symlink(target, P(f, rel)) != 0) {
		fail_msg("symlink %s: %s", P(f, rel), strerror(errno));
	}
}

/* Answers like lstat(), then hits (no miss, no bypass) through the links. */
static void assert_answers_then_hits(fx *f, const char *rel)
{
	uint64_t misses, hits, links;
	sc_entry *e = lk(f, P(f, rel));

	assert_same_as_lstat(e, P(f, rel));
	misses = cnt(&f->c->n->misses);
	hits = cnt(&f->c->n->hits);
	links = cnt(&f->c->n->link_hits);
	assert_ptr_equal(lk(f, P(f, rel)), e);
	assert_int_equal(cnt(&f->c->n->misses), misses);
	assert_int_equal(cnt(&f->c->n->hits), hits + 1);
	assert_int_equal(cnt(&f->c->n->link_hits), links + 1);
}

static void relative_and_absolute_targets_one_and_two_levels(void **state)
{
	fx *f = *state;
	char abs[4096];

	fx_mkdir(f, "r");
	fx_mkdir(f, "r/a");
	fx_write(f, "r/a/f.php", "abc");
	fx_link(f, "r", "rel");
	snprintf(abs, sizeof(abs), "%s", P(f, "r/a"));
	fx_link(f, abs, "abs");
	fx_link(f, "rel/a", "two");  /* a link through a link */
	assert_answers_then_hits(f, "rel/a/f.php");
	assert_answers_then_hits(f, "abs/f.php");
	assert_answers_then_hits(f, "two/f.php");
	assert_answers_then_hits(f, "rel/a/missing.php");
	assert_int_equal(cnt(&f->c->n->bypassed), 0);
}

static void eight_links_are_followed_and_a_ninth_goes_to_php(void **state)
{
	fx *f = *state;
	char name[16], target[16];

	fx_mkdir(f, "r");
	fx_write(f, "r/f", "x");
	fx_link(f, "r", "l1");
	for (int i = 2; i <= 9; i++) {
		snprintf(name, sizeof(name), "l%d", i);
		snprintf(target, sizeof(target), "l%d/", i - 1); /* a trailing '/' too */
		fx_link(f, target, name);
	}
	assert_answers_then_hits(f, "l8/f");
	assert_null(lk(f, P(f, "l9/f")));
	assert_int_equal(cnt(&f->c->n->bypassed), 1);
	assert_null(lk(f, P(f, "l9/f")));
	assert_int_equal(cnt(&f->c->n->bypassed), 2);
}

static void a_loop_goes_to_php(void **state)
{
	fx *f = *state;

	fx_link(f, "b", "a");
	fx_link(f, "a", "b");
	fx_link(f, "self", "self");
	assert_null(lk(f, P(f, "a/x")));
	assert_null(lk(f, P(f, "self/x")));
	assert_null(lk(f, P(f, "self/..")));
	assert_int_equal(cnt(&f->c->n->bypassed), 3);
	/* the loop itself, as a last component, is an lstat() answer */
	assert_same_as_lstat(lk(f, P(f, "a")), P(f, "a"));
}

static void dotdot_after_a_link_is_the_target_parent(void **state)
{
	fx *f = *state;

	fx_mkdir(f, "p");
	fx_mkdir(f, "p/q");
	fx_write(f, "p/f", "in p");
	fx_write(f, "f", "in root");
	fx_mkdir(f, "d");
	fx_link(f, "../p/q", "d/l");
	/* lexically d/l/../f is d/f (missing); the kernel says p/f */
	assert_answers_then_hits(f, "d/l/../f");
	assert_int_equal(lk(f, P(f, "d/l/../f"))->r.st.st_size, 4);
	assert_answers_then_hits(f, "d/l/..");
	assert_answers_then_hits(f, "d/l/../../f");
	assert_answers_then_hits(f, "d/l/.");
	assert_answers_then_hits(f, "d/./l/q/../../p/f");
}

static void with_lexical_dots_a_dotted_spelling_through_a_link_goes_to_php(void **state)
{
	fx *f = *state;

	f->c->dots_lexical = 1; /* as in ZTS, where PHP's virtual CWD drops ".." first */
	fx_mkdir(f, "p");
	fx_mkdir(f, "p/q");
	fx_write(f, "p/f", "in p");
	fx_mkdir(f, "d");
	fx_link(f, "../p/q", "d/l");
	assert_null(lk(f, P(f, "d/l/../f")));
	assert_null(lk(f, P(f, "d/l/.")));
	assert_null(lk(f, P(f, "d/l/q/..")));
	assert_int_equal(cnt(&f->c->n->bypassed), 3);
	/* without dots, PHP resolves the link as the kernel does */
	fx_write(f, "p/q/g", "in q");
	assert_answers_then_hits(f, "d/l/g");
}

/* PHP's realpath walk calls the kernel's lstat() itself: sc_follow_path()
 * gives the kernel's reading of a dotted spelling even where lookups keep
 * the lexical one, and keeps nothing a lexical lookup could later hit. */
static void a_dotted_spelling_is_read_as_the_kernel_reads_it_and_not_kept(void **state)
{
	fx *f = *state;
	static const char *const rel[] = { "d/l/../f", "d/l/.", "d/l/q/..", "d/l/../../d/l/g", "d/l/../nothing",
		"d/l/g/../f", "d//l/./g" };

	f->c->dots_lexical = 1;
	fx_mkdir(f, "p");
	fx_mkdir(f, "p/q");
	fx_write(f, "p/f", "in p");
	fx_write(f, "p/q/g", "in q");
	fx_mkdir(f, "d");
	fx_link(f, "../p/q", "d/l");
	for (size_t i = 0; i < sizeof(rel) / sizeof(rel[0]); i++) {
		const char *p = P(f, rel[i]);
		assert_same_as_lstat(sc_follow_path(f->c, p, strlen(p)), p);
	}
	/* a second time: from the cache (no miss) */
	uint64_t misses = cnt(&f->c->n->misses);
	for (size_t i = 0; i < sizeof(rel) / sizeof(rel[0]); i++) {
		const char *p = P(f, rel[i]);
		assert_same_as_lstat(sc_follow_path(f->c, p, strlen(p)), p);
	}
	assert_int_equal(cnt(&f->c->n->misses), misses);
	/* the lexical lookups still give these spellings to PHP */
	assert_null(lk(f, P(f, "d/l/../f")));
	assert_null(lk(f, P(f, "d/l/.")));
}

static void dangling_links_and_files_in_the_middle_fail_as_the_kernel_does(void **state)
{
	fx *f = *state;

	fx_mkdir(f, "r");
	fx_write(f, "r/file", "x");
	fx_link(f, "nowhere", "dang");
	fx_link(f, "r/file", "tofile");
	fx_link(f, "r", "l");
	assert_answers_then_hits(f, "dang/x");             /* ENOENT */
	assert_answers_then_hits(f, "tofile/x");           /* ENOTDIR */
	assert_answers_then_hits(f, "l/file/x");           /* ENOTDIR */
	assert_answers_then_hits(f, "l/missing/x/y");      /* ENOENT */
	assert_answers_then_hits(f, "l/missing/../file");  /* ENOENT */
	assert_answers_then_hits(f, "l/file/..");          /* ENOTDIR */
	/* a dangling link as the last component is a link */
	assert_answers_then_hits(f, "l/../dang");
}

static void retargeting_a_link_drops_exactly_what_passed_through_it(void **state)
{
	fx *f = *state;
	sc_proc_settings s = fx_default_settings;
	uint64_t misses;

	s.test_watcher = 0; /* only the sync point reveals the change */
	fx_restart(f, &s);
	fx_mkdir(f, "r1");
	fx_mkdir(f, "r2");
	fx_mkdir(f, "r3");
	fx_write(f, "r1/g", "g");
	fx_write(f, "r2/f", "two");
	fx_write(f, "r3/f", "three");
	fx_link(f, "r1", "top");
	fx_link(f, "../r2", "r1/mid");  /* top/mid/f: top, then mid */
	assert_answers_then_hits(f, "top/mid/f");
	assert_answers_then_hits(f, "top/g");
	assert_int_equal(lk(f, P(f, "top/mid/f"))->r.st.st_size, 3);

	/* mid is swapped as deploys do: a new link renamed over it */
	fx_link(f, "../r3", "r1/mid.tmp");
	assert_int_equal(rename(P(f, "r1/mid.tmp"), P(f, "r1/mid")), 0);
	sc_watcher_mark_pending();
	misses = cnt(&f->c->n->misses);
	assert_same_as_lstat(lk(f, P(f, "top/g")), P(f, "top/g"));
	assert_int_equal(cnt(&f->c->n->misses), misses);  /* not through mid: still a hit */
	assert_same_as_lstat(lk(f, P(f, "top/mid/f")), P(f, "top/mid/f"));
	assert_int_equal(cnt(&f->c->n->misses), misses + 1);
	assert_int_equal(lk(f, P(f, "top/mid/f"))->r.st.st_size, 5);
}

static void a_link_text_is_read_once_per_validity(void **state)
{
	fx *f = *state;
	sc_entry *e;
	const char *t1, *t2;
	size_t n;

	fx_mkdir(f, "r");
	fx_link(f, "r", "l");
	e = lk(f, P(f, "l"));
	assert_non_null(e);
	assert_int_equal(e->r.kind, SC_KIND_LINK);
	t1 = sc_link_text(f->c, e, &n);
	assert_non_null(t1);
	assert_int_equal(n, 1);
	assert_memory_equal(t1, "r", 1);
	assert_non_null(e->r.target);
	t2 = sc_link_text(f->c, e, &n);
	assert_ptr_equal(t1, t2);
	/* replaced: the entry is refilled, and its text read again */
	assert_int_equal(unlink(P(f, "l")), 0);
	fx_link(f, "r/", "l");
	sc_watcher_mark_pending();
	e = lk(f, P(f, "l"));
	t2 = sc_link_text(f->c, e, &n);
	assert_int_equal(n, 2);
	assert_memory_equal(t2, "r/", 2);
}

/* A file with two names is answered through a link like any other: its
 * own watch sees a change through either name. */
static void a_hard_linked_file_is_answered_through_a_link(void **state)
{
	fx *f = *state;
	sc_entry *e;

	fx_mkdir(f, "r");
	fx_write(f, "r/f", "x");
	assert_int_equal(link(P(f, "r/f"), P(f, "r/g")), 0);
	fx_link(f, "r", "l");
	e = lk(f, P(f, "l/f"));
	assert_same_as_lstat(e, P(f, "r/f"));
	assert_string_equal(e->key, P(f, "r/f"));
	assert_ptr_equal(lk(f, P(f, "l/f")), e);
	assert_int_equal(cnt(&f->c->n->link_hits), 1);
	assert_int_equal(chmod(P(f, "r/g"), 0600), 0);
	sc_watcher_mark_pending();
	assert_same_as_lstat(lk(f, P(f, "l/f")), P(f, "r/f"));
}

static void an_untrusted_cache_answers_nothing_through_links(void **state)
{
	fx *f = *state;

	fx_mkdir(f, "r");
	fx_write(f, "r/f", "x");
	fx_link(f, "r", "l");
	assert_null(lk(f, P(f, "l/f")));
	assert_null(lk(f, P(f, "l/f")));
	assert_int_equal(cnt(&f->c->n->hits), 0);
	assert_int_equal(cnt(&f->c->n->untrusted), 2);
}

/* stat() of path, as sc_follow_last() answers it, against a fresh stat(). */
static void assert_follows_as_stat(fx *f, const char *rel)
{
	struct stat st;
	sc_entry *e = sc_follow_last(f->c, lk(f, P(f, rel)));

	if (!e) {
		fail_msg("%s: left to PHP, expected an answer", rel);
	}
	if (stat(P(f, rel), &st) < 0) {
		if (e->r.kind != SC_KIND_MISSING || e->r.err != errno) {
			fail_msg("%s: stat fails with %d, cache says kind %d err %d", rel, errno, e->r.kind, e->r.err);
		}
		return;
	}
	assert_int_equal(e->r.kind, SC_KIND_FOUND);
	assert_int_equal(e->r.st.st_ino, st.st_ino);
	assert_int_equal(e->r.st.st_mode, st.st_mode);
}

static void a_last_component_link_is_followed_as_stat_follows_it(void **state)
{
	fx *f = *state;
	char abs[4096], name[16], target[16];
	uint64_t misses;

	fx_mkdir(f, "r");
	fx_mkdir(f, "r/a");
	fx_mkdir(f, "x");
	fx_write(f, "r/a/f", "abc");
	fx_link(f, "r/a/f", "file");
	snprintf(abs, sizeof(abs), "%s", P(f, "r/a"));
	fx_link(f, abs, "dir");
	fx_link(f, "../r/a", "x/up");
	fx_link(f, "dir/f", "through");      /* its text passes a link */
	fx_link(f, "r/gone", "dangling");
	fx_link(f, "r/a/f/x", "notdir");
	fx_link(f, "file", "c1");
	for (int i = 2; i <= 9; i++) {
		snprintf(name, sizeof(name), "c%d", i);
		snprintf(target, sizeof(target), "c%d", i - 1);
		fx_link(f, target, name);
	}
	fx_link(f, "loop", "loop");
	fx_link(f, "r/a/", "slash");
	for (int round = 0; round < 2; round++) {
		misses = cnt(&f->c->n->misses);
		assert_follows_as_stat(f, "file");
		assert_follows_as_stat(f, "dir");
		assert_follows_as_stat(f, "x/up");
		assert_follows_as_stat(f, "through");
		assert_follows_as_stat(f, "dangling");
		assert_follows_as_stat(f, "notdir");
		assert_follows_as_stat(f, "c7");     /* c7 -> ... -> c1 -> file: 8 links */
		assert_follows_as_stat(f, "r/a/f");  /* not a link: itself */
		if (round == 1) {
			assert_int_equal(cnt(&f->c->n->misses), misses); /* all hits */
		}
	}
	assert_null(sc_follow_last(f->c, lk(f, P(f, "c9"))));   /* 9 links */
	assert_null(sc_follow_last(f->c, lk(f, P(f, "loop"))));
	assert_null(sc_follow_last(f->c, lk(f, P(f, "slash"))));
	f->c->dots_lexical = 1;
	assert_null(sc_follow_last(f->c, lk(f, P(f, "x/up"))));
	assert_follows_as_stat(f, "file");
}

static int fx_setup_untrusted(void **state)
{
	return fx_setup_with(state, &fx_default_settings, 65536, 1);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
#define T(name) cmocka_unit_test_setup_teardown(name, fx_setup, fx_teardown)
	const struct CMUnitTest tests[] = {
		T(relative_and_absolute_targets_one_and_two_levels),
		T(eight_links_are_followed_and_a_ninth_goes_to_php),
		T(a_loop_goes_to_php),
		T(dotdot_after_a_link_is_the_target_parent),
		T(with_lexical_dots_a_dotted_spelling_through_a_link_goes_to_php),
		T(a_dotted_spelling_is_read_as_the_kernel_reads_it_and_not_kept),
		T(dangling_links_and_files_in_the_middle_fail_as_the_kernel_does),
		T(retargeting_a_link_drops_exactly_what_passed_through_it),
		T(a_link_text_is_read_once_per_validity),
		T(a_hard_linked_file_is_answered_through_a_link),
		T(a_last_component_link_is_followed_as_stat_follows_it),
		cmocka_unit_test_setup_teardown(an_untrusted_cache_answers_nothing_through_links,
			fx_setup_untrusted, fx_teardown),
	};
#undef T
	return cmocka_run_group_tests(tests, NULL, NULL);
}
