/*
 * statcache: PHP's realpath cache as PHP's own walk reads and writes it
 * (src/php/realpath_cache.c): its key (kept with the stat cache's entry of
 * the spelling), the walk of a bucket chain and the bucket write.  The
 * replay of src/php/realpath.c fills it through these; the include_path
 * walk (src/php/include.c) asks it as PHP's lookup would.
 */
#ifndef STATCACHE_PHP_REALPATH_CACHE_H
#define STATCACHE_PHP_REALPATH_CACHE_H

#include <stddef.h>
#include "Zend/zend_virtual_cwd.h"
#include "engine/lookup.h"

/* realpath_cache_key() of zend_virtual_cwd.c (not Windows): FNV-1 over
 * the bytes as char, as PHP computes it, or PHP's lookup misses; h is the
 * state after the bytes before path (SC_RP_KEY_INIT at the start), so a
 * key of prefix + name continues from the prefix's state. */
#define SC_RP_KEY_INIT Z_UL(2166136261)
static zend_always_inline zend_ulong sc_rp_key_more(zend_ulong h, const char *path, size_t len)
{
	const char *e = path + len;
	for (; path + 4 <= e; path += 4) {
		h = (h * Z_UL(16777619)) ^ path[0];
		h = (h * Z_UL(16777619)) ^ path[1];
		h = (h * Z_UL(16777619)) ^ path[2];
		h = (h * Z_UL(16777619)) ^ path[3];
	}
	for (; path < e; path++) {
		h = (h * Z_UL(16777619)) ^ *path;
	}
	return h;
}

/* Prefixes of one spelling whose keys are kept (see sc_rp_ctx). */
#define SC_RP_KEYS 3

/* One replay of PHP's walk (src/php/realpath.c): the stat cache it reads,
 * the realpath cache it finds in and adds to, and the keys it hashed. */
typedef struct sc_rp_ctx {
	sc_cache *c;
	virtual_cwd_globals *cwd;
	time_t t;           /* virtual_file_ex()'s t: taken on first use */
	/* PHP's keys of the spelling last hashed and of its parents up to
	 * SC_RP_KEYS - 1 levels (FNV-1 runs from the first byte: a prefix's key
	 * is the state the hash of the whole passes through), so that the
	 * walk's finds of ever shorter prefixes (a miss, then its directory)
	 * hash the spelling once.  keys_of is the walk's buffer, whose bytes
	 * change under a kept prefix only where readlink() writes a link's
	 * text (core/rpwalk.h): NULL from then on. */
	const char *keys_of;
	bool linked;        /* a link's text was read: spellings not under the name's */
	unsigned nkeys;
	size_t key_len[SC_RP_KEYS];
	zend_ulong key[SC_RP_KEYS];
} sc_rp_ctx;

/* This thread's realpath-cache globals (CWDG), from the exported bucket
 * array: the last member of virtual_cwd_globals (the globals themselves
 * are not exported). */
static zend_always_inline virtual_cwd_globals *sc_rp_globals(void)
{
	return (virtual_cwd_globals *) ((char *) realpath_cache_get_buckets()
		- XtOffsetOf(virtual_cwd_globals, realpath_cache));
}

/* The walk's find() (core/rpwalk.h; ctx: an sc_rp_ctx): PHP's
 * realpath_cache_find() of the spelling, its key left in *key. */
bool sc_rp_find(void *ctx, const char *path, size_t len, char *out, size_t *out_len, bool *is_dir,
	uint64_t *key);

/* The walk's add(): PHP's realpath_cache_add(), key from sc_rp_find(). */
bool sc_rp_add(void *ctx, const char *path, size_t len, uint64_t key, const char *real, size_t real_len,
	bool is_dir);

/* PHP's realpath_cache_lookup(path, len, t), key being PHP's key of path
 * (sc_rp_key_more()): the same chain walk, dropping the expired entries it
 * meets as PHP's does; true when the cache holds path. */
bool sc_rp_cache_has(const char *path, size_t len, zend_ulong key, time_t t);

/* realpath_cache_lookup(path, len, time(NULL)) != NULL, with its side
 * effects (the expired entries met dropped), PHP's key of a spelling
 * hashed before taken from the stat cache's entry of it. */
bool sc_rp_cache_holds(const char *path, size_t len);

#endif
