/*
 * statcache: the key, chain walk and bucket write of PHP's realpath cache
 * (src/php/realpath/realpath_cache.c); the key is kept with the stat
 * cache's entry of the spelling.  The replay of realpath.c fills it
 * through these; the include_path walk (src/php/include/include.c) asks
 * it as PHP's lookup would.
 */
#ifndef STATCACHE_PHP_REALPATH_CACHE_H
#define STATCACHE_PHP_REALPATH_CACHE_H

#include <stddef.h>
#include "Zend/zend_virtual_cwd.h"
#include "engine/lookup.h"
#include "php/module/hit_thread.h"

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

/* One replay of PHP's walk (src/php/realpath/realpath.c): the stat cache it reads,
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

#ifdef VIRTUAL_DIR
/* This thread's realpath-cache globals as the hit path reads them: the
 * pointer RINIT took (sc_rp_globals(), a call into PHP otherwise) into
 * the hit path's block (src/php/module/hit_thread.h). */
# define sc_rp_hit_globals() (sc_hit_here.cwd)

/* Does PHP's virtual CWD, resolving path before its stat() or access()
 * (virtual_file_ex(CWD_REALPATH): tsrm_realpath_r()), ask the kernel
 * about path itself and leave this thread's realpath cache as it was?
 * Then the answer of path's own entry (found: FOUND, else MISSING) is
 * PHP's, and a ZTS hit may give it without replaying the walk
 * (src/php/answers/hit.h).  The caller has path absolute, not ending in '/',
 * "/." or "/..", and its entry no alias (a spelling with ".", "..",
 * "//" is resolved by PHP's walk on its own terms: the whole way).
 * key: PHP's key of path kept with the entry (0: not known yet; the
 * whole way keeps it).  PHP's walk first looks the whole name up
 * (realpath_cache_find()), dropping the expired buckets it meets in its
 * chain (so any met answers false: the whole way drops them as PHP
 * does); then
 *  - a bucket of path answers for it: 1 if it maps path to itself, else 0;
 *  - none: -1, for the caller to decide by the entry: a MISSING name
 *    fails PHP's lstat() of it (ENOENT, nothing written: alike); a FOUND
 *    one is walked and written into the cache (not: the whole way
 *    replays that walk);
 *  - no realpath cache at all (realpath_cache_size=0): PHP's walk is
 *    lstat() after lstat(), and a FOUND entry not through a link is the
 *    name itself (1).
 * Reads only: where buckets expire, the time it compares with is a
 * ceiling of PHP's (sc_proc_wall_ceiling()), so a bucket PHP's walk would
 * drop as expired is found expired here too (the whole way, which drops
 * it); one a second or so from expiring may be too.  Where no ceiling is
 * known, timed says whether to call time() (false: answer 0, for a
 * step that must make no call; another step asks again, timed). */
static zend_always_inline int sc_rp_hit_alike(const char *path, size_t len, uint64_t key, bool timed)
{
	virtual_cwd_globals *g = sc_rp_hit_globals();
	const realpath_cache_bucket *r;
	time_t t;

	/* no earlier than PHP's time(NULL): a bucket it would drop is dropped;
	 * without a ttl nothing expires (PHP does not compare then) */
	t = (time_t) LONG_MIN;
	if (EXPECTED(g->realpath_cache_ttl)) {
		t = sc_proc_wall_ceiling();
		if (UNEXPECTED(t == 0)) {
			if (!timed) {
				return 0; /* the caller's other step asks time() */
			}
			t = time(NULL);
		}
	}
	/* without a realpath cache (realpath_cache_size=0) no bucket is ever
	 * written: the chain is empty, and the answer the last lines'.  A key
	 * not known yet (0) walks chain 0, where a bucket of path's bytes
	 * is path's own all the same (PHP's key of it is 0 then); finding
	 * none says nothing of path's own chain: 0 */
	for (r = g->realpath_cache[key % (sizeof(g->realpath_cache) / sizeof(g->realpath_cache[0]))]; r; r = r->next) {
		if (r->expires < t) {
			return 0;
		}
		if (r->key == key && r->path_len == len && sc_key_eq(r->path, path, len)) {
			/* PHP's add (and sc_rp_add()) points realpath at path exactly
			 * when the two are the same text */
			return r->realpath == r->path;
		}
	}
	if (g->realpath_cache_size_limit == 0) {
		return 1;
	}
	return key == 0 ? 0 : -1;
}
#endif

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

/* realpath_cache_lookup(path, len, time(NULL)): the same bucket, with
 * its side effects (the expired entries met dropped), PHP's key of a
 * spelling the stat cache holds kept with its entry (where the ZTS hit
 * path finds it: sc_rp_hit_alike()) or taken from there. */
realpath_cache_bucket *sc_rp_cache_lookup(const char *path, size_t len);

/* realpath_cache_lookup(path, len, time(NULL)) != NULL, with its side
 * effects (the expired entries met dropped), PHP's key of a spelling
 * hashed before taken from the stat cache's entry of it. */
bool sc_rp_cache_holds(const char *path, size_t len);

#endif
