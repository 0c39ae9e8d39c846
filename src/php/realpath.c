/*
 * statcache: PHP's realpath cache, filled from the stat cache.
 *
 * Every open, include and realpath() of an absolute name resolves it with
 * PHP's own walk (lstat() per component, readlink() per link) unless PHP's
 * realpath cache holds it; that cache remembers every resolved prefix for
 * realpath_cache_ttl seconds and answers from there, stale or not.  An
 * application that empties it on each request (clearstatcache(true):
 * MediaWiki) pays the walk each time.
 *
 * Before PHP walks, sc_realpath_fill() replays that walk on cached lstat()
 * and readlink() answers (src/core/rpwalk.c) and writes into PHP's cache
 * the entries PHP's walk would write, with PHP's key, size accounting and
 * expiry: PHP's own call then finds the whole name in its cache, and every
 * later call sees the cache PHP would have (answering the call ourselves
 * would leave it empty, and later calls would differ from PHP's).  The
 * buckets are PHP's: malloc()ed, freed by PHP's realpath_cache_clean().
 * PHP's realpath_cache_add() is static; the struct and globals it writes
 * are the public ones of zend_virtual_cwd.h, reached through the exported
 * realpath_cache_get_buckets() (the globals themselves are not exported).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_statcache.h"

#if STATCACHE_HAVE_CACHE

#include "main/php_streams.h"
#include "Zend/zend_virtual_cwd.h"
#include "engine/follow.h"
#include "php/intercept.h"
#include "php/realpath.h"

#include <sys/stat.h>

/* Prefixes of one spelling whose keys are kept (see sc_rp_ctx). */
#define SC_RP_KEYS 3

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
 * array: the last member of virtual_cwd_globals. */
static virtual_cwd_globals *sc_rp_globals(void)
{
	return (virtual_cwd_globals *) ((char *) realpath_cache_get_buckets()
		- XtOffsetOf(virtual_cwd_globals, realpath_cache));
}

/* PHP's key of path[0, len), from the ones kept for the walk's buffer
 * when it is one of them, or from this thread's memo of spellings keyed
 * before (SCG(rp_memo): the key is a function of the bytes alone); else
 * hashed once with its parents' kept, and the spelling's remembered. */
static zend_ulong sc_rp_key_of(sc_rp_ctx *x, const char *path, size_t len)
{
	size_t cut[SC_RP_KEYS], at = 0;
	unsigned n = 0;
	zend_ulong h = SC_RP_KEY_INIT;
	uint64_t mh = 0;
	sc_rp_memo *m = NULL;

	if (path == x->keys_of) {
		for (unsigned i = 0; i < x->nkeys; i++) {
			if (x->key_len[i] == len) {
				return x->key[i];
			}
		}
	}
	/* a spelling keyed before (the same names are opened, included and
	 * realpath()ed on every request): our table's hash and one compare
	 * instead of FNV-1's multiply per byte */
	if (len <= SC_RP_MEMO_LEN) {
		/* two slots side by side may hold it; a miss takes an empty one,
		 * else the one the hash's high bit picks */
		sc_rp_memo *pair;
		mh = sc_table_hash(path, len);
		pair = &SCG(rp_memo)[(mh % SC_RP_MEMO_SLOTS) & ~(uint64_t) 1];
		for (unsigned i = 0; i < 2; i++) {
			if (pair[i].len == len && pair[i].hash == mh && sc_key_eq(pair[i].path, path, len)) {
				return pair[i].key;
			}
		}
		m = pair[0].len == 0 ? &pair[0] : pair[1].len == 0 ? &pair[1] : &pair[mh >> 63];
	}
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
	if (m) {
		m->hash = mh;
		m->key = h;
		m->len = (uint32_t) len;
		memcpy(m->path, path, len);
	}
	return h;
}

/* Does the spelling hold a "." or ".." component? */
static bool sc_rp_dotted(const char *path, size_t len)
{
	for (size_t i = 0; i + 1 < len; i++) {
		if (path[i] == '/' && path[i + 1] == '.'
				&& (i + 2 == len || path[i + 2] == '/'
					|| (path[i + 2] == '.' && (i + 3 == len || path[i + 3] == '/')))) {
			return true;
		}
	}
	return false;
}

/* The entry answering lstat() of a spelling as the kernel reads it: PHP's
 * walk calls the kernel's lstat() itself.  Where this thread's lookups
 * read dots lexically (ZTS), a dotted spelling is resolved step by step
 * and not kept. */
static sc_entry *sc_rp_entry(sc_cache *c, const char *path, size_t len)
{
	if (c->dots_lexical && sc_rp_dotted(path, len)) {
		return sc_follow_path(c, path, len);
	}
	return sc_lookup(c, path, len);
}

/* lstat(): the cache's answer for the spelling as the kernel takes it
 * ("." and ".." included: the lookup leaves to PHP what it cannot settle). */
static int sc_rp_lstat_kind(void *ctx, const char *path, size_t len)
{
	sc_rp_ctx *x = ctx;
	sc_entry *e;

	/* the name is not under /proc, /sys or /dev (sc_rp_cache()), nor is any
	 * prefix of it: only a link's text can lead there */
	if (x->linked && sc_kernel_fs_path(path, len)) {
		return SC_RP_GIVE_UP;
	}
	e = sc_rp_entry(x->c, path, len);
	if (!e) {
		return SC_RP_GIVE_UP;
	}
	switch (e->r.kind) {
		case SC_KIND_FOUND:
			return S_ISDIR(e->r.st.st_mode) ? SC_RP_DIR : SC_RP_OTHER;
		case SC_KIND_LINK:
			return SC_RP_LINK;
		case SC_KIND_MISSING:
			return SC_RP_FAILS;
		default:
			return SC_RP_GIVE_UP;
	}
}

/* readlink(): the link's text, read once per validity of its entry. */
static ssize_t sc_rp_readlink(void *ctx, const char *path, size_t len, char *buf, size_t size)
{
	sc_rp_ctx *x = ctx;
	sc_entry *e = sc_rp_entry(x->c, path, len); /* a hit: lstat_kind() just asked */
	const char *text;
	size_t tlen;

	if (!e || e->r.kind != SC_KIND_LINK || !(text = sc_link_text(x->c, e, &tlen)) || tlen >= size) {
		return SC_RP_GIVE_UP;
	}
	x->keys_of = NULL; /* the walk's buffer now holds the link's text */
	x->linked = true;
	memcpy(buf, text, tlen);
	return (ssize_t) tlen;
}

/* realpath_cache_find() of zend_virtual_cwd.c (static there; the
 * exported realpath_cache_lookup() would hash the path again for the add
 * that follows a miss, and takes no key from the memo): the same chain
 * walk, dropping the expired entries it meets as PHP's does, with the key
 * left in *key for sc_rp_add(). */
static realpath_cache_bucket *sc_rp_bucket(sc_rp_ctx *x, const char *path, size_t len, uint64_t *key)
{
	virtual_cwd_globals *g = x->cwd;
	zend_ulong h = sc_rp_key_of(x, path, len);
	realpath_cache_bucket **b = &g->realpath_cache[h % (sizeof(g->realpath_cache) / sizeof(g->realpath_cache[0]))];

	if (!x->t) {
		x->t = time(NULL);
	}
	*key = h;
	while (*b) {
		realpath_cache_bucket *r = *b;
		if (g->realpath_cache_ttl && r->expires < x->t) {
			*b = r->next;
			g->realpath_cache_size -= sizeof(realpath_cache_bucket) + r->path_len + 1
				+ (r->path == r->realpath ? 0 : r->realpath_len + 1);
			free(r);
		} else if (r->key == h && r->path_len == len && memcmp(path, r->path, len) == 0) {
			return r;
		} else {
			b = &r->next;
		}
	}
	return NULL;
}

/* The walk's find(): sc_rp_bucket() and what the entry holds. */
static bool sc_rp_find(void *ctx, const char *path, size_t len, char *out, size_t *out_len, bool *is_dir,
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

bool sc_rp_cache_holds(const char *path, size_t len)
{
	sc_rp_ctx x;
	uint64_t key;

	x.cwd = sc_rp_globals();
	x.t = x.cwd->realpath_cache_ttl ? 0 : -1; /* as sc_rp_fill(): time(NULL) once asked */
	x.keys_of = NULL;
	x.linked = false;
	x.nkeys = 0;
	return sc_rp_bucket(&x, path, len, &key) != NULL;
}

bool sc_rp_cache_has(const char *path, size_t len, zend_ulong key, time_t t)
{
	virtual_cwd_globals *g = sc_rp_globals();
	realpath_cache_bucket **b = &g->realpath_cache[key % (sizeof(g->realpath_cache) / sizeof(g->realpath_cache[0]))];

	while (*b) {
		realpath_cache_bucket *r = *b;
		if (g->realpath_cache_ttl && r->expires < t) {
			*b = r->next;
			g->realpath_cache_size -= sizeof(realpath_cache_bucket) + r->path_len + 1
				+ (r->path == r->realpath ? 0 : r->realpath_len + 1);
			free(r);
		} else if (r->key == key && r->path_len == len && memcmp(path, r->path, len) == 0) {
			return true;
		} else {
			b = &r->next;
		}
	}
	return false;
}

/* realpath_cache_add(): the same bucket, size and expiry PHP's walk makes;
 * key is sc_rp_find()'s for the same spelling. */
static bool sc_rp_add(void *ctx, const char *path, size_t len, uint64_t key, const char *real, size_t real_len,
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

/* The thread's cache when a fill may run: the cache started (an open or
 * include never starts it), plain files served by PHP's own wrapper, no
 * open_basedir (its checks walk in an order of their own) unless PHP's
 * call has made its checks already (basedir_checked), and a realpath
 * cache to fill (or uncached: the walk is replayed only for what it
 * resolves, as PHP walks with realpath_cache_size=0). */
static sc_cache *sc_rp_cache(const char *path, size_t len, bool basedir_checked, bool uncached)
{
	sc_cache *c;

	if (!SCG(active) || SCG(bypass_depth) || len < 2 || path[0] != '/' || len >= MAXPATHLEN - 1
			|| memchr(path, '\0', len) || sc_kernel_fs_path(path, len)
			|| atomic_load_explicit(&sc_the_proc.state, memory_order_acquire) != SC_PROC_READY
			|| (!basedir_checked && PG(open_basedir) && *PG(open_basedir))
			|| (!uncached && sc_rp_globals()->realpath_cache_size_limit == 0)) {
		return NULL;
	}
	if (FG(stream_wrappers)) {
		php_stream_wrapper *w = zend_hash_str_find_ptr(FG(stream_wrappers), "file", sizeof("file") - 1);
		if (w != &php_plain_files_wrapper) {
			return NULL;
		}
	}
	c = statcache_thread_cache();
	if (!c) {
		return NULL;
	}
	if (!sc_ops_intact()) {
		sc_watcher_mark_pending();
	}
	c->verify_rate = (uint64_t) SCG(verify_rate);
	return c;
}

/* sc_realpath_fill(); basedir_checked, uncached: see sc_rp_cache().  The
 * walk runs in resolved when given (SC_RP_MAX bytes): on 1 it holds the
 * result, its length in *rlen, and *kept says whether PHP's own walk
 * would now take that result from the entry of its realpath cache the
 * fill found or wrote for the whole spelling (sc_rp_io's kept). */
static int sc_rp_fill(const char *path, size_t len, int mode, char *resolved, size_t *rlen, bool *kept,
	bool basedir_checked, bool uncached)
{
	char own[SC_RP_MAX];
	char *buf = resolved ? resolved : own;
	sc_rp_ctx x;
	sc_rp_io io;
	size_t r;
	int err = errno;

	x.c = sc_rp_cache(path, len, basedir_checked, uncached);
	if (!x.c) {
		errno = err;
		return -1;
	}
	x.cwd = sc_rp_globals();
	x.t = x.cwd->realpath_cache_ttl ? 0 : -1;
	io.lstat_kind = sc_rp_lstat_kind;
	io.readlink = sc_rp_readlink;
	io.find = sc_rp_find;
	io.add = sc_rp_add;
	io.ctx = &x;
	io.caching = x.cwd->realpath_cache_size_limit != 0;
	io.links = 0;
	io.gave_up = false;
	x.keys_of = NULL;
	x.linked = false;
	memcpy(buf, path, len);
	buf[len] = '\0';
	r = sc_rp_walk(&io, buf, len, (sc_rp_mode) mode);
	/* errno as PHP's walk leaves it, not as the cache's own syscalls (the
	 * drain's read(), fills) left it: a walk that fails is ENOENT (set by
	 * virtual_file_ex()), and PHP's later warnings word it */
	errno = err;
	if (io.gave_up) {
		sc_count(&x.c->n->realpath_walks);
		return -1;
	}
	if (r == (size_t) -1) {
		errno = ENOENT;
		return 0;
	}
	if (io.caching) {
		sc_count(&x.c->n->realpath_fills);
	}
	buf[r] = '\0';
	if (rlen) {
		*rlen = r;
	}
	if (kept) {
		*kept = io.kept;
	}
	return 1;
}

int sc_realpath_fill(const char *path, size_t len, int mode, char *resolved)
{
	return sc_rp_fill(path, len, mode, resolved, NULL, NULL, false, false);
}

/* A fill's result (resolved, *rlen) as PHP's own call of path would give
 * it, for the caller to hand on: false when that call would not take it
 * from its realpath cache (not kept: PHP walks), or when it would not fit. */
static bool sc_rp_handed(const char *path, size_t len, int mode, char *resolved, size_t *rlen, bool kept)
{
	if (!kept) {
		return false; /* PHP's walk would not answer from its cache */
	}
	/* virtual_file_ex() gives back a trailing slash but to tsrm_realpath() */
	if (mode != SC_RP_REALPATH && path[len - 1] == '/' && resolved[*rlen - 1] != '/') {
		if (*rlen >= MAXPATHLEN - 1) {
			return false;
		}
		resolved[(*rlen)++] = '/';
		resolved[*rlen] = '\0';
	}
	sc_count(&statcache_thread_cache()->n->realpath_handoffs);
	return true;
}

/* expand_filepath()'s join of a relative name (virtual_file_ex()): the
 * working directory as VCWD_GETCWD() gives it (getcwd() in NTS), then
 * "/" unless it ends in one, then the name.  false: PHP's own call (no
 * working directory, too long). */
static bool sc_open_join(const char *name, size_t len, char *out, size_t *out_len)
{
	size_t clen;

	if (!VCWD_GETCWD(out, MAXPATHLEN) || out[0] != '/') {
		return false;
	}
	clen = strlen(out);
	if (len + clen + 1 >= MAXPATHLEN - 1) {
		return false;
	}
	if (out[clen - 1] != '/') {
		out[clen++] = '/';
	}
	memcpy(out + clen, name, len + 1);
	*out_len = clen + len;
	return true;
}

int sc_open_fails(const char *filename, int options, int *err, char *resolved)
{
	char abs[MAXPATHLEN];
	const char *path = filename;
	size_t len = strlen(filename), rlen = 0;
	bool checked = false, kept = false;
	sc_cache *c;
	sc_entry *e;
	int saved = errno, r;

	if (!SCG(active) || SCG(bypass_depth) || len == 0 || (options & STREAM_OPEN_PERSISTENT)
			|| atomic_load_explicit(&sc_the_proc.state, memory_order_acquire) != SC_PROC_READY) {
		return SC_OPEN_PHP; /* a persistent stream may be served from PHP's list */
	}
	if (PG(open_basedir) && *PG(open_basedir) && !(options & STREAM_DISABLE_OPEN_BASEDIR)) {
		/* PHP's opener checks first, with its warning; the walk after it
		 * is then the one PHP's expand_filepath() takes */
		if (php_check_open_basedir(filename)) {
			return SC_OPEN_REFUSED;
		}
		checked = true;
	}
	if (options & STREAM_ASSUME_REALPATH) {
		/* resolved already (php_resolve_path(), from PHP's realpath cache,
		 * which may hold a name gone since): opened as it is */
		if (filename[0] != '/' || len >= SC_RP_MAX) {
			return checked ? SC_OPEN_CHECKED : SC_OPEN_PHP;
		}
		memcpy(resolved, filename, len + 1);
		r = sc_rp_cache(filename, len, checked, true) ? 1 : -1;
	} else {
		if (filename[0] != '/') {
			if (!sc_open_join(filename, len, abs, &len)) {
				errno = saved;
				return checked ? SC_OPEN_CHECKED : SC_OPEN_PHP;
			}
			path = abs;
		}
		/* (with realpath_cache_size=0 PHP walks every time: the replay
		 * then only tells what expand_filepath() gives) */
		r = sc_rp_fill(path, len, SC_RP_FILEPATH, resolved, &rlen, &kept, checked, true);
	}
	errno = saved;
	c = SCG(cache);
	if (r == 0 && c) {
		/* expand_filepath() fails ("file/.." resolved, a link loop): PHP
		 * opens nothing, and virtual_file_ex() says ENOENT */
		*err = ENOENT;
		sc_count(&c->n->open_failures);
		return SC_OPEN_FAILS;
	}
	if (r < 0 || !c) {
		return checked ? SC_OPEN_CHECKED : SC_OPEN_PHP;
	}
	/* open() of what expand_filepath() gives: the kernel follows a last
	 * symlink, and fails on a missing name with lstat()'s error */
	e = sc_lookup(c, resolved, strlen(resolved));
	if (e && e->r.kind == SC_KIND_LINK) {
		e = sc_follow_last(c, e);
	}
	errno = saved;
	if (e && e->r.kind == SC_KIND_MISSING) {
		*err = e->r.err;
		sc_count(&c->n->open_failures);
		return SC_OPEN_FAILS;
	}
	if (checked) {
		return SC_OPEN_CHECKED; /* under open_basedir PHP's own call walks */
	}
	/* expand_filepath() would take the name from the entry the fill found
	 * or wrote for the whole spelling (kept; never with
	 * realpath_cache_size=0): handed on, so that PHP does not walk its
	 * realpath cache again */
	return rlen && sc_rp_handed(path, len, SC_RP_FILEPATH, resolved, &rlen, kept) ? SC_OPEN_HANDED : SC_OPEN_PHP;
}

/* Not filled (open_basedir, something uncached): a canonical spelling the
 * cache knows missing still fails without a syscall (0), unless PHP's
 * realpath cache holds it (it would answer from there: -1).  realpath()
 * checks open_basedir only on a name its walk resolved, and a failure is
 * false wherever the name is: no quiet check here, whose expansion would
 * write PHP's realpath cache (a dangling link's entry, which PHP's walk
 * would then take as resolved) where PHP's call does not. */
static int sc_rp_known_missing(const char *path, size_t len)
{
	sc_entry *e;
	sc_cache *c;
	int err;

	if (!SCG(active) || len < 2 || path[0] != '/' || sc_kernel_fs_path(path, len)
			|| sc_rp_cache_holds(path, len)) {
		return -1;
	}
	c = statcache_thread_cache();
	if (!c || sc_canon_path(&c->canon, path, len) != SC_CANON_SAME) {
		return -1;
	}
	err = errno;
	e = sc_hook_lookup(path, len);
	/* PHP's walk fails: virtual_file_ex() says ENOENT */
	errno = e && e->r.kind == SC_KIND_MISSING ? ENOENT : err;
	return e && e->r.kind == SC_KIND_MISSING ? 0 : -1;
}

int sc_realpath_handoff(const char *path, size_t len, int mode, char *resolved, size_t *rlen)
{
	bool kept;
	int r = sc_rp_fill(path, len, mode, resolved, rlen, &kept, false, false);

	if (r == 1) {
		return sc_rp_handed(path, len, mode, resolved, rlen, kept) ? 1 : -1;
	}
	if (mode != SC_RP_REALPATH) {
		return -1; /* expand_filepath() failing: PHP's, on the cache the fill left */
	}
	return r == 0 ? 0 : sc_rp_known_missing(path, len);
}

int sc_cached_realpath(const char *path, size_t len, char *resolved)
{
	size_t rlen;
#ifdef ZTS
	sc_entry *e;
	int r = sc_rp_fill(path, len, SC_RP_REALPATH, resolved, &rlen, NULL, false, false);

	if (r == 1) {
		/* ZTS's realpath() then asks access(F_OK) of the resolved name
		 * through virtual_access(), whose own walk of that name is filled
		 * too; the name exists when the cache has it, links resolved */
		if (sc_realpath_fill(resolved, rlen, SC_RP_REALPATH, NULL) == 1
				&& (e = sc_lookup(statcache_thread_cache(), resolved, rlen))
				&& e->r.kind == SC_KIND_FOUND) {
			return 1;
		}
		return -1;
	}
	return r == 0 ? 0 : sc_rp_known_missing(path, len);
#else
	/* realpath() is tsrm_realpath() and, with no open_basedir (the fill
	 * runs only then), its result */
	return sc_realpath_handoff(path, len, SC_RP_REALPATH, resolved, &rlen);
#endif
}

#ifdef VIRTUAL_DIR
/* What PHP's walk failing leaves: virtual_file_ex() says ENOENT, whatever
 * the kernel would have said.  Never written: every caller only reads a
 * MISSING entry. */
static sc_entry sc_vcwd_walk_fails = { .r = { .kind = SC_KIND_MISSING, .err = ENOENT } };

/* ZTS: PHP's stat() and access() of a name (virtual_stat(),
 * virtual_access()) first resolve it with virtual_file_ex(CWD_REALPATH),
 * through PHP's realpath cache, and ask the kernel about the name that
 * walk gives: an entry PHP's cache still holds (a link a child replaced,
 * for realpath_cache_ttl) sends the question to the old target, and the
 * walk leaves in PHP's cache the prefixes it resolved, which later calls
 * meet.  So the walk is replayed here as for an open (the same finds, the
 * same entries written, sc_realpath_fill()), and the answer is the cache's
 * for the name it gives: a hit is PHP's cache probe plus our own, no
 * syscall.  false: PHP's walk asks the kernel about every component, as
 * the lookup does (no realpath cache), and the caller looks the name up
 * itself; true: *out answers (NULL: PHP's own call), the walk failing
 * answers as a missing name with ENOENT.  Under open_basedir PHP's checks
 * walk first, in an order of their own, and fill the cache this walk then
 * meets: PHP's own call answers, unless it has made its checks already
 * (basedir_checked: php_stat()'s url_stat, which PHP calls with
 * PHP_STREAM_URL_STAT_IGNORE_OPEN_BASEDIR after its check). */
bool sc_vcwd_stat(const char *path, size_t len, bool basedir_checked, sc_entry **out)
{
	char resolved[SC_RP_MAX];
	uint64_t hits = 0, misses = 0;
	sc_cache *c;
	sc_entry *e;
	int r;

	*out = NULL;
	if (!SCG(active) || len < 2 || path[0] != '/' || sc_rp_globals()->realpath_cache_size_limit == 0) {
		return false; /* "/" is never looked up in PHP's cache */
	}
	if (!basedir_checked && PG(open_basedir) && *PG(open_basedir)) {
		return true; /* PHP's own call: it checks first (php_stat() then calls our url_stat) */
	}
	if (path[len - 1] != '/' && !(path[len - 1] == '.' && (path[len - 2] == '/'
			|| (path[len - 2] == '.' && len > 2 && path[len - 3] == '/')))) {
		/* the hit: a last component the walk keeps is first looked up
		 * whole in PHP's cache, and a name found there is the answer */
		realpath_cache_bucket *b = realpath_cache_lookup(path, len, time(NULL));
		if (b) {
			e = sc_hook_lookup(b->realpath, b->realpath_len);
			goto found;
		}
	}
	c = statcache_thread_cache();
	if (c) {
		hits = atomic_load_explicit(&c->n->hits, memory_order_relaxed);
		misses = atomic_load_explicit(&c->n->misses, memory_order_relaxed);
	}
	/* the fill needs the instance ready, which only a lookup starts */
	r = !c || sc_watcher_start() < 0 ? -1 : sc_rp_fill(path, len, SC_RP_REALPATH, resolved, NULL, NULL, basedir_checked, false);
	if (r == 0) {
		if (atomic_load_explicit(&c->n->hits, memory_order_relaxed) == hits
				&& atomic_load_explicit(&c->n->misses, memory_order_relaxed) == misses) {
			/* answered by steps that count nothing (a dotted spelling's) */
			sc_count(&c->n->hits);
			sc_count(&c->n->negative_hits);
		}
		*out = &sc_vcwd_walk_fails;
		return true;
	}
	if (r < 0) {
		if (c) {
			sc_count(&c->n->bypassed);
		}
		return true;
	}
	e = sc_hook_lookup(resolved, strlen(resolved));
found:
	if (e && e->r.kind == SC_KIND_LINK) {
		e = sc_follow_last(SCG(cache), e); /* stat() and access() follow it */
	}
	if (e && (e->r.kind == SC_KIND_FOUND || e->r.kind == SC_KIND_MISSING)) {
		*out = e;
	}
	return true;
}
#endif

#endif
