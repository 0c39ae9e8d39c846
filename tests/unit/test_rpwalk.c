/*
 * PHP's realpath walk replayed (src/core/rpwalk.c) against a real tree:
 * with the kernel's lstat()/readlink() as callbacks, every resolution must
 * be realpath(3)'s, the prefixes remembered must answer a second walk with
 * no question asked, and a callback that cannot say stops the walk.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/rpwalk.h"
#include "tmpdir.h"

#define FAIL ((size_t) -1)
#define MAX_ENTRIES 256

typedef struct rp_entry {
	char *path, *real;
	bool is_dir;
} rp_entry;

/* The walk's world: the kernel, a realpath cache, and what was asked. */
typedef struct rp_fx {
	char root[PATH_MAX];
	rp_entry cache[MAX_ENTRIES];
	unsigned n;
	unsigned lstats, readlinks;
	const char *give_up_at;     /* lstat of this spelling says GIVE_UP */
	bool full;                  /* add() fails: the realpath cache is full */
	/* the last find() since the last readlink(): src/php/realpath/realpath.c keeps
	 * a spelling's keys for the shorter prefixes the walk asks next */
	const char *last_find;
	size_t last_len;
	char last_text[4096];
	bool read_link;
	unsigned checked;
} rp_fx;

static int fx_lstat_kind(void *ctx, const char *path, size_t len)
{
	rp_fx *f = ctx;
	struct stat st;

	assert_int_equal(strlen(path), len);
	f->lstats++;
	if (f->give_up_at && strcmp(path, f->give_up_at) == 0) {
		return SC_RP_GIVE_UP;
	}
	if (lstat(path, &st) != 0) {
		return SC_RP_FAILS;
	}
	return S_ISLNK(st.st_mode) ? SC_RP_LINK : S_ISDIR(st.st_mode) ? SC_RP_DIR : SC_RP_OTHER;
}

static ssize_t fx_readlink(void *ctx, const char *path, size_t len, char *buf, size_t size)
{
	rp_fx *f = ctx;
	ssize_t n;

	assert_int_equal(strlen(path), len);
	f->readlinks++;
	f->read_link = true;
	n = readlink(path, buf, size);
	return n < 0 ? SC_RP_FAILS : n;
}

static bool fx_find(void *ctx, const char *path, size_t len, char *out, size_t *out_len, bool *is_dir,
	uint64_t *key)
{
	rp_fx *f = ctx;

	*key = len; /* handed back to fx_add() for the same spelling */
	if (f->last_find && !f->read_link) {
		/* no link read since the last find: a shorter prefix of the same
		 * bytes in the same buffer */
		assert_ptr_equal(path, f->last_find);
		assert_true(len < f->last_len);
		assert_memory_equal(path, f->last_text, len);
		f->checked++;
	}
	f->last_find = path;
	f->last_len = len;
	memcpy(f->last_text, path, len);
	f->read_link = false;

	for (unsigned i = 0; i < f->n; i++) {
		if (strlen(f->cache[i].path) == len && memcmp(f->cache[i].path, path, len) == 0) {
			*out_len = strlen(f->cache[i].real);
			memcpy(out, f->cache[i].real, *out_len + 1);
			*is_dir = f->cache[i].is_dir;
			return true;
		}
	}
	return false;
}

static bool fx_add(void *ctx, const char *path, size_t len, uint64_t key, const char *real, size_t real_len,
	bool is_dir)
{
	rp_fx *f = ctx;

	assert_int_equal(key, len);
	if (f->full) {
		return false;
	}
	assert_true(f->n < MAX_ENTRIES);
	assert_int_equal(strlen(path), len);
	assert_int_equal(strlen(real), real_len);
	f->cache[f->n].path = strndup(path, len);
	f->cache[f->n].real = strndup(real, real_len);
	f->cache[f->n].is_dir = is_dir;
	f->n++;
	return true;
}

static const rp_entry *fx_cached(rp_fx *f, const char *path)
{
	for (unsigned i = 0; i < f->n; i++) {
		if (strcmp(f->cache[i].path, path) == 0) {
			return &f->cache[i];
		}
	}
	return NULL;
}

static void fx_forget(rp_fx *f)
{
	for (unsigned i = 0; i < f->n; i++) {
		free(f->cache[i].path);
		free(f->cache[i].real);
	}
	f->n = 0;
}

static const char *P(rp_fx *f, const char *rel)
{
	static char buf[4][2 * PATH_MAX];
	static unsigned k;
	char *b = buf[k++ % 4];
	snprintf(b, sizeof(buf[0]), "%s/%s", f->root, rel);
	return b;
}

static void fx_sh(rp_fx *f, const char *fmt, ...)
{
	char cmd[2 * PATH_MAX];
	int n = snprintf(cmd, sizeof(cmd), "cd '%s' && ", f->root);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(cmd + n, sizeof(cmd) - (size_t) n, fmt, ap);
	va_end(ap);
	assert_int_equal(system(cmd), 0);
}

static int setup(void **state)
{
	rp_fx *f = calloc(1, sizeof(*f));
	char tmpl[PATH_MAX];
	char *d = sc_unit_mkdtemp(tmpl, sizeof(tmpl), "sc_rpwalk");

	assert_non_null(d);
	/* the root itself may sit under a symlink (/tmp on some systems) */
	assert_non_null(realpath(d, f->root));
	fx_sh(f, "mkdir -p real/sub a/b && echo x > real/sub/f.php && echo y > a/b/f.txt"
		" && ln -s real rel && ln -s '%s/real/sub' abs && ln -s ../real a/up"
		" && ln -s f.txt a/b/flink && ln -s nowhere a/dangle && ln -s loop2 loop1 && ln -s loop1 loop2"
		" && ln -s rel/sub twolinks", f->root);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	rp_fx *f = *state;
	char cmd[PATH_MAX + 16];
	fx_forget(f);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", f->root);
	assert_int_equal(system(cmd), 0);
	free(f);
	return 0;
}

static sc_rp_io fx_io(rp_fx *f)
{
	sc_rp_io io = { fx_lstat_kind, fx_readlink, fx_find, fx_add, f, true, 0, false, false };
	return io;
}

/* One walk of path in mode: the resolved text, or NULL when it fails. */
static bool fx_kept;

static const char *fx_walk(rp_fx *f, const char *path, sc_rp_mode mode, bool *gave_up)
{
	static char buf[SC_RP_MAX];
	sc_rp_io io = fx_io(f);
	size_t r;

	snprintf(buf, sizeof(buf), "%s", path);
	f->last_find = NULL;
	r = sc_rp_walk(&io, buf, strlen(buf), mode);
	fx_kept = io.kept;
	if (gave_up) {
		*gave_up = io.gave_up;
	}
	if (r == FAIL) {
		return NULL;
	}
	buf[r] = '\0';
	return buf;
}

/* REALPATH mode answers as realpath(3), cache empty or full; the second
 * walk asks nothing when the first one succeeded. */
static void assert_as_realpath(rp_fx *f, const char *path)
{
	char want[PATH_MAX];
	bool ok = realpath(path, want) != NULL;
	const char *got;

	fx_forget(f);
	got = fx_walk(f, path, SC_RP_REALPATH, NULL);
	if (!ok) {
		assert_null(got);
		return;
	}
	if (!got) {
		fail_msg("%s: walk failed, realpath(3) says %s", path, want);
	}
	assert_string_equal(got, want);
	f->lstats = f->readlinks = 0;
	got = fx_walk(f, path, SC_RP_REALPATH, NULL);
	assert_non_null(got);
	assert_string_equal(got, want);
	assert_int_equal(f->lstats, 0);
	assert_int_equal(f->readlinks, 0);
}

static void resolves_as_realpath_does(void **state)
{
	rp_fx *f = *state;
	static const char *const rel[] = {
		"a/b/f.txt", "rel/sub/f.php", "abs/f.php", "a/up/sub/f.php", "a/b/flink", "a/dangle",
		"a/b/../b/f.txt", "a/b/./f.txt", "a//b/f.txt", "a/missing/x", "a/b/f.txt/x", "a/b/f.txt/",
		"rel/sub/", "a/up/../a/b/f.txt", "a/up/..", "rel", "twolinks/f.php", "twolinks/..", "loop1",
		"loop1/x", "a/b/.", "a/b/..", "rel/sub/./../sub//f.php", "..", "a/../..",
	};
	for (size_t i = 0; i < sizeof(rel) / sizeof(rel[0]); i++) {
		assert_as_realpath(f, P(f, rel[i]));
	}
	assert_as_realpath(f, "/");
	assert_as_realpath(f, "/..");
}

/* kept: the whole name (trailing "/" and "/." dropped) was found in the
 * cache or added to it, so PHP's own walk would answer from that entry. */
static void kept_says_whether_the_whole_name_is_in_the_cache(void **state)
{
	rp_fx *f = *state;

	fx_forget(f);
	assert_non_null(fx_walk(f, P(f, "rel/sub/f.php"), SC_RP_REALPATH, NULL));
	assert_true(fx_kept);   /* added */
	assert_non_null(fx_walk(f, P(f, "rel/sub/f.php"), SC_RP_REALPATH, NULL));
	assert_true(fx_kept);   /* found */
	assert_non_null(fx_walk(f, P(f, "rel/sub/"), SC_RP_FILEPATH, NULL));
	assert_true(fx_kept);
	assert_non_null(fx_walk(f, P(f, "a/b/.."), SC_RP_REALPATH, NULL));
	assert_false(fx_kept);  /* ".." last: PHP's walk looks up no whole name */
	assert_non_null(fx_walk(f, P(f, "a/missing/x"), SC_RP_FILEPATH, NULL));
	assert_false(fx_kept);  /* a missing tail is not remembered */
	fx_forget(f);
	f->full = true;
	assert_non_null(fx_walk(f, P(f, "a/b/f.txt"), SC_RP_REALPATH, NULL));
	assert_false(fx_kept);  /* nothing fits: PHP's walk asks the kernel */
	f->full = false;
	assert_null(fx_walk(f, P(f, "a/b/f.txt/x"), SC_RP_REALPATH, NULL));
	assert_false(fx_kept);
}

/* What src/php/realpath/realpath.c's kept keys rely on: find() is asked of ever
 * shorter prefixes of the same bytes, until a link's text is read. */
static void finds_ask_shorter_prefixes_of_one_buffer_until_a_link_is_read(void **state)
{
	rp_fx *f = *state;
	static const char *const rel[] = {
		"a/b/f.txt", "rel/sub/f.php", "abs/f.php", "a/up/sub/f.php", "a/b/flink", "a/dangle",
		"a/b/../b/f.txt", "a//b/f.txt", "rel/sub/./../sub//f.php", "twolinks/f.php", "a/up/../a/b/f.txt",
	};
	f->checked = 0;
	for (size_t i = 0; i < sizeof(rel) / sizeof(rel[0]); i++) {
		fx_forget(f);
		fx_walk(f, P(f, rel[i]), SC_RP_REALPATH, NULL);
		fx_walk(f, P(f, rel[i]), SC_RP_FILEPATH, NULL);
	}
	assert_true(f->checked > 20);
}

/* Each prefix is remembered as spelled, with what it resolved to. */
static void remembers_every_prefix_as_spelled(void **state)
{
	rp_fx *f = *state;
	const rp_entry *e;

	fx_forget(f);
	assert_non_null(fx_walk(f, P(f, "rel/sub/f.php"), SC_RP_REALPATH, NULL));
	e = fx_cached(f, P(f, "rel/sub/f.php"));
	assert_non_null(e);
	assert_string_equal(e->real, P(f, "real/sub/f.php"));
	assert_false(e->is_dir);
	e = fx_cached(f, P(f, "rel"));
	assert_non_null(e);
	assert_string_equal(e->real, P(f, "real"));
	assert_true(e->is_dir);  /* a link to a directory is remembered as one */
	e = fx_cached(f, P(f, "rel/sub"));
	assert_non_null(e);
	assert_true(e->is_dir);
	assert_non_null(fx_cached(f, f->root));
	/* the link's target as PHP spells it: its directory + its text */
	assert_non_null(fx_cached(f, P(f, "real")));
}

/* CWD_FILEPATH keeps a missing tail as spelled and remembers only what
 * exists; CWD_REALPATH fails on it. */
static void a_missing_tail_is_kept_in_filepath_mode(void **state)
{
	rp_fx *f = *state;
	const char *got;

	fx_forget(f);
	got = fx_walk(f, P(f, "rel/new/file.txt"), SC_RP_FILEPATH, NULL);
	assert_non_null(got);
	assert_string_equal(got, P(f, "real/new/file.txt"));
	assert_null(fx_cached(f, P(f, "rel/new/file.txt")));
	assert_null(fx_cached(f, P(f, "rel/new")));
	assert_non_null(fx_cached(f, P(f, "rel")));
	assert_null(fx_walk(f, P(f, "rel/new/file.txt"), SC_RP_REALPATH, NULL));
	/* a dangling link: FILEPATH resolves it to its missing target, and
	 * remembers the link so (PHP's realpath() then answers from there) */
	fx_forget(f);
	got = fx_walk(f, P(f, "a/dangle"), SC_RP_FILEPATH, NULL);
	assert_non_null(got);
	assert_string_equal(got, P(f, "a/nowhere"));
	assert_non_null(fx_cached(f, P(f, "a/dangle")));
}

/* PHP follows 32 links in one resolution and fails the 33rd. */
static void the_thirty_third_link_fails(void **state)
{
	rp_fx *f = *state;
	char cmd[64];

	fx_sh(f, "mkdir chain && echo z > chain/t && ln -s t chain/l0");
	for (int i = 1; i <= 32; i++) {
		snprintf(cmd, sizeof(cmd), "ln -s l%d chain/l%d", i - 1, i);
		fx_sh(f, "%s", cmd);
	}
	fx_forget(f);
	assert_non_null(fx_walk(f, P(f, "chain/l31"), SC_RP_REALPATH, NULL)); /* 32 links */
	fx_forget(f);
	assert_null(fx_walk(f, P(f, "chain/l32"), SC_RP_REALPATH, NULL));     /* 33 */
}

/* A callback that cannot say stops the whole walk, in both modes. */
static void giving_up_stops_the_walk(void **state)
{
	rp_fx *f = *state;
	bool gave_up;

	for (int m = SC_RP_FILEPATH; m <= SC_RP_REALPATH; m++) {
		fx_forget(f);
		f->give_up_at = P(f, "real");
		assert_null(fx_walk(f, P(f, "rel/sub/f.php"), (sc_rp_mode) m, &gave_up));
		assert_true(gave_up);
		f->give_up_at = NULL;
		assert_null(fx_cached(f, P(f, "rel/sub/f.php")));
		assert_non_null(fx_walk(f, P(f, "rel/sub/f.php"), (sc_rp_mode) m, &gave_up));
		assert_false(gave_up);
	}
}

/* A remembered file where a directory is needed fails, as PHP's walk
 * does with its cache. */
static void a_cached_file_is_no_directory(void **state)
{
	rp_fx *f = *state;

	fx_forget(f);
	assert_non_null(fx_walk(f, P(f, "a/b/f.txt"), SC_RP_REALPATH, NULL));
	f->lstats = 0;
	assert_null(fx_walk(f, P(f, "a/b/f.txt/"), SC_RP_REALPATH, NULL));
	assert_int_equal(f->lstats, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(resolves_as_realpath_does, setup, teardown),
		cmocka_unit_test_setup_teardown(remembers_every_prefix_as_spelled, setup, teardown),
		cmocka_unit_test_setup_teardown(kept_says_whether_the_whole_name_is_in_the_cache, setup, teardown),
		cmocka_unit_test_setup_teardown(finds_ask_shorter_prefixes_of_one_buffer_until_a_link_is_read, setup, teardown),
		cmocka_unit_test_setup_teardown(a_missing_tail_is_kept_in_filepath_mode, setup, teardown),
		cmocka_unit_test_setup_teardown(the_thirty_third_link_fails, setup, teardown),
		cmocka_unit_test_setup_teardown(giving_up_stops_the_walk, setup, teardown),
		cmocka_unit_test_setup_teardown(a_cached_file_is_no_directory, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
