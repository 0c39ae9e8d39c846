/*
 * statcache: the generation table (see the protocol in src/core/gen.h).
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include "core/gen.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <unistd.h>
#include <string.h>
#include <time.h>

_Static_assert(offsetof(sc_gen, max_wd) == SC_CACHE_LINE, "line 0 is one cache line");
_Static_assert(offsetof(sc_gen, watch_skips) == 2 * SC_CACHE_LINE, "the watch cap's count on a line of its own");
_Static_assert(offsetof(sc_gen, gen) == 3 * SC_CACHE_LINE, "slots start on a line of their own");

size_t sc_gen_size(uint32_t slots)
{
	/* the counters, then a bit per slot (sc_gen_dir_bits()), then a wd
	 * per slot (sc_gen_file_wds(); slots is a power of two from 64, so
	 * the bits end aligned), then the bump log (8-byte aligned after
	 * them), in whole cache lines (aligned_alloc() wants
	 * a multiple of the alignment) */
	size_t n = sizeof(sc_gen) + (size_t) slots * sizeof(_Atomic uint32_t) + ((size_t) slots + 7) / 8
		+ (size_t) slots * sizeof(_Atomic int32_t) + SC_BUMP_LOG * sizeof(_Atomic uint64_t);
	return (n + SC_CACHE_LINE - 1) / SC_CACHE_LINE * SC_CACHE_LINE;
}

/* Zeroed memory is a valid table; the epoch starts at 1 so that a result
 * recorded against a table that was never initialised cannot match. */
void sc_gen_init(sc_gen *g, uint32_t slots)
{
	memset(g, 0, sc_gen_size(slots));
	g->slots = slots;
	g->mask = slots - 1;
	g->magic = SC_GEN_MAGIC;
	atomic_store_explicit(&g->epoch, 1, memory_order_relaxed);
	/* relaxed: the table is not shared yet (published by the machine's
	 * state, or by fork()) */
	atomic_store_explicit(&g->version, 1, memory_order_relaxed);
	atomic_store_explicit(&g->last_drain_ms, sc_now_fine_ms(), memory_order_relaxed);
	atomic_store_explicit(&g->last_drain_ticks, sc_ticks(), memory_order_relaxed);
}

int sc_gen_bumped(sc_gen *g, uint64_t from, uint64_t to, uint32_t *out, unsigned max)
{
	_Atomic uint64_t *log = sc_gen_bump_log(g);
	unsigned n = 0;

	if (to - from > max || to - from > SC_BUMP_LOG) {
		return -1;
	}
	for (uint64_t v = from + 1; v <= to; v++) {
		/* acquire: pairs with the release in sc_gen_step() */
		uint64_t e = atomic_load_explicit(&log[(v - 1) & (SC_BUMP_LOG - 1)], memory_order_acquire);
		uint32_t key = (uint32_t) e;
		if ((uint32_t) (e >> 32) != (uint32_t) v || key == SC_BUMP_ALL) {
			return -1;
		}
		out[n++] = key & g->mask;
	}
	return (int) n;
}

/* Read on a miss only (a hit whose deps held, or whose version did not
 * move, never comes here), and only for a table one thread bumps and
 * reads (solo): there every bump is whole (slot, version, log) whenever
 * a result is filled, checked or rechecked, so a dep's value counts
 * exactly the bumps of its slot up to a version at or below its held_at,
 * and the slot now is that value plus the bumps logged since.  Only the
 * deps whose slot moved are looked for in the log: a slot that did not
 * move had no bump at all.  A table other threads or processes bump can
 * be read between a bump's slot and its step: a dep filled then would
 * count a bump logged after its held_at, and a count could come out
 * right with a change of its own half done; there the slot's move is a
 * miss, as it always was. */
int sc_gen_deps_recheck(const sc_gen *g, uint32_t epoch, sc_dep *deps, unsigned n, uint64_t from, uint64_t *now)
{
	_Atomic uint64_t *log = sc_gen_bump_log((sc_gen *) g);
	uint32_t moved[SC_RECHECK_MAX_DEPS] = { 0 };
	unsigned which[SC_RECHECK_MAX_DEPS], m = 0;
	uint64_t to = sc_gen_version(g);

	if (!g->solo || from == 0 || n > SC_RECHECK_MAX_DEPS || to - from > SC_BUMP_LOG || sc_gen_epoch(g) != epoch) {
		return 0;
	}
	for (unsigned i = 0; i < n; i++) {
		if (sc_gen_load(g, deps[i].slot) != deps[i].val) {
			which[m++] = i;
		}
	}
	for (uint64_t v = from + 1; m > 0 && v <= to; v++) {
		/* acquire: pairs with the release in sc_gen_step() */
		uint64_t e = atomic_load_explicit(&log[(v - 1) & (SC_BUMP_LOG - 1)], memory_order_acquire);
		uint32_t key = (uint32_t) e;
		if ((uint32_t) (e >> 32) != (uint32_t) v || key == SC_BUMP_ALL) {
			return 0;
		}
		for (unsigned j = 0; j < m; j++) {
			uint32_t slot = deps[which[j]].slot;
			if (((key ^ slot) & g->mask) == 0) {
				if (key == slot) {
					return 0; /* its own: a change it depends on */
				}
				moved[j]++;
			}
		}
	}
	for (unsigned j = 0; j < m; j++) {
		if (sc_gen_load(g, deps[which[j]].slot) != deps[which[j]].val + moved[j]) {
			return 0;
		}
	}
	if (sc_gen_epoch(g) != epoch) {
		return 0;
	}
	for (unsigned j = 0; j < m; j++) {
		deps[which[j]].val += moved[j];
	}
	*now = to;
	return 1;
}

uint32_t sc_gen_name_slot(const sc_gen *g, int wd, const char *name, size_t len)
{
	(void) g;
	return (uint32_t) sc_hash_bytes(name, len, (uint64_t) (uint32_t) wd * 0x9e3779b97f4a7c15ull + 1);
}

uint32_t sc_gen_class_key(const sc_gen *g, int wd, const char *sfx, size_t len)
{
	(void) g;
	return (uint32_t) sc_hash_bytes(sfx, len, (uint64_t) (uint32_t) wd * 0xc2b2ae3d27d4eb4full + 3);
}

const char *sc_name_class(const char *name, size_t len, size_t *clen)
{
	const char *dot = memrchr(name, '.', len);

	if (!dot) {
		*clen = len;
		return name;
	}
	*clen = len - (size_t) (dot + 1 - name);
	return dot + 1;
}

uint32_t sc_gen_watch_slot(const sc_gen *g, int wd)
{
	return (uint32_t) wd & g->mask;
}

uint64_t sc_now_ms(void)
{
	struct timespec ts;
#ifdef CLOCK_MONOTONIC_COARSE
	clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
#else
	clock_gettime(CLOCK_MONOTONIC, &ts);
#endif
	return (uint64_t) ts.tv_sec * 1000u + (uint64_t) ts.tv_nsec / 1000000u;
}

uint64_t sc_now_fine_ms(void)
{
	return sc_now_fine_ns() / 1000000u;
}

uint32_t sc_gen_drain_begin(sc_gen *g, int32_t pid)
{
	uint32_t s = atomic_load_explicit(&g->sync, memory_order_relaxed), n;
	do {
		if (s & SC_SYNC_DRAINING) {
			return 0;
		}
		/* the sequence odd and pending cleared in one step */
		n = (s + SC_SYNC_SEQ_ONE) & ~SC_SYNC_PENDING;
		/* acq_rel: pairs with the release in sc_gen_drain_end of the
		 * previous drainer and with sc_gen_mark_pending's release: a sync
		 * point that set pending before this exchange has its events in
		 * the queue we are about to read (one that sets it after leaves
		 * it set, and fails a CAS it races: the loop reads it again) */
	} while (!atomic_compare_exchange_weak_explicit(&g->sync, &s, n, memory_order_acq_rel, memory_order_relaxed));
	atomic_store_explicit(&g->drainer_pid, pid, memory_order_relaxed);
	return n / SC_SYNC_SEQ_ONE;
}

int sc_gen_drain_end(sc_gen *g, uint32_t odd_seq, uint64_t begun_ms, uint64_t begun_ticks)
{
	uint32_t s = atomic_load_explicit(&g->sync, memory_order_relaxed);

	atomic_fetch_add_explicit(&g->drains, 1, memory_order_relaxed);
	/* relaxed, both stamps: a hit that reads the one before drains earlier,
	 * never later (sc_proc_stale(), sc_proc_stale_ticks()).  They are the
	 * drain's start, taken before it read the queue: every event queued
	 * before then has been applied (by this drain, or by the one that took
	 * it over, which holds the sequence odd until it has).  A drain taken
	 * over stamps as well: its start is no later than the taker's */
	atomic_store_explicit(&g->last_drain_ms, begun_ms, memory_order_relaxed);
	atomic_store_explicit(&g->last_drain_ticks, begun_ticks, memory_order_relaxed);
	do {
		if (s / SC_SYNC_SEQ_ONE != odd_seq) {
			/* taken over (sc_gen_drain_wait()): the taker ends it */
			return 0;
		}
		/* release: pairs with the acquire load in sc_gen_needs_sync; makes
		 * every bump of this drain visible before the sequence turns even.
		 * A sync point's pending set meanwhile stays */
	} while (!atomic_compare_exchange_weak_explicit(&g->sync, &s, s + SC_SYNC_SEQ_ONE, memory_order_release,
		memory_order_relaxed));
	return 1;
}

uint32_t sc_gen_drain_wait(sc_gen *g, int32_t pid, uint64_t wait_ns)
{
	/* acquire: pairs with sc_gen_drain_end()'s release */
	uint32_t s = sc_gen_drain_seq(g), cur, n;
	uint64_t start = 0;
	unsigned spins = 0;

	while ((s & 1) && sc_gen_drain_seq(g) == s) {
		if (++spins < 64) {
			sched_yield(); /* a drain takes microseconds: not worth a sleep */
			continue;
		}
		if (!start) {
			start = sc_now_fine_ns();
		} else if (sc_now_fine_ns() - start >= wait_ns) {
			goto take_over;
		}
		/* no spin that burns a core while the drainer is away */
		nanosleep(&(struct timespec) { .tv_sec = 0, .tv_nsec = 50000 }, NULL);
	}
	return 0;

take_over:
	/* The drain did not move for wait_ns: its drainer is stopped, traced,
	 * frozen, a zombie, dead, or away that long.  It may hold events it
	 * read and has not applied: the sequence goes on to another odd value
	 * (so its own end, which expects its value, leaves it), pending
	 * cleared as a drain's start clears it, and the epoch is bumped: every
	 * result filled before, by anyone, misses.  Whatever it applies later
	 * only bumps. */
	cur = atomic_load_explicit(&g->sync, memory_order_relaxed);
	do {
		if (cur / SC_SYNC_SEQ_ONE != s) {
			return 0; /* it ended, or another waiter took it over */
		}
		n = (cur + 2 * SC_SYNC_SEQ_ONE) & ~SC_SYNC_PENDING;
		/* acq_rel: as sc_gen_drain_begin()'s */
	} while (!atomic_compare_exchange_weak_explicit(&g->sync, &cur, n, memory_order_acq_rel, memory_order_relaxed));
	atomic_store_explicit(&g->drainer_pid, pid, memory_order_relaxed);
	sc_gen_bump_epoch(g);
	atomic_fetch_add_explicit(&g->flushes, 1, memory_order_relaxed);
	atomic_fetch_add_explicit(&g->takeovers, 1, memory_order_relaxed);
	return n / SC_SYNC_SEQ_ONE;
}

/* ---- the tick counter as the staleness clock -------------------------- */

#if SC_HAVE_TICKS
# include <cpuid.h>

/* The TSC counts at one rate on every CPU (invariant TSC) and the kernel
 * keeps time with it (it checked that the CPUs agree, and would have
 * switched away from it otherwise). */
static int sc_ticks_trusted(void)
{
	unsigned a, b, c, d;
	char buf[16];
	ssize_t n;
	int fd;

	if (!__get_cpuid(0x80000007, &a, &b, &c, &d) || !(d & (1u << 8))) {
		return 0;
	}
	fd = openat(AT_FDCWD, "/sys/devices/system/clocksource/clocksource0/current_clocksource", O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		return 0;
	}
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	return n == 4 && memcmp(buf, "tsc\n", 4) == 0;
}

static uint64_t sc_mono_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

/* One (CLOCK_MONOTONIC, ticks) pair: the ticks read between two clock
 * reads, the pair's time their middle, exact to half their distance. */
static void sc_tick_sample(uint64_t *ns, uint64_t *ticks, uint64_t *err_ns)
{
	uint64_t before = sc_mono_ns(), t = sc_ticks(), after = sc_mono_ns();
	*ns = before + (after - before) / 2;
	*ticks = t;
	*err_ns = (after - before) / 2 + 1;
}

static struct {
	int trusted;          /* 0: not asked yet, 1: yes, -1: no */
	uint64_t ns0, ticks0; /* the first sample ... */
	uint64_t err0;        /* ... and how exact it is */
} sc_cal;

int sc_ticks_probe(void)
{
	if (sc_cal.trusted == 0) {
		sc_cal.trusted = sc_ticks_trusted() ? 1 : -1;
	}
	return sc_cal.trusted > 0;
}

uint64_t sc_stale_ticks(uint32_t max_ms)
{
	uint64_t ns, t, err;
	double per_ns;

	if (max_ms == 0) {
		return 0;
	}
	sc_ticks_probe();
	if (sc_cal.trusted < 0) {
		return UINT64_MAX;
	}
	sc_tick_sample(&ns, &t, &err);
	if (sc_cal.ticks0 == 0 || t <= sc_cal.ticks0 || ns <= sc_cal.ns0
			|| (err < sc_cal.err0 && ns - sc_cal.ns0 < SC_TICKS_CALIBRATION_NS)) {
		/* a first sample, or a more exact one while it is still early */
		sc_cal.ns0 = ns;
		sc_cal.ticks0 = t;
		sc_cal.err0 = err;
		return 0;
	}
	/* the rate is exact to (err0 + err) / interval: wait for an interval of
	 * at least SC_TICKS_CALIBRATION_NS over which that is 0.2 % or better;
	 * the bound is then taken 1 % short, so a drain comes early, never late */
	if (ns - sc_cal.ns0 < SC_TICKS_CALIBRATION_NS || (sc_cal.err0 + err) * 500 > ns - sc_cal.ns0) {
		return 0;
	}
	per_ns = (double) (t - sc_cal.ticks0) / (double) (ns - sc_cal.ns0);
	return (uint64_t) ((double) max_ms * 1e6 * per_ns * 0.99);
}
#else
int sc_ticks_probe(void)
{
	return 0;
}

uint64_t sc_stale_ticks(uint32_t max_ms)
{
	(void) max_ms;
	return UINT64_MAX;
}
#endif
