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
	sc_events_apply(g, mem + shift, len, t);
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
	uint32_t ns = nslot(g, 5, "a.php"), ds = sc_gen_watch_slot(g, 5);

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
	assert_int_equal(sc_gen_load(g, sc_gen_watch_slot(g, 5)), 0);
	assert_int_equal(total_bumps(g), 3);
	assert_int_equal(t.events, 3);
}

static void create_delete_and_moves_also_bump_the_directory_slot(void **state)
{
	sc_gen *g = *state;
	const uint32_t masks[] = { IN_CREATE, IN_DELETE, IN_MOVED_FROM, IN_MOVED_TO, IN_CREATE | IN_ISDIR };
	uint32_t ds = sc_gen_watch_slot(g, 5), ns = nslot(g, 5, "b.php");
	uint32_t cs = sc_gen_class_key(g, 5, "php", 3);

	for (unsigned i = 0; i < sizeof(masks) / sizeof(masks[0]); i++) {
		sc_event_tally t = { 0 };
		buf b = { .len = 0 };
		put_name(&b, 5, masks[i], "b.php");
		apply(g, &b, &t);
		assert_int_equal(sc_gen_load(g, ns), i + 1);
		assert_int_equal(sc_gen_load(g, ds), i + 1);
		/* and its class's, the names ending in ".php" */
		assert_int_equal(sc_gen_load(g, cs), i + 1);
		assert_int_equal(total_bumps(g), 3 * (i + 1));
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

/* A directory's events about itself (its IN_ATTRIB marked IN_ISDIR by the
 * kernel, its IN_MOVE_SELF told by its watch's slot, sc_gen_is_dir()): its
 * attributes or its move change what every path below it means. */
static void events_about_a_directory_itself_bump_the_epoch(void **state)
{
	sc_gen *g = *state;
	const uint32_t masks[] = { IN_ATTRIB | IN_ISDIR, IN_MOVE_SELF, IN_ATTRIB, IN_UNMOUNT,
		IN_UNMOUNT | IN_ISDIR };

	sc_gen_mark_dir(g, 7);

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

/* A file's own watch: a change through any of its names or descriptors
 * (attributes and link count, contents, a rename, its removal) bumps its
 * watch's slot and nothing else. */
static void events_about_a_file_itself_bump_its_watch_slot(void **state)
{
	sc_gen *g = *state;
	const uint32_t masks[] = { IN_ATTRIB, IN_MODIFY, IN_MOVE_SELF, IN_DELETE_SELF, IN_CLOSE_WRITE };
	uint32_t ws = sc_gen_watch_slot(g, 9);

	for (unsigned i = 0; i < sizeof(masks) / sizeof(masks[0]); i++) {
		sc_event_tally t = { 0 };
		buf b = { .len = 0 };
		put(&b, 9, masks[i], NULL, 0);
		apply(g, &b, &t);
		assert_int_equal(sc_gen_load(g, ws), i + 1);
		assert_int_equal(total_bumps(g), i + 1);
		assert_int_equal(t.epochs, 0);
		assert_int_equal(t.events, 1);
	}
	assert_int_equal(sc_gen_epoch(g), 1);
}

/* rmdir: the parent's watch reports the name (a name event, applied as
 * any other); the directory's own DELETE_SELF costs nothing, its IGNORED
 * only its own watch's slot. */
static void a_deleted_directory_drops_only_its_name(void **state)
{
	sc_gen *g = *state;
	sc_event_tally t = { 0 };
	buf b = { .len = 0 };
	uint32_t ns = sc_gen_name_slot(g, 6, "tmpdir", 6);

	sc_gen_mark_dir(g, 7);
	put(&b, 6, IN_DELETE | IN_ISDIR, "tmpdir", 16);
	put(&b, 7, IN_DELETE_SELF, NULL, 0);
	put(&b, 7, IN_IGNORED, NULL, 0);
	apply(g, &b, &t);
	assert_int_equal(sc_gen_epoch(g), 1);
	assert_int_equal(t.epochs, 0);
	assert_int_equal(t.events, 3);
	assert_int_equal(sc_gen_load(g, ns), 1);
	assert_int_equal(sc_gen_load(g, sc_gen_watch_slot(g, 6)), 1);
	assert_int_equal(sc_gen_load(g, sc_gen_class_key(g, 6, "tmpdir", 6)), 1);
	assert_int_equal(sc_gen_load(g, sc_gen_watch_slot(g, 7)), 1);
	assert_int_equal(sc_gen_load(g, sc_gen_class_key(g, 7, SC_CLASS_GONE, 1)), 1);
	assert_int_equal(total_bumps(g), 5);
}

/* A watch gone (a file freed, a flush, an unmount) can report nothing
 * more: what depended on it goes (its slot, and the watch-gone class a
 * listing read for one class of names checks), nothing else. */
static void an_ignored_bumps_only_its_watch_slot(void **state)
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
	assert_int_equal(sc_gen_load(g, sc_gen_watch_slot(g, 7)), 1);
	assert_int_equal(sc_gen_load(g, sc_gen_watch_slot(g, 8)), 1);
	assert_int_equal(sc_gen_load(g, sc_gen_class_key(g, 7, SC_CLASS_GONE, 1)), 1);
	assert_int_equal(sc_gen_load(g, sc_gen_class_key(g, 8, SC_CLASS_GONE, 1)), 1);
	assert_int_equal(total_bumps(g), 4);
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
	/* the create and the IGNORED, each time */
	assert_int_equal(sc_gen_load(g, sc_gen_watch_slot(g, 6)), 14);
}

static void an_empty_buffer_does_nothing(void **state)
{
	sc_gen *g = *state;
	sc_event_tally t = { 0 };

	sc_events_apply(g, NULL, 0, &t);
	assert_int_equal(t.events + t.epochs + t.malformed + t.overflows, 0);
	assert_int_equal(sc_gen_epoch(g), 1);
}

static void ignored_above_the_base_counts_a_watch_gone(void **state)
{
	sc_gen *g = *state;
	sc_event_tally t = { 0 };
	buf b = { .len = 0 };

	atomic_store(&g->wd_base, 10);
	put(&b, 12, IN_DELETE_SELF | IN_ISDIR, NULL, 0);
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
		cmocka_unit_test_setup_teardown(events_about_a_directory_itself_bump_the_epoch, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(events_about_a_file_itself_bump_its_watch_slot, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(a_deleted_directory_drops_only_its_name, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(an_ignored_bumps_only_its_watch_slot, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(queue_overflow_bumps_the_epoch_and_is_counted, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(half_a_header_is_malformed_and_bumps_the_epoch, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(a_name_longer_than_the_buffer_stops_parsing, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(an_unaligned_buffer_is_parsed_like_an_aligned_one, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(an_empty_buffer_does_nothing, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(ignored_above_the_base_counts_a_watch_gone, gen_setup, gen_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
