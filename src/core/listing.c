/*
 * statcache: remembered directory listings (see src/core/listing.h).
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include "core/listing.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define SC_LISTINGS_MIN_BUCKETS 64u

static uint64_t sc_listing_hash(const char *key, size_t len)
{
	return sc_hash_bytes(key, len, 0x6c697374u);
}

int sc_listings_init(sc_listings *s, size_t max_bytes)
{
	memset(s, 0, sizeof(*s));
	s->buckets = calloc(SC_LISTINGS_MIN_BUCKETS, sizeof(*s->buckets));
	if (!s->buckets) {
		return -1;
	}
	s->mask = SC_LISTINGS_MIN_BUCKETS - 1;
	s->max_bytes = max_bytes;
	return 0;
}

void sc_listing_release(sc_listing *l)
{
	if (l && --l->refs == 0) {
		free(l);
	}
}

void sc_listings_clear(sc_listings *s)
{
	for (uint32_t i = 0; s->buckets && i <= s->mask; i++) {
		sc_listing *l = s->buckets[i];
		while (l) {
			sc_listing *next = l->next;
			l->next = NULL;
			sc_listing_release(l);
			l = next;
		}
		s->buckets[i] = NULL;
	}
	s->count = 0;
	s->bytes = 0;
}

void sc_listings_free(sc_listings *s)
{
	sc_listings_clear(s);
	free(s->buckets);
	s->buckets = NULL;
}

/* Unlinks the listing for key from its chain; the caller releases it. */
static sc_listing *sc_listings_unlink(sc_listings *s, const char *key, size_t len, uint64_t h)
{
	sc_listing **pp = &s->buckets[h & s->mask];
	for (sc_listing *l = *pp; l; pp = &l->next, l = l->next) {
		if (l->hash == h && l->keylen == len && memcmp(l->key, key, len) == 0) {
			*pp = l->next;
			l->next = NULL;
			s->count--;
			s->bytes -= l->bytes;
			return l;
		}
	}
	return NULL;
}

sc_listing *sc_listings_get(sc_listings *s, const sc_gen *g, const char *key, size_t len)
{
	uint64_t h = sc_listing_hash(key, len);
	for (sc_listing *l = s->buckets[h & s->mask]; l; l = l->next) {
		if (l->hash == h && l->keylen == len && memcmp(l->key, key, len) == 0) {
			if (!sc_listing_valid(g, l)) {
				sc_listing_release(sc_listings_unlink(s, key, len, h));
				return NULL;
			}
			sc_listing_retain(l);
			return l;
		}
	}
	return NULL;
}

/* Doubles the buckets when the chains grow past one listing each on
 * average; a failed allocation keeps the old (longer) chains. */
static void sc_listings_grow(sc_listings *s)
{
	uint32_t n = (s->mask + 1) * 2;
	sc_listing **b = calloc(n, sizeof(*b));
	if (!b) {
		return;
	}
	for (uint32_t i = 0; i <= s->mask; i++) {
		sc_listing *l = s->buckets[i];
		while (l) {
			sc_listing *next = l->next;
			l->next = b[l->hash & (n - 1)];
			b[l->hash & (n - 1)] = l;
			l = next;
		}
	}
	free(s->buckets);
	s->buckets = b;
	s->mask = n - 1;
}

int sc_listings_put(sc_listings *s, sc_listing *l)
{
	sc_listing *old;

	if (l->bytes > s->max_bytes) {
		return 0;
	}
	old = sc_listings_unlink(s, l->key, l->keylen, l->hash);
	sc_listing_release(old);
	if (s->bytes + l->bytes > s->max_bytes) {
		sc_listings_clear(s);
		s->flushes++;
	}
	if (s->count >= s->mask + 1) {
		sc_listings_grow(s);
	}
	sc_listing_retain(l);
	l->next = s->buckets[l->hash & s->mask];
	s->buckets[l->hash & s->mask] = l;
	s->count++;
	s->bytes += l->bytes;
	return 1;
}

/* Growing scratch for one read: entries and packed names. */
typedef struct sc_listing_scratch {
	sc_listing_name *ents;
	uint32_t count, cap;
	char *names;
	size_t nlen, ncap;
} sc_listing_scratch;

static int sc_scratch_add(sc_listing_scratch *sc, const struct dirent *d)
{
	size_t len = strlen(d->d_name);
	if (sc->count == sc->cap) {
		uint32_t cap = sc->cap ? sc->cap * 2 : 64;
		sc_listing_name *e = realloc(sc->ents, cap * sizeof(*e));
		if (!e) {
			return -1;
		}
		sc->ents = e;
		sc->cap = cap;
	}
	if (sc->nlen + len + 1 > sc->ncap) {
		size_t cap = sc->ncap ? sc->ncap * 2 : 1024;
		char *n;
		while (cap < sc->nlen + len + 1) {
			cap *= 2;
		}
		n = realloc(sc->names, cap);
		if (!n) {
			return -1;
		}
		sc->names = n;
		sc->ncap = cap;
	}
	sc->ents[sc->count].ino = (uint64_t) d->d_ino;
	sc->ents[sc->count].off = (uint32_t) sc->nlen;
	sc->ents[sc->count].len = (uint16_t) len;
	sc->ents[sc->count].type = d->d_type;
	sc->count++;
	memcpy(sc->names + sc->nlen, d->d_name, len + 1);
	sc->nlen += len + 1;
	return 0;
}

/* One allocation: header, entries, key, names. */
static sc_listing *sc_listing_pack(const sc_listing_scratch *sc, const char *dir, size_t len,
	uint32_t epoch, const sc_dep *deps, unsigned ndeps)
{
	size_t ents = (size_t) sc->count * sizeof(sc_listing_name);
	size_t bytes = sizeof(sc_listing) + ents + len + 1 + sc->nlen;
	sc_listing *l = malloc(bytes);

	if (!l) {
		return NULL;
	}
	memset(l, 0, sizeof(*l));
	l->bytes = bytes;
	l->refs = 1;
	l->count = sc->count;
	l->epoch = epoch;
	l->cls_wd = -1;
	l->ndeps = ndeps > SC_MAX_DEPS ? SC_MAX_DEPS : ndeps;
	if (l->ndeps) {
		memcpy(l->deps, deps, l->ndeps * sizeof(*deps));
	}
	if (ents) {
		memcpy(l->ents, sc->ents, ents);
	}
	l->key = (char *) l->ents + ents;
	memcpy(l->key, dir, len);
	l->key[len] = '\0';
	l->keylen = len;
	l->hash = sc_listing_hash(dir, len);
	l->names = l->key + len + 1;
	if (sc->nlen) {
		memcpy(l->names, sc->names, sc->nlen);
	}
	return l;
}

sc_listing *sc_listing_read(const char *dir, size_t len, uint32_t epoch, const sc_dep *deps,
	unsigned ndeps, uint32_t max_names)
{
	sc_listing_scratch sc = { 0 };
	sc_listing *l = NULL;
	struct dirent *d;
	int err = 0;
	DIR *dp = opendir(dir);

	if (!dp) {
		return NULL;
	}
	for (;;) {
		errno = 0;
		d = readdir(dp);
		if (!d) {
			err = errno; /* 0 at the end */
			break;
		}
		if (sc.count >= max_names) {
			err = E2BIG;
			break;
		}
		if (sc_scratch_add(&sc, d) < 0) {
			err = ENOMEM;
			break;
		}
	}
	closedir(dp);
	if (!err) {
		l = sc_listing_pack(&sc, dir, len, epoch, deps, ndeps);
		if (!l) {
			err = ENOMEM;
		}
	}
	free(sc.ents);
	free(sc.names);
	if (!l) {
		errno = err;
	}
	return l;
}

sc_listing *sc_listings_peek(sc_listings *s, const char *key, size_t len)
{
	uint64_t h = sc_listing_hash(key, len);

	for (sc_listing *l = s->buckets[h & s->mask]; l; l = l->next) {
		if (l->hash == h && l->keylen == len && memcmp(l->key, key, len) == 0) {
			sc_listing_retain(l);
			return l;
		}
	}
	return NULL;
}

/* deps held but for exactly one, whose key is key: 1; else 0 (none, two,
 * or another moved). */
static int sc_deps_hold_but(const sc_gen *g, uint32_t epoch, const sc_dep *deps, unsigned n, uint32_t key)
{
	unsigned own = 0;

	if (sc_gen_epoch(g) != epoch) {
		return 0;
	}
	for (unsigned i = 0; i < n; i++) {
		if (deps[i].slot == key) {
			own++;
		} else if (sc_gen_load(g, deps[i].slot) != deps[i].val) {
			return 0;
		}
	}
	return own == 1;
}

void sc_listing_note_class(sc_listing *l, const sc_gen *g, int wd, const char *cls, size_t clen)
{
	uint32_t key = sc_gen_class_key(g, wd, cls, clen);
	uint32_t gone = sc_gen_class_key(g, wd, SC_CLASS_GONE, sizeof(SC_CLASS_GONE) - 1);

	if (!g->solo || wd < 0 || !sc_listing_valid(g, l)
			|| !sc_deps_hold_but(g, l->epoch, l->deps, l->ndeps, sc_gen_watch_slot(g, wd))) {
		return;
	}
	l->cls_wd = wd;
	l->cls_key = key;
	l->cls_val = sc_gen_load(g, key);
	l->gone_val = sc_gen_load(g, gone);
}

int sc_listing_holds_for_class(const sc_gen *g, const sc_listing *l, const char *cls, size_t clen)
{
	if (!g->solo || l->cls_wd < 0 || l->cls_key != sc_gen_class_key(g, l->cls_wd, cls, clen)) {
		return 0;
	}
	return sc_gen_load(g, l->cls_key) == l->cls_val
		&& sc_gen_load(g, sc_gen_class_key(g, l->cls_wd, SC_CLASS_GONE, sizeof(SC_CLASS_GONE) - 1)) == l->gone_val
		&& sc_deps_hold_but(g, l->epoch, l->deps, l->ndeps, sc_gen_watch_slot(g, l->cls_wd));
}

int sc_result_holds_but(const sc_gen *g, const sc_result *r, uint32_t key)
{
	return r->kind != SC_KIND_EMPTY && sc_deps_hold_but(g, r->epoch, r->deps, r->ndeps, key);
}
