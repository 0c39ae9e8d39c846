/*
 * statcache: PHP's realpath cache filled before PHP walks: the replay
 * (src/core/rpwalk.c) run on this thread's cached answers, and realpath().
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
 * expiry (src/php/realpath/realpath_cache.c): PHP's own call then finds the whole
 * name in its cache, and every later call sees the cache PHP would have
 * (answering the call ourselves would leave it empty, and later calls
 * would differ from PHP's).  Here: the walk's lstat() and readlink(), the
 * fill, its result handed on, and realpath(); the opens and ZTS's stat()
 * and access() that run it are in src/php/realpath/realpath_open.c.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_statcache.h"

#if STATCACHE_HAVE_CACHE

#include "main/php_streams.h"
#include "engine/follow.h"
#include "php/module/intercept.h"
#include "php/realpath/realpath.h"
#include "php/realpath/realpath_cache.h"
#include "php/realpath/realpath_fill.h"

#include <sys/stat.h>

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

/* The thread's cache when a fill may run: the cache started (an open or
 * include never starts it), plain files served by PHP's own wrapper, no
 * open_basedir (its checks walk in an order of their own) unless PHP's
 * call has made its checks already (basedir_checked), and a realpath
 * cache to fill (or uncached: the walk is replayed only for what it
 * resolves, as PHP walks with realpath_cache_size=0). */
sc_cache *sc_rp_cache(const char *path, size_t len, bool basedir_checked, bool uncached)
{
	sc_cache *c;

	if (!SCG(active) || SCG(bypass_depth) || len < 2 || path[0] != '/' || len >= MAXPATHLEN - 1
			|| memchr(path, '\0', len) || sc_kernel_fs_path(path, len)
			|| atomic_load_explicit(&sc_the_proc.state, memory_order_acquire) != SC_PROC_READY
			|| (!basedir_checked && PG(open_basedir) && *PG(open_basedir))
			|| (!uncached && sc_rp_globals()->realpath_cache_size_limit == 0)) {
		return NULL;
	}
	if (UNEXPECTED(!sc_file_wrapper_plain())) {
		return NULL; /* a user wrapper registered as file:// */
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
int sc_rp_fill(const char *path, size_t len, int mode, char *resolved, size_t *rlen, bool *kept,
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

/* The fill alone: a name PHP's walk then finds in its cache. */
int sc_realpath_fill(const char *path, size_t len, int mode, char *resolved)
{
	return sc_rp_fill(path, len, mode, resolved, NULL, NULL, false, false);
}

/* sc_rp_handed(): the result as PHP's call gives it, and counted. */
bool sc_rp_handed(const char *path, size_t len, int mode, char *resolved, size_t *rlen)
{
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

/* The fill, its result handed on where PHP's call would take it from
 * its cache, or a known-missing name's failure (realpath.h). */
int sc_realpath_handoff(const char *path, size_t len, int mode, char *resolved, size_t *rlen)
{
	bool kept;
	int r = sc_rp_fill(path, len, mode, resolved, rlen, &kept, false, false);

	if (r == 1) {
		return kept && sc_rp_handed(path, len, mode, resolved, rlen) ? 1 : -1; /* not kept: PHP walks */
	}
	if (mode != SC_RP_REALPATH) {
		return -1; /* expand_filepath() failing: PHP's, on the cache the fill left */
	}
	return r == 0 ? 0 : sc_rp_known_missing(path, len);
}

/* realpath() answered from the fill, as NTS's or ZTS's call answers. */
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

#endif
