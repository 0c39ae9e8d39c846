/*
 * statcache: the generation table.
 *
 * Every cached result records the generation values it depends on; an
 * inotify event bumps the values it affects, which makes every result that
 * recorded the old value miss.  Nothing is ever deleted on an event, so the
 * same table serves one process, many threads (process-private memory) and
 * forked workers (an anonymous MAP_SHARED region): only its placement differs
 * (statcache_shared.c).  Pure C11: no Zend, unit-tested with cmocka.
 *
 * The protocol (seqlock-style: the drain's write path, a hit's read path,
 * fill, sync points, fork, the shared region and ZTS, each barrier with its
 * pair) is written once, in docs/protocol.md; every atomic below names its
 * pair as it is written there.
 */
#ifndef STATCACHE_GEN_H
#define STATCACHE_GEN_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#define SC_CACHE_LINE 64

typedef struct sc_gen {
	/* Line 0: read on every hit, written by drains only. */
	_Atomic uint32_t epoch;
	_Atomic uint32_t drain_seq;      /* odd while a drain runs */
	_Atomic uint32_t pending;        /* events may be queued: drain first */
	uint32_t mask;                   /* slots - 1 (slots is a power of two) */
	_Atomic uint64_t last_drain_ms;  /* CLOCK_MONOTONIC_COARSE of the last drain */
	_Atomic int32_t drainer_pid;     /* who holds drain_seq odd (shared mode) */
	uint32_t slots;
	uint32_t magic;
	char pad0[SC_CACHE_LINE - 36];

	/* Line 1: watch accounting and invalidation counters (miss path). */
	_Atomic int32_t max_wd;          /* highest wd handed out by the instance */
	_Atomic int32_t wd_base;         /* max_wd at the last flush */
	_Atomic uint64_t drains;
	_Atomic uint64_t events;
	_Atomic uint64_t flushes;
	_Atomic uint64_t overflows;
	_Atomic uint64_t link_drops;     /* names gone before a drain could check them */
	uint32_t workers_off;            /* shared mode: byte offset of the worker slots */
	uint32_t nworkers;               /* ... and how many there are */
	_Atomic int32_t watches_gone;    /* IN_IGNORED of watches above wd_base */
	char pad1[SC_CACHE_LINE - 60];

	_Atomic uint32_t gen[];          /* slots counters */
} sc_gen;

#define SC_GEN_MAGIC 0x53434731u /* "SCG1" */

/* A dependency: the value slot held when the result was taken. */
typedef struct sc_dep {
	uint32_t slot;
	uint32_t val;
} sc_dep;

/* A fast 64-bit hash for paths and names (on the hit path: every lookup
 * hashes its path): one 64x64->128 multiply per 16 bytes, wyhash-style.
 * Quality only matters for spreading buckets and slots; keys are compared
 * in full. */
static inline uint64_t sc_hash_mix(uint64_t a, uint64_t b)
{
#ifdef __SIZEOF_INT128__
	__uint128_t r = (__uint128_t) a * b;
	return (uint64_t) r ^ (uint64_t) (r >> 64);
#else
	uint64_t h = (a ^ (b >> 29)) * 0xbf58476d1ce4e5b9ull;
	return h ^ (h >> 32) ^ b;
#endif
}

static inline uint64_t sc_hash_read(const unsigned char *p, size_t n)
{
	uint64_t v = 0;
	memcpy(&v, p, n);
	return v;
}

static inline uint64_t sc_hash_bytes(const void *data, size_t len, uint64_t seed)
{
	const unsigned char *p = data;
	const uint64_t k0 = 0xa0761d6478bd642full, k1 = 0xe7037ed1a0b428dbull;
	uint64_t a, b;

	seed ^= k0;
	if (len <= 16) {
		if (len >= 8) {
			a = sc_hash_read(p, 8);
			b = sc_hash_read(p + len - 8, 8);
		} else {
			a = len ? sc_hash_read(p, len) : 0;
			b = 0;
		}
	} else {
		size_t i = len;
		while (i > 16) {
			seed = sc_hash_mix(sc_hash_read(p, 8) ^ k1, sc_hash_read(p + 8, 8) ^ seed);
			p += 16;
			i -= 16;
		}
		a = sc_hash_read(p + i - 16, 8);
		b = sc_hash_read(p + i - 8, 8);
	}
	return sc_hash_mix(k1 ^ len, sc_hash_mix(a ^ k1, b ^ seed));
}

size_t sc_gen_size(uint32_t slots);
void sc_gen_init(sc_gen *g, uint32_t slots);

/* The one rule for a table's size (statcache.shared_slots,
 * statcache_share()): a power of two from SC_GEN_SLOTS_MIN to
 * SC_GEN_SLOTS_MAX. */
#define SC_GEN_SLOTS_MIN 64
#define SC_GEN_SLOTS_MAX (1L << 26)
static inline int sc_gen_slots_valid(long slots)
{
	return slots >= SC_GEN_SLOTS_MIN && slots <= SC_GEN_SLOTS_MAX && (slots & (slots - 1)) == 0;
}

uint32_t sc_gen_name_slot(const sc_gen *g, int wd, const char *name, size_t len);
uint32_t sc_gen_dir_slot(const sc_gen *g, int wd);
uint32_t sc_gen_inode_slot(const sc_gen *g, uint64_t dev, uint64_t ino);
/* Every cached file whose directory is on device dev depends on it: a name
 * that may have been a hard link to any of them bumps it. */
uint32_t sc_gen_dev_slot(const sc_gen *g, uint64_t dev);

static inline uint32_t sc_gen_load(const sc_gen *g, uint32_t slot)
{
	return atomic_load_explicit(&((sc_gen *) g)->gen[slot], memory_order_relaxed);
}

static inline void sc_gen_bump(sc_gen *g, uint32_t slot)
{
	atomic_fetch_add_explicit(&g->gen[slot], 1, memory_order_relaxed);
}

static inline uint32_t sc_gen_epoch(const sc_gen *g)
{
	return atomic_load_explicit(&((sc_gen *) g)->epoch, memory_order_relaxed);
}

/* Drops every result at once (overflow, directory events, caps, mounts). */
static inline void sc_gen_bump_epoch(sc_gen *g)
{
	/* release: a reader that sees the new epoch sees what preceded it */
	atomic_fetch_add_explicit(&g->epoch, 1, memory_order_release);
}

/* A sync point: events for a change this process made are queued now. */
static inline void sc_gen_mark_pending(sc_gen *g)
{
	/* release: pairs with the acquire load in sc_gen_needs_sync() */
	atomic_store_explicit(&g->pending, 1, memory_order_release);
}

/* The hit path's only question before trusting its counters. */
static inline int sc_gen_needs_sync(const sc_gen *g)
{
	sc_gen *m = (sc_gen *) g;
	if (atomic_load_explicit(&m->pending, memory_order_acquire)) {
		return 1;
	}
	/* acquire: pairs with the release that ends a drain */
	return atomic_load_explicit(&m->drain_seq, memory_order_acquire) & 1;
}

/* Takes the drain lock; returns the odd sequence value, or 0 if busy. */
uint32_t sc_gen_drain_begin(sc_gen *g, int32_t pid);
void sc_gen_drain_end(sc_gen *g, uint32_t odd_seq, uint64_t now_ms);
/* Waits until a drain in progress settles.  A drainer that stopped being
 * (a killed worker) is detected by is_alive and recovered with an epoch
 * bump.  Returns 1 if it had to recover. */
int sc_gen_drain_wait(sc_gen *g, int (*is_alive)(int32_t pid));

/* Valid iff the epoch and every recorded slot still hold. */
static inline int sc_gen_deps_hold(const sc_gen *g, uint32_t epoch, const sc_dep *deps, unsigned n)
{
	if (sc_gen_epoch(g) != epoch) {
		return 0;
	}
	for (unsigned i = 0; i < n; i++) {
		if (sc_gen_load(g, deps[i].slot) != deps[i].val) {
			return 0;
		}
	}
	return 1;
}

/* Drain stamps: CLOCK_MONOTONIC_COARSE (a few ns, no syscall), truncated to
 * milliseconds; it lags the true time by up to its resolution. */
uint64_t sc_now_ms(void);
/* CLOCK_MONOTONIC in milliseconds, for bounds finer than the coarse clock. */
uint64_t sc_now_fine_ms(void);
/* The coarse clock's resolution, rounded up to whole milliseconds. */
uint32_t sc_coarse_res_ms(void);

#endif
