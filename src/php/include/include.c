/*
 * statcache: include_path's walk taken on cached answers, for include and
 * require and every caller of zend_resolve_path().
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
 * fopen(), file_get_contents(), file(), readfile(), get_meta_tags(),
 * SplFileObject and the zlib functions with the include path call
 * php_resolve_path() directly, which no pointer reaches.  For them
 * (src/php/include/include_calls.c) the function runs, with its own arguments, on the suffix of include_path that
 * starts at the first entry not known missing: PHP's walk over that suffix
 * is PHP's walk over the whole, minus the candidates that fail anyway.  The
 * suffix is in force only from the call until the plain wrapper's opener
 * runs (src/php/sync/sync.c puts include_path back there, before any warning
 * can reach an error handler), and only for calls whose arguments have
 * exactly their declared types (no coercion notice can run user code
 * while it is in force).
 *
 * Only the plain case is answered; everything else goes to what was
 * installed before us (PHP's resolver, phar's, ...):
 *  - a name with a scheme, an absolute name (but for one the cache knows
 *    missing: sc_resolve_absolute()), ./ and ../ names (PHP does not use
 *    include_path for them), a name ending in /, /. or /.. ;
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

#include "php/include/include.h"
#include "php/include/include_walk.h"
#include "php/module/intercept.h"
#include "php/module/orig.h"
#include "php/realpath/realpath.h"
#include "Zend/zend_virtual_cwd.h"

#include <ctype.h>

/* What was installed before us.  Process-wide: written in the startup
 * callback and at shutdown, when no request runs; read by every thread. */

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

	/* (no ':', no scheme: the scan of sc_has_scheme() would stop at a ':') */
	if (len == 0 || len >= MAXPATHLEN - 2 || memchr(name, '\0', len) || name[0] == '/'
			|| (memchr(name, ':', len) && sc_has_scheme(name))) {
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

/* The absolute spelling of the candidate trypath, the one tsrm_realpath()
 * would lstat() (virtual_file_ex()'s join with the working directory), in
 * abs (MAXPATHLEN) when it is relative; NULL when there is none. */
static const char *sc_candidate_abs(sc_cwd *cwd, const char *trypath, size_t *len, char *abs)
{
	if (trypath[0] == '/') {
		return trypath;
	}
	if (!cwd->asked) {
		cwd->asked = true;
		cwd->ok = VCWD_GETCWD(cwd->buf, MAXPATHLEN) != NULL && cwd->buf[0] == '/';
		cwd->len = cwd->ok ? strlen(cwd->buf) : 0;
	}
	if (!cwd->ok || cwd->len + 1 + *len + 1 >= MAXPATHLEN - 1) {
		return NULL;
	}
	memcpy(abs, cwd->buf, cwd->len);
	if (abs[cwd->len - 1] == '/') {
		memcpy(abs + cwd->len, trypath, *len + 1);
		*len += cwd->len;
	} else {
		abs[cwd->len] = '/';
		memcpy(abs + cwd->len + 1, trypath, *len + 1);
		*len += cwd->len + 1;
	}
	return abs;
}

/* Is the candidate spelled trypath known not to exist?  Asked of its
 * absolute spelling; a spelling PHP's realpath cache holds is PHP's to
 * answer (it answers from there, even for a file gone since).  PHP's
 * lookup of it is made as PHP makes it (realpath_cache_lookup(), expired
 * entries of its chain dropped), with the key continued from pre's state
 * when the candidate starts with that absolute entry (pre may be NULL).
 * A MISSING hit behind the hit path's gate answers without a second
 * lookup. */
bool sc_known_missing(sc_cache *c, sc_cwd *cwd, const char *trypath, size_t len, const sc_key_prefix *pre)
{
	char abs[MAXPATHLEN];
	const char *key = sc_candidate_abs(cwd, trypath, &len, abs);
	uint64_t misses;
	sc_entry *e;
	unsigned how = 0;
	bool found;

	if (!key || len >= MAXPATHLEN) {
		return false;
	}
	/* a name the cache holds found is not missing, whatever PHP's realpath
	 * cache holds: the hit alone (no syscall, nothing counted) spares the
	 * hash of PHP's lookup for every candidate that exists */
	e = SCG(active) && !SCG(bypass_depth) ? sc_hit(c, key, len, &how) : NULL;
	if (e && e->r.kind == SC_KIND_FOUND) {
		return false;
	}
	if (pre && pre->len && key == trypath && pre->len <= len) {
		found = sc_rp_cache_has(key, len, sc_rp_key_more(pre->h, key + pre->len, len - pre->len), time(NULL));
	} else {
		found = sc_rp_cache_holds(key, len);
	}
	if (found) {
		return false;
	}
#ifndef VIRTUAL_DIR
	/* sc_hook_probe()'s guards: what sc_hook_lookup() would find the same */
	if (e && e->r.kind == SC_KIND_MISSING && FG(stream_wrappers) == SCG(hit_gate) && key[len - 1] != '/'
			&& sc_ops_ours()) {
		sc_count_hit(c, e->r.kind, how);
		sc_count(&c->n->include_path_skipped); /* a hit: no syscall */
		return true;
	}
#endif
	misses = atomic_load_explicit(&c->n->misses, memory_order_relaxed);
	e = sc_hook_lookup(key, len);
	if (e && e->r.kind == SC_KIND_MISSING) {
		if (atomic_load_explicit(&c->n->misses, memory_order_relaxed) == misses) {
			sc_count(&c->n->include_path_skipped); /* a hit: no syscall */
		}
		return true;
	}
	return false;
}

/* PHP's key state after "entry/" for an absolute include_path entry at
 * position i (entry[0, len)), kept per thread by position and text: the
 * candidates of every walk under it hash only their name (NULL: none). */
static const sc_key_prefix *sc_entry_key(sc_key_prefix *out, unsigned i, const char *entry, size_t len)
{
	if (entry[0] != '/') {
		return NULL;
	}
	out->len = len + 1;
	if (i < SC_IP_KEYS && len < SC_IP_KEY_TEXT) {
		if (SCG(ip_keys)[i].len == len && memcmp(SCG(ip_keys)[i].text, entry, len) == 0) {
			out->h = SCG(ip_keys)[i].h;
			return out;
		}
		out->h = sc_rp_key_more(sc_rp_key_more(SC_RP_KEY_INIT, entry, len), "/", 1);
		SCG(ip_keys)[i].len = (uint16_t) len;
		SCG(ip_keys)[i].h = out->h;
		memcpy(SCG(ip_keys)[i].text, entry, len);
		return out;
	}
	out->h = sc_rp_key_more(sc_rp_key_more(SC_RP_KEY_INIT, entry, len), "/", 1);
	return out;
}

/* Before PHP's tsrm_realpath() of an absolute candidate: PHP's realpath
 * cache is left holding what that walk leaves (src/php/realpath/realpath.c), so the
 * walk finds it there instead of lstat()ing each component, after an
 * application emptied that cache (clearstatcache(true)).  errno as it was. */
static void sc_fill_candidate(const char *path)
{
	int err = errno;
	if (path[0] == '/') {
		sc_realpath_fill(path, strlen(path), SC_RP_REALPATH, NULL);
	}
	errno = err;
}

/* PHP's tsrm_realpath_str() (fopen_wrappers.c) of a candidate: for an
 * absolute one, the replay's result where PHP's call would take it from
 * its realpath cache (sc_realpath_handoff(), whose fill leaves PHP's
 * realpath cache holding what that walk leaves, after an application
 * emptied it), a failure where its walk fails; else PHP's own call. */
static zend_string *sc_realpath_str(const char *path)
{
	char *real;
	zend_string *s;

	if (path[0] == '/') {
		char resolved[SC_RP_MAX];
		size_t rlen;
		int r = sc_realpath_handoff(path, strlen(path), SC_RP_REALPATH, resolved, &rlen);
		if (r >= 0) {
			return r ? zend_string_init(resolved, rlen, 0) : NULL;
		}
	}
	real = tsrm_realpath(path, NULL);
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
	if (sc_known_missing(c, cwd, trypath, len, NULL)) {
		return NULL;
	}
	return sc_realpath_str(trypath);
}

/* A candidate the walk tried, told to the opcache hooks' seen (if any):
 * its absolute spelling, chosen or passed over.  Without one the record
 * cannot be made: seen->ok goes false. */
static void sc_seen(sc_include_seen *seen, sc_cwd *cwd, const char *trypath, bool chosen)
{
	char abs[MAXPATHLEN];
	size_t len = strlen(trypath);
	const char *a;

	if (!seen) {
		return;
	}
	a = sc_candidate_abs(cwd, trypath, &len, abs);
	if (!a) {
		seen->ok = false;
	} else if (chosen) {
		memcpy(seen->chosen, a, len + 1);
	} else if (seen->passed_len + len + 1 <= sizeof(seen->passed)) {
		memcpy(seen->passed + seen->passed_len, a, len + 1);
		seen->passed_len += len + 1;
	} else {
		seen->ok = false;
	}
}

/* php_resolve_path()'s walk over include_path for a plain name, in its
 * order and with its length limits.  With resolved: the first candidate
 * tsrm_realpath() resolves (NULL in *resolved when none does).  Without:
 * where the first entry not known missing starts in path, or the last
 * entry when all are (PHP then fails on it and tries the script's
 * directory, as it would have); *none then says that every candidate PHP
 * would try is known missing. */
const char *sc_walk_include_path(sc_cache *c, sc_cwd *cwd, const char *filename, size_t filename_length,
	const char *path, zend_string **resolved, bool *none, sc_include_seen *seen)
{
	char trypath[MAXPATHLEN];
	const char *ptr = path, *end, *entry = path;
	const sc_key_prefix *pre;
	sc_key_prefix kp;
	unsigned i = 0;

	if (resolved) {
		*resolved = NULL;
	}
	if (none) {
		*none = false;
	}
	for (; ptr && *ptr; i++) {
		entry = ptr;
		end = strchr(ptr, DEFAULT_DIR_SEPARATOR);
		if (end) {
			if ((size_t) (end - ptr) > MAXPATHLEN || (size_t) (end - ptr) + 1 + filename_length + 1 >= MAXPATHLEN) {
				ptr = end + 1;
				continue;
			}
			memcpy(trypath, ptr, end - ptr);
			trypath[end - ptr] = '/';
			memcpy(trypath + (end - ptr) + 1, filename, filename_length + 1);
			pre = sc_entry_key(&kp, i, entry, (size_t) (end - ptr));
			ptr = end + 1;
		} else {
			size_t len = strlen(ptr);
			if (len > MAXPATHLEN || len + 1 + filename_length + 1 >= MAXPATHLEN) {
				break;
			}
			memcpy(trypath, ptr, len);
			trypath[len] = '/';
			memcpy(trypath + len + 1, filename, filename_length + 1);
			pre = sc_entry_key(&kp, i, entry, len);
			ptr = NULL;
		}
		if (sc_known_missing(c, cwd, trypath, strlen(trypath), pre)) {
			sc_seen(seen, cwd, trypath, false);
			continue;
		}
		if (!resolved) {
			sc_fill_candidate(trypath); /* php_resolve_path() resolves it next */
			return entry;
		}
		if ((*resolved = sc_realpath_str(trypath))) {
			sc_seen(seen, cwd, trypath, true);
			return entry;
		}
		sc_seen(seen, cwd, trypath, false);
	}
	if (none) {
		*none = true;
	}
	return entry;
}

/* Is the executing script's name one PHP's walk can use (not phar:// &
 * co, whose resolver looks inside the archive first)?  *exec_filename is
 * set to it, or NULL outside of code. */
bool sc_exec_plain(zend_string **exec_filename)
{
	*exec_filename = NULL;
	if (zend_is_executing()) {
		*exec_filename = zend_get_executed_filename_ex();
		if (*exec_filename && sc_has_scheme(ZSTR_VAL(*exec_filename))) {
			return false;
		}
	}
	return true;
}

/* The candidate php_resolve_path() tries after include_path: the calling
 * script's directory, as PHP computes it (a name without a slash,
 * "Command line code", wraps to the bare name), into trypath (MAXPATHLEN
 * bytes); false when PHP tries none. */
bool sc_exec_candidate(zend_string *exec_filename, const char *filename, size_t filename_length,
	char *trypath)
{
	const char *exec_fname;
	size_t exec_fname_length;

	if (!exec_filename) {
		return false;
	}
	exec_fname = ZSTR_VAL(exec_filename);
	exec_fname_length = ZSTR_LEN(exec_filename);
	while ((--exec_fname_length < SIZE_MAX) && !IS_SLASH(exec_fname[exec_fname_length]));
	if (exec_fname_length > 0 && filename_length < (MAXPATHLEN - 2)
			&& exec_fname_length + 1 + filename_length + 1 < MAXPATHLEN) {
		memcpy(trypath, exec_fname, exec_fname_length + 1);
		memcpy(trypath + exec_fname_length + 1, filename, filename_length + 1);
		return true;
	}
	return false;
}

/* php_resolve_path() for a plain name; *done is false when the case is not
 * plain after all (the caller asks the previous resolver). */
static zend_string *sc_resolve_plain(sc_cache *c, const char *filename, size_t filename_length,
	const char *path, bool *done, sc_include_seen *seen)
{
	char trypath[MAXPATHLEN];
	zend_string *resolved, *exec_filename;
	sc_cwd cwd;

	cwd.asked = false;
	*done = sc_exec_plain(&exec_filename);
	if (!*done) {
		return NULL;
	}
	sc_walk_include_path(c, &cwd, filename, filename_length, path, &resolved, NULL, seen);
	if (resolved) {
		return resolved;
	}
	if (sc_exec_candidate(exec_filename, filename, filename_length, trypath)) {
		resolved = sc_try(c, &cwd, trypath, strlen(trypath));
		sc_seen(seen, &cwd, trypath, resolved != NULL);
		return resolved;
	}
	return NULL;
}

/* The cache, when a relative name is one PHP walks include_path for and
 * the cache may shorten that walk; NULL when PHP's own walk must run. */
sc_cache *sc_include_cache(const char *name, size_t len, const char *path)
{
	sc_cache *c;

	if (!SCG(active) || SCG(bypass_depth) || !path || !*path || !sc_plain_name(name, len)) {
		return NULL;
	}
	c = statcache_thread_cache();
	if (c && !sc_plain_include_path(path)) {
		sc_count(&c->n->include_path_fallbacks);
		return NULL;
	}
	return c;
}

/* The cached walk for name under the include_path in force; *handled is
 * false when PHP's own resolver must answer instead. */
static zend_string *sc_resolve_cached(const char *name, size_t len, bool *handled)
{
	const char *path = PG(include_path);
	sc_cache *c = sc_include_cache(name, len, path);
	zend_string *r;

	*handled = false;
	if (!c) {
		return NULL;
	}
	r = sc_resolve_plain(c, name, len, path, handled, NULL);
	if (!*handled) {
		sc_count(&c->n->include_path_fallbacks);
	} else if (r) {
		sc_count(&c->n->include_path_hits);
	}
	return r;
}

/* An absolute name: php_resolve_path() is tsrm_realpath() of it, which,
 * once the fill has left the name in PHP's realpath cache, answers from
 * there: that answer is handed on as the fill found it, without PHP's walk
 * (sc_realpath_handoff()); a canonical spelling the cache knows missing
 * fails without a syscall (code running from a wrapper keeps its
 * resolver).  opcache, installed after us, still runs first and calls this
 * as PHP's resolver. */
static zend_string *sc_resolve_absolute(const char *name, size_t len, bool *handled)
{
	char resolved[SC_RP_MAX];
	zend_string *exec_filename;
	size_t rlen;
	int r;

	*handled = false;
	/* an include never starts the cache (the first lookup does) */
	if (atomic_load_explicit(&sc_the_proc.state, memory_order_acquire) != SC_PROC_READY
			|| !sc_exec_plain(&exec_filename) || memchr(name, '\0', len)) {
		return NULL;
	}
	r = sc_realpath_handoff(name, len, SC_RP_REALPATH, resolved, &rlen);
	if (r >= 0) {
		*handled = true; /* 0: tsrm_realpath() would fail: no file to include */
	}
	return r == 1 ? zend_string_init(resolved, rlen, 0) : NULL;
}

/* The resolver installed in zend_resolve_path. */
zend_string *sc_resolve_path(zend_string *filename)
{
	bool handled;
	int err = errno;
	zend_string *r;

	if (SCG(oc_raw_name)) {
		return NULL; /* opcache_invalidate() of the name opcache keyed (src/php/opcache/opcache.c) */
	}
	r = ZSTR_VAL(filename)[0] == '/'
		? sc_resolve_absolute(ZSTR_VAL(filename), ZSTR_LEN(filename), &handled)
		: sc_resolve_cached(ZSTR_VAL(filename), ZSTR_LEN(filename), &handled);

	/* errno as the cache's own work found it (the drain's read() says
	 * EAGAIN): a failure PHP meets later without a syscall (an include of
	 * a directory) reports the errno it had */
	errno = err;
	return handled ? r : sc_prev_resolve_path(filename);
}

bool sc_include_walk(const char *name, size_t len, sc_include_seen *seen, zend_string **resolved)
{
	const char *path = PG(include_path);
	zend_string *exec_filename;
	sc_cache *c;
	sc_cwd cwd;
	bool done;

	*resolved = NULL;
	seen->ok = true;
	seen->passed_len = 0;
	seen->chosen[0] = '\0';
	if (memchr(name, '\0', len) || sc_has_scheme(name) || name[0] == '/') {
		return false;
	}
	if (!path || !*path || (name[0] == '.' && (name[1] == '/' || (name[1] == '.' && name[2] == '/')))) {
		/* php_resolve_path(): tsrm_realpath() of the name as given */
		char abs[MAXPATHLEN];
		const char *a;
		size_t alen = len;
		if (!SCG(active) || SCG(bypass_depth) || !statcache_thread_cache() || !sc_exec_plain(&exec_filename)) {
			return false;
		}
		cwd.asked = false;
		a = sc_candidate_abs(&cwd, name, &alen, abs);
		if (!a || alen >= MAXPATHLEN) {
			return false;
		}
		*resolved = sc_realpath_str(a);
		sc_seen(seen, &cwd, a, *resolved != NULL);
		return seen->ok;
	}
	c = sc_include_cache(name, len, path);
	if (!c) {
		return false;
	}
	*resolved = sc_resolve_plain(c, name, len, path, &done, seen);
	if (!done || !seen->ok) {
		if (*resolved) {
			zend_string_release(*resolved);
			*resolved = NULL;
		}
		return false;
	}
	return true;
}

#endif
