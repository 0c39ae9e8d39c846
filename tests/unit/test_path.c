/*
 * sc_canon_path / sc_path_parent_len: lexical canonicalization and the
 * directories a spelling requires to be real.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/canon.h"

static sc_canon *canon_new(void)
{
	sc_canon *c = malloc(sizeof(*c));
	assert_non_null(c);
	return c;
}

static sc_canon_result canon(sc_canon *c, const char *path)
{
	return sc_canon_path(c, path, strlen(path));
}

static void assert_req(const sc_canon *c, unsigned i, const char *want)
{
	size_t len;
	const char *req;

	assert_true(i < c->nreq);
	req = sc_canon_req(c, i, &len);
	assert_int_equal(len, strlen(want));
	assert_memory_equal(req, want, len);
	assert_int_equal(req[len], '\0');
}

static void assert_canon(const sc_canon *c, const char *want)
{
	assert_int_equal(c->len, strlen(want));
	assert_string_equal(c->path, want);
}

static void root_stays_same(void **state)
{
	sc_canon *c = canon_new();
	(void) state;
	assert_int_equal(canon(c, "/"), SC_CANON_SAME);
	assert_canon(c, "/");
	assert_int_equal(c->nreq, 0);
	free(c);
}

static void plain_absolute_path_stays_same(void **state)
{
	sc_canon *c = canon_new();
	(void) state;
	assert_int_equal(canon(c, "/a/b"), SC_CANON_SAME);
	assert_canon(c, "/a/b");
	assert_int_equal(c->nreq, 0);
	free(c);
}

static void double_slash_changes_without_requirement(void **state)
{
	sc_canon *c = canon_new();
	(void) state;
	assert_int_equal(canon(c, "//a"), SC_CANON_CHANGED);
	assert_canon(c, "/a");
	assert_int_equal(c->nreq, 0);
	assert_int_equal(canon(c, "/a//b"), SC_CANON_CHANGED);
	assert_canon(c, "/a/b");
	assert_int_equal(c->nreq, 0);
	free(c);
}

static void dot_requires_its_directory(void **state)
{
	sc_canon *c = canon_new();
	(void) state;
	assert_int_equal(canon(c, "/a/./b"), SC_CANON_CHANGED);
	assert_canon(c, "/a/b");
	assert_int_equal(c->nreq, 1);
	assert_req(c, 0, "/a");
	free(c);
}

static void dotdot_requires_the_directory_it_leaves(void **state)
{
	sc_canon *c = canon_new();
	(void) state;
	assert_int_equal(canon(c, "/a/b/../c"), SC_CANON_CHANGED);
	assert_canon(c, "/a/c");
	assert_int_equal(c->nreq, 1);
	assert_req(c, 0, "/a/b");
	free(c);
}

static void two_dotdots_require_both_directories_in_order(void **state)
{
	sc_canon *c = canon_new();
	(void) state;
	assert_int_equal(canon(c, "/a/b/../../c"), SC_CANON_CHANGED);
	assert_canon(c, "/c");
	assert_int_equal(c->nreq, 2);
	assert_req(c, 0, "/a/b");
	assert_req(c, 1, "/a");
	free(c);
}

static void dotdot_at_root_is_root(void **state)
{
	sc_canon *c = canon_new();
	(void) state;
	assert_int_equal(canon(c, "/.."), SC_CANON_CHANGED);
	assert_canon(c, "/");
	assert_int_equal(c->nreq, 0);
	free(c);
}

static void dotdot_back_to_root_requires_the_directory(void **state)
{
	sc_canon *c = canon_new();
	(void) state;
	assert_int_equal(canon(c, "/a/.."), SC_CANON_CHANGED);
	assert_canon(c, "/");
	assert_int_equal(c->nreq, 1);
	assert_req(c, 0, "/a");
	free(c);
}

static void trailing_slash_is_bypassed(void **state)
{
	sc_canon *c = canon_new();
	(void) state;
	assert_int_equal(canon(c, "/a/"), SC_CANON_BYPASS);
	assert_int_equal(canon(c, "/a/b//"), SC_CANON_BYPASS);
	free(c);
}

static void relative_and_empty_paths_are_bypassed(void **state)
{
	sc_canon *c = canon_new();
	(void) state;
	assert_int_equal(canon(c, "a/b"), SC_CANON_BYPASS);
	assert_int_equal(canon(c, "./a"), SC_CANON_BYPASS);
	assert_int_equal(sc_canon_path(c, "", 0), SC_CANON_BYPASS);
	/* len 0 with a non-empty buffer: len is what counts */
	assert_int_equal(sc_canon_path(c, "/a", 0), SC_CANON_BYPASS);
	free(c);
}

static void name_of_255_bytes_is_kept_256_is_bypassed(void **state)
{
	sc_canon *c = canon_new();
	char p[600];
	(void) state;

	p[0] = '/';
	memset(p + 1, 'x', 255);
	p[256] = '\0';
	assert_int_equal(canon(c, p), SC_CANON_SAME);
	assert_int_equal(c->len, 256);

	memset(p + 1, 'x', 256);
	p[257] = '\0';
	assert_int_equal(canon(c, p), SC_CANON_BYPASS);

	/* ENAMETOOLONG even when a ".." would remove the name */
	strcpy(p + 257, "/..");
	assert_int_equal(canon(c, p), SC_CANON_BYPASS);
	free(c);
}

/* "/" followed by names of 200 bytes and a last name that makes len bytes */
static void make_long_path(char *p, size_t len)
{
	size_t at = 0;
	while (len - at > 201) {
		p[at++] = '/';
		memset(p + at, 'n', 200);
		at += 200;
	}
	p[at++] = '/';
	memset(p + at, 'm', len - at);
	p[len] = '\0';
}

static void path_of_4095_bytes_is_kept_4096_is_bypassed(void **state)
{
	sc_canon *c = canon_new();
	char *p = malloc(4200);
	(void) state;

	make_long_path(p, 4095);
	assert_int_equal(strlen(p), 4095);
	assert_int_equal(canon(c, p), SC_CANON_SAME);
	assert_int_equal(c->len, 4095);
	assert_string_equal(c->path, p);

	make_long_path(p, 4096);
	assert_int_equal(strlen(p), 4096);
	assert_int_equal(canon(c, p), SC_CANON_BYPASS);
	free(p);
	free(c);
}

static void sixteen_requirements_are_kept_seventeen_are_bypassed(void **state)
{
	sc_canon *c = canon_new();
	char p[256];
	size_t at = 0;
	(void) state;

	/* "/a/./b/./c/./..." : each "." requires a different directory */
	for (int i = 0; i < 16; i++) {
		at += (size_t) snprintf(p + at, sizeof(p) - at, "/%c/.", 'a' + i);
	}
	assert_int_equal(canon(c, p), SC_CANON_CHANGED);
	assert_int_equal(c->nreq, 16);
	assert_req(c, 0, "/a");
	assert_req(c, 15, "/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p");

	snprintf(p + at, sizeof(p) - at, "/q/.");
	assert_int_equal(canon(c, p), SC_CANON_BYPASS);
	free(c);
}

static void dot_after_a_file_requires_the_file_to_be_a_directory(void **state)
{
	sc_canon *c = canon_new();
	(void) state;
	assert_int_equal(canon(c, "/file/."), SC_CANON_CHANGED);
	assert_canon(c, "/file");
	assert_int_equal(c->nreq, 1);
	assert_req(c, 0, "/file");
	free(c);
}

static void repeated_dots_ask_once(void **state)
{
	sc_canon *c = canon_new();
	(void) state;
	assert_int_equal(canon(c, "/a/./."), SC_CANON_CHANGED);
	assert_canon(c, "/a");
	assert_int_equal(c->nreq, 1);
	assert_req(c, 0, "/a");

	assert_int_equal(canon(c, "/a/././b/./c"), SC_CANON_CHANGED);
	assert_canon(c, "/a/b/c");
	assert_int_equal(c->nreq, 2);
	assert_req(c, 0, "/a");
	assert_req(c, 1, "/a/b");
	free(c);
}

static void dot_then_dotdot_require_each_directory_crossed(void **state)
{
	sc_canon *c = canon_new();
	(void) state;
	/* "/a" then "/a/b" then "/a" again (not the last one asked: kept) */
	assert_int_equal(canon(c, "/a/./b/../x"), SC_CANON_CHANGED);
	assert_canon(c, "/a/x");
	assert_int_equal(c->nreq, 2);
	assert_req(c, 0, "/a");
	assert_req(c, 1, "/a/b");
	free(c);
}

/* names that only start with dots are names: no requirement, no change */
static void names_starting_with_dots_stay_same(void **state)
{
	sc_canon *c = canon_new();
	(void) state;
	assert_int_equal(canon(c, "/a/.hidden/..x/.../b."), SC_CANON_SAME);
	assert_canon(c, "/a/.hidden/..x/.../b.");
	assert_int_equal(c->nreq, 0);
	assert_int_equal(canon(c, "/.a"), SC_CANON_SAME);
	assert_canon(c, "/.a");
	assert_int_equal(canon(c, "/a/.."), SC_CANON_CHANGED);
	assert_canon(c, "/");
	free(c);
}

static void parent_len_of_canonical_paths(void **state)
{
	(void) state;
	assert_int_equal(sc_path_parent_len("/", 1), 0);
	assert_int_equal(sc_path_parent_len("/a", 2), 1);
	assert_int_equal(sc_path_parent_len("/a/b", 4), 2);
	assert_int_equal(sc_path_parent_len("/a/bc/d", 7), 5);
	assert_int_equal(sc_path_parent_len("/abc", 4), 1);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0); /* summary lines whole when stdout and stderr share a log */
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(root_stays_same),
		cmocka_unit_test(plain_absolute_path_stays_same),
		cmocka_unit_test(double_slash_changes_without_requirement),
		cmocka_unit_test(dot_requires_its_directory),
		cmocka_unit_test(dotdot_requires_the_directory_it_leaves),
		cmocka_unit_test(two_dotdots_require_both_directories_in_order),
		cmocka_unit_test(dotdot_at_root_is_root),
		cmocka_unit_test(dotdot_back_to_root_requires_the_directory),
		cmocka_unit_test(trailing_slash_is_bypassed),
		cmocka_unit_test(relative_and_empty_paths_are_bypassed),
		cmocka_unit_test(name_of_255_bytes_is_kept_256_is_bypassed),
		cmocka_unit_test(path_of_4095_bytes_is_kept_4096_is_bypassed),
		cmocka_unit_test(sixteen_requirements_are_kept_seventeen_are_bypassed),
		cmocka_unit_test(dot_after_a_file_requires_the_file_to_be_a_directory),
		cmocka_unit_test(repeated_dots_ask_once),
		cmocka_unit_test(dot_then_dotdot_require_each_directory_crossed),
		cmocka_unit_test(names_starting_with_dots_stay_same),
		cmocka_unit_test(parent_len_of_canonical_paths),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
