/*
 * The records of the scripts opcache holds (src/engine/scripts.c) against
 * a real tree: what a check after a drain hands back to be invalidated,
 * and what it keeps.
 */
#include "lookup_fixture.h"
#include "engine/scripts.h"
#include "engine/scripts_index.h"

/* Until the coarse realtime clock (the one file times come from) is past
 * path's ctime: an identity taken now proves "unchanged since". */
static void settle(const char *path)
{
	struct stat st;
	struct timespec now;

	assert_int_equal(lstat(path, &st), 0);
	do {
		clock_gettime(CLOCK_REALTIME_COARSE, &now);
	} while (now.tv_sec < st.st_ctim.tv_sec
		|| (now.tv_sec == st.st_ctim.tv_sec && now.tv_nsec <= st.st_ctim.tv_nsec));
}

/* A drain of what is queued now, then a check: the todo it fills. */
static void drain_and_check(fx *f, sc_script_todo *t)
{
	sc_gen_mark_pending(sc_the_proc.gen);
	sc_watcher_drain_pending();
	if (sc_scripts_due()) {
		sc_scripts_check(f->c, 2, t);
	}
}

/* Entries of this test's tree (records of earlier tests, whose trees are
 * gone, are queued too: the records live as long as the process). */
static unsigned todo_mine(const fx *f, const sc_script_todo *t)
{
	unsigned n = 0;
	size_t len = strlen(f->root);
	for (uint32_t i = 0; i < t->n; i++) {
		n += strncmp(t->paths[i] + 1, f->root, len) == 0 && t->paths[i][1 + len] == '/';
	}
	return n;
}

static bool todo_has(const sc_script_todo *t, char kind, const char *path)
{
	for (uint32_t i = 0; i < t->n; i++) {
		if (t->paths[i][0] == kind && strcmp(t->paths[i] + 1, path) == 0) {
			return true;
		}
	}
	return false;
}

static void a_neighbour_changing_keeps_the_script(void **state)
{
	fx *f = *state;
	sc_script_todo t = { 0 };

	fx_mkdir(f, "a");
	fx_write(f, "a/s.php", "<?php return 1;");
	settle(P(f, "a/s.php"));
	sc_scripts_record(f->c, P(f, "a/s.php"), NULL, NULL);
	assert_true(sc_scripts_known(P(f, "a/s.php")));
	fx_write(f, "a/t.txt", "x");
	drain_and_check(f, &t);
	assert_int_equal(todo_mine(f, &t), 0);
	assert_true(sc_scripts_known(P(f, "a/s.php")));
	sc_script_todo_free(&t);
}

/* The records are walked after a bump, not after every drain: a drain
 * with nothing queued (most sync points) leaves no check due, and the
 * first bump after a check makes one due again. */
static void only_a_bump_makes_a_check_due(void **state)
{
	fx *f = *state;
	sc_script_todo t = { 0 };

	fx_mkdir(f, "a");
	fx_write(f, "a/s.php", "<?php return 1;");
	settle(P(f, "a/s.php"));
	sc_scripts_record(f->c, P(f, "a/s.php"), NULL, NULL);
	drain_and_check(f, &t);
	sc_script_todo_free(&t);
	assert_false(sc_scripts_due());
	sc_gen_mark_pending(sc_the_proc.gen);
	sc_watcher_drain_pending();
	assert_false(sc_scripts_due());
	fx_write(f, "a/t.txt", "x");
	sc_gen_mark_pending(sc_the_proc.gen);
	sc_watcher_drain_pending();
	assert_true(sc_scripts_due());
	sc_scripts_check(f->c, 2, &t);
	assert_int_equal(todo_mine(f, &t), 0);
	assert_false(sc_scripts_due());
	sc_script_todo_free(&t);
}

/* A lookup leaves the write count as it is; a record made, or one a check
 * finds changed, moves it: the count a caller compares to skip a second
 * lookup of the same name (src/php/opcache/opcache.c) sees every change. */
static void only_a_change_moves_the_write_count(void **state)
{
	fx *f = *state;
	sc_script_todo t = { 0 };
	const char *s = P(f, "a/s.php");
	uint64_t before;

	fx_mkdir(f, "a");
	fx_write(f, "a/s.php", "<?php return 1;");
	settle(s);
	before = sc_scripts_write_count();
	sc_scripts_record(f->c, s, NULL, NULL);
	assert_true(sc_scripts_write_count() != before);
	before = sc_scripts_write_count();
	assert_true(sc_scripts_current(s, strlen(s), sc_table_hash(s, strlen(s))));
	assert_true(sc_scripts_known(s));
	assert_true(sc_scripts_write_count() == before);
	fx_write(f, "a/s.php", "<?php return 2;");
	drain_and_check(f, &t);
	assert_true(todo_has(&t, '=', s) || todo_has(&t, '!', s));
	assert_true(sc_scripts_write_count() != before);
	assert_false(sc_scripts_current(s, strlen(s), sc_table_hash(s, strlen(s))));
	/* what was queued, invalidated as the module does (nothing left stuck
	 * for the next tests' checks) */
	for (uint32_t i = 0; i < t.n; i++) {
		sc_scripts_invalidated(t.paths[i] + 1, true);
	}
	sc_script_todo_free(&t);
}

/* Two scripts written, settled and recorded. */
static void record_two(fx *f, const char *one, const char *two)
{
	fx_write(f, one, "<?php return 1;");
	fx_write(f, two, "<?php return 1;");
	settle(P(f, two));
	sc_scripts_record(f->c, P(f, one), NULL, NULL);
	sc_scripts_record(f->c, P(f, two), NULL, NULL);
}

static uint64_t walks(void)
{
	sc_scripts_totals tot;
	sc_scripts_totals_get(&tot);
	return tot.walks;
}

/* After a first walk, a check looks at the records of the slots the
 * bumps since moved (the bump log): a neighbour's change and a script's
 * change are each handled without a walk, the changed script queued, the
 * other kept; a flush (an epoch: every slot) walks again. */
static void a_check_after_a_few_bumps_looks_at_their_records_only(void **state)
{
	fx *f = *state;
	sc_script_todo t = { 0 };
	uint64_t w;

	fx_mkdir(f, "a");
	fx_mkdir(f, "b");
	record_two(f, "a/s.php", "b/u.php");
	sc_watcher_flush(0);
	sc_scripts_check(f->c, 2, &t);      /* the walk after the epoch */
	assert_int_equal(todo_mine(f, &t), 0);
	/* earlier tests' records (their trees gone) are queued: invalidated,
	 * as the module does, none stays stuck (a stuck one is retried by a
	 * walk every second) */
	for (uint32_t i = 0; i < t.n; i++) {
		sc_scripts_invalidated(t.paths[i] + 1, true);
	}
	sc_script_todo_free(&t);
	w = walks();
	fx_write(f, "a/t.txt", "x");        /* a neighbour: a's name slot of t.txt */
	drain_and_check(f, &t);
	assert_int_equal(todo_mine(f, &t), 0);
	assert_int_equal(walks(), w);
	fx_write(f, "b/u.php", "<?php return 22;");
	drain_and_check(f, &t);
	assert_int_equal(walks(), w);
	assert_int_equal(todo_mine(f, &t), 1);
	assert_true(todo_has(&t, '=', P(f, "b/u.php")));
	assert_true(sc_scripts_known(P(f, "a/s.php")));
	sc_script_todo_free(&t);
	sc_scripts_invalidated(P(f, "b/u.php"), true);
	sc_watcher_flush(0);
	assert_true(sc_scripts_due());
	sc_scripts_check(f->c, 2, &t);
	assert_int_equal(walks(), w + 1);
	assert_int_equal(todo_mine(f, &t), 0);
	sc_script_todo_free(&t);
}

static void a_rewrite_of_the_same_size_is_a_change(void **state)
{
	fx *f = *state;
	sc_script_todo t = { 0 };

	fx_mkdir(f, "a");
	fx_write(f, "a/s.php", "<?php return 1;");
	settle(P(f, "a/s.php"));
	sc_scripts_record(f->c, P(f, "a/s.php"), NULL, NULL);
	fx_write(f, "a/s.php", "<?php return 2;");
	drain_and_check(f, &t);
	assert_int_equal(todo_mine(f, &t), 1);
	assert_true(todo_has(&t, '=', P(f, "a/s.php")));
	sc_scripts_invalidated(P(f, "a/s.php"), true);
	assert_false(sc_scripts_known(P(f, "a/s.php")));
	sc_script_todo_free(&t);
}

/* Recorded in the tick of its last change and rewritten (same size) in
 * that tick too: where the file times did not move, the identity is the
 * same, and only the rule that such an identity proves nothing queues it. */
static void a_rewrite_in_the_tick_of_the_record_is_queued(void **state)
{
	fx *f = *state;
	sc_script_todo t = { 0 };
	struct timespec t0, t1;

	fx_mkdir(f, "a");
	do {
		clock_gettime(CLOCK_REALTIME_COARSE, &t0);
		fx_write(f, "a/s.php", "<?php return 1;");
		sc_scripts_record(f->c, P(f, "a/s.php"), NULL, NULL);
		fx_write(f, "a/s.php", "<?php return 2;");
		clock_gettime(CLOCK_REALTIME_COARSE, &t1);
	} while (t1.tv_sec != t0.tv_sec || t1.tv_nsec != t0.tv_nsec);
	drain_and_check(f, &t);
	assert_int_equal(todo_mine(f, &t), 1);
	assert_true(todo_has(&t, '=', P(f, "a/s.php")) || todo_has(&t, '!', P(f, "a/s.php")));
	sc_script_todo_free(&t);
}

static void a_symlink_swap_queues_the_old_target(void **state)
{
	fx *f = *state;
	sc_script_todo t = { 0 };
	char spelling[4096];

	fx_mkdir(f, "r1");
	fx_mkdir(f, "r2");
	fx_write(f, "r1/s.php", "<?php return 1;");
	fx_write(f, "r2/s.php", "<?php return 2;");
	assert_int_equal(symlink("r1", P(f, "current")), 0);
	settle(P(f, "r2/s.php"));
	snprintf(spelling, sizeof(spelling), "%s", P(f, "current/s.php"));
	sc_scripts_record(f->c, P(f, "r1/s.php"), spelling, NULL);
	assert_true(sc_scripts_known(spelling));
	assert_int_equal(symlink("r2", P(f, "current.tmp")), 0);
	assert_int_equal(rename(P(f, "current.tmp"), P(f, "current")), 0);
	drain_and_check(f, &t);
	assert_int_equal(todo_mine(f, &t), 1);
	assert_true(todo_has(&t, '=', P(f, "r1/s.php")));
	sc_script_todo_free(&t);
}

static void a_flush_keeps_what_did_not_change_and_queues_what_did(void **state)
{
	fx *f = *state;
	sc_script_todo t = { 0 };
	int fd;

	fx_mkdir(f, "a");
	record_two(f, "a/same.php", "a/other.php");
	/* a change no drain sees before the flush: the queue is read only by it */
	fd = open(P(f, "a/other.php"), O_WRONLY | O_APPEND);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, " ", 1), 1);
	close(fd);
	sc_watcher_flush(0);
	assert_true(sc_scripts_due());
	sc_scripts_check(f->c, 2, &t);
	assert_int_equal(todo_mine(f, &t), 1);
	assert_true(todo_has(&t, '=', P(f, "a/other.php")));
	assert_true(sc_scripts_known(P(f, "a/same.php")));
	sc_script_todo_free(&t);
}

static void a_copy_is_adopted_only_when_older_than_opcache_and_no_file_cache(void **state)
{
	fx *f = *state;
	struct stat st;

	fx_mkdir(f, "a");
	fx_write(f, "a/s.php", "<?php return 1;");
	fx_write(f, "a/t.php", "<?php return 1;");
	fx_write(f, "a/u.php", "<?php return 1;");
	settle(P(f, "a/u.php"));
	assert_int_equal(stat(P(f, "a/s.php"), &st), 0);
	/* opcache started before the file was written: a copy may be older */
	assert_false(sc_scripts_adopt(f->c, P(f, "a/s.php"), NULL, st.st_ctim.tv_sec, false));
	assert_false(sc_scripts_known(P(f, "a/s.php")));
	/* started well after: every copy was compiled from what is there */
	assert_true(sc_scripts_adopt(f->c, P(f, "a/t.php"), NULL, st.st_ctim.tv_sec + 10, false));
	assert_true(sc_scripts_known(P(f, "a/t.php")));
	/* a file cache may hold a copy of any age */
	assert_false(sc_scripts_adopt(f->c, P(f, "a/u.php"), NULL, st.st_ctim.tv_sec + 10, true));
}

/* A relative name's meaning (include_path "a:b", the file in b/): kept
 * while a/x.php stays missing, dropped when it appears, with nothing
 * handed back to invalidate (the name record holds no script). */
static void a_name_record_dies_when_a_candidate_it_passed_over_appears(void **state)
{
	fx *f = *state;
	sc_script_todo t = { 0 };
	char key[4200], real[4096], passed[4096], in_b[4096];
	size_t plen;

	fx_mkdir(f, "a");
	fx_mkdir(f, "b");
	fx_write(f, "b/x.php", "<?php return 'b';");
	snprintf(key, sizeof(key), "x.php|%s", f->root);
	snprintf(in_b, sizeof(in_b), "%s", P(f, "b/x.php"));
	plen = (size_t) snprintf(passed, sizeof(passed), "%s", P(f, "a/x.php")) + 1;
	assert_true(sc_scripts_name(f->c, key, in_b, NULL, passed, plen));
	assert_true(sc_scripts_name_real(key, real));
	assert_string_equal(real, in_b);
	fx_write(f, "b/other.php", "<?php return 1;");
	drain_and_check(f, &t);
	assert_true(sc_scripts_name_real(key, real));
	fx_write(f, "a/x.php", "<?php return 'a';");
	drain_and_check(f, &t);
	assert_false(sc_scripts_name_real(key, real));
	assert_int_equal(todo_mine(f, &t), 0);
	sc_script_todo_free(&t);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
#define T(name) cmocka_unit_test_setup_teardown(name, fx_setup, fx_teardown)
	const struct CMUnitTest tests[] = {
		T(a_neighbour_changing_keeps_the_script),
		T(only_a_change_moves_the_write_count),
		T(only_a_bump_makes_a_check_due),
		T(a_check_after_a_few_bumps_looks_at_their_records_only),
		T(a_rewrite_of_the_same_size_is_a_change),
		T(a_rewrite_in_the_tick_of_the_record_is_queued),
		T(a_symlink_swap_queues_the_old_target),
		T(a_flush_keeps_what_did_not_change_and_queues_what_did),
		T(a_copy_is_adopted_only_when_older_than_opcache_and_no_file_cache),
		T(a_name_record_dies_when_a_candidate_it_passed_over_appears),
	};
#undef T
	return cmocka_run_group_tests(tests, NULL, NULL);
}
