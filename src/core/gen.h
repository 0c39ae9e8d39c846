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
#include <time.h>

#define SC_CACHE_LINE 64

/* The hit path's functions, inlined into each answer whatever the
 * compiler's size heuristics say. */
#if defined(__GNUC__) && defined(__OPTIMIZE__)
# define SC_ALWAYS_INLINE static inline __attribute__((always_inline))
#else
/* unoptimized (a debug build): inlining buys nothing, and would show the
 * compiler's warnings code that constant sizes make unreachable */
# define SC_ALWAYS_INLINE static inline
#endif
#if defined(__GNUC__)
# define EXPECTED_SC(x) __builtin_expect(!!(x), 1)
#else
# define EXPECTED_SC(x) (x)
#endif

typedef struct sc_gen {
	/* Line 0: read on every hit, written by drains only. */
	_Atomic uint32_t epoch;
	_Atomic uint32_t sync;           /* SC_SYNC_PENDING: events may be queued, drain
	                                  * first; above it the drain sequence
	                                  * (sc_gen_drain_seq()), odd while a drain runs */
	_Atomic uint32_t glances;        /* first looks answered since the last drain
	                                  * (sc_gen_glance_take()): that drain bumps
	                                  * SC_GLANCE_SLOT */
	uint32_t mask;                   /* slots - 1 (slots is a power of two) */
	_Atomic uint64_t last_drain_ms;  /* CLOCK_MONOTONIC of the last drain, in ms (truncated) */
	_Atomic int32_t drainer_pid;     /* who holds the sequence odd (shared mode) */
	uint32_t slots;
	uint32_t magic;
	uint32_t solo;                   /* one thread of one process bumps and reads it (an
	                                  * NTS worker's own table, drained at its lookups):
	                                  * no bump is ever half done when a result is read */
	_Atomic uint64_t version;        /* bumped after every slot or epoch bump */
	_Atomic uint64_t last_drain_ticks; /* sc_ticks() of the last drain (0: none) */
	char pad0[SC_CACHE_LINE - 56];

	/* Line 1: watch accounting and invalidation counters (miss path). */
	_Atomic int32_t max_wd;          /* highest wd handed out by the instance */
	_Atomic int32_t wd_base;         /* max_wd at the last flush */
	_Atomic uint64_t drains;
	_Atomic uint64_t events;
	_Atomic uint64_t flushes;
	_Atomic uint64_t overflows;
	uint32_t workers_off;            /* shared mode: byte offset of the worker slots */
	uint32_t nworkers;               /* ... and how many there are */
	_Atomic int32_t watches_gone;    /* IN_IGNORED of watches above wd_base */
	_Atomic uint32_t takeovers;      /* drains taken over from a drainer away too long */
	_Atomic uint32_t tenant;         /* shared mode: the user whose workers hold it (euid + 1; 0: none) */
	_Atomic int32_t wd_evicted;      /* the watch cap's eviction: every wd up to this was
	                                  * looked at (sc_watcher_evict_watches()) */

	/* Line 2: the watch cap's count of misses, written by a miss at the
	 * cap (apart from line 1, which every watch added and every drain
	 * writes). */
	_Atomic uint32_t watch_skips;    /* files answered without a watch of their own since the
	                                  * last eviction (sc_watcher_file_skip()) */
	char pad2[SC_CACHE_LINE - 4];

	_Atomic uint32_t gen[];          /* slots counters, then slots bits: sc_gen_dir_bits() */
} sc_gen;

#define SC_GEN_MAGIC 0x53434737u /* "SCG7": a bump log of 16,384 keys, the watch cap's line and glances */

/* The bump log's length (a power of two): the keys of the last this
 * many bumps, read by the check of opcache's script records and by a
 * result's recheck (sc_gen_deps_recheck()): a neighbour making and
 * removing 100 files a second bumps about 500 times a second, and a name
 * an app asks about once in half a minute must still be told from it. */
#define SC_BUMP_LOG 16384u
/* What the log says of an epoch bump: every slot. */
#define SC_BUMP_ALL UINT32_MAX

/* sync's bits: pending, and the low bit of the drain sequence (the rest
 * of it above): one load and one test tell a hit both. */
#define SC_SYNC_PENDING 1u
#define SC_SYNC_DRAINING 2u
#define SC_SYNC_SEQ_ONE 2u /* the sequence's step */

/* A dependency: a bump key and the value its slot had.  The key is the
 * slot itself for a watch (sc_gen_watch_slot()) and the glance, and all
 * 32 bits of a name's hash for a name (sc_gen_name_slot()): its slot is
 * key & mask.  The bump log records keys, so that a result whose slot
 * moved for another key's bump (two names sharing a slot) is found
 * holding still (sc_gen_deps_recheck()). */
typedef struct sc_dep {
	uint32_t slot;           /* the key */
	uint32_t val;
} sc_dep;

/* A fast 64-bit hash for paths and names (on the hit path: every lookup
 * hashes its path): one 64x64->128 multiply per 16 bytes, wyhash-style.
 * Quality only matters for spreading buckets and slots; keys are compared
 * in full. */
SC_ALWAYS_INLINE uint64_t sc_hash_mix(uint64_t a, uint64_t b)
{
#ifdef __SIZEOF_INT128__
	__uint128_t r = (__uint128_t) a * b;
	return (uint64_t) r ^ (uint64_t) (r >> 64);
#else
	uint64_t h = (a ^ (b >> 29)) * 0xbf58476d1ce4e5b9ull;
	return h ^ (h >> 32) ^ b;
#endif
}

SC_ALWAYS_INLINE uint64_t sc_hash_read(const unsigned char *p, size_t n)
{
	uint64_t v = 0;
	memcpy(&v, p, n);
	return v;
}

/* Two independent lanes of 16 bytes a step (32 bytes per round) keep the
 * multiplier busy and the registers few; the last 17 to 32 bytes are read
 * as two overlapping lanes ending at the end. */
SC_ALWAYS_INLINE uint64_t sc_hash_bytes(const void *data, size_t len, uint64_t seed)
{
	const unsigned char *p = data, *end = p + len;
	const uint64_t k0 = 0xa0761d6478bd642full, k1 = 0xe7037ed1a0b428dbull, k2 = 0x8ebc6af09c88c6e3ull;
	uint64_t a, b, s1;

	seed ^= k0;
	if (len <= 16) {
		if (len >= 8) {
			a = sc_hash_read(p, 8);
			b = sc_hash_read(end - 8, 8);
		} else {
			a = len ? sc_hash_read(p, len) : 0;
			b = 0;
		}
		return sc_hash_mix(k1 ^ len, sc_hash_mix(a ^ k1, b ^ seed));
	}
	s1 = seed ^ k2;
	while ((size_t) (end - p) > 32) {
		seed = sc_hash_mix(sc_hash_read(p, 8) ^ k1, sc_hash_read(p + 8, 8) ^ seed);
		s1 = sc_hash_mix(sc_hash_read(p + 16, 8) ^ k2, sc_hash_read(p + 24, 8) ^ s1);
		p += 32;
	}
	/* 1 to 32 bytes left; at least 17 in all: the lanes end at the end */
	if (len > 32) {
		p = end - 32;
	}
	seed = sc_hash_mix(sc_hash_read(p, 8) ^ k1, sc_hash_read(p + 8, 8) ^ seed);
	s1 = sc_hash_mix(sc_hash_read(end - 16, 8) ^ k2, sc_hash_read(end - 8, 8) ^ s1);
	return sc_hash_mix(k1 ^ len, seed ^ s1);
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

/* The key of a name in a watched directory: 32 bits of its hash, whose
 * slot is key & mask (sc_gen_load(), sc_gen_bump() take keys). */
uint32_t sc_gen_name_slot(const sc_gen *g, int wd, const char *name, size_t len);
/* The slot of a watch: a directory's (its names come and go) or a file's
 * own (its inode changed, through any name or descriptor). */
uint32_t sc_gen_watch_slot(const sc_gen *g, int wd);

/* The key of a class of names in a watched directory: those whose text
 * after their last '.' is sfx (all of a name without a '.').  Every name
 * made, removed or moved in the directory bumps its class's key after the
 * directory's watch (src/core/events.c), so a reader that asks only about
 * names of one class (glob() of *.txt in a directory) can tell the directory's other
 * names coming and going from its own.  SC_CLASS_GONE, which no name has
 * (names hold no '/'), is bumped when the watch itself goes. */
uint32_t sc_gen_class_key(const sc_gen *g, int wd, const char *sfx, size_t len);
#define SC_CLASS_GONE "/"
/* A name's class: its text after its last '.', or all of it. */
const char *sc_name_class(const char *name, size_t len, size_t *clen);

/* One bit per watch slot, after the counters: set once a directory's watch
 * has that slot.  The kernel marks a directory's IN_MOVE_SELF and
 * IN_DELETE_SELF with no IN_ISDIR, so the drain asks here whether a
 * watch's own event is a directory's (every path below it moved: an
 * epoch) or a file's (its slot).  A bit is never cleared (a watch added
 * while one is cleared could lose its own): a file whose watch shares a
 * slot a directory's ever had only costs an epoch where its slot would
 * have done. */
SC_ALWAYS_INLINE _Atomic uint8_t *sc_gen_dir_bits(sc_gen *g)
{
	return (_Atomic uint8_t *) &g->gen[g->slots];
}

/* One wd per watch slot, after the directory bits: the watch a fill last
 * found on a name that is no directory (a file's own watch).  The watch
 * cap evicts a wd only where it is found here: a directory's watch is
 * never evicted by it (the names below a directory depend on its watch
 * through their name slots, which its removal would not move). */
SC_ALWAYS_INLINE _Atomic int32_t *sc_gen_file_wds(sc_gen *g)
{
	return (_Atomic int32_t *) ((char *) g + sizeof(sc_gen) + (size_t) g->slots * sizeof(_Atomic uint32_t)
		+ g->slots / 8);
}

/* The bump log, after the file wds: entry (v - 1) % SC_BUMP_LOG holds the
 * key of the bump that moved the version to v (SC_BUMP_ALL for an epoch),
 * tagged with v's low 32 bits, so that a reader can tell an entry from
 * one it overwrote, or one not written yet (sc_gen_bumped()). */
SC_ALWAYS_INLINE _Atomic uint64_t *sc_gen_bump_log(sc_gen *g)
{
	return (_Atomic uint64_t *) ((char *) g + sizeof(sc_gen) + (size_t) g->slots * sizeof(_Atomic uint32_t)
		+ g->slots / 8 + (size_t) g->slots * sizeof(_Atomic int32_t));
}

/* A fill found wd on a name that is no directory (after its statx()). */
static inline void sc_gen_mark_file(sc_gen *g, int wd)
{
	/* relaxed: the evictor that reads it removes the watch, then bumps
	 * its slot; a fill that read the slot before that bump misses */
	atomic_store_explicit(&sc_gen_file_wds(g)[sc_gen_watch_slot(g, wd)], wd, memory_order_relaxed);
}

/* Is wd the file's watch last found with its slot? */
static inline int sc_gen_is_file(sc_gen *g, int wd)
{
	return atomic_load_explicit(&sc_gen_file_wds(g)[sc_gen_watch_slot(g, wd)], memory_order_relaxed) == wd;
}

/* A directory's watch (wd) was added. */
static inline void sc_gen_mark_dir(sc_gen *g, int wd)
{
	uint32_t s = sc_gen_watch_slot(g, wd);
	/* relaxed: read by a drain of an event the kernel queued after the
	 * watch existed; the drain that reads it is later than this add in
	 * the fill that made it (or a miss costs an epoch, below) */
	atomic_fetch_or_explicit(&sc_gen_dir_bits(g)[s / 8], (uint8_t) (1u << (s % 8)), memory_order_relaxed);
}

/* Has a directory's watch ever had wd's slot? */
static inline int sc_gen_is_dir(sc_gen *g, int wd)
{
	uint32_t s = sc_gen_watch_slot(g, wd);
	return (atomic_load_explicit(&sc_gen_dir_bits(g)[s / 8], memory_order_relaxed) >> (s % 8)) & 1;
}

/* The value of a key's slot. */
SC_ALWAYS_INLINE uint32_t sc_gen_load(const sc_gen *g, uint32_t key)
{
	return atomic_load_explicit(&((sc_gen *) g)->gen[key & g->mask], memory_order_relaxed);
}

/* The table's version: it moves after every bump, so a result whose
 * dependencies all held at version v still holds while the version is v
 * (sc_result_holds()).  acquire: pairs with the release in sc_gen_bump()
 * and sc_gen_bump_epoch(); the slots read after it are at least as new as
 * the bumps the version counts. */
SC_ALWAYS_INLINE uint64_t sc_gen_version(const sc_gen *g)
{
	return atomic_load_explicit(&((sc_gen *) g)->version, memory_order_acquire);
}

/* The slot a first look's answer depends on (src/engine/resolve.c,
 * sc_fill_first_look()): no watch stands behind it, so every drain after
 * one was handed out bumps it (sc_gen_glance_end()), and the answer holds
 * until the next drain: the next sync point of this process, or the
 * staleness bound.  A name or watch whose slot it shares only misses at
 * such drains as well. */
#define SC_GLANCE_SLOT 0u

/* The version step of a bump of slot (SC_BUMP_ALL: the epoch), logged:
 * each step has an entry of its own (the fetch_add hands out v), written
 * after the step, so a reader that finds the entry's tag is not v's yet
 * cannot tell (sc_gen_bumped()). */
static inline void sc_gen_step(sc_gen *g, uint32_t key)
{
	/* release: pairs with the acquire in sc_gen_version(); a reader that
	 * sees the new version sees the slot bumped */
	uint64_t v = atomic_fetch_add_explicit(&g->version, 1, memory_order_release) + 1;

	/* release: pairs with the acquire in sc_gen_bumped() */
	atomic_store_explicit(&sc_gen_bump_log(g)[(v - 1) & (SC_BUMP_LOG - 1)], (v << 32) | key,
		memory_order_release);
}

/* A key's slot moves by one, logged under the key. */
static inline void sc_gen_bump(sc_gen *g, uint32_t key)
{
	atomic_fetch_add_explicit(&g->gen[key & g->mask], 1, memory_order_relaxed);
	sc_gen_step(g, key);
}

SC_ALWAYS_INLINE uint32_t sc_gen_epoch(const sc_gen *g)
{
	return atomic_load_explicit(&((sc_gen *) g)->epoch, memory_order_relaxed);
}

/* Drops every result at once (overflow, directory events, caps, mounts). */
static inline void sc_gen_bump_epoch(sc_gen *g)
{
	/* release: a reader that sees the new epoch sees what preceded it */
	atomic_fetch_add_explicit(&g->epoch, 1, memory_order_release);
	sc_gen_step(g, SC_BUMP_ALL);
}

/* For a first look about to ask the kernel: the value its answer depends
 * on.  Read before glances is set, and both before the kernel is asked:
 * a drain that cleared glances and bumped the slot after that read makes
 * the answer miss at once; one that found glances clear came before this
 * read (seq_cst, all four: a read of the bumped value is after the
 * drain's clear in their one order, so it finds glances clear and sets
 * it), and the next drain bumps.  glances is written only while clear:
 * line 0 is read by every hit. */
static inline uint32_t sc_gen_glance_take(sc_gen *g)
{
	uint32_t v = atomic_load_explicit(&g->gen[SC_GLANCE_SLOT], memory_order_seq_cst);

	if (!atomic_load_explicit(&g->glances, memory_order_seq_cst)) {
		atomic_store_explicit(&g->glances, 1, memory_order_seq_cst);
	}
	return v;
}

/* At every drain, holding the sequence (before the queue is read): the
 * first looks answered since the last one end here. */
static inline void sc_gen_glance_end(sc_gen *g)
{
	/* no relaxed test first: a set it read late would leave a first
	 * look taken before this drain valid past it (the drain writes line
	 * 0 anyway: the sequence) */
	if (atomic_exchange_explicit(&g->glances, 0, memory_order_seq_cst)) {
		atomic_fetch_add_explicit(&g->gen[SC_GLANCE_SLOT], 1, memory_order_seq_cst);
		sc_gen_step(g, SC_GLANCE_SLOT);
	}
}

/* The slots (keys & mask) bumped after the table's version was from, up to to (two
 * sc_gen_version() reads, from <= to), into out[max]: how many, or -1
 * when the log cannot say (an epoch among them, more than max or
 * SC_BUMP_LOG bumps, an entry overwritten or not written yet): the reader
 * then looks at everything. */
int sc_gen_bumped(sc_gen *g, uint64_t from, uint64_t to, uint32_t *out, unsigned max);

/* A sync point: events for a change this process made are queued now. */
static inline void sc_gen_mark_pending(sc_gen *g)
{
	/* release: pairs with the acquire load in sc_gen_needs_sync() and the
	 * acq_rel CAS of sc_gen_drain_begin() (an or: the sequence beside it
	 * stays whole) */
	atomic_fetch_or_explicit(&g->sync, SC_SYNC_PENDING, memory_order_release);
}

/* The hit path's only question before trusting its counters: events
 * pending, or a drain running.  acquire: pairs with sc_gen_mark_pending()'s
 * release and with the release that ends a drain (sc_gen_drain_end()). */
SC_ALWAYS_INLINE int sc_gen_needs_sync(const sc_gen *g)
{
	return (atomic_load_explicit(&((sc_gen *) g)->sync, memory_order_acquire)
		& (SC_SYNC_PENDING | SC_SYNC_DRAINING)) != 0;
}

/* The drain sequence (odd while a drain runs); acquire, as above. */
static inline uint32_t sc_gen_drain_seq(const sc_gen *g)
{
	return atomic_load_explicit(&((sc_gen *) g)->sync, memory_order_acquire) / SC_SYNC_SEQ_ONE;
}

/* Is a sync point's mark still to be drained? */
static inline int sc_gen_pending(const sc_gen *g)
{
	return (atomic_load_explicit(&((sc_gen *) g)->sync, memory_order_acquire) & SC_SYNC_PENDING) != 0;
}

/* Takes the drain lock; returns the odd sequence value, or 0 if busy. */
uint32_t sc_gen_drain_begin(sc_gen *g, int32_t pid);
/* Ends the drain of odd_seq, stamped with its start (CLOCK_MONOTONIC ms
 * and sc_ticks(), both taken before it read the queue); 0 when another
 * took it over meanwhile (then the taker ends it). */
int sc_gen_drain_end(sc_gen *g, uint32_t odd_seq, uint64_t begun_ms, uint64_t begun_ticks);
/* Waits, never longer than wait_ns and without spinning a core, until a
 * drain in progress settles (0).  A drain that did not move that long is
 * taken over by the caller (pid): every result is dropped (an epoch) and
 * the odd sequence it now holds is returned, to drain and end as
 * sc_gen_drain_begin()'s caller does. */
uint32_t sc_gen_drain_wait(sc_gen *g, int32_t pid, uint64_t wait_ns);

/* Deps that held at version from (a result's held_at) and do not now:
 * do they hold still, every bump of their slots since from having been
 * another key's (a name sharing a slot)?  1 with each dep's value moved
 * by those bumps and *now the version they hold at; 0 when one was its
 * own key's, an epoch, or the log cannot tell (more than SC_BUMP_LOG
 * bumps since, an entry not written yet, a bump it has not logged). */
#define SC_RECHECK_MAX_DEPS 16u /* SC_VIA_MAX_DEPS: a spelling's links */
int sc_gen_deps_recheck(const sc_gen *g, uint32_t epoch, sc_dep *deps, unsigned n, uint64_t from, uint64_t *now);

/* Valid iff the epoch and every recorded slot still hold. */
SC_ALWAYS_INLINE int sc_gen_deps_hold(const sc_gen *g, uint32_t epoch, const sc_dep *deps, unsigned n)
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

/* A counter that moves at a constant rate on every CPU, read without a
 * call (x86-64: the TSC, one instruction); 0 where there is none.  Only a
 * clock calibrated against CLOCK_MONOTONIC (statcache_watcher.c) trusts it. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
# include <x86intrin.h>
# define SC_HAVE_TICKS 1
SC_ALWAYS_INLINE uint64_t sc_ticks(void)
{
	return __rdtsc();
}
#else
# define SC_HAVE_TICKS 0
SC_ALWAYS_INLINE uint64_t sc_ticks(void)
{
	return 0;
}
#endif

/* The staleness bound of max_ms in sc_ticks(), from the counter's rate
 * measured against CLOCK_MONOTONIC since this process first asked (at
 * least SC_TICKS_CALIBRATION_NS ago), taken 1 % short; 0 while that is
 * not known yet, UINT64_MAX where the counter cannot be trusted.  Called by one
 * thread at a time (the drainer, at the end of a drain). */
#define SC_TICKS_CALIBRATION_NS 10000000u
uint64_t sc_stale_ticks(uint32_t max_ms);
/* Asks now, once per process image, whether the counter can be trusted
 * (1: it can; 0: the clock decides)
 * (CPUID and the kernel's clocksource, a file in sysfs): at the start of
 * the process machine, beside its other opens, so that the first drain's
 * calibration opens nothing in the middle of the application's work. */
int sc_ticks_probe(void);

/* Drain stamps: CLOCK_MONOTONIC_COARSE (a few ns, no syscall), truncated to
 * milliseconds; it lags the true time by up to its resolution. */
uint64_t sc_now_ms(void);
/* CLOCK_MONOTONIC in ms (truncated: never later than now): drain stamps.
 * The coarse clock will not do for them: it lags by its step (4 ms at
 * HZ=250), and by more when the tick that moves it comes late (8.8 ms seen
 * on a loaded 2-vCPU KVM guest), so a bound kept by it is not kept. */
uint64_t sc_now_fine_ms(void);
/* CLOCK_MONOTONIC in ns, inline: the hit's clock where the tick counter
 * cannot be trusted (one vDSO read). */
SC_ALWAYS_INLINE uint64_t sc_now_fine_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

#endif
