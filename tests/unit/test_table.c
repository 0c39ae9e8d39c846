/*
 * The results table: one entry per spelling, stable addresses, accounting.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/table.h"

static int table_setup(void **state)
{
	sc_table *t = calloc(1, sizeof(*t));
	if (!t || sc_table_init(t, 64) < 0) {
		free(t);
		return -1;
	}
	*state = t;
	return 0;
}

static int table_teardown(void **state)
{
	sc_table *t = *state;
	sc_table_free(t);
	free(t);
	return 0;
}

static sc_entry *get(sc_table *t, const char *key)
{
	return sc_table_get(t, key, strlen(key), sc_table_hash(key, strlen(key)));
}

static sc_entry *find(sc_table *t, const char *key)
{
	return sc_table_find(t, key, strlen(key), sc_table_hash(key, strlen(key)));
}

static size_t entry_bytes(size_t keylen)
{
	return sizeof(sc_entry) + keylen + 1;
}

static void get_creates_an_empty_entry_once_and_finds_it_again(void **state)
{
	sc_table *t = *state;
	sc_entry *e, *again;

	assert_null(find(t, "/a/b"));
	e = get(t, "/a/b");
	assert_non_null(e);
	assert_int_equal(e->r.kind, SC_KIND_EMPTY);
	assert_int_equal(e->r.wd, -1);
	assert_int_equal(e->len, 4);
	assert_string_equal(e->key, "/a/b");
	assert_int_equal(t->count, 1);

	again = get(t, "/a/b");
	assert_ptr_equal(again, e);
	assert_ptr_equal(find(t, "/a/b"), e);
	assert_int_equal(t->count, 1);

	/* a prefix or an extension of the key is another key */
	assert_null(find(t, "/a/"));
	assert_null(find(t, "/a/bc"));
	assert_ptr_not_equal(get(t, "/a/bc"), e);
	assert_int_equal(t->count, 2);
}

static void keys_are_compared_by_length_not_by_nul(void **state)
{
	sc_table *t = *state;
	const char key[] = "/x\0y";
	sc_entry *a = sc_table_get(t, key, 2, sc_table_hash(key, 2));
	sc_entry *b = sc_table_get(t, key, 4, sc_table_hash(key, 4));

	assert_non_null(a);
	assert_non_null(b);
	assert_ptr_not_equal(a, b);
	assert_int_equal(b->len, 4);
	assert_memory_equal(b->key, key, 4);
	assert_int_equal(b->key[4], '\0');
}

static void distinct_keys_with_the_same_hash_are_distinct_entries(void **state)
{
	sc_table *t = *state;
	const uint64_t h = 0x1234567890abcdefull;
	sc_entry *a = sc_table_get(t, "/one", 4, h);
	sc_entry *b = sc_table_get(t, "/two", 4, h);
	sc_entry *c = sc_table_get(t, "/three", 6, h);

	assert_non_null(a);
	assert_non_null(b);
	assert_non_null(c);
	assert_ptr_not_equal(a, b);
	assert_ptr_not_equal(b, c);
	assert_ptr_not_equal(a, c);
	assert_int_equal(t->count, 3);
	assert_ptr_equal(sc_table_find(t, "/one", 4, h), a);
	assert_ptr_equal(sc_table_find(t, "/two", 4, h), b);
	assert_ptr_equal(sc_table_find(t, "/three", 6, h), c);
	assert_null(sc_table_find(t, "/four", 5, h));
	/* same key, another hash: not found (the caller's hash is trusted) */
	assert_null(sc_table_find(t, "/one", 4, h + 1));
}

/* The hit path's probe in two halves: the first entry of a hash and a
 * length, then its key compared, and a key of the same hash and length
 * found past it on the probe sequence (or none). */
static void the_probe_in_halves_finds_a_key_past_another_of_its_hash_and_length(void **state)
{
	sc_table *t = *state;
	const uint64_t h = 0x42ull;
	sc_entry *a = sc_table_get(t, "/one", 4, h);
	sc_entry *b = sc_table_get(t, "/two", 4, h);
	sc_entry *c = sc_table_get(t, "/three", 6, h);
	sc_entry *first;

	assert_non_null(a);
	assert_non_null(b);
	assert_non_null(c);
	/* the first of hash and length on the sequence, whatever its key */
	first = sc_table_probe_hash(t, 4, h);
	assert_ptr_equal(first, a);
	assert_ptr_equal(sc_table_probe_hash(t, 6, h), c);
	assert_null(sc_table_probe_hash(t, 5, h));
	assert_null(sc_table_probe_hash(t, 4, h + 1));
	/* its key, or the one past it */
	assert_ptr_equal(sc_table_probe_key(t, first, "/one", 4), a);
	assert_ptr_equal(sc_table_probe_key(t, first, "/two", 4), b);
	assert_null(sc_table_probe_key(t, first, "/six", 4));
	assert_ptr_equal(sc_table_probe_past(t, a, "/two", 4), b);
}

#define MANY 10000

static void growth_keeps_entry_addresses_stable(void **state)
{
	sc_table *t = *state;
	sc_entry **saved = calloc(MANY, sizeof(*saved));
	char key[64];
	uint32_t cap0 = t->cap;

	assert_non_null(saved);
	for (int i = 0; i < MANY; i++) {
		snprintf(key, sizeof(key), "/srv/app/vendor/%d/file%d.php", i % 97, i);
		saved[i] = get(t, key);
		assert_non_null(saved[i]);
		saved[i]->r.err = i; /* a mark that must survive growth */
	}
	assert_true(t->cap > cap0);
	assert_true(t->cap >= 2 * MANY);
	assert_int_equal(t->count, MANY);
	for (int i = 0; i < MANY; i++) {
		snprintf(key, sizeof(key), "/srv/app/vendor/%d/file%d.php", i % 97, i);
		if (find(t, key) != saved[i] || get(t, key) != saved[i] || saved[i]->r.err != i) {
			free(saved);
			fail_msg("entry %d moved or lost after growth", i);
		}
	}
	assert_int_equal(t->count, MANY);
	free(saved);
}

static void memory_counts_buckets_and_entries(void **state)
{
	sc_table *t = *state;
	size_t entries = 0;
	char key[64];

	assert_int_equal(t->memory, t->cap * sizeof(sc_entry *));
	for (int i = 0; i < 300; i++) {
		int n = snprintf(key, sizeof(key), "/m/%d", i * 31);
		assert_non_null(get(t, key));
		entries += entry_bytes((size_t) n);
		assert_int_equal(t->memory, t->cap * sizeof(sc_entry *) + entries);
	}
	/* finding again costs nothing */
	assert_non_null(get(t, "/m/0"));
	assert_int_equal(t->memory, t->cap * sizeof(sc_entry *) + entries);
	assert_int_equal(t->count, 300);
}

static void clear_empties_and_memory_returns_to_the_bucket_array(void **state)
{
	sc_table *t = *state;
	char key[64];
	uint32_t cap;

	for (int i = 0; i < 1000; i++) {
		snprintf(key, sizeof(key), "/c/%d", i);
		assert_non_null(get(t, key));
	}
	cap = t->cap;
	sc_table_clear(t);
	assert_int_equal(t->count, 0);
	assert_int_equal(t->cap, cap);
	assert_int_equal(t->memory, cap * sizeof(sc_entry *));
	for (int i = 0; i < 1000; i++) {
		snprintf(key, sizeof(key), "/c/%d", i);
		assert_null(find(t, key));
	}
	/* usable again */
	assert_non_null(get(t, "/c/1"));
	assert_int_equal(t->count, 1);
	assert_int_equal(t->memory, cap * sizeof(sc_entry *) + entry_bytes(4));
}

static void a_zeroed_or_freed_table_starts_on_first_get(void **state)
{
	sc_table t;
	(void) state;

	memset(&t, 0, sizeof(t));
	assert_null(find(&t, "/z"));
	assert_non_null(get(&t, "/z"));
	assert_int_equal(t.count, 1);
	assert_int_equal(t.cap, 64);
	sc_table_free(&t);
	assert_int_equal(t.cap, 0);
	assert_int_equal(t.memory, 0);
	assert_null(find(&t, "/z"));
	assert_non_null(get(&t, "/z"));
	assert_int_equal(t.count, 1);
	sc_table_free(&t);
}

static void init_rounds_a_bad_capacity_to_64(void **state)
{
	sc_table t;
	(void) state;

	assert_int_equal(sc_table_init(&t, 100), 0);
	assert_int_equal(t.cap, 64);
	sc_table_free(&t);
	assert_int_equal(sc_table_init(&t, 8), 0);
	assert_int_equal(t.cap, 64);
	sc_table_free(&t);
	assert_int_equal(sc_table_init(&t, 1024), 0);
	assert_int_equal(t.cap, 1024);
	assert_int_equal(t.memory, 1024 * sizeof(sc_entry *));
	sc_table_free(&t);
}

static void result_valid_is_false_for_empty_and_when_deps_change(void **state)
{
	sc_table *t = *state;
	void *mem = NULL;
	sc_gen *g;
	sc_entry *e = get(t, "/v");

	assert_int_equal(posix_memalign(&mem, SC_CACHE_LINE, sc_gen_size(64)), 0);
	g = mem;
	sc_gen_init(g, 64);

	/* EMPTY never holds, whatever its deps say */
	e->r.epoch = sc_gen_epoch(g);
	assert_false(sc_result_valid(g, &e->r));

	e->r.kind = SC_KIND_FOUND;
	e->r.ndeps = 2;
	e->r.deps[0].slot = 3;
	e->r.deps[0].val = sc_gen_load(g, 3);
	e->r.deps[1].slot = 40;
	e->r.deps[1].val = sc_gen_load(g, 40);
	assert_true(sc_result_valid(g, &e->r));

	sc_gen_bump(g, 41);
	assert_true(sc_result_valid(g, &e->r));
	sc_gen_bump(g, 40);
	assert_false(sc_result_valid(g, &e->r));
	e->r.deps[1].val = sc_gen_load(g, 40);
	assert_true(sc_result_valid(g, &e->r));
	sc_gen_bump(g, 3);
	assert_false(sc_result_valid(g, &e->r));
	e->r.deps[0].val = sc_gen_load(g, 3);
	assert_true(sc_result_valid(g, &e->r));
	sc_gen_bump_epoch(g);
	assert_false(sc_result_valid(g, &e->r));

	/* MISSING results are validated the same way */
	e->r.kind = SC_KIND_MISSING;
	e->r.epoch = sc_gen_epoch(g);
	assert_true(sc_result_valid(g, &e->r));
	e->r.kind = SC_KIND_EMPTY;
	assert_false(sc_result_valid(g, &e->r));
	free(mem);
}

/* The hit path's shortcut: a result seen holding at the table's version is
 * not read again until the version moves, and every bump (a slot, the
 * epoch) moves it; a result refilled (held_at 0) is read again. */
static void result_holds_reads_deps_again_after_any_bump(void **state)
{
	sc_table *t = *state;
	void *mem = NULL;
	sc_gen *g;
	sc_entry *e = get(t, "/h");
	uint64_t v;

	assert_int_equal(posix_memalign(&mem, SC_CACHE_LINE, sc_gen_size(64)), 0);
	g = mem;
	sc_gen_init(g, 64);
	e->r.kind = SC_KIND_FOUND;
	e->r.epoch = sc_gen_epoch(g);
	e->r.ndeps = 1;
	e->r.deps[0].slot = 7;
	e->r.deps[0].val = sc_gen_load(g, 7);

	v = sc_gen_version(g);
	assert_int_not_equal(v, 0);
	assert_true(sc_result_holds(g, &e->r, v));
	assert_true(e->r.held_at == v);

	/* an unrelated bump moves the version: read again, still holds */
	sc_gen_bump(g, 8);
	assert_true(sc_gen_version(g) != v);
	v = sc_gen_version(g);
	assert_true(sc_result_holds(g, &e->r, v));
	assert_true(e->r.held_at == v);

	/* its own slot: the version moves, the deps are read, it fails */
	sc_gen_bump(g, 7);
	assert_false(sc_result_holds(g, &e->r, sc_gen_version(g)));
	e->r.deps[0].val = sc_gen_load(g, 7);
	v = sc_gen_version(g);
	assert_true(sc_result_holds(g, &e->r, v));

	/* the epoch too */
	sc_gen_bump_epoch(g);
	assert_true(sc_gen_version(g) != v);
	assert_false(sc_result_holds(g, &e->r, sc_gen_version(g)));

	/* EMPTY never holds, even at the version it last held at */
	e->r.epoch = sc_gen_epoch(g);
	v = sc_gen_version(g);
	assert_true(sc_result_holds(g, &e->r, v));
	e->r.kind = SC_KIND_EMPTY;
	assert_false(sc_result_holds(g, &e->r, v));
	free(mem);
}

/* sc_key_eq() is memcmp() == 0 for every length the steps cover, with a
 * difference at every position, first and last byte included. */
static void key_compare_is_memcmp_at_every_length_and_position(void **state)
{
	char a[200], b[200];

	(void) state;
	for (size_t len = 0; len <= 130; len++) {
		for (size_t i = 0; i < len; i++) {
			a[i] = b[i] = (char) ('a' + i % 23);
		}
		assert_true(sc_key_eq(a, b, len));
		for (size_t k = 0; k < len; k++) {
			b[k] ^= 0x20;
			assert_false(sc_key_eq(a, b, len));
			b[k] ^= 0x20;
		}
	}
}

/* The entries of keys "/k0" .. "/k<n-1>". */
static void fill_keys(sc_table *t, unsigned n, sc_entry **out)
{
	char key[32];
	for (unsigned i = 0; i < n; i++) {
		snprintf(key, sizeof(key), "/k%u", i);
		out[i] = get(t, key);
		assert_non_null(out[i]);
		out[i]->r.kind = SC_KIND_FOUND;
	}
}

static void eviction_removes_what_it_says_and_the_rest_is_found(void **state)
{
	sc_table *t = *state;
	sc_entry *e[200];
	char key[32];
	unsigned left = 0;
	size_t memory, expect;

	fill_keys(t, 200, e);
	memory = t->memory;
	assert_int_equal(sc_table_evict(t, 50), 50);
	assert_int_equal(t->count, 150);
	for (unsigned i = 0; i < 200; i++) {
		sc_entry *f;
		snprintf(key, sizeof(key), "/k%u", i);
		f = find(t, key);
		if (f) {
			/* a survivor keeps its address, and every survivor is found
			 * (the probe sequences were rebuilt without holes) */
			assert_ptr_equal(f, e[i]);
			left++;
		}
	}
	assert_int_equal(left, 150);
	/* the bucket array and the survivors, as if never evicted from */
	expect = t->cap * sizeof(sc_entry *);
	for (unsigned i = 0; i < 200; i++) {
		snprintf(key, sizeof(key), "/k%u", i);
		if (find(t, key)) {
			expect += entry_bytes(strlen(key));
		}
	}
	assert_int_equal(t->memory, expect);
	assert_true(t->memory < memory);
}

static void eviction_spares_entries_a_hit_found_holding_once(void **state)
{
	sc_table *t = *state;
	sc_entry *e[100];
	char key[32];

	fill_keys(t, 100, e);
	/* half were hit (held_at set by the hit path) */
	for (unsigned i = 0; i < 100; i += 2) {
		e[i]->r.held_at = 7;
	}
	assert_int_equal(sc_table_evict(t, 50), 50);
	for (unsigned i = 0; i < 100; i++) {
		snprintf(key, sizeof(key), "/k%u", i);
		if (i % 2 == 0) {
			/* spared (its chance used where the clock passed it: the
			 * next hit checks its values once) */
			assert_ptr_equal(find(t, key), e[i]);
			assert_true(e[i]->r.held_at == 0 || e[i]->r.held_at == 7);
		} else {
			assert_null(find(t, key));
		}
	}
	/* with every chance used, the next eviction takes them */
	assert_int_equal(sc_table_evict(t, 50), 50);
	assert_int_equal(t->count, 0);
}

static void what_pointed_at_an_evicted_entry_is_emptied_not_left_dangling(void **state)
{
	sc_table *t = *state;
	sc_entry *target = get(t, "/real/file"), *alias = get(t, "/real/./file");

	target->r.kind = SC_KIND_FOUND;
	alias->r.kind = SC_KIND_ALIAS;
	alias->r.target = target;
	alias->r.held_at = 3;   /* the alias was hit, its target not */
	alias->r.ndeps = 1;
	assert_int_equal(sc_table_evict(t, 1), 1);
	assert_null(find(t, "/real/file"));
	assert_ptr_equal(find(t, "/real/./file"), alias);
	assert_int_equal(alias->r.kind, SC_KIND_EMPTY);
	assert_null(alias->r.target);
	assert_int_equal(alias->r.ndeps, 0);
}

static void eviction_of_an_empty_table_or_of_nothing_removes_nothing(void **state)
{
	sc_table *t = *state;
	sc_table none = { 0 };

	assert_int_equal(sc_table_evict(t, 10), 0);
	get(t, "/a");
	assert_int_equal(sc_table_evict(t, 0), 0);
	assert_int_equal(t->count, 1);
	assert_int_equal(sc_table_evict(&none, 10), 0);
}

static void the_clock_goes_on_from_where_it_stopped(void **state)
{
	sc_table *t = *state;
	sc_entry *e[64];
	unsigned gone = 0;
	char key[32];

	fill_keys(t, 20, e);
	/* two evictions of 5 take 10 different entries */
	assert_int_equal(sc_table_evict(t, 5), 5);
	assert_int_equal(sc_table_evict(t, 5), 5);
	for (unsigned i = 0; i < 20; i++) {
		snprintf(key, sizeof(key), "/k%u", i);
		gone += find(t, key) == NULL;
	}
	assert_int_equal(gone, 10);
	assert_int_equal(t->count, 10);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0); /* summary lines whole when stdout and stderr share a log */
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(get_creates_an_empty_entry_once_and_finds_it_again, table_setup, table_teardown),
		cmocka_unit_test_setup_teardown(keys_are_compared_by_length_not_by_nul, table_setup, table_teardown),
		cmocka_unit_test_setup_teardown(distinct_keys_with_the_same_hash_are_distinct_entries, table_setup, table_teardown),
		cmocka_unit_test_setup_teardown(the_probe_in_halves_finds_a_key_past_another_of_its_hash_and_length, table_setup,
			table_teardown),
		cmocka_unit_test_setup_teardown(growth_keeps_entry_addresses_stable, table_setup, table_teardown),
		cmocka_unit_test_setup_teardown(memory_counts_buckets_and_entries, table_setup, table_teardown),
		cmocka_unit_test_setup_teardown(clear_empties_and_memory_returns_to_the_bucket_array, table_setup, table_teardown),
		cmocka_unit_test(a_zeroed_or_freed_table_starts_on_first_get),
		cmocka_unit_test(init_rounds_a_bad_capacity_to_64),
		cmocka_unit_test_setup_teardown(result_valid_is_false_for_empty_and_when_deps_change, table_setup, table_teardown),
		cmocka_unit_test_setup_teardown(result_holds_reads_deps_again_after_any_bump, table_setup, table_teardown),
		cmocka_unit_test(key_compare_is_memcmp_at_every_length_and_position),
		cmocka_unit_test_setup_teardown(eviction_removes_what_it_says_and_the_rest_is_found, table_setup, table_teardown),
		cmocka_unit_test_setup_teardown(eviction_spares_entries_a_hit_found_holding_once, table_setup, table_teardown),
		cmocka_unit_test_setup_teardown(what_pointed_at_an_evicted_entry_is_emptied_not_left_dangling, table_setup,
			table_teardown),
		cmocka_unit_test_setup_teardown(eviction_of_an_empty_table_or_of_nothing_removes_nothing, table_setup,
			table_teardown),
		cmocka_unit_test_setup_teardown(the_clock_goes_on_from_where_it_stopped, table_setup, table_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
