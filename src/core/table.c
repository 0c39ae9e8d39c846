/*
 * statcache: the results table (see src/core/table.h).
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE /* clock_gettime() in gen.h's inline clock, under -std=c11 */
#endif
#include "core/table.h"

#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(((sc_result *) 0)->via_deps) <= sizeof(struct stat),
	"a VIA result's dependencies fit where FOUND keeps its stat: entries do not grow");

sc_entry *const sc_table_none[1] = { NULL };

#if SC_HAVE_CRC_HASH
# include <cpuid.h>

int sc_table_hash_hw;

/* CPUID.1:ECX.SSE4_2 once, as the extension is loaded (a constructor: it
 * runs before any table exists, in every program that links the table,
 * and the answer never changes while one lives). */
__attribute__((constructor)) static void sc_table_hash_pick(void)
{
	unsigned a, b, c, d;
	sc_table_hash_hw = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_SSE4_2);
}

uint64_t sc_table_hash_portable(const char *key, size_t len)
{
	return sc_table_hash_mum(key, len);
}
#endif

/* No buckets of its own: sc_table_none, which finds nothing. */
static void sc_table_none_set(sc_table *t)
{
	t->buckets = (sc_entry **) sc_table_none;
	t->cap = 0;
	t->mask = 0;
}

int sc_table_init(sc_table *t, uint32_t cap)
{
	if (cap < 64 || (cap & (cap - 1))) {
		cap = 64;
	}
	t->buckets = calloc(cap, sizeof(*t->buckets));
	if (!t->buckets) {
		sc_table_none_set(t);
		t->count = 0;
		t->memory = 0;
		return -1;
	}
	t->cap = cap;
	t->mask = cap - 1;
	t->count = 0;
	t->hand = 0;
	t->memory = cap * sizeof(*t->buckets);
	return 0;
}

static void sc_table_free_entries(sc_table *t)
{
	for (uint32_t i = 0; i < t->cap; i++) {
		free(t->buckets[i]);
		t->buckets[i] = NULL;
	}
	t->count = 0;
	t->memory = t->cap * sizeof(*t->buckets);
}

void sc_table_free(sc_table *t)
{
	if (t->cap) {
		sc_table_free_entries(t);
		free(t->buckets);
	}
	sc_table_none_set(t);
	t->count = 0;
	t->memory = 0;
}

void sc_table_clear(sc_table *t)
{
	sc_table_free_entries(t);
}

/* Doubles the bucket array; entries keep their addresses. */
static int sc_table_grow(sc_table *t)
{
	uint32_t ncap = t->cap * 2, nmask = ncap - 1;
	sc_entry **nb = calloc(ncap, sizeof(*nb));
	if (!nb) {
		return -1;
	}
	for (uint32_t i = 0; i < t->cap; i++) {
		sc_entry *e = t->buckets[i];
		if (e) {
			uint32_t j = (uint32_t) e->hash & nmask;
			while (nb[j]) {
				j = (j + 1) & nmask;
			}
			nb[j] = e;
		}
	}
	free(t->buckets);
	t->memory += (ncap - t->cap) * sizeof(*nb);
	t->buckets = nb;
	t->cap = ncap;
	t->mask = nmask;
	return 0;
}

/* Cold: the probe sequence of e's hash walked again from its start, with
 * every key compared (e is on it, not key's). */
sc_entry *sc_table_probe_past(const sc_table *t, const sc_entry *e, const char *key, size_t len)
{
	return sc_table_probe(t, key, len, e->hash);
}

sc_entry *sc_table_get(sc_table *t, const char *key, size_t len, uint64_t hash)
{
	sc_entry *e = sc_table_find(t, key, len, hash);
	uint32_t mask;

	if (e) {
		return e;
	}
	if (!t->cap || ((uint64_t) t->count + 1) * 2 > t->cap) {
		if (!t->cap ? sc_table_init(t, 64) : sc_table_grow(t)) {
			return NULL;
		}
	}
	e = calloc(1, sizeof(*e) + len + 1);
	if (!e) {
		return NULL;
	}
	e->hash = hash;
	e->len = (uint32_t) len;
	e->r.wd = -1;
	memcpy(e->key, key, len);
	e->key[len] = '\0';
	mask = t->cap - 1;
	for (uint32_t i = (uint32_t) hash & mask;; i = (i + 1) & mask) {
		if (!t->buckets[i]) {
			t->buckets[i] = e;
			break;
		}
	}
	t->count++;
	t->memory += sizeof(*e) + len + 1;
	return e;
}

/* The clock's pass: marks up to want victims from the hand on, each
 * entry held since it was last passed given a second chance; at most two
 * turns (the second finds every chance used). */
static uint32_t sc_table_mark_victims(sc_table *t, uint32_t want)
{
	uint32_t marked = 0, i = t->hand & (t->cap - 1);

	for (uint64_t seen = 0; marked < want && seen < 2 * (uint64_t) t->cap; seen++) {
		sc_entry *e = t->buckets[i];
		if (e) {
			if (e->r.held_at != 0 || (e->flags & SC_ENTRY_USED)) {
				e->r.held_at = 0; /* the next hit checks its values once */
				e->flags &= ~SC_ENTRY_USED;
			} else {
				e->flags |= SC_ENTRY_VICTIM;
				marked++;
			}
		}
		i = (i + 1) & (t->cap - 1);
	}
	t->hand = i;
	return marked;
}

uint32_t sc_table_evict(sc_table *t, uint32_t want)
{
	sc_entry **nb;
	uint32_t marked, mask;

	if (!t->cap || !t->count || !want) {
		return 0;
	}
	nb = calloc(t->cap, sizeof(*nb));
	if (!nb) {
		return 0;
	}
	marked = sc_table_mark_victims(t, want);
	/* what points at a victim is emptied (filled again when asked) */
	for (uint32_t i = 0; i < t->cap; i++) {
		sc_entry *e = t->buckets[i];
		if (e && !(e->flags & SC_ENTRY_VICTIM) && e->r.target && (e->r.target->flags & SC_ENTRY_VICTIM)) {
			e->r.kind = SC_KIND_EMPTY;
			e->r.err = 0;
			e->r.ndeps = 0;
			e->r.held_at = 0;
			e->r.target = NULL;
		}
	}
	/* the survivors into a bucket array of the same size: linear probing
	 * has no hole to leave */
	mask = t->cap - 1;
	for (uint32_t i = 0; i < t->cap; i++) {
		sc_entry *e = t->buckets[i];
		if (!e) {
			continue;
		}
		if (e->flags & SC_ENTRY_VICTIM) {
			t->memory -= sizeof(*e) + e->len + 1;
			t->count--;
			free(e);
			continue;
		}
		for (uint32_t j = (uint32_t) e->hash & mask;; j = (j + 1) & mask) {
			if (!nb[j]) {
				nb[j] = e;
				break;
			}
		}
	}
	free(t->buckets);
	t->buckets = nb;
	return marked;
}

int sc_result_recheck(const sc_gen *g, sc_result *r)
{
	uint64_t now;

	if (r->kind == SC_KIND_EMPTY || !sc_gen_deps_recheck(g, r->epoch, r->deps, r->ndeps, r->held_at, &now)) {
		return 0;
	}
	r->held_at = now;
	return 1;
}

int sc_via_recheck(const sc_gen *g, sc_result *r)
{
	uint64_t now;

	if (r->kind != SC_KIND_VIA
			|| !sc_gen_deps_recheck(g, r->epoch, r->via_deps, (unsigned) r->err, r->via_held_at, &now)) {
		return 0;
	}
	r->via_held_at = now;
	return 1;
}
