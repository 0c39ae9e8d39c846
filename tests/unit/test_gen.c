/*
 * The generation table: slots, dependencies and the drain protocol.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sched.h>
#include <cmocka.h>

#include "core/gen.h"

#include <time.h>

#define SLOTS 65536u

static sc_gen *gen_new(uint32_t slots)
{
	void *mem = NULL;
	assert_int_equal(posix_memalign(&mem, SC_CACHE_LINE, sc_gen_size(slots)), 0);
	memset(mem, 0xa5, sc_gen_size(slots)); /* init must not rely on zeroed memory */
	sc_gen_init(mem, slots);
	return mem;
}

static int gen_setup(void **state)
{
	*state = gen_new(SLOTS);
	return 0;
}

static int gen_teardown(void **state)
{
	free(*state);
	return 0;
}

/* The bump log hands back the slots bumped between two versions, in
 * order, and says it cannot (-1) for an epoch among them, for more bumps
 * than asked or than it keeps, and for an entry not written yet. */
static void the_bump_log_names_the_slots_bumped_since_a_version(void **state)
{
	sc_gen *g = *state;
	uint32_t out[8];
	uint64_t v0 = sc_gen_version(g), v1;

	assert_int_equal(sc_gen_bumped(g, v0, v0, out, 8), 0);
	sc_gen_bump(g, 7);
	sc_gen_bump(g, 300);
	sc_gen_bump(g, 7);
	v1 = sc_gen_version(g);
	assert_int_equal(v1, v0 + 3);
	assert_int_equal(sc_gen_bumped(g, v0, v1, out, 8), 3);
	assert_int_equal(out[0], 7);
	assert_int_equal(out[1], 300);
	assert_int_equal(out[2], 7);
	assert_int_equal(sc_gen_bumped(g, v0 + 2, v1, out, 8), 1);
	assert_int_equal(out[0], 7);
	assert_int_equal(sc_gen_bumped(g, v0, v1, out, 2), -1);          /* more than max */
	assert_int_equal(sc_gen_bumped(g, v0, v1 + 1, out, 8), -1);      /* not written yet */
	sc_gen_bump_epoch(g);
	assert_int_equal(sc_gen_bumped(g, v1, sc_gen_version(g), out, 8), -1); /* every slot */
	v1 = sc_gen_version(g);
	for (unsigned i = 0; i < SC_BUMP_LOG; i++) {
		sc_gen_bump(g, i);
	}
	assert_int_equal(sc_gen_bumped(g, v1, sc_gen_version(g), out, 8), -1); /* more than max */
	/* v1's successors were overwritten by the last SC_BUMP_LOG bumps' */
	assert_int_equal(sc_gen_bumped(g, v1 - 1, v1 + 1, out, 8), -1);
	assert_int_equal(sc_gen_bumped(g, sc_gen_version(g) - 2, sc_gen_version(g), out, 8), 2);
	assert_int_equal(out[0], SC_BUMP_LOG - 2);
	assert_int_equal(out[1], SC_BUMP_LOG - 1);
}

static void init_sets_epoch_one_mask_and_clean_slots(void **state)
{
	sc_gen *g = *state;
	uint64_t before = sc_now_fine_ms();

	assert_int_equal(sc_gen_epoch(g), 1);
	assert_int_equal(g->slots, SLOTS);
	assert_int_equal(g->mask, SLOTS - 1);
	assert_int_equal(g->magic, SC_GEN_MAGIC);
	assert_int_equal(sc_gen_drain_seq(g), 0);
	assert_int_equal(sc_gen_pending(g), 0);
	assert_int_equal(atomic_load(&g->max_wd), 0);
	assert_int_equal(atomic_load(&g->flushes), 0);
	assert_true(atomic_load(&g->last_drain_ms) <= before + 1);
	assert_true(atomic_load(&g->last_drain_ms) + 1000 >= before);
	for (uint32_t i = 0; i < SLOTS; i++) {
		if (sc_gen_load(g, i) != 0) {
			fail_msg("slot %u not zero after init", i);
		}
	}
	assert_int_equal(sc_gen_needs_sync(g), 0);
}

static void slots_valid_accepts_powers_of_two_from_64_to_2_pow_26_only(void **state)
{
	(void) state;
	for (long s = 64; s <= (1L << 26); s <<= 1) {
		assert_true(sc_gen_slots_valid(s));
	}
	assert_false(sc_gen_slots_valid(1000));
	assert_false(sc_gen_slots_valid(0));
	assert_false(sc_gen_slots_valid(-1));
	assert_false(sc_gen_slots_valid(-64));
	assert_false(sc_gen_slots_valid(32));
	assert_false(sc_gen_slots_valid(63));
	assert_false(sc_gen_slots_valid(65));
	assert_false(sc_gen_slots_valid(1L << 27));
	assert_false(sc_gen_slots_valid(65536 + 64));
}

static void name_keys_and_watch_slots_land_below_slots(void **state)
{
	sc_gen *g = gen_new(64);
	char name[32];
	(void) state;

	for (int wd = -1; wd < 5000; wd++) {
		int n = snprintf(name, sizeof(name), "file%d.php", wd * 7);
		uint32_t key = sc_gen_name_slot(g, wd, name, (size_t) n), before = sc_gen_load(g, key & g->mask);
		/* a name's key bumps and reads the slot key & mask */
		sc_gen_bump(g, key);
		assert_int_equal(sc_gen_load(g, key & g->mask), before + 1);
		assert_int_equal(sc_gen_load(g, key), before + 1);
		assert_true(sc_gen_watch_slot(g, wd) < 64);
	}
	assert_true(sc_gen_watch_slot(g, 2147483647) < 64);
	free(g);
}

/* sc_gen_deps_recheck() of two deps, on a copy: whether they hold. */
static int sc_gen_recheck_ok(const sc_gen *g, uint32_t epoch, const sc_dep *deps, uint64_t held)
{
	sc_dep copy[2] = { deps[0], deps[1] };
	uint64_t now;

	return sc_gen_deps_recheck(g, epoch, copy, 2, held, &now) == 1;
}

/* Another name of directory wd whose key shares key's slot. */
static uint32_t a_name_sharing_the_slot(const sc_gen *g, int wd, uint32_t key)
{
	char name[32];

	for (int i = 0;; i++) {
		int n = snprintf(name, sizeof(name), "tmp%d", i);
		uint32_t other = sc_gen_name_slot(g, wd, name, (size_t) n);
		if (other != key && ((other ^ key) & g->mask) == 0) {
			return other;
		}
	}
}

static void a_slot_moved_by_another_names_bumps_holds_on_recheck(void **state)
{
	sc_gen *g = gen_new(64);
	uint32_t mine = sc_gen_name_slot(g, 3, "a.php", 5), other = a_name_sharing_the_slot(g, 3, mine);
	uint32_t watch = sc_gen_watch_slot(g, 9), epoch = sc_gen_epoch(g);
	sc_dep deps[2] = { { mine, sc_gen_load(g, mine) }, { watch, sc_gen_load(g, watch) } };
	uint64_t held = sc_gen_version(g), now = 0;
	(void) state;

	g->solo = 1;
	/* a neighbour's name in the same slot comes and goes */
	sc_gen_bump(g, other);
	sc_gen_bump(g, sc_gen_watch_slot(g, 3));
	sc_gen_bump(g, other);
	assert_false(sc_gen_deps_hold(g, epoch, deps, 2));
	assert_true(sc_gen_deps_recheck(g, epoch, deps, 2, held, &now));
	assert_int_equal(now, sc_gen_version(g));
	assert_true(sc_gen_deps_hold(g, epoch, deps, 2));
	held = now;

	/* its own name's bump among them: a change it depends on */
	sc_gen_bump(g, other);
	sc_gen_bump(g, mine);
	assert_false(sc_gen_recheck_ok(g, epoch, deps, held));
	deps[0].val = sc_gen_load(g, mine);
	held = sc_gen_version(g);

	/* its own watch's */
	sc_gen_bump(g, watch);
	assert_false(sc_gen_recheck_ok(g, epoch, deps, held));
	deps[1].val = sc_gen_load(g, watch);
	held = sc_gen_version(g);

	/* an epoch */
	sc_gen_bump(g, other);
	sc_gen_bump_epoch(g);
	assert_false(sc_gen_recheck_ok(g, epoch, deps, held));
	epoch = sc_gen_epoch(g);
	deps[0].val = sc_gen_load(g, mine);
	held = sc_gen_version(g);

	/* a table other threads or processes bump: never */
	sc_gen_bump(g, other);
	g->solo = 0;
	assert_false(sc_gen_recheck_ok(g, epoch, deps, held));
	g->solo = 1;
	assert_true(sc_gen_deps_recheck(g, epoch, deps, 2, held, &now));
	held = now;

	/* the slot moved by more than the log tells (a bump half done) */
	sc_gen_bump(g, other);
	atomic_fetch_add(&g->gen[mine & g->mask], 1);
	assert_false(sc_gen_recheck_ok(g, epoch, deps, held));
	deps[0].val = sc_gen_load(g, mine);
	held = sc_gen_version(g);

	/* more bumps since than the log holds */
	for (unsigned i = 0; i <= SC_BUMP_LOG; i++) {
		sc_gen_bump(g, other);
	}
	assert_false(sc_gen_recheck_ok(g, epoch, deps, held));
	/* and a result never seen holding since it was set */
	assert_false(sc_gen_recheck_ok(g, epoch, deps, 0));
	free(g);
}

/* A spelling through links records up to SC_VIA_MAX_DEPS values, all
 * rechecked: another name's bumps in the slot of one of them hold, a bump
 * of any one's own key does not, the last as the first. */
static void a_links_many_deps_are_rechecked_whole(void **state)
{
	sc_gen *g = gen_new(4096);
	sc_dep deps[SC_RECHECK_MAX_DEPS];
	uint32_t epoch = sc_gen_epoch(g), others[SC_RECHECK_MAX_DEPS];
	uint64_t held, now = 0;
	char name[16];
	(void) state;

	g->solo = 1;
	for (unsigned i = 0; i < SC_RECHECK_MAX_DEPS; i++) {
		int n = snprintf(name, sizeof(name), "l%u", i);
		deps[i].slot = sc_gen_name_slot(g, 7, name, (size_t) n);
		deps[i].val = sc_gen_load(g, deps[i].slot);
		others[i] = a_name_sharing_the_slot(g, 7, deps[i].slot);
	}
	held = sc_gen_version(g);
	sc_gen_bump(g, others[SC_RECHECK_MAX_DEPS - 1]);
	sc_gen_bump(g, others[0]);
	sc_gen_bump(g, others[SC_RECHECK_MAX_DEPS - 1]);
	assert_false(sc_gen_deps_hold(g, epoch, deps, SC_RECHECK_MAX_DEPS));
	assert_true(sc_gen_deps_recheck(g, epoch, deps, SC_RECHECK_MAX_DEPS, held, &now));
	assert_true(sc_gen_deps_hold(g, epoch, deps, SC_RECHECK_MAX_DEPS));
	held = now;
	for (unsigned i = 0; i < SC_RECHECK_MAX_DEPS; i += SC_RECHECK_MAX_DEPS - 1) {
		sc_gen_bump(g, others[i]);
		sc_gen_bump(g, deps[i].slot);
		assert_false(sc_gen_deps_recheck(g, epoch, deps, SC_RECHECK_MAX_DEPS, held, &now));
		deps[i].val = sc_gen_load(g, deps[i].slot);
		held = sc_gen_version(g);
	}
	/* one more than it records: never rechecked */
	sc_gen_bump(g, others[1]);
	assert_false(sc_gen_deps_recheck(g, epoch, deps, SC_RECHECK_MAX_DEPS + 1, held, &now));
	free(g);
}

static void different_names_in_one_directory_spread_over_slots(void **state)
{
	sc_gen *g = *state;
	static uint8_t seen[SLOTS];
	unsigned distinct = 0;
	char name[32];

	memset(seen, 0, sizeof(seen));
	for (int i = 0; i < 1000; i++) {
		int n = snprintf(name, sizeof(name), "f%d.php", i);
		uint32_t s = sc_gen_name_slot(g, 5, name, (size_t) n) & g->mask;
		if (!seen[s]) {
			seen[s] = 1;
			distinct++;
		}
	}
	/* 1000 names in 65536 slots: about 8 collisions expected */
	assert_true(distinct >= 980);
	/* the same name in another directory is another slot (usually) */
	assert_int_not_equal(sc_gen_name_slot(g, 5, "a.php", 5), sc_gen_name_slot(g, 6, "a.php", 5));
	/* the length is part of the name */
	assert_int_not_equal(sc_gen_name_slot(g, 5, "a.php", 5), sc_gen_name_slot(g, 5, "a.php", 4));
	/* and a name's slot is stable */
	assert_int_equal(sc_gen_name_slot(g, 5, "a.php", 5), sc_gen_name_slot(g, 5, "a.php", 5));
}

static void deps_hold_until_the_epoch_or_a_recorded_slot_moves(void **state)
{
	sc_gen *g = *state;
	sc_dep deps[3];
	uint32_t epoch = sc_gen_epoch(g);

	deps[0].slot = sc_gen_name_slot(g, 3, "x", 1);
	deps[1].slot = sc_gen_watch_slot(g, 3);
	deps[2].slot = sc_gen_watch_slot(g, 4);
	for (int i = 0; i < 3; i++) {
		deps[i].val = sc_gen_load(g, deps[i].slot);
	}
	assert_true(sc_gen_deps_hold(g, epoch, deps, 3));

	/* a slot nobody recorded */
	for (uint32_t s = 0; s < 8; s++) {
		if (s != (deps[0].slot & g->mask) && s != deps[1].slot && s != deps[2].slot) {
			sc_gen_bump(g, s);
		}
	}
	assert_true(sc_gen_deps_hold(g, epoch, deps, 3));

	for (int i = 0; i < 3; i++) {
		sc_gen_bump(g, deps[i].slot);
		assert_false(sc_gen_deps_hold(g, epoch, deps, 3));
		/* only the first i+1 deps: the bumped one is among them */
		assert_false(sc_gen_deps_hold(g, epoch, deps, (unsigned) i + 1));
		deps[i].val = sc_gen_load(g, deps[i].slot);
		assert_true(sc_gen_deps_hold(g, epoch, deps, 3));
	}

	sc_gen_bump_epoch(g);
	assert_false(sc_gen_deps_hold(g, epoch, deps, 3));
	assert_false(sc_gen_deps_hold(g, epoch, deps, 0));
	assert_true(sc_gen_deps_hold(g, epoch + 1, deps, 3));
}

static void drain_begin_gives_odd_seq_clears_pending_and_excludes_a_second(void **state)
{
	sc_gen *g = *state;
	uint32_t seq;

	sc_gen_mark_pending(g);
	assert_true(sc_gen_needs_sync(g));
	seq = sc_gen_drain_begin(g, 1234);
	assert_int_equal(seq & 1, 1);
	assert_int_equal(sc_gen_drain_seq(g), seq);
	assert_int_equal(sc_gen_pending(g), 0);
	assert_int_equal(atomic_load(&g->drainer_pid), 1234);
	/* a drain in progress: readers must wait */
	assert_true(sc_gen_needs_sync(g));
	assert_int_equal(sc_gen_drain_begin(g, 99), 0);
	assert_int_equal(atomic_load(&g->drainer_pid), 1234);
	assert_int_equal(sc_gen_drain_end(g, seq, sc_now_ms(), 0), 1);
}

static void drain_end_makes_seq_even_and_records_the_drain(void **state)
{
	sc_gen *g = *state;
	uint32_t seq = sc_gen_drain_begin(g, 1);
	uint32_t seq2;

	assert_int_not_equal(seq, 0);
	assert_int_equal(sc_gen_drain_end(g, seq, 987654321u, 12345u), 1);
	assert_int_equal(sc_gen_drain_seq(g), seq + 1);
	assert_int_equal(atomic_load(&g->last_drain_ticks), 12345u);
	assert_int_equal(sc_gen_drain_seq(g) & 1, 0);
	assert_int_equal(atomic_load(&g->last_drain_ms), 987654321u);
	assert_int_equal(atomic_load(&g->drains), 1);
	assert_false(sc_gen_needs_sync(g));

	seq2 = sc_gen_drain_begin(g, 1);
	assert_int_equal(seq2, seq + 2);
	sc_gen_drain_end(g, seq2, 5, 0);
	assert_int_equal(atomic_load(&g->drains), 2);
	assert_int_equal(sc_gen_epoch(g), 1); /* a drain alone drops nothing */
}

static void drain_wait_returns_at_once_when_no_drain_runs(void **state)
{
	sc_gen *g = *state;
	assert_int_equal(sc_gen_drain_wait(g, 1, 1000000000u), 0);
	assert_int_equal(sc_gen_epoch(g), 1);
}

/* A drainer away longer than the wait (stopped, dead): the waiter takes
 * the drain over at once after it, never later, and drops everything; the
 * old drainer's end leaves the sequence to the taker. */
static void a_drain_held_past_the_wait_is_taken_over(void **state)
{
	sc_gen *g = *state;
	uint32_t seq = sc_gen_drain_begin(g, 2000000001), taken;
	uint64_t t0 = sc_now_fine_ns(), waited;

	assert_int_not_equal(seq, 0);
	sc_gen_mark_pending(g);
	taken = sc_gen_drain_wait(g, 77, 3000000u);
	waited = sc_now_fine_ns() - t0;
	assert_int_not_equal(taken, 0);
	assert_int_equal(taken & 1, 1);
	assert_int_not_equal(taken, seq);
	assert_true(waited >= 3000000u);
	assert_true(waited < 500000000u); /* bounded: not the holder's whole stay */
	assert_int_equal(atomic_load(&g->drainer_pid), 77);
	assert_int_equal(sc_gen_epoch(g), 2);
	assert_int_equal(atomic_load(&g->flushes), 1);
	assert_int_equal(atomic_load(&g->takeovers), 1);
	assert_int_equal(sc_gen_pending(g), 0);
	/* a drain is still in progress (the taker's): readers still wait */
	assert_true(sc_gen_needs_sync(g));
	/* the old drainer comes back: its end leaves the taker's sequence */
	assert_int_equal(sc_gen_drain_end(g, seq, 1, 1), 0);
	assert_int_equal(sc_gen_drain_seq(g), taken);
	assert_int_equal(sc_gen_drain_end(g, taken, 2, 2), 1);
	assert_false(sc_gen_needs_sync(g));
	/* the next drain can start */
	seq = sc_gen_drain_begin(g, 7);
	assert_int_not_equal(seq, 0);
	sc_gen_drain_end(g, seq, 1, 1);
}

/* A live drainer that finishes while we wait: no takeover, no epoch. */
static sc_gen *live_gen;
static uint32_t live_seq;

static void *live_drainer_finishes(void *arg)
{
	(void) arg;
	struct timespec ts = { 0, 300000 };
	nanosleep(&ts, NULL);
	sc_gen_drain_end(live_gen, live_seq, 1, 1);
	return NULL;
}

static void drain_wait_waits_for_a_live_drainer_without_dropping_anything(void **state)
{
	sc_gen *g = *state;
	pthread_t th;

	live_gen = g;
	live_seq = sc_gen_drain_begin(g, 4242);
	assert_int_equal(pthread_create(&th, NULL, live_drainer_finishes, NULL), 0);
	assert_int_equal(sc_gen_drain_wait(g, 1, 1000000000u), 0);
	pthread_join(th, NULL);
	assert_int_equal(sc_gen_epoch(g), 1);
	assert_int_equal(atomic_load(&g->flushes), 0);
	assert_int_equal(atomic_load(&g->takeovers), 0);
	assert_int_equal(sc_gen_drain_seq(g), live_seq + 1);
}

/* Threads hammer the protocol; at most one may hold the drain at a time.
 * Each round starts on a spinning start line so that the threads call
 * drain_begin at the same moment (the race a non-atomic begin would lose). */
#define HAMMER_THREADS 2
#define HAMMER_ROUNDS 60000

static _Atomic int hammer_inside;
static _Atomic int hammer_overlaps;
static _Atomic long hammer_drains;
static _Atomic long hammer_arrived;

static void hammer_start_line(long round)
{
	long target = (round + 1) * HAMMER_THREADS;
	atomic_fetch_add(&hammer_arrived, 1);
	unsigned spins = 0;
	while (atomic_load(&hammer_arrived) < target) {
		if (++spins % 1024 == 0) {
			sched_yield(); /* the other thread may not be running */
		}
	}
}

static void *hammer(void *arg)
{
	sc_gen *g = arg;
	for (long i = 0; i < HAMMER_ROUNDS; i++) {
		uint32_t seq;
		sc_gen_mark_pending(g);
		hammer_start_line(i);
		seq = sc_gen_drain_begin(g, 1);
		if (!seq) {
			/* a wait no drain here outlasts: no takeover, one drainer */
			sc_gen_drain_wait(g, 2, 10000000000u);
			continue;
		}
		if (atomic_fetch_add(&hammer_inside, 1) != 0) {
			atomic_fetch_add(&hammer_overlaps, 1);
		}
		if ((seq & 1) != 1) {
			atomic_fetch_add(&hammer_overlaps, 1);
		}
		for (uint32_t k = 0; k < 64; k++) {
			sc_gen_bump(g, (k + (uint32_t) i) & g->mask);
		}
		atomic_fetch_add(&hammer_drains, 1);
		atomic_fetch_sub(&hammer_inside, 1);
		sc_gen_drain_end(g, seq, (uint64_t) i, 0);
	}
	return NULL;
}

static void concurrent_drains_never_overlap(void **state)
{
	sc_gen *g = *state;
	pthread_t th[HAMMER_THREADS];

	atomic_store(&hammer_inside, 0);
	atomic_store(&hammer_overlaps, 0);
	atomic_store(&hammer_drains, 0);
	atomic_store(&hammer_arrived, 0);
	for (int i = 0; i < HAMMER_THREADS; i++) {
		assert_int_equal(pthread_create(&th[i], NULL, hammer, g), 0);
	}
	for (int i = 0; i < HAMMER_THREADS; i++) {
		pthread_join(th[i], NULL);
	}
	assert_int_equal(atomic_load(&hammer_overlaps), 0);
	assert_true(atomic_load(&hammer_drains) > 0);
	/* every drain that began ended: the sequence is even and counts them */
	assert_int_equal(sc_gen_drain_seq(g), 2 * (uint32_t) atomic_load(&hammer_drains));
	assert_int_equal(atomic_load(&g->drains), (uint64_t) atomic_load(&hammer_drains));
}

static uint64_t mono_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

/* The staleness bound in ticks: nothing (0) until the rate is measured over
 * SC_TICKS_CALIBRATION_NS at least, then the bound taken short, never long:
 * at most max_ms worth of ticks as measured here over a longer interval,
 * and no more than 3 % under it.  Where the counter is not trusted (no
 * invariant TSC, another clocksource, no counter), UINT64_MAX from the
 * first call on. */
static void stale_ticks_are_measured_then_a_little_under_the_bound(void **state)
{
	uint64_t ns0 = mono_ns(), t0 = sc_ticks(), r, ns1, t1;
	struct timespec ms = { 0, 1000000 };
	double per_ns;

	(void) state;
	assert_int_equal(sc_stale_ticks(0), 0);      /* no bound: nothing to measure */
	r = sc_stale_ticks(5);
	if (r == UINT64_MAX) {
		assert_int_equal(sc_stale_ticks(5), UINT64_MAX);
		return;
	}
	assert_int_equal(r, 0);                      /* the first sample */
	while ((r = sc_stale_ticks(5)) == 0) {
		assert_true(mono_ns() - ns0 < 5000000000u); /* measured within 5 s */
		nanosleep(&ms, NULL);
	}
	assert_true(mono_ns() - ns0 >= SC_TICKS_CALIBRATION_NS);
	do {
		nanosleep(&ms, NULL);
	} while (mono_ns() - ns0 < 100000000u);
	ns1 = mono_ns();
	t1 = sc_ticks();
	per_ns = (double) (t1 - t0) / (double) (ns1 - ns0);
	r = sc_stale_ticks(5);
	assert_true((double) r <= 5e6 * per_ns);
	assert_true((double) r >= 5e6 * per_ns * 0.97);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0); /* summary lines whole when stdout and stderr share a log */
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(init_sets_epoch_one_mask_and_clean_slots, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(the_bump_log_names_the_slots_bumped_since_a_version, gen_setup, gen_teardown),
		cmocka_unit_test(slots_valid_accepts_powers_of_two_from_64_to_2_pow_26_only),
		cmocka_unit_test(name_keys_and_watch_slots_land_below_slots),
		cmocka_unit_test(a_slot_moved_by_another_names_bumps_holds_on_recheck),
		cmocka_unit_test(a_links_many_deps_are_rechecked_whole),
		cmocka_unit_test_setup_teardown(different_names_in_one_directory_spread_over_slots, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(deps_hold_until_the_epoch_or_a_recorded_slot_moves, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(drain_begin_gives_odd_seq_clears_pending_and_excludes_a_second, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(drain_end_makes_seq_even_and_records_the_drain, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(drain_wait_returns_at_once_when_no_drain_runs, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(a_drain_held_past_the_wait_is_taken_over, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(drain_wait_waits_for_a_live_drainer_without_dropping_anything, gen_setup, gen_teardown),
		cmocka_unit_test_setup_teardown(concurrent_drains_never_overlap, gen_setup, gen_teardown),
		cmocka_unit_test(stale_ticks_are_measured_then_a_little_under_the_bound),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
