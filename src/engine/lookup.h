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

#include "engine/resolve.h"
#include "engine/drain.h"

#include <errno.h>
#include <stdbool.h>

/* One hit in verify_rate: compares the result with a fresh lstat(). */
sc_entry *sc_lookup_verify(sc_cache *c, sc_entry *e, const char *path, size_t len, uint64_t hash);

/* The miss path of sc_lookup(): walk, fill, count. */
sc_entry *sc_lookup_miss(sc_cache *c, const char *path, size_t len, uint64_t hash);

/* The hit path of a spelling through symlinks (kept out of line: only
 * lookups that passed a link pay for their extra dependencies). */
sc_entry *sc_lookup_via(sc_cache *c, sc_entry *e, const char *path, size_t len, uint64_t hash);

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
SC_ALWAYS_INLINE sc_entry *sc_lookup(sc_cache *c, const char *path, size_t len)
{
	sc_gen *g;
	uint64_t h, v;
	sc_entry *e;

	if (sc_watcher_start() < 0) {
		sc_count(&c->n->bypassed);
		return NULL;
	}
	g = sc_the_proc.gen;
	sc_watcher_sync();
	v = sc_gen_version(g);
	h = sc_table_hash(path, len);
	e = sc_table_find(&c->table, path, len, h);
	if (e && sc_result_holds(g, &e->r, v)) {
		sc_entry *t = e;
		if (__builtin_expect(e->r.kind >= SC_KIND_ALIAS, 0)) {
			if (e->r.kind == SC_KIND_VIA) {
				return sc_lookup_via(c, e, path, len, h);
			}
			t = e->r.target;
			if (!sc_result_holds(g, &t->r, v)) {
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

/* sc_lookup() for a caller that keeps the result's generation values or
 * takes the entry's key for the name's real path (opcache's script
 * records, src/engine/script_fill.c, src/php/opcache/opcache_call.c): a
 * name's first look, or a file past the watch cap, is filled and kept as
 * its third would be (an answer not kept would make the record it goes
 * into miss at once, and a first look's key is the spelling's). */
static inline sc_entry *sc_lookup_kept(sc_cache *c, const char *path, size_t len)
{
	int first = c->first_look;
	sc_entry *e;

	c->first_look = 0;
	c->keep_all = 1;
	e = sc_lookup(c, path, len);
	if (e && sc_result_first_look(&e->r)) {
		/* a first look's answer is the spelling's, not its canonical
		 * entry's (its key is no real path where a symlink is on the
		 * way): taken again, the kept way */
		sc_set(&e->r, SC_KIND_EMPTY, 0, 0);
		e = sc_lookup(c, path, len);
	}
	c->keep_all = 0;
	c->first_look = first;
	return e;
}

/* sc_lookup(), or NULL for a name left to the caller's own syscall
 * (sc_first_look_leave()). */
static inline sc_entry *sc_lookup_or_leave(sc_cache *c, const char *path, size_t len)
{
	return sc_first_look_leave(c, path, len) ? NULL : sc_lookup(c, path, len);
}

/* What sc_hit() did (its *how). */
#define SC_HIT_VIA       1u /* the answer is a spelling's through symlinks */

/* sc_hit()'s way for what is not a FOUND result already seen holding at
 * version v (a MISSING one among them): dependencies to read again, an
 * alias's target, a spelling through symlinks (VIA: its links' values and
 * its target's result, as sc_lookup() and sc_lookup_via() check them;
 * SC_HIT_VIA is then set in *how, for sc_count_hit()). */
SC_ALWAYS_INLINE sc_entry *sc_hit_recheck(const sc_gen *g, sc_entry *e, uint64_t v, unsigned *how)
{
	if (!sc_result_holds(g, &e->r, v)) {
		return NULL;
	}
	if (e->r.kind == SC_KIND_ALIAS) {
		e = e->r.target;
		if (!sc_result_holds(g, &e->r, v)) {
			return NULL;
		}
	}
	if (e->r.kind == SC_KIND_VIA) {
		if (!sc_via_valid(g, &e->r)) {
			return NULL;
		}
		e = e->r.target;
		if (!sc_result_holds(g, &e->r, v)) {
			return NULL;
		}
		*how |= SC_HIT_VIA;
	}
	return e->r.kind == SC_KIND_FOUND || e->r.kind == SC_KIND_MISSING ? e : NULL;
}

/* Is r a FOUND result whose dependencies held at version v (held_at is
 * only ever v after sc_result_holds() found them holding at v, and every
 * change of a result sets it 0)?  The rest (MISSING included) takes
 * sc_hit_recheck(), inline too. */
SC_ALWAYS_INLINE int sc_hit_plain(const sc_result *r, uint64_t v)
{
	return r->held_at == v && r->kind == SC_KIND_FOUND;
}

/* The answers' shortcut past sc_hit_plain(): e, or an alias's target,
 * when its result held at v (held_at, as sc_hit_plain() reads it; its
 * kind is the caller's to check: a FOUND or MISSING one answers as
 * sc_hit_recheck() would have found it, anything else takes that way);
 * NULL: sc_hit_recheck() decides. */
SC_ALWAYS_INLINE sc_entry *sc_hit_held(sc_entry *e, uint64_t v)
{
	if (e->r.held_at != v) {
		return NULL;
	}
	if (e->r.kind == SC_KIND_ALIAS) {
		e = e->r.target;
		if (e->r.held_at != v) {
			return NULL;
		}
	}
	return e;
}

/* sc_hit_probe() for a caller that asked sc_proc_hit_clocked() first
 * (clocked: its answer, a constant where inlined): the due check by that
 * clock alone.  The tick counter's needs no call, so the handlers' entry
 * that uses it keeps no stack (src/php/answers/hit.h). */
SC_ALWAYS_INLINE sc_entry *sc_hit_probe_by(sc_cache *c, const char *path, size_t len, bool clocked)
{
	/* the hash first: it reads only the path, and the registers it needs
	 * are free again before the table's are */
	uint64_t h = sc_table_hash_hit(path, len);
	const sc_gen *g = sc_the_proc.gen;

	if (__builtin_expect(sc_gen_needs_sync(g) || (clocked ? sc_proc_hit_due_clock() : sc_proc_hit_due_ticks()), 0)) {
		return NULL;
	}
	return sc_table_probe_hash(&c->table, len, h);
}

/* sc_hit()'s first half, which the answers' hit path shares: the entry
 * of path's hash and length in c's table (sc_table_probe_hash(): its key
 * is compared after, by sc_hit_key()), when nothing else is to be done
 * first; NULL for a miss, events pending or a drain due (or the clock to
 * ask).  The entry is any kind, its result not yet checked: the version
 * to check it at is read after (sc_hit_version()); then sc_hit_plain()
 * tells the FOUND result that held at it, and sc_hit_recheck() takes the
 * rest. */
SC_ALWAYS_INLINE sc_entry *sc_hit_probe(sc_cache *c, const char *path, size_t len)
{
	return sc_hit_probe_by(c, path, len, sc_proc_hit_clocked());
}

/* sc_hit_probe()'s entry e if path is its key, else path's own entry in
 * c's table (NULL: none). */
SC_ALWAYS_INLINE sc_entry *sc_hit_key(sc_cache *c, sc_entry *e, const char *path, size_t len)
{
	return sc_table_probe_key(&c->table, e, path, len);
}

/* The version sc_hit_probe()'s entry is checked at: read after its checks
 * (their loads are acquire), so it is as new or newer, and so is what it
 * lets a hit answer. */
SC_ALWAYS_INLINE uint64_t sc_hit_version(void)
{
	return sc_gen_version(sc_the_proc.gen);
}

/* The hit alone, for the answers' first try: the canonical entry of a
 * FOUND or MISSING result for path (an alias's or a spelling through
 * symlinks' target included: SC_HIT_VIA is set in *how for the latter),
 * when nothing else is to be done first; NULL for everything else, which
 * sc_lookup() then handles: events pending or a drain due (or the clock
 * to ask), a miss, a link, a result PHP answers.  The caller has found
 * verify_rate 0 (a verification due is sc_lookup()'s), the process
 * machine ready (its gate opens only then, and a fork()ed child shuts it)
 * and sc_table_hash_hit_ok().  No call, no syscall, no store but held_at;
 * errno untouched; nothing counted (the caller that answers from
 * it calls sc_count_hit() with *how, one that does not goes on to
 * sc_lookup(), which counts). */
SC_ALWAYS_INLINE sc_entry *sc_hit(sc_cache *c, const char *path, size_t len, unsigned *how)
{
	sc_entry *e = sc_hit_probe(c, path, len);
	uint64_t v;

	if (__builtin_expect(!e, 0) || __builtin_expect(!(e = sc_hit_key(c, e, path, len)), 0)) {
		return NULL;
	}
	v = sc_hit_version();
	if (EXPECTED_SC(sc_hit_plain(&e->r, v))) {
		return e;
	}
	return sc_hit_recheck(sc_the_proc.gen, e, v, how);
}

/* Counts an answer given from sc_hit() of a result of kind (how: what
 * sc_hit() said), as sc_lookup_hit() and sc_lookup_via() would. */
SC_ALWAYS_INLINE void sc_count_hit(sc_cache *c, unsigned kind, unsigned how)
{
	sc_counters *n = c->n;
	sc_count(&n->hits);
	if (kind == SC_KIND_MISSING) {
		sc_count(&n->negative_hits);
	}
	if (how & SC_HIT_VIA) {
		sc_count(&n->link_hits);
	}
}

/* access(path, mode) for a FOUND entry, asked of the kernel once per
 * validity of the entry: 0 if allowed, -1 if not.  F_OK and a mode asked
 * before are answered from the entry, inline. */
static inline int sc_access(sc_cache *c, sc_entry *e, int mode)
{
	const sc_result *r = &e->r;
	int bit = mode & 7;

	if (bit == 0) {
		return r->kind == SC_KIND_FOUND ? 0 : -1;
	}
	if ((r->access_known & bit) == bit) {
		return (r->access_ok & bit) == bit ? 0 : -1;
	}
	return sc_access_ask(c, e, mode); /* src/engine/resolve.h */
}

/* Marks every spelling's result for path as needing a refill
 * (clearstatcache($filename)). */
void sc_forget(sc_cache *c, const char *path, size_t len);

/* What stat() answers where lstat() answered e: e itself, or for a
 * symlink the entry its text leads to (relative texts read from the link's
 * own directory, chains followed up to SC_VIA_MAX_LINKS), each step a
 * cached lookup valid now.  NULL when PHP's own call must answer (a longer
 * chain or a loop, a text that cannot be read, a dotted text where PHP
 * drops dots itself). */
sc_entry *sc_follow_last(sc_cache *c, sc_entry *e);

#endif
