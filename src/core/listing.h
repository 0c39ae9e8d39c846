/*
 * statcache: remembered directory listings, per PHP thread.
 *
 * A listing is what readdir() returned for one watched directory, in the
 * kernel's order, with each entry's d_type and d_ino.  It records the
 * generation values the directory's own result depended on when the read
 * began (its dir slot changes on every create, delete and rename in it; its
 * name slot and the epoch on anything that could make it another directory
 * or unreadable), so it stays valid exactly as long as they hold.  Pure C
 * (no Zend): the wrapped dir_opener and glob() serve from it
 * (src/php/listings/listing_hooks.c); cmocka tests drive it on a real directory.
 *
 * Memory: the store holds at most max_bytes; the listing that would pass
 * that drops every listing first (the results table's flush-at-cap rule).
 * A reader (an open directory stream, a glob() in progress) holds its own
 * reference, so a flush never frees a listing being read.
 */
#ifndef STATCACHE_LISTING_H
#define STATCACHE_LISTING_H

#include "core/table.h"

#include <stddef.h>
#include <stdint.h>

/* Directories with more entries are read for each call, never kept. */
#define SC_LISTING_MAX_NAMES 10000u

typedef struct sc_listing_name {
	uint64_t ino;
	uint32_t off;            /* of the NUL-terminated name in names */
	uint16_t len;
	uint8_t type;            /* d_type */
} sc_listing_name;

typedef struct sc_listing {
	struct sc_listing *next; /* bucket chain, while in a store */
	uint64_t hash;
	size_t bytes;            /* the whole allocation */
	uint32_t refs;           /* the store's and each reader's */
	uint32_t count;
	uint32_t epoch;
	uint32_t ndeps;
	sc_dep deps[SC_MAX_DEPS];
	uint64_t dir_dev;        /* the directory's identity (set by the caller) */
	uint64_t dir_ino;
	/* One class of names noted while the listing held whole
	 * (sc_listing_note_class()): the directory's watch and its key, the
	 * class's key and value, the watch-gone key's value. */
	int32_t cls_wd;          /* -1: none noted */
	uint32_t cls_key;
	uint32_t cls_val;
	uint32_t gone_val;
	size_t keylen;
	char *key;               /* the directory's canonical path */
	char *names;
	sc_listing_name ents[];
} sc_listing;

typedef struct sc_listings {
	sc_listing **buckets;
	uint32_t mask;           /* buckets - 1 (a power of two) */
	uint32_t count;
	size_t bytes;            /* held by the listings in the store */
	size_t max_bytes;
	uint64_t flushes;        /* times the store was dropped at max_bytes */
} sc_listings;

int sc_listings_init(sc_listings *s, size_t max_bytes);
void sc_listings_free(sc_listings *s);
void sc_listings_clear(sc_listings *s);

/* The listing of key, if it is still valid (a reference the caller must
 * release), else NULL; a stale one is dropped. */
sc_listing *sc_listings_get(sc_listings *s, const sc_gen *g, const char *key, size_t len);

/* Keeps l (takes a reference of its own): 1 if kept, 0 if l alone is
 * larger than max_bytes.  May drop every other listing first. */
int sc_listings_put(sc_listings *s, sc_listing *l);

/* Reads dir with opendir()/readdir(), recording deps (taken by the caller
 * before this call).  Returns a listing with one reference, or NULL with
 * errno set (opendir()'s, ENOMEM, or E2BIG past max_names: the caller then
 * reads the directory itself). */
sc_listing *sc_listing_read(const char *dir, size_t len, uint32_t epoch, const sc_dep *deps,
	unsigned ndeps, uint32_t max_names);

static inline void sc_listing_retain(sc_listing *l)
{
	l->refs++;
}

void sc_listing_release(sc_listing *l);

static inline int sc_listing_valid(const sc_gen *g, const sc_listing *l)
{
	return sc_gen_deps_hold(g, l->epoch, l->deps, l->ndeps);
}

/* The listing of key, whether or not it is valid (a reference the caller
 * must release), else NULL; nothing is dropped. */
sc_listing *sc_listings_peek(sc_listings *s, const char *key, size_t len);

/* Notes l's names of one class (sc_gen_class_key(): the names of its
 * directory, watched as wd, whose text after their last '.' is cls) as
 * they are now.  Only for a listing that holds whole at this moment, in a
 * table this thread alone bumps (solo): its values are read with no bump
 * between.  Does nothing where the watch's key is not exactly one of l's
 * deps. */
void sc_listing_note_class(sc_listing *l, const sc_gen *g, int wd, const char *cls, size_t clen);

/* Does l hold for the names of class cls (noted before) though other names
 * came and went?  Every dep but the directory's watch holds, the class's
 * key and the watch-gone key have not moved: no name of the class was
 * made, removed or moved since, and the watch still reports.  The
 * listing's names of other classes may be gone, and new ones missing: a
 * reader must skip every name not of the class (a glob of "*.cls"). */
int sc_listing_holds_for_class(const sc_gen *g, const sc_listing *l, const char *cls, size_t clen);

/* Does r hold, but for the dep that is exactly key (a directory's own
 * watch, moved by every name made or removed in it)? */
int sc_result_holds_but(const sc_gen *g, const sc_result *r, uint32_t key);

static inline const char *sc_listing_name_at(const sc_listing *l, uint32_t i)
{
	return l->names + l->ents[i].off;
}

#endif
