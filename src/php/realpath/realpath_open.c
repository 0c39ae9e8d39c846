/*
 * statcache: the opens and ZTS's stat() and access() that wait on the
 * replay of PHP's realpath walk (src/php/realpath/realpath.c): a read-only open of the plain wrapper,
 * which fails without a syscall where the name expand_filepath() gives is
 * known missing, or hands that name on; and, under ZTS, stat() and
 * access(), which PHP's virtual CWD resolves through its realpath cache
 * first.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_statcache.h"

#if STATCACHE_HAVE_CACHE

#include "main/php_streams.h"
#include "main/streams/php_stream_plain_wrapper.h"
#include "php/module/orig.h"
#include <fcntl.h>
#include "engine/follow.h"
#include "php/module/intercept.h"
#include "php/realpath/realpath.h"
#include "php/realpath/realpath_fill.h"

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

/* An open that the cache knows fails, or whose name is handed on (see
 * realpath.h): PHP's checks first, then the replay as expand_filepath()
 * walks, then open()'s own answer for the name it gives. */
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
	 * symlink, and fails on a missing name with lstat()'s error (a name
	 * at its first looks is left to the open, which asks the kernel
	 * anyway) */
	e = sc_lookup_or_leave(c, resolved, strlen(resolved));
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
	return rlen && kept && sc_rp_handed(path, len, SC_RP_FILEPATH, resolved, &rlen) ? SC_OPEN_HANDED : SC_OPEN_PHP;
}

/* Without PHP's opener: what _php_stream_fopen() does with
 * STREAM_ASSUME_REALPATH for a plain open that is neither an include, nor a
 * blocking pipe, nor persistent, less its copy of the name into a
 * MAXPATHLEN buffer (php_strlcpy(), a loop per byte where libc has no
 * strlcpy(): the largest cost of a handed open after the walk it saves).
 * The open_basedir check of PHP's opener is not in force: a name is handed
 * on only without one (sc_open_fails()). */
bool sc_open_handed(const char *resolved, const char *mode, int options, zend_string **opened_path,
	php_stream **out STREAMS_DC)
{
	int flags, fd;
	php_stream *s;

	if (!sc_orig_opener_php
			|| (options & (STREAM_OPEN_FOR_INCLUDE | STREAM_USE_BLOCKING_PIPE | STREAM_OPEN_PERSISTENT))
			|| php_stream_parse_fopen_modes(mode, &flags) == FAILURE) {
		return false;
	}
	*out = NULL;
	fd = open(resolved, flags, 0666);
	if (fd == -1) {
		return true; /* open()'s errno words PHP's warning */
	}
	/* a new file is at offset 0 (PHP's opener skips the lseek() too) */
	s = _php_stream_fopen_from_fd(fd, mode, NULL, (flags & O_APPEND) == 0 STREAMS_REL_CC);
	if (!s) {
		close(fd);
		return true;
	}
	if (opened_path) {
		*opened_path = zend_string_init(resolved, strlen(resolved), 0);
	}
	*out = s;
	return true;
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
		realpath_cache_bucket *b = sc_rp_cache_lookup(path, len); /* keeps PHP's key for the hit */
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
