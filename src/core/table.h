/*
 * statcache: the results table, private to the PHP thread that fills it.
 *
 * One entry per spelling of a path.  A canonical entry holds an lstat()
 * result (or the errno of a failure, or a reason not to answer), the
 * access() answers asked so far, and the generation values it depends on.
 * An alias entry (a spelling with ".", ".." or "//") points to its
 * canonical entry and depends on the directories its ".." and "." crossed.
 * Entries are never removed one by one: a stale entry is refilled in place,
 * and the whole table goes at once (cap, reset, fork), so pointers between
 * entries stay valid.  Pure C: unit-tested with cmocka.
 */
#ifndef STATCACHE_TABLE_H
#define STATCACHE_TABLE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>

#include "core/gen.h"

#if defined(__SSE2__)
# include <emmintrin.h>
#endif

#define SC_MAX_DEPS 4

typedef enum {
	SC_KIND_EMPTY = 0, /* never filled */
	SC_KIND_FOUND,     /* lstat() succeeded on something that is not a symlink */
	SC_KIND_LINK,      /* lstat() of a symlink: answers lstat-based calls only */
	SC_KIND_MISSING,   /* lstat() failed with err */
	SC_KIND_BYPASS,    /* PHP's own call answers (err: an sc_bypass reason) */
	SC_KIND_ALIAS,     /* another spelling of target */
	SC_KIND_VIA        /* a spelling through symlinks: target is what the kernel
	                    * resolves it to; valid while via_deps hold too */
} sc_kind;

/* A spelling is resolved through at most this many symlinks (beyond: PHP's
 * own call), and records at most SC_VIA_MAX_DEPS values (the links' name
 * slots and the directories its ".." left). */
#define SC_VIA_MAX_LINKS 8
#define SC_VIA_MAX_DEPS 16

typedef enum {
	SC_BYPASS_SYMLINK_DIR = 1, /* a component before the last is a symlink (with
	                            * kind EMPTY: the spelling is resolved by
	                            * src/engine/follow.c) */
	SC_BYPASS_HARDLINK,        /* a regular file with st_nlink > 1 */
	SC_BYPASS_UNTRUSTED,       /* a file system that raises no events for others' changes */
	SC_BYPASS_UNWATCHABLE,     /* inotify_add_watch() failed (EACCES, ENOSPC, ...) */
	SC_BYPASS_SPECIAL,         /* a spelling the kernel resolves in a way we don't cache */
	SC_BYPASS_MOUNT_POINT      /* a non-directory mounted over (a file bind mount): the
	                            * kernel reports its changes to its source's directory */
} sc_bypass;

typedef struct sc_entry sc_entry;

typedef struct sc_result {
	uint32_t epoch;
	uint8_t kind;
	uint8_t ndeps;
	uint8_t access_known;    /* R_OK | W_OK | X_OK asked so far */
	uint8_t access_ok;       /* of those, which succeeded */
	int32_t err;             /* MISSING: errno; BYPASS: sc_bypass; VIA: via_deps used */
	int32_t wd;              /* a watched directory's wd, else -1 */
	uint64_t held_at;        /* the table's version when deps were last seen to
	                          * hold (0: not since the result was set) */
	sc_dep deps[SC_MAX_DEPS];
	sc_entry *target;        /* ALIAS, VIA: the canonical entry; LINK: its readlink()
	                          * text once read (an entry keyed "\0" + text) */
	union {
		struct stat st;          /* FOUND and LINK only */
		sc_dep via_deps[SC_VIA_MAX_DEPS]; /* VIA only: room no other kind uses */
	};
} sc_result;

struct sc_entry {
	uint64_t hash;
	uint32_t len;
	sc_result r;
	char key[];              /* len bytes and a NUL */
};

typedef struct sc_table {
	sc_entry **buckets;      /* open addressing, linear probing */
	uint32_t cap;            /* power of two */
	uint32_t count;
	size_t memory;           /* bytes held by entries and buckets */
} sc_table;

int sc_table_init(sc_table *t, uint32_t initial_cap);
void sc_table_free(sc_table *t);
/* Drops every entry (caps, statcache_reset(), a fork()ed child). */
void sc_table_clear(sc_table *t);

SC_ALWAYS_INLINE uint64_t sc_table_hash(const char *key, size_t len)
{
	return sc_hash_bytes(key, len, 0x73746174u);
}

/* An unaligned 8-byte load (a plain mov on the targets PHP runs on). */
SC_ALWAYS_INLINE uint64_t sc_load64(const char *p)
{
	uint64_t v;
	memcpy(&v, p, sizeof(v));
	return v;
}

/* memcmp(a, b, len) == 0 inline, without libc's call and dispatch: the
 * hit path compares one key in full, and on a hit the keys are equal, so
 * the differences are or-ed together without a branch per step: 32 bytes
 * a step, then what is left but the last 16, then those (overlapping). */
SC_ALWAYS_INLINE int sc_key_eq(const char *a, const char *b, size_t len)
{
	size_t i;

	if (len >= 16) {
#if defined(__SSE2__)
		__m128i d = _mm_xor_si128(_mm_loadu_si128((const __m128i *) (a + len - 16)),
			_mm_loadu_si128((const __m128i *) (b + len - 16)));
		for (i = 0; i + 32 < len; i += 32) {
			d = _mm_or_si128(d, _mm_or_si128(
				_mm_xor_si128(_mm_loadu_si128((const __m128i *) (a + i)), _mm_loadu_si128((const __m128i *) (b + i))),
				_mm_xor_si128(_mm_loadu_si128((const __m128i *) (a + i + 16)), _mm_loadu_si128((const __m128i *) (b + i + 16)))));
		}
		if (len - i > 16) {
			d = _mm_or_si128(d, _mm_xor_si128(_mm_loadu_si128((const __m128i *) (a + i)),
				_mm_loadu_si128((const __m128i *) (b + i))));
		}
		return _mm_movemask_epi8(_mm_cmpeq_epi8(d, _mm_setzero_si128())) == 0xffff;
#else
		uint64_t d = (sc_load64(a + len - 16) ^ sc_load64(b + len - 16)) | (sc_load64(a + len - 8) ^ sc_load64(b + len - 8));
		for (i = 0; i + 16 < len; i += 16) {
			d |= (sc_load64(a + i) ^ sc_load64(b + i)) | (sc_load64(a + i + 8) ^ sc_load64(b + i + 8));
		}
		return d == 0;
#endif
	}
	if (len >= 8) {
		return !((sc_load64(a) ^ sc_load64(b)) | (sc_load64(a + len - 8) ^ sc_load64(b + len - 8)));
	}
	for (i = 0; i < len; i++) {
		if (a[i] != b[i]) {
			return 0;
		}
	}
	return 1;
}

/* On the hit path: inline, one probe in the common case. */
SC_ALWAYS_INLINE sc_entry *sc_table_find(const sc_table *t, const char *key, size_t len, uint64_t hash)
{
	uint32_t mask = t->cap - 1;
	if (!t->cap) {
		return NULL;
	}
	for (uint32_t i = (uint32_t) hash & mask;; i = (i + 1) & mask) {
		sc_entry *e = t->buckets[i];
		if (!e) {
			return NULL;
		}
		if (e->hash == hash && e->len == len && sc_key_eq(e->key, key, len)) {
			return e;
		}
	}
}
/* Returns the entry for key, creating an empty one; NULL if out of memory. */
sc_entry *sc_table_get(sc_table *t, const char *key, size_t len, uint64_t hash);

static inline int sc_result_valid(const sc_gen *g, const sc_result *r)
{
	return r->kind != SC_KIND_EMPTY && sc_gen_deps_hold(g, r->epoch, r->deps, r->ndeps);
}

/* sc_result_valid() on the hit path: while the generation table is at the
 * version its dependencies were last seen holding at, nothing they record
 * can have moved (every bump moves the version), so they are not read
 * again.  v is sc_gen_version(), loaded (acquire) before this reads any
 * slot: a bump the slots show is then counted in a later version, never
 * in v.  The result's own thread writes held_at (the table is private). */
SC_ALWAYS_INLINE int sc_result_holds(const sc_gen *g, sc_result *r, uint64_t v)
{
	if (r->kind == SC_KIND_EMPTY) {
		return 0;
	}
	if (r->held_at == v) {
		return 1;
	}
	if (!sc_gen_deps_hold(g, r->epoch, r->deps, r->ndeps)) {
		return 0;
	}
	r->held_at = v;
	return 1;
}

/* A VIA result's own dependencies (its links), beyond sc_result_valid(). */
static inline int sc_via_valid(const sc_gen *g, const sc_result *r)
{
	return sc_gen_deps_hold(g, r->epoch, r->via_deps, (unsigned) r->err);
}

#endif
