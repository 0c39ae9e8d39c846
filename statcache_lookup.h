/*
 * statcache: the lookup engine, per PHP thread.
 *
 * Answers "what would lstat() say about this absolute path" from the
 * thread's results table, validated by the process-wide generation table;
 * on a miss it walks the path from the deepest valid ancestor, arming a
 * watch on every directory before taking its lstat(), and records what each
 * result depends on.  Pure C (no Zend): the module and hooks call it, unit
 * tests drive it against a real directory tree.
 */
#ifndef STATCACHE_LOOKUP_H
#define STATCACHE_LOOKUP_H

#include "statcache_path.h"
#include "statcache_table.h"
#include "statcache_watcher.h"

/* Written only by the thread that owns them, read by statcache_stats() in
 * any thread: relaxed atomics, incremented with a plain load and store
 * (no locked instruction on the hit path). */
typedef struct sc_counters {
	_Atomic uint64_t hits;
	_Atomic uint64_t misses;
	_Atomic uint64_t negative_hits;
	_Atomic uint64_t bypassed;
	_Atomic uint64_t untrusted;
	_Atomic uint64_t flushes;        /* this thread's table dropped at max_entries */
	_Atomic uint64_t access_calls;   /* access() asked of the kernel */
	_Atomic uint64_t verify_checks;      /* hits re-checked (statcache.verify_rate) */
	_Atomic uint64_t verify_mismatches;  /* ... that were wrong though no event was pending */
	_Atomic uint64_t verify_stale;       /* ... that were behind a queued event */
	_Atomic uint64_t entries;        /* results + spellings held */
	_Atomic uint64_t memory;         /* bytes held by them */
} sc_counters;

static inline void sc_count(_Atomic uint64_t *c)
{
	atomic_store_explicit(c, atomic_load_explicit(c, memory_order_relaxed) + 1, memory_order_relaxed);
}

static inline void sc_count_set(_Atomic uint64_t *c, uint64_t v)
{
	atomic_store_explicit(c, v, memory_order_relaxed);
}

typedef struct sc_cache {
	sc_counters n;           /* first: its own cache lines, owner-written */
	sc_table table;
	uint32_t max_entries;
	int test_untrusted;
	uint64_t verify_rate;    /* re-check one hit in N with a real lstat() (0: never) */
	uint64_t verify_tick;
	sc_canon canon;          /* scratch for spellings */
} sc_cache;

/* A cache is allocated aligned to a cache line (sc_cache_new) so that two
 * threads' counters never share one. */
sc_cache *sc_cache_new(uint32_t max_entries, int test_untrusted);
void sc_cache_delete(sc_cache *c);
int sc_cache_init(sc_cache *c, uint32_t max_entries, int test_untrusted);
void sc_cache_free(sc_cache *c);
void sc_cache_reset(sc_cache *c);

/* One hit in verify_rate: compares the result with a fresh lstat(). */
sc_entry *sc_lookup_verify(sc_cache *c, sc_entry *e, const char *path, size_t len, uint64_t hash);

/* The miss path of sc_lookup(): walk, fill, count. */
sc_entry *sc_lookup_miss(sc_cache *c, const char *path, size_t len, uint64_t hash);

/* Counts a hit; hides what PHP must answer itself. */
static inline sc_entry *sc_lookup_hit(sc_cache *c, sc_entry *e)
{
	if (e->r.kind == SC_KIND_BYPASS) {
		sc_count(e->r.err == SC_BYPASS_UNTRUSTED ? &c->n.untrusted : &c->n.bypassed);
		return NULL;
	}
	sc_count(&c->n.hits);
	if (e->r.kind == SC_KIND_MISSING) {
		sc_count(&c->n.negative_hits);
	}
	return e;
}

/* The canonical entry answering for path, or NULL when PHP's own call must
 * answer (relative, untrusted, through a symlinked directory, ...).  The
 * hit path is inline: the sync check, a hash, one probe, a few loads. */
static inline sc_entry *sc_lookup(sc_cache *c, const char *path, size_t len)
{
	sc_gen *g;
	uint64_t h;
	sc_entry *e;

	if (sc_proc_start() < 0) {
		sc_count(&c->n.bypassed);
		return NULL;
	}
	g = sc_the_proc.gen;
	sc_proc_sync();
	h = sc_table_hash(path, len);
	e = sc_table_find(&c->table, path, len, h);
	if (e && sc_result_valid(g, &e->r)) {
		sc_entry *t = e->r.kind == SC_KIND_ALIAS ? e->r.target : e;
		if (t == e || sc_result_valid(g, &t->r)) {
			if (c->verify_rate && ++c->verify_tick >= c->verify_rate) {
				c->verify_tick = 0;
				return sc_lookup_verify(c, t, path, len, h);
			}
			return sc_lookup_hit(c, t);
		}
	}
	return sc_lookup_miss(c, path, len, h);
}

/* access(path, mode) for a FOUND entry, asked of the kernel once per
 * validity of the entry: 0 if allowed, -1 if not. */
int sc_access(sc_cache *c, sc_entry *e, int mode);

/* Marks every spelling's result for path as needing a refill
 * (clearstatcache($filename)). */
void sc_forget(sc_cache *c, const char *path, size_t len);

#endif
