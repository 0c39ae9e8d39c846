/*
 * statcache: the results table, private to the PHP thread that fills it.
 *
 * One entry per spelling of a path.  A canonical entry holds an lstat()
 * result (or the errno of a failure, or a reason not to answer), the
 * access() answers asked so far, and the generation values it depends on.
 * An alias entry (a spelling with ".", ".." or "//") points to its
 * canonical entry and depends on the directories its ".." and "." crossed.
 * A stale entry is refilled in place; entries are removed in batches, at
 * the cap (sc_table_evict(), which empties whatever pointed at them) or
 * all at once (reset, fork), never during a walk, so the pointers a walk
 * holds stay valid.  Pure C: unit-tested with cmocka.
 */
#ifndef STATCACHE_TABLE_H
#define STATCACHE_TABLE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>

#include "core/gen.h"

#if defined(__AVX2__)
# include <immintrin.h>
#elif defined(__SSE2__)
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
#define SC_VIA_MAX_DEPS 15

typedef enum {
	SC_BYPASS_SYMLINK_DIR = 1, /* a component before the last is a symlink (with
	                            * kind EMPTY: the spelling is resolved by
	                            * src/engine/follow.c) */
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
	int32_t err;             /* MISSING: errno; BYPASS: sc_bypass; VIA: via_deps used;
	                          * FOUND, LINK: 0 */
	int32_t wd;              /* a watched directory's wd, else -1 */
	uint64_t held_at;        /* the table's version when deps were last seen to
	                          * hold (0: not since the result was set) */
	sc_dep deps[SC_MAX_DEPS];
	sc_entry *target;        /* ALIAS, VIA: the canonical entry; LINK: its readlink()
	                          * text once read (an entry keyed "\0" + text) */
	union {
		struct stat st;          /* FOUND and LINK only */
		struct {                 /* VIA only: room no other kind uses */
			sc_dep via_deps[SC_VIA_MAX_DEPS];
			uint64_t via_held_at;    /* as held_at, for via_deps */
		};
	};
} sc_result;

/* sc_entry.flags */
#define SC_ENTRY_SEEN 1u   /* looked up before: its next fill arms its watch
                            * (src/engine/resolve.c, "a first look") */
#define SC_ENTRY_VICTIM 2u /* chosen by sc_table_evict(), being removed */
#define SC_ENTRY_USED 4u   /* found valid by a walk (a directory on the way): a
                            * hit for sc_table_evict()'s clock, as held_at is */
#define SC_ENTRY_SEEN_TWICE 8u /* with SEEN: looked at in a second request too */
/* How many names below it first looks found missing (up to 3): the fourth
 * has it looked at (src/engine/resolve.c, sc_first_look_missing()) */
#define SC_ENTRY_MISSING_SHIFT 24
#define SC_ENTRY_MISSING_MASK (0x3u << SC_ENTRY_MISSING_SHIFT)
/* The request of a name's last first look (its low 8 bits) and how many
 * first looks it had (up to 15): src/engine/resolve.c, sc_first_look_count() */
#define SC_ENTRY_LOOK_REQ_SHIFT 8
#define SC_ENTRY_LOOK_REQ_MASK (0xffu << SC_ENTRY_LOOK_REQ_SHIFT)
#define SC_ENTRY_LOOKS_SHIFT 16
#define SC_ENTRY_LOOKS_MASK (0xfu << SC_ENTRY_LOOKS_SHIFT)

struct sc_entry {
	uint64_t hash;
	uint32_t len;
	uint32_t flags;          /* SC_ENTRY_*: the entry's, kept across results */
	/* a second hash of key, for the layer above: PHP's realpath-cache key
	 * (src/php/realpath/realpath_cache.c), a function of the bytes alone, kept
	 * across results; 0 until it is asked for */
	uint64_t rp_key;
	sc_result r;
	char key[];              /* len bytes and a NUL */
};

typedef struct sc_table {
	sc_entry **buckets;      /* open addressing, linear probing; never NULL
	                          * once initialised (a table that could not
	                          * allocate has sc_table_none, one empty bucket) */
	size_t mask;             /* cap - 1, or 0 with sc_table_none (as wide as a
	                          * pointer: the probe indexes with it as it is) */
	uint32_t cap;            /* power of two (0: none allocated) */
	uint32_t count;
	uint32_t hand;           /* sc_table_evict()'s clock hand: the next bucket it looks at */
	size_t memory;           /* bytes held by entries and buckets */
} sc_table;

/* The one empty bucket of a table without its own: a find needs no test
 * of the capacity first. */
extern sc_entry *const sc_table_none[1];

int sc_table_init(sc_table *t, uint32_t initial_cap);
void sc_table_free(sc_table *t);
/* Drops every entry (statcache_reset(), a fork()ed child). */
void sc_table_clear(sc_table *t);
/* At the cap: removes up to want entries, the least useful first, and
 * returns how many went.  A second-chance clock over the buckets: an
 * entry whose result a hit has found holding since it was last passed
 * (held_at set: the hit path writes it, so this costs a hit nothing) has
 * it cleared and stays; one without goes.  An entry that points at one
 * that goes (an alias, a spelling through links, a link's text) is
 * emptied, to be filled again: no pointer is left dangling.  Never
 * during a walk (its entries are pointers held): only where a lookup
 * starts, as the whole table's drop used to be. */
uint32_t sc_table_evict(sc_table *t, uint32_t want);

/* An unaligned 8-byte load (a plain mov on the targets PHP runs on). */
SC_ALWAYS_INLINE uint64_t sc_load64(const char *p)
{
	uint64_t v;
	memcpy(&v, p, sizeof(v));
	return v;
}

SC_ALWAYS_INLINE uint64_t sc_load32(const char *p)
{
	uint32_t v;
	memcpy(&v, p, sizeof(v));
	return v;
}

/* The results table's portable hash of a key (a path: typically 20 to
 * 120 bytes): one 64x64->128 multiply per 16 bytes (wyhash's mum), one
 * lane chained through the multiplier, the length in the seed.  The last
 * 16 bytes are one step that ends at the end (overlapping the step
 * before); up to 64 bytes the steps are straight-line, with no loop.  The
 * product's halves xor-ed together spread every input bit over the low
 * bits the buckets use.  Short keys (under 17 bytes): one step of two
 * overlapping loads, no call (no variable-length memcpy()).  Where the
 * CPU has CRC32C (sc_table_hash_crc()), that is the table's hash instead. */
SC_ALWAYS_INLINE uint64_t sc_table_hash_mum(const char *key, size_t len)
{
	const uint64_t k1 = 0xe7037ed1a0b428dbull;
	uint64_t h = 0xa0761d6478bd642full ^ 0x73746174u ^ len;
	uint64_t a, b;

	if (EXPECTED_SC(len > 16)) {
		const char *last = key + len - 16;
		h = sc_hash_mix(sc_load64(key) ^ k1, sc_load64(key + 8) ^ h);
		if (len > 32) {
			h = sc_hash_mix(sc_load64(key + 16) ^ k1, sc_load64(key + 24) ^ h);
			if (len > 48) {
				const char *p;
				h = sc_hash_mix(sc_load64(key + 32) ^ k1, sc_load64(key + 40) ^ h);
				for (p = key + 48; p < last; p += 16) {
					h = sc_hash_mix(sc_load64(p) ^ k1, sc_load64(p + 8) ^ h);
				}
			}
		}
		return sc_hash_mix(sc_load64(last) ^ k1, sc_load64(last + 8) ^ h);
	}
	if (len >= 8) {
		a = sc_load64(key);
		b = sc_load64(key + len - 8);
	} else if (len >= 4) {
		a = sc_load32(key);
		b = sc_load32(key + len - 4);
	} else {
		/* 0 to 3 bytes: the first, middle and last (wyhash's way) */
		a = len ? ((uint64_t) (unsigned char) key[0] << 16) | ((uint64_t) (unsigned char) key[len >> 1] << 8)
			| (unsigned char) key[len - 1] : 0;
		b = 0;
	}
	return sc_hash_mix(a ^ k1, b ^ h);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
# define SC_HAVE_CRC_HASH 1

/* Does this CPU have SSE4.2's crc32 instruction (table.c asks CPUID once,
 * when the extension is loaded, before any table exists)?  Constant after:
 * every key of every table is hashed the one way. */
extern __attribute__((visibility("hidden"))) int sc_table_hash_hw;

/* 8 bytes of a key as crc32's memory operand (a char array: no aliasing
 * question, and no register load before it). */
typedef struct { char b[8]; } sc_crc_word;

/* One CRC32C step over the 8 bytes at p.  Inline assembly, not the
 * intrinsic: the hit path is compiled for the baseline x86-64 (the
 * instruction runs only where sc_table_hash_hw says it exists). */
SC_ALWAYS_INLINE uint64_t sc_crc8(uint64_t h, const char *p)
{
	__asm__("crc32q %1, %0" : "+r"(h) : "m"(*(const sc_crc_word *) p));
	return h;
}

SC_ALWAYS_INLINE uint64_t sc_crc_u64(uint64_t h, uint64_t v)
{
	__asm__("crc32q %1, %0" : "+r"(h) : "r"(v));
	return h;
}

/* The CRC32C of a key where the CPU has it: one crc32 per 8 bytes, each a
 * single instruction reading the key in place (the portable hash takes
 * five per 8 bytes, and a multiply); the last 16 bytes a step ending at
 * the end, straight-line up to 64 bytes, as sc_table_hash_mum().  32
 * bits (crc32 leaves the word's upper half zero): the buckets use the low
 * ones, and the key is compared in full after. */
SC_ALWAYS_INLINE uint64_t sc_table_crc(const char *key, size_t len)
{
	uint64_t h = len; /* the length as the seed */

	if (EXPECTED_SC(len > 16)) {
		const char *last = key + len - 16;
		h = sc_crc8(sc_crc8(h, key), key + 8);
		if (len > 32) {
			h = sc_crc8(sc_crc8(h, key + 16), key + 24);
			if (len > 48) {
				h = sc_crc8(sc_crc8(h, key + 32), key + 40);
				if (len > 64) {
					for (const char *p = key + 48; p < last; p += 16) {
						h = sc_crc8(sc_crc8(h, p), p + 8);
					}
				}
			}
		}
		return sc_crc8(sc_crc8(h, last), last + 8);
	}
	if (len >= 8) {
		return sc_crc8(sc_crc8(h, key), key + len - 8);
	}
	if (len >= 4) {
		return sc_crc_u64(h, sc_load32(key) << 32 | sc_load32(key + len - 4));
	}
	return sc_crc_u64(h, len ? ((uint64_t) (unsigned char) key[0] << 16)
		| ((uint64_t) (unsigned char) key[len >> 1] << 8) | (unsigned char) key[len - 1] : 0);
}

/* sc_table_hash_mum() out of line: the table's hash on a CPU without
 * CRC32C (inlined at every lookup it would only grow the code). */
uint64_t sc_table_hash_portable(const char *key, size_t len);
#else
# define SC_HAVE_CRC_HASH 0
#endif

/* The results table's hash of a key, on every lookup: CRC32C where the
 * CPU has it, else sc_table_hash_mum().  Quality only matters for
 * spreading buckets (the low bits); keys are compared in full. */
SC_ALWAYS_INLINE uint64_t sc_table_hash(const char *key, size_t len)
{
#if SC_HAVE_CRC_HASH
	if (EXPECTED_SC(sc_table_hash_hw)) {
		return sc_table_crc(key, len);
	}
	return sc_table_hash_portable(key, len);
#else
	return sc_table_hash_mum(key, len);
#endif
}

/* Can sc_table_hash_hit() hash here (checked where the hit path's gate
 * opens)? */
#if SC_HAVE_CRC_HASH
# define sc_table_hash_hit_ok() (sc_table_hash_hw)
#else
# define sc_table_hash_hit_ok() 1
#endif

/* sc_table_hash() on the hit path, where sc_table_hash_hit_ok() held when
 * its gate opened: no test, no call. */
SC_ALWAYS_INLINE uint64_t sc_table_hash_hit(const char *key, size_t len)
{
#if SC_HAVE_CRC_HASH
	return sc_table_crc(key, len);
#else
	return sc_table_hash_mum(key, len);
#endif
}

#if defined(__SSE2__)
/* The differences of 16 bytes at a and b, or-ed into d. */
# define SC_KEY_DIFF(a, b, i) _mm_xor_si128(_mm_loadu_si128((const __m128i *) ((a) + (i))), \
	_mm_loadu_si128((const __m128i *) ((b) + (i))))
#endif

/* memcmp(a, b, len) inline as "differ or not" (0: equal), without
 * libc's call and dispatch: the hit path compares one key in full, and on
 * a hit the keys are equal, so the differences are or-ed together without
 * a branch per step: the last 16 bytes, then 16 a step from the start
 * (straight-line up to 64 bytes, as the hash), the last step overlapping.
 * Every way ends in one integer, tested once by the caller. */
SC_ALWAYS_INLINE uint64_t sc_key_diff(const char *a, const char *b, size_t len)
{
	size_t i;

#if defined(__AVX2__)
	/* a build for AVX2 (the answers' twins: src/php/answers/answers_avx2.c): 32
	 * bytes a step, the same way */
	if (EXPECTED_SC(len >= 32)) {
# define SC_KEY_DIFF256(a, b, i) _mm256_xor_si256(_mm256_loadu_si256((const __m256i *) ((a) + (i))), \
	_mm256_loadu_si256((const __m256i *) ((b) + (i))))
		__m256i d = SC_KEY_DIFF256(a, b, len - 32);
		if (len > 32) {
			d = _mm256_or_si256(d, SC_KEY_DIFF256(a, b, 0));
			for (i = 32; i + 32 < len; i += 32) {
				d = _mm256_or_si256(d, SC_KEY_DIFF256(a, b, i));
			}
		}
		return !_mm256_testz_si256(d, d);
	}
#endif
	if (EXPECTED_SC(len >= 16)) {
#if defined(__SSE2__)
		__m128i d = SC_KEY_DIFF(a, b, len - 16);
		if (len > 16) {
			d = _mm_or_si128(d, SC_KEY_DIFF(a, b, 0));
			if (len > 32) {
				d = _mm_or_si128(d, SC_KEY_DIFF(a, b, 16));
				if (len > 48) {
					d = _mm_or_si128(d, SC_KEY_DIFF(a, b, 32));
					for (i = 48; i + 16 < len; i += 16) {
						d = _mm_or_si128(d, SC_KEY_DIFF(a, b, i));
					}
				}
			}
		}
		/* a byte that differs is a 0 bit in the mask */
		return (uint64_t) (unsigned) _mm_movemask_epi8(_mm_cmpeq_epi8(d, _mm_setzero_si128())) ^ 0xffffu;
#else
		uint64_t d = (sc_load64(a + len - 16) ^ sc_load64(b + len - 16)) | (sc_load64(a + len - 8) ^ sc_load64(b + len - 8));
		for (i = 0; i + 16 < len; i += 16) {
			d |= (sc_load64(a + i) ^ sc_load64(b + i)) | (sc_load64(a + i + 8) ^ sc_load64(b + i + 8));
		}
		return d;
#endif
	}
	if (len >= 8) {
		return (sc_load64(a) ^ sc_load64(b)) | (sc_load64(a + len - 8) ^ sc_load64(b + len - 8));
	}
	if (len >= 4) {
		return (sc_load32(a) ^ sc_load32(b)) | (sc_load32(a + len - 4) ^ sc_load32(b + len - 4));
	}
	for (i = 0; i < len; i++) {
		if (a[i] != b[i]) {
			return 1;
		}
	}
	return 0;
}

/* memcmp(a, b, len) == 0, inline (sc_key_diff()). */
SC_ALWAYS_INLINE int sc_key_eq(const char *a, const char *b, size_t len)
{
	return sc_key_diff(a, b, len) == 0;
}

/* On the hit path: inline, one probe in the common case, no test of the
 * capacity (a table that sc_table_init() or sc_table_free() left without
 * buckets of its own has sc_table_none: the table of a lookup always has
 * buckets). */
SC_ALWAYS_INLINE sc_entry *sc_table_probe(const sc_table *t, const char *key, size_t len, uint64_t hash)
{
	size_t mask = t->mask;
	for (size_t i = (size_t) hash & mask;; i = (i + 1) & mask) {
		sc_entry *e = t->buckets[i];
		if (!e) {
			return NULL;
		}
		if (EXPECTED_SC(e->hash == hash) && e->len == len && EXPECTED_SC(sc_key_diff(e->key, key, len) == 0)) {
			return e;
		}
	}
}

/* sc_table_probe() in two halves, for the hit path: first the first
 * entry of hash and len on their probe sequence, its key not compared
 * (NULL: none), with nothing but the hash and the length held; then
 * sc_table_probe_key(). */
SC_ALWAYS_INLINE sc_entry *sc_table_probe_hash(const sc_table *t, size_t len, uint64_t hash)
{
	size_t mask = t->mask;
	for (size_t i = (size_t) hash & mask;; i = (i + 1) & mask) {
		sc_entry *e = t->buckets[i];
		if (!e) {
			return NULL;
		}
		if (EXPECTED_SC(e->hash == hash) && e->len == len) {
			return e;
		}
	}
}

/* The entry of key after sc_table_probe_hash() found e whose key is not
 * key (two keys of one hash and length): sc_table_probe(), out of line. */
sc_entry *sc_table_probe_past(const sc_table *t, const sc_entry *e, const char *key, size_t len);

/* The second half: e (sc_table_probe_hash()'s) if its key is key, else
 * the entry of key further on its probe sequence (NULL: none). */
SC_ALWAYS_INLINE sc_entry *sc_table_probe_key(const sc_table *t, sc_entry *e, const char *key, size_t len)
{
	if (EXPECTED_SC(sc_key_diff(e->key, key, len) == 0)) {
		return e;
	}
	return sc_table_probe_past(t, e, key, len);
}

/* sc_table_probe() on any table, a zeroed one too (no buckets yet). */
SC_ALWAYS_INLINE sc_entry *sc_table_find(const sc_table *t, const char *key, size_t len, uint64_t hash)
{
	return t->buckets ? sc_table_probe(t, key, len, hash) : NULL;
}
/* Returns the entry for key, creating an empty one; NULL if out of memory. */
sc_entry *sc_table_get(sc_table *t, const char *key, size_t len, uint64_t hash);

/* A result whose deps no longer hold: found holding still when every
 * bump of their slots since it last held was another key's (a name
 * sharing a slot with one of its own: a neighbour's short-lived files),
 * its deps and held_at brought up to date (sc_gen_deps_recheck()).  Off
 * the hit path: a miss without it. */
int sc_result_recheck(const sc_gen *g, sc_result *r);

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
		return sc_result_recheck(g, r);
	}
	r->held_at = v;
	return 1;
}

/* Is r still the kernel's answer, off the hit path (a walk's directories,
 * a link's target)?  Its deps hold, or hold on a recheck; held then at
 * the version read before them (as sc_result_holds() reads it), so that
 * a later recheck starts from there and not from the result's fill. */
static inline int sc_result_valid(const sc_gen *g, sc_result *r)
{
	uint64_t v;

	if (r->kind == SC_KIND_EMPTY) {
		return 0;
	}
	v = sc_gen_version(g);
	if (!sc_gen_deps_hold(g, r->epoch, r->deps, r->ndeps)) {
		return sc_result_recheck(g, r);
	}
	r->held_at = v;
	return 1;
}

/* A VIA result's links, moved by other names' bumps only: held still
 * (sc_gen_deps_recheck() from via_held_at, the version they last held
 * at: its own deps' held_at moves without them). */
int sc_via_recheck(const sc_gen *g, sc_result *r);

_Static_assert(SC_VIA_MAX_DEPS <= SC_RECHECK_MAX_DEPS, "a spelling's links are rechecked whole");
_Static_assert(SC_VIA_MAX_DEPS * sizeof(sc_dep) + sizeof(uint64_t) <= sizeof(struct stat),
	"a VIA result's links fit the room of a stat");

/* A VIA result's own dependencies (its links), beyond sc_result_valid():
 * held, at the version read before them, or held on a recheck. */
static inline int sc_via_valid(const sc_gen *g, sc_result *r)
{
	uint64_t v = sc_gen_version(g);

	if (!sc_gen_deps_hold(g, r->epoch, r->via_deps, (unsigned) r->err)) {
		return sc_via_recheck(g, r);
	}
	r->via_held_at = v;
	return 1;
}

#endif
