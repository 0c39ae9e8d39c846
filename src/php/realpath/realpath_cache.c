/*
 * statcache: PHP's realpath cache's buckets, read and written as PHP's walk
 * reads and writes them (zend_virtual_cwd.c: realpath_cache_find(), _add(), _lookup(),
 * static there but for the lookup): the key of a spelling, kept with the
 * stat cache's entry of the spelling once hashed, the walk of its bucket
 * chain with PHP's expiry, and the bucket PHP's walk would add, with PHP's
 * size accounting.  The buckets are PHP's: malloc()ed, freed by PHP's
 * realpath_cache_clean().  The struct and globals are the public ones of
 * zend_virtual_cwd.h, reached through the exported
 * realpath_cache_get_buckets() (sc_rp_globals()).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_statcache.h"

#if STATCACHE_HAVE_CACHE

#include "php/realpath/realpath_cache.h"
#include "php/module/threads.h"

/* The keys of path and of its directories up to SC_RP_KEYS - 1 levels up,
 * in one FNV-1 pass (it passes through each prefix's key on the way), left
 * in x for the walk's next finds.  Out of line: a spelling the stat cache
 * holds keeps its key (sc_rp_key_of()). */
static zend_never_inline zend_ulong sc_rp_key_hash(sc_rp_ctx *x, const char *path, size_t len)
{
	size_t cut[SC_RP_KEYS], at = 0;
	unsigned n = 0;
	zend_ulong h = SC_RP_KEY_INIT;

	/* where the directories above end: the lengths the walk asks next */
	cut[n++] = len;
	while (n < SC_RP_KEYS) {
		const char *slash = cut[n - 1] > 1 ? memrchr(path, '/', cut[n - 1]) : NULL;
		if (!slash || slash == path) {
			break;
		}
		cut[n++] = (size_t) (slash - path);
	}
	x->keys_of = path;
	x->nkeys = n;
	while (n-- > 0) {
		h = sc_rp_key_more(h, path + at, cut[n] - at);
		at = cut[n];
		x->key_len[n] = at;
		x->key[n] = h;
	}
	return h;
}

/* PHP's key of path[0, len): one of those kept for the walk's buffer, or
 * the one kept with the spelling's entry in the stat cache (the names
 * opened, included and realpath()ed on every request, and their
 * directories, are there: one probe of our table's hash instead of
 * FNV-1's multiply per byte, and no memo to outgrow), else hashed once
 * with its parents' and kept with the entry if there is one. */
static zend_always_inline zend_ulong sc_rp_key_of(sc_rp_ctx *x, const char *path, size_t len)
{
	sc_entry *e;
	zend_ulong h;

	if (path == x->keys_of) {
		for (unsigned i = 0; i < x->nkeys; i++) {
			if (x->key_len[i] == len) {
				return x->key[i];
			}
		}
	}
	e = x->c ? sc_table_find(&x->c->table, path, len, sc_table_hash(path, len)) : NULL;
	if (e && e->rp_key) {
		return (zend_ulong) e->rp_key;
	}
	h = sc_rp_key_hash(x, path, len);
	if (e) {
		e->rp_key = (uint64_t) h;
	}
	return h;
}

/* realpath_cache_find() of zend_virtual_cwd.c (static there), the one
 * walk of a chain both lookups make: key's chain, dropping the expired
 * entries it meets (t: the lookup's time) as PHP's does; path's bucket or
 * NULL.  Inlined into each, so neither pays a call per lookup. */
static zend_always_inline realpath_cache_bucket *sc_rp_chain(virtual_cwd_globals *g, const char *path, size_t len,
	zend_ulong key, time_t t)
{
	realpath_cache_bucket **b = &g->realpath_cache[key % (sizeof(g->realpath_cache) / sizeof(g->realpath_cache[0]))];

	while (*b) {
		realpath_cache_bucket *r = *b;
		if (g->realpath_cache_ttl && r->expires < t) {
			*b = r->next;
			g->realpath_cache_size -= sizeof(realpath_cache_bucket) + r->path_len + 1
				+ (r->path == r->realpath ? 0 : r->realpath_len + 1);
			free(r);
		} else if (r->key == key && r->path_len == len && memcmp(path, r->path, len) == 0) {
			return r;
		} else {
			b = &r->next;
		}
	}
	return NULL;
}

/* The replay's lookup (the exported realpath_cache_lookup() would hash the
 * path again for the add that follows a miss, and takes no kept key): the
 * chain walk with the key of sc_rp_key_of(), left in *key for sc_rp_add(),
 * at the replay's time, taken once. */
static realpath_cache_bucket *sc_rp_bucket(sc_rp_ctx *x, const char *path, size_t len, uint64_t *key)
{
	zend_ulong h = sc_rp_key_of(x, path, len);

	if (!x->t) {
		x->t = time(NULL);
	}
	*key = h;
	return sc_rp_chain(x->cwd, path, len, h, x->t);
}

/* What the walk's find() gives: sc_rp_bucket() and what the entry holds. */
bool sc_rp_find(void *ctx, const char *path, size_t len, char *out, size_t *out_len, bool *is_dir,
	uint64_t *key)
{
	realpath_cache_bucket *r = sc_rp_bucket(ctx, path, len, key);

	if (!r) {
		return false;
	}
	memcpy(out, r->realpath, r->realpath_len + 1);
	*out_len = r->realpath_len;
	*is_dir = r->is_dir;
	return true;
}

/* A lookup with no replay around it (src/php/realpath/realpath.c's known-missing
 * answer, the include_path walk): a context of its own, whose key is the
 * entry's or hashed, and time(NULL) asked only where an entry can expire. */
realpath_cache_bucket *sc_rp_cache_lookup(const char *path, size_t len)
{
	sc_rp_ctx x;
	uint64_t key;

	x.c = statcache_thread_cache(); /* its entries keep PHP's keys */
	x.cwd = sc_rp_globals();
	x.t = x.cwd->realpath_cache_ttl ? 0 : -1; /* as sc_rp_fill(): time(NULL) once asked */
	x.keys_of = NULL;
	x.linked = false;
	x.nkeys = 0;
	return sc_rp_bucket(&x, path, len, &key);
}

bool sc_rp_cache_holds(const char *path, size_t len)
{
	return sc_rp_cache_lookup(path, len) != NULL;
}

/* The include_path walk's lookup of a candidate, whose key continues its
 * include_path entry's (src/php/include/include.c): no hash of our table's. */
bool sc_rp_cache_has(const char *path, size_t len, zend_ulong key, time_t t)
{
	return sc_rp_chain(sc_rp_globals(), path, len, key, t) != NULL;
}

/* realpath_cache_add(): the same bucket, size and expiry PHP's walk makes;
 * key is sc_rp_find()'s for the same spelling. */
bool sc_rp_add(void *ctx, const char *path, size_t len, uint64_t key, const char *real, size_t real_len,
	bool is_dir)
{
	sc_rp_ctx *x = ctx;
	virtual_cwd_globals *g = x->cwd;
	zend_long size = sizeof(realpath_cache_bucket) + len + 1;
	bool same = real_len == len && memcmp(path, real, len) == 0;
	realpath_cache_bucket *b;
	zend_ulong n;

	if (!same) {
		size += real_len + 1;
	}
	if (g->realpath_cache_size + size > g->realpath_cache_size_limit || !(b = malloc(size))) {
		return false;
	}
	b->key = (zend_ulong) key;
	b->path = (char *) b + sizeof(realpath_cache_bucket);
	memcpy(b->path, path, len + 1);
	b->path_len = (uint16_t) len;
	if (same) {
		b->realpath = b->path;
	} else {
		b->realpath = b->path + len + 1;
		memcpy(b->realpath, real, real_len + 1);
	}
	b->realpath_len = (uint16_t) real_len;
	b->is_dir = is_dir;
	b->expires = x->t + g->realpath_cache_ttl;
	n = b->key % (sizeof(g->realpath_cache) / sizeof(g->realpath_cache[0]));
	b->next = g->realpath_cache[n];
	g->realpath_cache[n] = b;
	g->realpath_cache_size += size;
	return true;
}

#endif
