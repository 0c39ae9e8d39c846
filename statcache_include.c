/*
 * statcache: relative includes resolved through include_path from the cache.
 *
 * PHP resolves "Foo/Bar.php" by trying every include_path entry in turn
 * (php_resolve_path(): tsrm_realpath() of entry/name), then the executing
 * script's directory.  Each candidate that does not exist costs an lstat()
 * that PHP's realpath cache never remembers (it keeps only successes), on
 * every request.  Here the same walk is taken in the same order, but a
 * candidate the cache knows missing is skipped without a syscall; the first
 * one that is not is handed to tsrm_realpath() exactly as PHP hands it, so
 * the resolved path (opcache's key, __FILE__, get_included_files()) is
 * PHP's own.
 *
 * zend_resolve_path is what include/require(_once), stream_resolve_include_path()
 * and SPL's default autoloader call (through php_stream_open_for_zend_ex()).
 * fopen(), file_get_contents(), file(), readfile(), SplFileObject and the
 * zlib functions with the include path call php_resolve_path() directly,
 * which no pointer reaches, and keep PHP's walk: answering them would mean
 * running their handler on the resolved path (visible to debug_backtrace()
 * and exception traces from an error handler during the call) or on a
 * shortened include_path (visible to an include in such a handler).
 *
 * Only the plain case is answered; everything else goes to what was
 * installed before us (PHP's resolver, phar's, ...):
 *  - a name with a scheme, an absolute name, ./ and ../ names (PHP does not
 *    use include_path for them), a name ending in /, /. or /.. ;
 *  - an include_path with a stream-wrapper entry;
 *  - code running from a wrapper (phar://...: phar resolves inside the
 *    archive first).
 * open_basedir: PHP's resolution does not consult it (the open that follows
 * does), so neither does this walk: it reveals nothing PHP's does not.
 * Untrusted file systems and paths the cache cannot answer for are handed
 * to tsrm_realpath(), as PHP does.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_statcache.h"

#if STATCACHE_HAVE_CACHE

#include "statcache_include.h"
#include "statcache_intercept.h"
#include "Zend/zend_virtual_cwd.h"

#include <ctype.h>

/* What was installed before us.  Process-wide: written in the startup
 * callback and at shutdown, when no request runs; read by every thread. */
static zend_string *(*sc_prev_resolve_path)(zend_string *filename);

/* PHP's test for "scheme://" at the start of a name or include_path entry
 * (php_resolve_path()). */
static bool sc_has_scheme(const char *s)
{
	const char *p = s;
	while (isalnum((unsigned char) *p) || *p == '+' || *p == '-' || *p == '.') {
		p++;
	}
	return *p == ':' && p - s > 1 && p[1] == '/' && p[2] == '/';
}

/* A name PHP looks up through include_path, whose last component is a real
 * name (so PHP's first step on a candidate is lstat() of the whole
 * spelling, the result the cache holds). */
static bool sc_plain_name(const char *name, size_t len)
{
	const char *last;

	if (len == 0 || len >= MAXPATHLEN - 2 || memchr(name, '\0', len) || name[0] == '/' || sc_has_scheme(name)) {
		return false;
	}
	if (name[0] == '.' && (name[1] == '/' || (name[1] == '.' && name[2] == '/'))) {
		return false;
	}
	last = memrchr(name, '/', len);
	last = last ? last + 1 : name;
	return *last && strcmp(last, ".") != 0 && strcmp(last, "..") != 0;
}

/* Every entry of include_path is a plain directory (no wrapper).  The same
 * split as PHP's. */
static bool sc_plain_include_path(const char *path)
{
	const char *ptr = path;
	while (ptr && *ptr) {
		if (sc_has_scheme(ptr)) {
			return false;
		}
		ptr = strchr(ptr, DEFAULT_DIR_SEPARATOR);
		if (ptr) {
			ptr++;
		}
	}
	return true;
}

/* The working directory, asked once per resolution and only when a relative
 * candidate needs it (tsrm_realpath() asks VCWD_GETCWD for each). */
typedef struct sc_cwd {
	bool asked, ok;
	size_t len;
	char buf[MAXPATHLEN];
} sc_cwd;

/* Is the candidate spelled trypath known not to exist?  Its absolute
 * spelling is the one tsrm_realpath() would lstat() (virtual_file_ex()'s
 * join); a spelling PHP's realpath cache holds is PHP's to answer (it
 * answers from there, even for a file gone since). */
static bool sc_known_missing(sc_cache *c, sc_cwd *cwd, const char *trypath, size_t len)
{
	char abs[MAXPATHLEN];
	const char *key = trypath;
	uint64_t misses;
	sc_entry *e;

	if (trypath[0] != '/') {
		if (!cwd->asked) {
			cwd->asked = true;
			cwd->ok = VCWD_GETCWD(cwd->buf, MAXPATHLEN) != NULL && cwd->buf[0] == '/';
			cwd->len = cwd->ok ? strlen(cwd->buf) : 0;
		}
		if (!cwd->ok || cwd->len + 1 + len + 1 >= MAXPATHLEN - 1) {
			return false;
		}
		memcpy(abs, cwd->buf, cwd->len);
		if (abs[cwd->len - 1] == '/') {
			memcpy(abs + cwd->len, trypath, len + 1);
			len += cwd->len;
		} else {
			abs[cwd->len] = '/';
			memcpy(abs + cwd->len + 1, trypath, len + 1);
			len += cwd->len + 1;
		}
		key = abs;
	}
	if (len >= MAXPATHLEN || realpath_cache_lookup(key, len, time(NULL))) {
		return false;
	}
	misses = atomic_load_explicit(&c->n->misses, memory_order_relaxed);
	e = sc_hook_lookup(key, len, false);
	if (e && e->r.kind == SC_KIND_MISSING) {
		if (atomic_load_explicit(&c->n->misses, memory_order_relaxed) == misses) {
			sc_count(&c->n->include_path_skipped); /* a hit: no syscall */
		}
		return true;
	}
	return false;
}

/* PHP's tsrm_realpath_str() (fopen_wrappers.c). */
static zend_string *sc_realpath_str(const char *path)
{
	char *real = tsrm_realpath(path, NULL);
	zend_string *s;
	if (!real) {
		return NULL;
	}
	s = zend_string_init(real, strlen(real), 0);
	efree(real);
	return s;
}

/* One candidate: NULL when it is known missing or tsrm_realpath() fails on
 * it (PHP then tries the next one). */
static zend_string *sc_try(sc_cache *c, sc_cwd *cwd, const char *trypath, size_t len)
{
	if (sc_known_missing(c, cwd, trypath, len)) {
		return NULL;
	}
	return sc_realpath_str(trypath);
}

/* php_resolve_path()'s walk for a plain name and include_path, in its
 * order and with its length limits; *done is false when the case is not
 * plain after all (the caller asks the previous resolver). */
static zend_string *sc_resolve_plain(sc_cache *c, const char *filename, size_t filename_length,
	const char *path, bool *done)
{
	char trypath[MAXPATHLEN];
	const char *ptr = path, *end;
	zend_string *resolved, *exec_filename = NULL;
	sc_cwd cwd;

	cwd.asked = false;
	*done = false;
	if (zend_is_executing()) {
		exec_filename = zend_get_executed_filename_ex();
		if (exec_filename && sc_has_scheme(ZSTR_VAL(exec_filename))) {
			return NULL; /* running from phar:// & co: their resolver's */
		}
	}
	*done = true;
	while (ptr && *ptr) {
		end = strchr(ptr, DEFAULT_DIR_SEPARATOR);
		if (end) {
			if ((size_t) (end - ptr) > MAXPATHLEN || (size_t) (end - ptr) + 1 + filename_length + 1 >= MAXPATHLEN) {
				ptr = end + 1;
				continue;
			}
			memcpy(trypath, ptr, end - ptr);
			trypath[end - ptr] = '/';
			memcpy(trypath + (end - ptr) + 1, filename, filename_length + 1);
			ptr = end + 1;
		} else {
			size_t len = strlen(ptr);
			if (len > MAXPATHLEN || len + 1 + filename_length + 1 >= MAXPATHLEN) {
				break;
			}
			memcpy(trypath, ptr, len);
			trypath[len] = '/';
			memcpy(trypath + len + 1, filename, filename_length + 1);
			ptr = NULL;
		}
		resolved = sc_try(c, &cwd, trypath, strlen(trypath));
		if (resolved) {
			return resolved;
		}
	}

	/* the calling script's directory, as PHP computes it (a name without a
	 * slash, "Command line code", wraps to the bare name) */
	if (exec_filename) {
		const char *exec_fname = ZSTR_VAL(exec_filename);
		size_t exec_fname_length = ZSTR_LEN(exec_filename);

		while ((--exec_fname_length < SIZE_MAX) && !IS_SLASH(exec_fname[exec_fname_length]));
		if (exec_fname_length > 0 && filename_length < (MAXPATHLEN - 2)
				&& exec_fname_length + 1 + filename_length + 1 < MAXPATHLEN) {
			memcpy(trypath, exec_fname, exec_fname_length + 1);
			memcpy(trypath + exec_fname_length + 1, filename, filename_length + 1);
			return sc_try(c, &cwd, trypath, strlen(trypath));
		}
	}
	return NULL;
}

/* The cached walk for name under the include_path in force; *handled is
 * false when PHP's own resolver must answer instead. */
static zend_string *sc_resolve_cached(const char *name, size_t len, bool *handled)
{
	const char *path = PG(include_path);
	sc_cache *c;
	zend_string *r;

	*handled = false;
	if (!SCG(active) || SCG(bypass_depth) || !path || !*path || !sc_plain_name(name, len)) {
		return NULL;
	}
	c = statcache_thread_cache();
	if (!c) {
		return NULL;
	}
	if (!sc_plain_include_path(path)) {
		sc_count(&c->n->include_path_fallbacks);
		return NULL;
	}
	r = sc_resolve_plain(c, name, len, path, handled);
	if (!*handled) {
		sc_count(&c->n->include_path_fallbacks);
	} else if (r) {
		sc_count(&c->n->include_path_hits);
	}
	return r;
}

/* The resolver installed in zend_resolve_path. */
static zend_string *sc_resolve_path(zend_string *filename)
{
	bool handled;
	zend_string *r = sc_resolve_cached(ZSTR_VAL(filename), ZSTR_LEN(filename), &handled);
	return handled ? r : sc_prev_resolve_path(filename);
}

void statcache_include_install(void)
{
	if (zend_resolve_path != sc_resolve_path) {
		sc_prev_resolve_path = zend_resolve_path;
		zend_resolve_path = sc_resolve_path;
	}
}

void statcache_include_uninstall(void)
{
	/* put back only what is still ours: a later hook stays (and keeps
	 * calling us until it is removed: sc_prev_resolve_path stays valid) */
	if (zend_resolve_path == sc_resolve_path) {
		zend_resolve_path = sc_prev_resolve_path;
	}
}

#endif
