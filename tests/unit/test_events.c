/*
 * sc_events_apply on hand-built inotify buffers.  Every buffer is copied
 * into a heap block of exactly its length, so ASan proves that parsing
 * never reads past the end.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <cmocka.h>

#include "core/events.h"

#define SLOTS 65536u

typedef struct buf {
	unsigned char data[4096];
	size_t len;
} buf;

/* Appends one record; name_len is the record's len (name + NUL padding),
 * 0 for no name. */
static void put(buf *b, int wd, uint32_t mask, const char *name, uint32_t name_len)
{
	struct inotify_event ev = { .wd = wd, .mask = mask, .cookie = 0, .len = name_len };
	assert_true(b->len + sizeof(ev) + name_len <= sizeof(b->data));
	memcpy(b->data + b->len, &ev, sizeof(ev));
	b->len += sizeof(ev);
	if (name_len) {
		memset(b->data + b->len, 0, name_len);
		memcpy(b->data + b->len, name, strnlen(name, name_len));
		b->len += name_len;
	}
}

/* A name as the kernel writes it: NUL-terminated, padded to 16 bytes. */
static void put_name(buf *b, int wd, uint32_t mask, const char *name)
{
	uint32_t n = (uint32_t) strlen(name) + 1;
	put(b, wd, mask, name, (n + 15) & ~15u);
}

/* Applies b from a heap block of exactly len bytes at offset shift. */
static void apply_exact(sc_gen *g, const void *data, size_t len, size_t shift, sc_event_tally *t)
{
	unsigned char *mem = malloc(len + shift);
	assert_non_null(mem);
	memcpy(mem + shift, data, len);
	sc_events_apply(g, mem + shift, len, t, NULL, NULL);
	free(mem);
}

static void apply(sc_gen *g, const buf *b, sc_event_tally *t)
{
	apply_exact(g, b->data, b->len, 0, t);
}

static int gen_setup(void **state)
{
	void *mem = NULL;
	if (posix_memalign(&mem, SC_CACHE_LINE, sc_gen_size(SLOTS)) != 0) {
		return -1;
	}
	sc_gen_init(mem, SLOTS);
	*state = mem;
	return 0;
}

static int gen_teardown(void **state)
{
	free(*state);
	return 0;
}

static uint32_t nslot(sc_gen *g, int wd, const char *name)
{
	return sc_gen_name_slot(g, wd, name, strlen(name));
}

/* Sum of all slots: how many bumps happened anywhere. */
static uint64_t total_bumps(const sc_gen *g)
{
	uint64_t s = 0;
	for (uint32_t i = 0; i < g->slots; i++) {
		s += sc_gen_load(g, i);
	}
	return s;
}

static void name_event_bumps_exactly_its_name_slot(void **state)
{
	sc_gen *g = *state;
	sc_event_tally t = { 0 };
	buf b = { .len = 0 };
	uint32_t ns = nslot(g, 5, "a.php"), ds = sc_gen_dir_slot(g, 5);

	assert_int_not_equal(ns, ds);
	put_name(&b, 5, IN_MODIFY, "a.php");
	apply(g, &b, &t);
	assert_int_equal(sc_gen_load(g, ns), 1);
	assert_int_equal(sc_gen_load(g, ds), 0);
	assert_int_equal(total_bumps(g), 1);
	assert_int_equal(sc_gen_epoch(g), 1);
	assert_int_equal(t.events, 1);
	assert_int_equal(t.epochs, 0);
	assert_int_equal(t.malformed, 0);
}

static void attrib_and_close_write_with_a_name_bump_only_the_name(void **state)
{
	sc_gen *g = *state;
	sc_event_tally t = { 0 };
	buf b = { .len = 0 };

	put_name(&b, 5, IN_ATTRIB, "a.php");
	put_name(&b, 5, IN_CLOSE_WRITE, "a.php");
	put_name(&b, 5, IN_ATTRIB | IN_ISDIR, "sub");
	apply(g, &b, &t);
	assert_int_equal(sc_gen_load(g, nslot(g, 5, "a.php")), 2);
	assert_int_equal(sc_gen_load(g, nslot(g, 5, "sub")), 1);
	assert_int_equal(sc_gen_load(g, sc_gen_dir_slot(g, 5)), 0);
	assert_int_equal(total_bumps(g), 3);
	assert_int_equal(t.events, 3);
}

static void create_delete_and_moves_also_bump_the_directory_slot(void **state)
{
	sc_gen *g = *state;
	const uint32_t masks[] = { IN_CREATE, IN_DELETE, IN_MOVED_FROM, IN_MOVED_TO, IN_CREATE | IN_ISDIR };
	uint32_t ds = sc_gen_dir_slot(g, 5), ns = nslot(g, 5, "b.php");

	for (unsigned i = 0; i < sizeof(masks) / sizeof(masks[0]); i++) {
		sc_event_tally t = { 0 };
		buf b = { .len = 0 };
		put_name(&b, 5, masks[i], "b.php");
		apply(g, &b, &t);
		assert_int_equal(sc_gen_load(g, ns), i + 1);
		assert_int_equal(sc_gen_load(g, ds), i + 1);
		assert_int_equal(total_bumps(g), 2 * (i + 1));
		assert_int_equal(sc_gen_epoch(g), 1);
	}
}

static void padded_and_unpadded_names_hash_the_same(void **state)
{
	sc_gen *g = *state;
	sc_event_tally t = { 0 };
	buf b = { .len = 0 };
	uint32_t ns = nslot(g, 9, "index.php");

	put(&b, 9, IN_MODIFY, "index.php", 9);   /* no NUL at all */
	put(&b, 9, IN_MODIFY, "index.php", 10);  /* one NUL */
	put(&b, 9, IN_MODIFY, "index.php", 16);  /* the kernel's padding */
	put(&b, 9, IN_MODIFY, "index.php", 32);  /* more padding */
	apply(g, &b, &t);
	assert_int_equal(sc_gen_load(g, ns), 4);
	assert_int_equal(total_bumps(g), 4);
	assert_int_equal(t.events, 4);
	assert_int_equal(t.malformed, 0);
}

static void events_about_the_directory_itself_bump_the_epoch(void **state)
{
	sc_gen *g = *state;
	const uint32_t masks[] = { IN_ATTRIB, IN_ATTRIB | IN_ISDIR, IN_MOVE_SELF, IN_UNMOUNT,
		IN_MOVE_SELF | IN_IGNORED };

	for (unsigned i = 0; i < sizeof(masks) / sizeof(masks[0]); i++) {
		sc_event_tally t = { 0 };
		buf b = { .len = 0 };
		put(&b, 7, masks[i], NULL, 0);
		apply(g, &b, &t);
		assert_int_equal(sc_gen_epoch(g), 2 + i);
		assert_int_equal(t.epochs, 1);
		assert_int_equal(t.events, 1);
	}
	assert_int_equal(total_bumps(g), 0);
}

/* rmdir: the parent's watch reports the name (a name event, applied as
 * any other); the directory's own DELETE_SELF and IGNORED cost nothing. */
static void a_deleted_directory_drops_only_its_name(void **state)
{
	sc_gen *g = *state;
	sc_event_tally t = { 0 };
	buf b = { .len = 0 };
	uint32_t ns = sc_gen_name_slot(g, 6, "tmpdir", 6);

	put(&b, 6, IN_DELETE | IN_ISDIR, "tmpdir", 16);
	put(&b, 7, IN_DELETE_SELF, NULL, 0);
	put(&b, 7, IN_IGNORED, NULL, 0);
	apply(g, &b, &t);
	assert_int_equal(sc_gen_epoch(g), 1);
	assert_int_equal(t.epochs, 0);
	assert_int_equal(t.events, 3);
	assert_int_equal(sc_gen_load(g, ns), 1);
}

static void a_lone_ignored_drops_nothing(void **state)
{
	sc_gen *g = *state;
	sc_event_tally t = { 0 };
	buf b = { .len = 0 };

	put(&b, 7, IN_IGNORED, NULL, 0);
	put(&b, 8, IN_IGNORED, NULL, 0);
	apply(g, &b, &t);
	assert_int_equal(sc_gen_epoch(g), 1);
	assert_int_equal(t.epochs, 0);
	assert_int_equal(t.events, 2);
	assert_int_equal(total_bumps(g), 0);
}

static void queue_overflow_bumps_the_epoch_and_is_counted(void **state)
{
	sc_gen *g = *state;
	sc_event_tally t = { 0 };
	buf b = { .len = 0 };

	put_name(&b, 5, IN_MODIFY, "a.php");
	put(&b, -1, IN_Q_OVERFLOW, NULL, 0);
	put_name(&b, 5, IN_MODIFY, "c.php");
	apply(g, &b, &t);
	assert_int_equal(sc_gen_epoch(g), 2);
	assert_int_equal(t.overflows, 1);
	assert_int_equal(t.epochs, 1);
	assert_int_equal(t.events, 3);
	/* records around it still apply */
	assert_int_equal(sc_gen_load(g, nslot(g, 5, "a.php")), 1);
	assert_int_equal(sc_gen_load(g, nslot(g, 5, "c.php")), 1);
}

static void half_a_header_is_malformed_and_bumps_the_epoch(void **state)
{
	sc_gen *g = *state;
	sc_event_tally t = { 0 };
	buf b = { .len = 0 };

	put_name(&b, 5, IN_MODIFY, "a.php");
	put_name(&b, 5, IN_MODIFY, "z.php");
	/* the first record whole, the second cut inside its header */
	apply_exact(g, b.data, 32 + sizeof(struct inotify_event) / 2, 0, &t);
	assert_int_equal(t.events, 1);
	assert_int_equal(t.malformed, 1);
	assert_int_equal(t.epochs, 1);
	assert_int_equal(sc_gen_epoch(g), 2);
	assert_int_equal(sc_gen_load(g, nslot(g, 5, "a.php")), 1);
	assert_int_equal(sc_gen_load(g, nslot(g, 5, "z.php")), 0);

	/* a buffer shorter than one header */
	memset(&t, 0, sizeof(t));
	apply_exact(g, b.data, 1, 0, &t);
	assert_int_equal(t.malformed, 1);
	assert_int_equal(t.events, 0);
	assert_int_equal(sc_gen_epoch(g), 3);
}

static void a_name_longer_than_the_buffer_stops_parsing(void **state)
{
	sc_gen *g = *state;
	sc_event_tally t = { 0 };
	buf b = { .len = 0 };
	uint64_t before;

	put_name(&b, 5, IN_MODIFY, "a.php");
	put_name(&b, 5, IN_MODIFY, "z.php");
	put_name(&b, 5, IN_MODIFY, "after.php");
	/* the second record claims more name bytes than the buffer holds */
	{
		struct inotify_event ev;
		memcpy(&ev, b.data + 32, sizeof(ev));
		ev.len = 4000;
		memcpy(b.data + 32, &ev, sizeof(ev));
	}
	before = total_bumps(g);
	apply(g, &b, &t);
	assert_int_equal(t.events, 1);
	assert_int_equal(t.malformed, 1);
	assert_int_equal(sc_gen_epoch(g), 2);
	assert_int_equal(total_bumps(g), before + 1);
	assert_int_equal(sc_gen_load(g, nslot(g, 5, "after.php")), 0);

	/* a name that runs a few bytes past the end (less than a header) */
	memset(&t, 0, sizeof(t));
	b.len = 0;
	put(&b, 5, IN_MODIFY, "abcdefghijklmnop", 16);
	apply_exact(g, b.data, b.len - 8, 0, &t);
	assert_int_equal(t.events, 0);
	assert_int_equal(t.malformed, 1);
	assert_int_equal(sc_gen_epoch(g), 3);

	/* a length that would wrap around */
	memset(&t, 0, sizeof(t));
	{
		struct inotify_event ev;
		memcpy(&ev, b.data, sizeof(ev));
		ev.len = UINT32_MAX;
		memcpy(b.data, &ev, sizeof(ev));
	}
	apply(g, &b, &t);
	assert_int_equal(t.events, 0);
	assert_int_equal(t.malformed, 1);
	assert_int_equal(sc_gen_epoch(g), 4);

	/* a name that ends exactly at the end, without a NUL */
	memset(&t, 0, sizeof(t));
	b.len = 0;
	put(&b, 5, IN_MODIFY, "abcdefgh", 8);
	apply(g, &b, &t);
	assert_int_equal(t.events, 1);
	assert_int_equal(t.malformed, 0);
	assert_int_equal(sc_gen_load(g, nslot(g, 5, "abcdefgh")), 1);
}

static void an_unaligned_buffer_is_parsed_like_an_aligned_one(void **state)
{
	sc_gen *g = *state;
	sc_event_tally t = { 0 };
	buf b = { .len = 0 };

	put_name(&b, 5, IN_MODIFY, "a.php");
	put_name(&b, 6, IN_CREATE, "new.php");
	put(&b, 6, IN_IGNORED, NULL, 0);
	for (size_t shift = 1; shift < 8; shift++) {
		apply_exact(g, b.data, b.len, shift, &t);
	}
	assert_int_equal(t.events, 3 * 7);
	assert_int_equal(t.malformed, 0);
	assert_int_equal(sc_gen_epoch(g), 1);
	assert_int_equal(sc_gen_load(g, nslot(g, 5, "a.php")), 7);
	assert_int_equal(sc_gen_load(g, nslot(g, 6, "new.php")), 7);
	assert_int_equal(sc_gen_load(g, sc_gen_dir_slot(g, 6)), 7);
}

static void an_empty_buffer_does_nothing(void **state)
{
	sc_gen *g = *state;
	sc_event_tally t = { 0 };

	sc_events_apply(g, NULL, 0, &t, NULL, NULL);
	assert_int_equal(t.events + t.epochs + t.malformed + t.overflows, 0);
	assert_int_equal(sc_gen_epoch(g), 1);
}

/* Appends a rename half: name event with a cookie. */
static void put_moved(buf *b, int wd, uint32_t mask, uint32_t cookie, const char *name)
{
	uint32_t n = (uint32_t) ((strlen(name) + 1 + 15) & ~(size_t) 15);
	struct inotify_event ev = { .wd = wd, .mask = mask, .cookie = cookie, .len = n };
	assert_true(b->len + sizeof(ev) + n <= sizeof(b->data));
	memcpy(b->data + b->len, &ev, sizeof(ev));
	b->len += sizeof(ev);
	memset(b->data + b->len, 0, n);
	memcpy(b->data + b->len, name, strlen(name));
	b->len += n;
}

/* The drain's view of b: every name that appeared, finished. */
static void created_of(sc_gen *g, const buf *b, sc_created *c)
{
	sc_event_tally t = { 0 };
	sc_created_init(c);
	sc_events_apply(g, b->data, b->len, &t, sc_created_note, c);
	sc_created_finish(c);
}

static const sc_created_name *find_created(const sc_created *c, int wd, const char *name)
{
	for (unsigned i = 0; i < c->n; i++) {
		if (c->e[i].wd == wd && strcmp(c->e[i].name, name) == 0) {
			return &c->e[i];
		}
	}
	return NULL;
}

static void a_link_made_and_removed_before_the_drain_is_gone(void **state)
{
	sc_created c;
	buf b = { .len = 0 };
	const sc_created_name *e;

	/* ln f g && echo >> g && rm g */
	put_name(&b, 5, IN_CREATE, "g");
	put_name(&b, 5, IN_MODIFY, "g");
	put_name(&b, 5, IN_CLOSE_WRITE, "g");
	put_name(&b, 5, IN_DELETE, "g");
	created_of(*state, &b, &c);
	assert_int_equal(c.n, 1);
	e = find_created(&c, 5, "g");
	assert_non_null(e);
	assert_true(e->gone);
	assert_false(e->present);
}

static void a_link_moved_out_of_sight_is_gone(void **state)
{
	sc_created c;
	buf b = { .len = 0 };

	put_name(&b, 5, IN_CREATE, "g");
	put_moved(&b, 5, IN_MOVED_FROM, 77, "g");   /* no IN_MOVED_TO: unwatched */
	created_of(*state, &b, &c);
	assert_int_equal(c.n, 1);
	assert_true(c.e[0].gone);
	assert_false(c.e[0].present);
}

static void an_atomic_write_is_proven_harmless_and_its_target_checked(void **state)
{
	sc_created c;
	buf b = { .len = 0 };
	const sc_created_name *tmp, *conf;

	/* echo x > conf.tmp && mv conf.tmp conf (conf was there before) */
	put_name(&b, 5, IN_CREATE, "conf.tmp");
	put_name(&b, 5, IN_MODIFY, "conf.tmp");
	put_name(&b, 5, IN_CLOSE_WRITE, "conf.tmp");
	put_moved(&b, 5, IN_MOVED_FROM, 9, "conf.tmp");
	put_moved(&b, 5, IN_MOVED_TO, 9, "conf");
	created_of(*state, &b, &c);
	assert_int_equal(c.n, 2);
	tmp = find_created(&c, 5, "conf.tmp");
	conf = find_created(&c, 5, "conf");
	assert_non_null(tmp);
	assert_non_null(conf);
	assert_false(tmp->gone);
	assert_false(tmp->present);
	assert_false(conf->gone);
	assert_true(conf->present);   /* checked by lstat() instead */
}

static void a_rename_into_another_watched_directory_hands_over(void **state)
{
	sc_created c;
	buf b = { .len = 0 };

	put_name(&b, 5, IN_CREATE, "g");
	put_moved(&b, 5, IN_MOVED_FROM, 3, "g");
	put_moved(&b, 6, IN_MOVED_TO, 3, "h");
	created_of(*state, &b, &c);
	assert_int_equal(c.n, 2);
	assert_false(find_created(&c, 5, "g")->gone);
	assert_true(find_created(&c, 6, "h")->present);
	assert_false(find_created(&c, 6, "h")->gone);
}

static void a_new_name_renamed_over_is_gone(void **state)
{
	sc_created c;
	buf b = { .len = 0 };
	const sc_created_name *e;

	/* ln f g && echo >> g && mv h g: g's first inode went unseen */
	put_name(&b, 5, IN_CREATE, "g");
	put_moved(&b, 5, IN_MOVED_FROM, 4, "h");
	put_moved(&b, 5, IN_MOVED_TO, 4, "g");
	created_of(*state, &b, &c);
	e = find_created(&c, 5, "g");
	assert_non_null(e);
	assert_true(e->gone);
	assert_true(e->present);
	assert_null(find_created(&c, 5, "h"));   /* there before: checked then */
}

static void a_name_made_again_keeps_one_entry_and_its_past(void **state)
{
	sc_created c;
	buf b = { .len = 0 };

	/* SQLite's journal: made and removed twice, there at the end */
	for (int i = 0; i < 2; i++) {
		put_name(&b, 5, IN_CREATE, "db-journal");
		put_name(&b, 5, IN_DELETE, "db-journal");
	}
	put_name(&b, 5, IN_CREATE, "db-journal");
	created_of(*state, &b, &c);
	assert_int_equal(c.n, 1);
	assert_true(c.e[0].gone);
	assert_true(c.e[0].present);
}

static void names_there_before_and_directories_are_not_tracked(void **state)
{
	sc_created c;
	buf b = { .len = 0 };

	put_name(&b, 5, IN_DELETE, "old");            /* checked when it appeared */
	put_moved(&b, 5, IN_MOVED_FROM, 8, "old2");   /* moved out of sight */
	put_name(&b, 5, IN_CREATE | IN_ISDIR, "sub");
	put_name(&b, 5, IN_DELETE | IN_ISDIR, "sub");
	put_name(&b, 5, IN_MODIFY, "x");
	created_of(*state, &b, &c);
	assert_int_equal(c.n, 0);
	assert_false(c.overflow);
}

static void more_names_than_room_overflow(void **state)
{
	sc_created c;
	buf b = { .len = 0 };
	char name[16];

	for (int i = 0; i <= SC_CREATED_MAX; i++) {
		snprintf(name, sizeof(name), "n%d", i);
		put_name(&b, 5, IN_CREATE, name);
	}
	created_of(*state, &b, &c);
	assert_int_equal(c.n, SC_CREATED_MAX);
	assert_true(c.overflow);
}

static void ignored_above_the_base_counts_a_watch_gone(void **state)
{
	sc_gen *g = *state;
	sc_event_tally t = { 0 };
	buf b = { .len = 0 };

	atomic_store(&g->wd_base, 10);
	put(&b, 12, IN_DELETE_SELF, NULL, 0);
	put(&b, 12, IN_IGNORED, NULL, 0);
	put(&b, 9, IN_IGNORED, NULL, 0);    /* removed by the flush that set the base */
	put(&b, 10, IN_IGNORED, NULL, 0);
	put(&b, 11, IN_IGNORED, NULL, 0);
	apply(g, &b, &t);
	assert_int_equal(atomic_load(&g->watches_gone), 2);
	assert_int_equal(sc_gen_epoch(g), 1);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0); /* summary lines whole when stdout and stderr share a log */
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(name_event_bumps_exactly_its_name_slot, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(attrib_and_close_write_with_a_name_bump_only_the_name, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(create_delete_and_moves_also_bump_the_directory_slot, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(padded_and_unpadded_names_hash_the_same, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(events_about_the_directory_itself_bump_the_epoch, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(a_deleted_directory_drops_only_its_name, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(a_lone_ignored_drops_nothing, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(queue_overflow_bumps_the_epoch_and_is_counted, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(half_a_header_is_malformed_and_bumps_the_epoch, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(a_name_longer_than_the_buffer_stops_parsing, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(an_unaligned_buffer_is_parsed_like_an_aligned_one, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(an_empty_buffer_does_nothing, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(a_link_made_and_removed_before_the_drain_is_gone, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(a_link_moved_out_of_sight_is_gone, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(an_atomic_write_is_proven_harmless_and_its_target_checked, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(a_rename_into_another_watched_directory_hands_over, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(a_new_name_renamed_over_is_gone, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(a_name_made_again_keeps_one_entry_and_its_past, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(names_there_before_and_directories_are_not_tracked, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(more_names_than_room_overflow, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(ignored_above_the_base_counts_a_watch_gone, gen_setup, gen_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
