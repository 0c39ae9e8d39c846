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

#include "core/counters.h"
#include "core/canon.h"
#include "core/table.h"
#include "statcache_watcher.h"

typedef struct sc_cache {
	sc_counters *n;          /* own_n, or this thread's slot in the shared region */
	sc_counters own_n;       /* owner-written: the cache is line-aligned, so no
	                          * other thread's counters share these lines */
	sc_table table;
	uint32_t max_entries;
	int test_untrusted;
	int dots_lexical;        /* PHP drops "." and ".." before the kernel sees a path
	                          * (ZTS: the virtual CWD), even after a symlink: a
	                          * dotted spelling through a link is PHP's to answer */
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

/* The hit path of a spelling through symlinks (kept out of line: only
 * lookups that passed a link pay for their extra dependencies). */
sc_entry *sc_lookup_via(sc_cache *c, sc_entry *e, const char *path, size_t len, uint64_t hash);

/* The miss path's walk, for src/engine/follow.c: the entry for a canonical
 * path, valid now (or EMPTY when it could not be settled; EMPTY with err
 * SC_BYPASS_SYMLINK_DIR when a component before the last is a symlink). */
sc_entry *sc_resolve(sc_cache *c, const char *path, size_t len, unsigned depth);

/* Counts an answer left to PHP, by its reason. */
static inline void sc_count_bypass(sc_cache *c, int reason)
{
	sc_count(reason == SC_BYPASS_UNTRUSTED ? &c->n->untrusted : &c->n->bypassed);
	if (reason == SC_BYPASS_MOUNT_POINT) {
		sc_count(&c->n->mount_points);
	}
}

/* Counts a hit; hides what PHP must answer itself. */
static inline sc_entry *sc_lookup_hit(sc_cache *c, sc_entry *e)
{
	if (e->r.kind == SC_KIND_BYPASS) {
		sc_count_bypass(c, e->r.err);
		return NULL;
	}
	sc_count(&c->n->hits);
	if (e->r.kind == SC_KIND_MISSING) {
		sc_count(&c->n->negative_hits);
	}
	return e;
}

/* The canonical entry answering for path, or NULL when PHP's own call must
 * answer (relative, untrusted, a symlink loop, ...).  The hit path is
 * inline: the sync check, a hash, one probe, a few loads. */
static inline sc_entry *sc_lookup(sc_cache *c, const char *path, size_t len)
{
	sc_gen *g;
	uint64_t h;
	sc_entry *e;

	if (sc_proc_start() < 0) {
		sc_count(&c->n->bypassed);
		return NULL;
	}
	g = sc_the_proc.gen;
	sc_proc_sync();
	h = sc_table_hash(path, len);
	e = sc_table_find(&c->table, path, len, h);
	if (e && sc_result_valid(g, &e->r)) {
		sc_entry *t = e;
		if (__builtin_expect(e->r.kind >= SC_KIND_ALIAS, 0)) {
			if (e->r.kind == SC_KIND_VIA) {
				return sc_lookup_via(c, e, path, len, h);
			}
			t = e->r.target;
			if (!sc_result_valid(g, &t->r)) {
				return sc_lookup_miss(c, path, len, h);
			}
			if (t->r.kind == SC_KIND_VIA) {
				/* a spelling of a path through symlinks: the links' answer */
				return sc_lookup_via(c, t, path, len, h);
			}
		}
		if (c->verify_rate && ++c->verify_tick >= c->verify_rate) {
			c->verify_tick = 0;
			return sc_lookup_verify(c, t, path, len, h);
		}
		return sc_lookup_hit(c, t);
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
