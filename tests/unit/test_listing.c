/*
 * Remembered directory listings: the kernel's order, validity by the
 * recorded generation values, the byte cap, and readers' references.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/listing.h"
#include "core/events.h"
#include <sys/inotify.h>
#include "tmpdir.h"

typedef struct fixture {
	char dir[200];
	sc_gen *g;
} fixture;

static void touch(const char *dir, const char *name)
{
	char p[256];
	int fd;
	snprintf(p, sizeof(p), "%s/%s", dir, name);
	fd = open(p, O_CREAT | O_WRONLY, 0644);
	assert_true(fd >= 0);
	close(fd);
}

static int setup(void **state)
{
	fixture *f = calloc(1, sizeof(*f));
	if (!f) {
		return -1;
	}
	if (!sc_unit_mkdtemp(f->dir, sizeof(f->dir), "sc-listing")) {
		free(f);
		return -1;
	}
	f->g = aligned_alloc(SC_CACHE_LINE, sc_gen_size(64));
	sc_gen_init(f->g, 64);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	fixture *f = *state;
	char cmd[300];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", f->dir);
	if (system(cmd) != 0) {
		return -1;
	}
	free(f->g);
	free(f);
	return 0;
}

static sc_listing *read_now(fixture *f, uint32_t slot)
{
	sc_dep d = { slot, sc_gen_load(f->g, slot) };
	return sc_listing_read(f->dir, strlen(f->dir), sc_gen_epoch(f->g), &d, 1, SC_LISTING_MAX_NAMES);
}

/* What readdir() says now, in its order, with d_type. */
static void assert_same_as_readdir(const char *dir, const sc_listing *l)
{
	DIR *dp = opendir(dir);
	struct dirent *d;
	uint32_t i = 0;
	assert_non_null(dp);
	while ((d = readdir(dp)) != NULL) {
		assert_true(i < l->count);
		assert_string_equal(sc_listing_name_at(l, i), d->d_name);
		assert_int_equal(l->ents[i].len, strlen(d->d_name));
		assert_int_equal(l->ents[i].type, d->d_type);
		assert_int_equal(l->ents[i].ino, d->d_ino);
		i++;
	}
	closedir(dp);
	assert_int_equal(i, l->count);
}

static void read_keeps_the_kernels_order_dots_and_types(void **state)
{
	fixture *f = *state;
	char sub[300];
	sc_listing *l;

	touch(f->dir, "b.php");
	touch(f->dir, ".hidden");
	touch(f->dir, "a.txt");
	snprintf(sub, sizeof(sub), "%s/sub", f->dir);
	assert_int_equal(mkdir(sub, 0755), 0);
	l = read_now(f, 3);
	assert_non_null(l);
	assert_int_equal(l->count, 6);
	assert_same_as_readdir(f->dir, l);
	assert_string_equal(l->key, f->dir);
	assert_int_equal(l->refs, 1);
	sc_listing_release(l);
}

static void read_of_a_missing_or_non_directory_fails_with_opendirs_errno(void **state)
{
	fixture *f = *state;
	char p[300];
	sc_dep d = { 0, 0 };

	snprintf(p, sizeof(p), "%s/missing", f->dir);
	errno = 0;
	assert_null(sc_listing_read(p, strlen(p), 0, &d, 1, 100));
	assert_int_equal(errno, ENOENT);
	touch(f->dir, "file");
	snprintf(p, sizeof(p), "%s/file", f->dir);
	assert_null(sc_listing_read(p, strlen(p), 0, &d, 1, 100));
	assert_int_equal(errno, ENOTDIR);
}

static void more_than_max_names_is_refused_with_e2big(void **state)
{
	fixture *f = *state;
	sc_dep d = { 0, 0 };
	sc_listing *l;

	touch(f->dir, "x");
	touch(f->dir, "y");
	/* ".", "..", x, y: four names */
	errno = 0;
	assert_null(sc_listing_read(f->dir, strlen(f->dir), 0, &d, 1, 3));
	assert_int_equal(errno, E2BIG);
	l = sc_listing_read(f->dir, strlen(f->dir), 0, &d, 1, 4);
	assert_non_null(l);
	assert_int_equal(l->count, 4);
	sc_listing_release(l);
}

static void get_returns_a_listing_until_its_slot_or_the_epoch_moves(void **state)
{
	fixture *f = *state;
	sc_listings s;
	sc_listing *l, *again;

	assert_int_equal(sc_listings_init(&s, 1 << 20), 0);
	l = read_now(f, 5);
	assert_int_equal(sc_listings_put(&s, l), 1);
	assert_int_equal(l->refs, 2);
	again = sc_listings_get(&s, f->g, f->dir, strlen(f->dir));
	assert_ptr_equal(again, l);
	assert_int_equal(l->refs, 3);
	sc_listing_release(again);

	sc_gen_bump(f->g, 6); /* another slot: still valid */
	assert_non_null(again = sc_listings_get(&s, f->g, f->dir, strlen(f->dir)));
	sc_listing_release(again);

	sc_gen_bump(f->g, 5); /* a name event in the directory */
	assert_null(sc_listings_get(&s, f->g, f->dir, strlen(f->dir)));
	assert_int_equal(s.count, 0);
	assert_int_equal(s.bytes, 0);
	assert_int_equal(l->refs, 1); /* the store let go; we still hold ours */
	sc_listing_release(l);

	l = read_now(f, 5);
	sc_listings_put(&s, l);
	sc_listing_release(l);
	sc_gen_bump_epoch(f->g);
	assert_null(sc_listings_get(&s, f->g, f->dir, strlen(f->dir)));
	sc_listings_free(&s);
}

/* One inotify record about name in watch wd, applied as a drain does. */
static void event(fixture *f, int wd, uint32_t mask, const char *name)
{
	union {
		struct inotify_event ev;
		char bytes[sizeof(struct inotify_event) + 32];
	} b;
	sc_event_tally t = { 0 };
	size_t len = name ? ((strlen(name) + 1 + 15) / 16) * 16 : 0;

	memset(&b, 0, sizeof(b));
	b.ev.wd = wd;
	b.ev.mask = mask;
	b.ev.len = (uint32_t) len;
	if (name) {
		memcpy(b.ev.name, name, strlen(name));
	}
	sc_events_apply(f->g, &b, sizeof(b.ev) + len, &t);
	assert_int_equal(t.events, 1);
}

/* A listing noted for the names ending in ".txt" holds for them while
 * other names of its directory come and go (its whole validity does not),
 * and ends with a ".txt" name made or removed, a rename onto one, its
 * directory's own name, or its watch gone. */
static void a_listing_noted_for_one_class_holds_while_other_names_come_and_go(void **state)
{
	fixture *f = *state;
	sc_gen *small = f->g, *g = aligned_alloc(SC_CACHE_LINE, sc_gen_size(65536));
	const int wd = 9;
	uint32_t own, name;
	sc_dep deps[2];
	sc_result dir = { .kind = SC_KIND_FOUND, .ndeps = 2 };
	const uint32_t ends[] = { IN_CREATE, IN_DELETE, IN_MOVED_TO, IN_MOVED_FROM };
	sc_listing *l;

	/* every key in a slot of its own (64 slots would share some) */
	assert_non_null(g);
	sc_gen_init(g, 65536);
	f->g = g;
	own = sc_gen_watch_slot(g, wd);
	name = sc_gen_name_slot(g, 2, "pages", 5);
	deps[0] = (sc_dep) { name, sc_gen_load(g, name) };
	deps[1] = (sc_dep) { own, sc_gen_load(g, own) };
	dir.epoch = sc_gen_epoch(g);
	f->g->solo = 1;
	memcpy(dir.deps, deps, sizeof(deps));
	touch(f->dir, "a.txt");
	l = sc_listing_read(f->dir, strlen(f->dir), sc_gen_epoch(f->g), deps, 2, SC_LISTING_MAX_NAMES);
	assert_non_null(l);
	assert_false(sc_listing_holds_for_class(f->g, l, "txt", 3)); /* not noted yet */
	sc_listing_note_class(l, f->g, wd, "txt", 3);
	assert_true(sc_listing_holds_for_class(f->g, l, "txt", 3));
	assert_false(sc_listing_holds_for_class(f->g, l, "php", 3));

	/* a neighbour's names: a dot file, a journal, a name with no dot */
	event(f, wd, IN_CREATE, ".neighbour-1");
	event(f, wd, IN_CREATE, "db.sqlite-journal");
	event(f, wd, IN_DELETE, "sess_abc");
	event(f, wd, IN_MODIFY, "a.txt"); /* a write: its file's watch says it */
	assert_false(sc_listing_valid(f->g, l));
	assert_true(sc_listing_holds_for_class(f->g, l, "txt", 3));
	assert_false(sc_result_holds_but(f->g, &dir, name));
	assert_true(sc_result_holds_but(f->g, &dir, own));

	for (unsigned i = 0; i < sizeof(ends) / sizeof(ends[0]); i++) {
		sc_listing_note_class(l, f->g, wd, "txt", 3); /* not whole: nothing noted */
		assert_true(sc_listing_holds_for_class(f->g, l, "txt", 3));
		event(f, wd, ends[i], i % 2 ? "b.tar.txt" : ".txt");
		assert_false(sc_listing_holds_for_class(f->g, l, "txt", 3));
		sc_listing_release(l);
		deps[1].val = sc_gen_load(f->g, own);
		l = sc_listing_read(f->dir, strlen(f->dir), sc_gen_epoch(f->g), deps, 2, SC_LISTING_MAX_NAMES);
		assert_non_null(l);
		sc_listing_note_class(l, f->g, wd, "txt", 3);
		assert_true(sc_listing_holds_for_class(f->g, l, "txt", 3));
	}
	/* the directory's own name, in its parent */
	event(f, 2, IN_MOVED_FROM, "pages");
	assert_false(sc_listing_holds_for_class(f->g, l, "txt", 3));
	assert_false(sc_result_holds_but(f->g, &dir, own));
	deps[0].val = sc_gen_load(f->g, name);
	sc_listing_release(l);
	l = sc_listing_read(f->dir, strlen(f->dir), sc_gen_epoch(f->g), deps, 2, SC_LISTING_MAX_NAMES);
	sc_listing_note_class(l, f->g, wd, "txt", 3);
	assert_true(sc_listing_holds_for_class(f->g, l, "txt", 3));
	/* its watch gone: nothing more will be said of it */
	event(f, wd, IN_IGNORED, NULL);
	assert_false(sc_listing_holds_for_class(f->g, l, "txt", 3));
	sc_listing_release(l);

	/* where another thread bumps too: never */
	l = sc_listing_read(f->dir, strlen(f->dir), sc_gen_epoch(f->g), deps, 2, SC_LISTING_MAX_NAMES);
	f->g->solo = 0;
	sc_listing_note_class(l, f->g, wd, "txt", 3);
	f->g->solo = 1;
	assert_false(sc_listing_holds_for_class(f->g, l, "txt", 3));
	/* nor where the watch's key is not one of its deps */
	sc_listing_note_class(l, f->g, wd + 1, "txt", 3);
	assert_false(sc_listing_holds_for_class(f->g, l, "txt", 3));
	sc_listing_release(l);
	f->g = small;
	free(g);
}

static void put_over_max_bytes_flushes_first_and_a_reader_keeps_its_listing(void **state)
{
	fixture *f = *state;
	sc_listings s;
	sc_listing *a, *b;
	char sub[300];

	snprintf(sub, sizeof(sub), "%s/sub", f->dir);
	assert_int_equal(mkdir(sub, 0755), 0);
	a = read_now(f, 1);
	b = sc_listing_read(sub, strlen(sub), sc_gen_epoch(f->g), a->deps, 1, 100);
	assert_non_null(b);
	/* room for one of them only */
	assert_int_equal(sc_listings_init(&s, a->bytes > b->bytes ? a->bytes : b->bytes), 0);
	assert_int_equal(sc_listings_put(&s, a), 1);
	assert_int_equal(s.bytes, a->bytes);
	assert_int_equal(sc_listings_put(&s, b), 1);
	assert_int_equal(s.flushes, 1);
	assert_int_equal(s.count, 1);
	assert_int_equal(s.bytes, b->bytes);
	assert_null(sc_listings_get(&s, f->g, f->dir, strlen(f->dir)));
	/* the reader's reference outlived the flush */
	assert_int_equal(a->refs, 1);
	assert_same_as_readdir(f->dir, a);
	sc_listing_release(a);
	sc_listing_release(b);
	sc_listings_free(&s);
}

static void a_listing_larger_than_max_bytes_is_not_kept(void **state)
{
	fixture *f = *state;
	sc_listings s;
	sc_listing *l = read_now(f, 1);

	assert_int_equal(sc_listings_init(&s, l->bytes - 1), 0);
	assert_int_equal(sc_listings_put(&s, l), 0);
	assert_int_equal(s.count, 0);
	assert_int_equal(l->refs, 1);
	sc_listing_release(l);
	sc_listings_free(&s);
}

static void many_directories_grow_the_buckets_and_stay_findable(void **state)
{
	fixture *f = *state;
	sc_listings s;
	char p[300];

	assert_int_equal(sc_listings_init(&s, 1 << 24), 0);
	for (int i = 0; i < 300; i++) {
		sc_listing *l;
		snprintf(p, sizeof(p), "%s/d%d", f->dir, i);
		assert_int_equal(mkdir(p, 0755), 0);
		l = sc_listing_read(p, strlen(p), sc_gen_epoch(f->g), NULL, 0, 100);
		assert_non_null(l);
		assert_int_equal(sc_listings_put(&s, l), 1);
		sc_listing_release(l);
	}
	assert_true(s.mask + 1 >= 256);
	for (int i = 0; i < 300; i++) {
		sc_listing *l;
		snprintf(p, sizeof(p), "%s/d%d", f->dir, i);
		l = sc_listings_get(&s, f->g, p, strlen(p));
		assert_non_null(l);
		assert_int_equal(l->count, 2);
		sc_listing_release(l);
	}
	sc_listings_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(read_keeps_the_kernels_order_dots_and_types, setup, teardown),
		cmocka_unit_test_setup_teardown(read_of_a_missing_or_non_directory_fails_with_opendirs_errno, setup, teardown),
		cmocka_unit_test_setup_teardown(more_than_max_names_is_refused_with_e2big, setup, teardown),
		cmocka_unit_test_setup_teardown(get_returns_a_listing_until_its_slot_or_the_epoch_moves, setup, teardown),
		cmocka_unit_test_setup_teardown(a_listing_noted_for_one_class_holds_while_other_names_come_and_go, setup, teardown),
		cmocka_unit_test_setup_teardown(put_over_max_bytes_flushes_first_and_a_reader_keeps_its_listing, setup, teardown),
		cmocka_unit_test_setup_teardown(a_listing_larger_than_max_bytes_is_not_kept, setup, teardown),
		cmocka_unit_test_setup_teardown(many_directories_grow_the_buckets_and_stay_findable, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
