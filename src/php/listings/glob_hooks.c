/*
 * statcache: glob() and glob:// answered from the remembered listings
 * (src/php/listings/listing_hooks.c), with the glob(3) PHP calls.
 *
 *  - glob(): PHP's function, step for step, with the glob(3) PHP calls
 *    (glibc's up to 8.4; from 8.5 PHP's own php_glob(), see below) given
 *    directory and stat callbacks (GLOB_ALTDIRFUNC): matching, brace
 *    expansion and sorting stay that implementation's, the directory reads
 *    and stats come from the caches.  Patterns PHP would refuse or resolve
 *    against the cwd go to the saved handler.
 *  - glob:// (GlobIterator, opendir("glob://...")): the glob wrapper is
 *    const, so hooks.c replaces the "glob" entry of the wrapper table by a
 *    copy whose opener takes PHP's steps with the same glob(3) call; the
 *    stream it returns is PHP's own glob stream (its ops, its state
 *    struct), so SPL's GlobIterator::count() and path lookups work on it
 *    unchanged.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_statcache.h"

#if STATCACHE_HAVE_CACHE

#include "main/php_streams.h"
#include "main/streams/php_stream_glob_wrapper.h"
#include "php/module/intercept.h"
#include "php/module/orig.h"
#include "php/listings/listing_hooks.h"
#include "php/listings/glob_hooks.h"
#include "core/listing.h"
#include "engine/follow.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>

/* The glob(3) that PHP's glob() and glob:// call, and its flags.  Up to
 * 8.4 that is glibc's glob() (ext/standard/dir.c lists the flags glob()
 * accepts; GLOB_ONLYDIR is glibc's and handed to it).  PHP 8.5 globs with
 * its own implementation (main/php_glob.c, OpenBSD's: its own PHP_GLOB_*
 * values, strcmp() sorting, its own brace expansion), or with the
 * system's where PHP was configured with --enable-system-glob;
 * main/php_glob.h names either as php_glob(), php_glob_t and PHP_GLOB_*,
 * and PHP_GLOB_ONLYDIR is PHP's alone there, masked out of the flags
 * glob(3) gets (PHP_GLOB_FLAGMASK).  Both take the same five callbacks. */
#if PHP_VERSION_ID >= 80500
# include "main/php_glob.h"
typedef php_glob_t sc_glob_t;
# define SC_GLOB_ALTDIRFUNC PHP_GLOB_ALTDIRFUNC
# define SC_GLOB_APPEND PHP_GLOB_APPEND
# define SC_GLOB_NOMATCH PHP_GLOB_NOMATCH
# define SC_GLOB_ONLYDIR PHP_GLOB_ONLYDIR
# define SC_GLOB_NOSORT PHP_GLOB_NOSORT
# define SC_GLOB_FLAGS PHP_GLOB_AVAILABLE_FLAGS
# define SC_GLOB_FLAGMASK PHP_GLOB_FLAGMASK
#else
# include <glob.h>
typedef glob_t sc_glob_t;
# define SC_GLOB_ALTDIRFUNC GLOB_ALTDIRFUNC
# define SC_GLOB_APPEND GLOB_APPEND
# define SC_GLOB_NOMATCH GLOB_NOMATCH
# define SC_GLOB_ONLYDIR GLOB_ONLYDIR
# define SC_GLOB_NOSORT GLOB_NOSORT
# define SC_GLOB_FLAGS (GLOB_BRACE | GLOB_MARK | GLOB_NOSORT | GLOB_NOCHECK | GLOB_NOESCAPE \
	| GLOB_ERR | GLOB_ONLYDIR)
# define SC_GLOB_FLAGMASK (~0)
#endif

/* The glob(3) of this PHP on pattern (see above): 0, or its error. */
static int sc_glob_run(const char *pattern, int flags, sc_glob_t *gb)
{
#if PHP_VERSION_ID >= 80500
	return php_glob(pattern, flags, NULL, gb);
#else
	return glob(pattern, flags, NULL, gb);
#endif
}

/* Frees what sc_glob_run() allocated (PHP 8.5's own glob allocates with
 * emalloc(): its php_globfree() is the one that may free it). */
static void sc_glob_free(sc_glob_t *gb)
{
#if PHP_VERSION_ID >= 80500
	php_globfree(gb);
#else
	globfree(gb);
#endif
}

/* ---- glob(3) callbacks ------------------------------------------------------ */

/* lstat() (follow = 0) or stat() as the stat cache answers it: true with
 * *rc (0 and *st filled, or -1 and errno) where it does, false where only
 * the syscall can say.  GLOB_MARK results end in '/' (PHP's GLOB_ONLYDIR
 * re-check stats them): "dir/" is the directory, "file/" fails with
 * ENOTDIR, and a symlink is followed even by lstat(). */
static bool sc_gl_cached_stat(const char *path, struct stat *st, bool follow, int *rc)
{
	size_t len = path[0] == '/' ? strlen(path) : 0, base = len;
	char dir[MAXPATHLEN];
	sc_entry *e = NULL;

	while (base > 1 && path[base - 1] == '/') {
		base--;
	}
	if (len && base < sizeof(dir)) {
		memcpy(dir, path, base);
		dir[base] = '\0';
		if (SCG(active) && !SCG(bypass_depth) && SCG(cache) && sc_first_look_leave(SCG(cache), dir, base)) {
			return false; /* at its first looks: the syscall glob(3) makes says it */
		}
		e = sc_hook_lookup(dir, base);
	}
	if (e && e->r.kind == SC_KIND_LINK && (follow || base < len)) {
		e = sc_follow_last(SCG(cache), e); /* "link/" is followed even by lstat() */
	}
	if (!e) {
		return false;
	}
	if (base < len && e->r.kind == SC_KIND_FOUND && !S_ISDIR(e->r.st.st_mode)) {
		errno = ENOTDIR;
		*rc = -1;
		return true;
	}
	if (e->r.kind == SC_KIND_FOUND || (e->r.kind == SC_KIND_LINK && !follow && base == len)) {
		*st = e->r.st;
		*rc = 0;
		return true;
	}
	if (e->r.kind == SC_KIND_MISSING) {
		errno = e->r.err;
		*rc = -1;
		return true;
	}
	return false;
}

/* lstat() (follow = 0) or stat(): the stat cache's answer where it has
 * one, else the syscall's. */
static int sc_gl_statx(const char *path, struct stat *st, bool follow)
{
	int rc;

	if (sc_gl_cached_stat(path, st, follow, &rc)) {
		return rc;
	}
	return follow ? stat(path, st) : lstat(path, st);
}

/* The glob() in progress reads one directory for names of one class only
 * (sc_glob_class()): that directory, and the class. */
typedef struct sc_gl_class {
	const char *dir;
	size_t dirlen;
	const char *cls;
	size_t clen;
} sc_gl_class;

ZEND_TLS sc_gl_class sc_gl_cls;

/* Is a glob(3) character one that matches more than itself (or escapes,
 * or opens a brace)? */
static bool sc_glob_meta(char ch)
{
	return ch == '*' || ch == '?' || ch == '[' || ch == ']' || ch == '\\' || ch == '{' || ch == '}';
}

/* "DIR/LAST.CLS": DIR with no metacharacter (the one directory glob(3)
 * reads), LAST with one, CLS (after LAST's last '.') with none: every name
 * the pattern can match there ends in ".CLS", so its class
 * (sc_name_class()) is CLS.  Sorted results only (GLOB_NOSORT would give
 * readdir()'s order, which a listing kept across other names' changes
 * need not have). */
static bool sc_glob_class(const char *pattern, size_t len, zend_long flags, sc_gl_class *out)
{
	const char *slash = memrchr(pattern, '/', len), *dot;
	bool meta = false;

	if (!slash || slash == pattern || (flags & SC_GLOB_NOSORT)) {
		return false;
	}
	for (const char *p = pattern; p < slash; p++) {
		if (sc_glob_meta(*p)) {
			return false;
		}
	}
	dot = memrchr(slash + 1, '.', (size_t) (pattern + len - slash - 1));
	if (!dot || dot + 1 == pattern + len) {
		return false;
	}
	for (const char *p = slash + 1; p < dot; p++) {
		meta = meta || sc_glob_meta(*p);
	}
	for (const char *p = dot + 1; p < pattern + len; p++) {
		if (sc_glob_meta(*p)) {
			return false;
		}
	}
	if (!meta) {
		return false; /* a name, not a pattern: glob(3) stats it */
	}
	out->dir = pattern;
	out->dirlen = (size_t) (slash - pattern);
	out->cls = dot + 1;
	out->clen = (size_t) (pattern + len - dot - 1);
	return true;
}

/* A directory glob(3) reads: a remembered listing, or the real one. */
typedef struct sc_gl_dir {
	sc_listing *l;
	DIR *real;
	uint32_t pos;
	struct dirent ent;
} sc_gl_dir;

/* glob(3)'s opendir(): the remembered listing of an absolute directory
 * (read once, then kept while its generations hold), else a real opendir(). */
static void *sc_gl_opendir(const char *name)
{
	sc_gl_dir *d = calloc(1, sizeof(*d));
	if (!d) {
		errno = ENOMEM;
		return NULL;
	}
	/* glob(3) itself never checks open_basedir: PHP filters its results */
	if (name[0] == '/') {
		size_t len = strlen(name), base = len;
		while (base > 1 && name[base - 1] == '/') {
			base--; /* PHP 8.5's glob(3) opens "dir/" */
		}
		if (sc_gl_cls.dir && base == sc_gl_cls.dirlen && memcmp(name, sc_gl_cls.dir, base) == 0) {
			d->l = sc_listing_for(name, len, false, true, sc_gl_cls.cls, sc_gl_cls.clen);
		} else {
			d->l = sc_listing_for(name, len, false, true, NULL, 0);
		}
	}
	if (!d->l) {
		struct stat st;
		int rc;
		/* what the stat cache knows is no directory fails as opendir()
		 * would, without the syscall: PHP 8.5's glob(3) opens each match
		 * of a component that more components follow, files included
		 * (glibc's skips those by d_type) */
		if (sc_gl_cached_stat(name, &st, true, &rc) && (rc != 0 || !S_ISDIR(st.st_mode))) {
			int err = rc != 0 ? errno : ENOTDIR;
			free(d);
			errno = err;
			return NULL;
		}
		d->real = opendir(name);
		if (!d->real) {
			int err = errno;
			free(d);
			errno = err;
			return NULL;
		}
	}
	return d;
}

/* glob(3)'s readdir(): the listing's next entry as readdir() gave it (name,
 * d_ino, d_type: glibc's glob skips stats by d_type), or the real one's. */
static struct dirent *sc_gl_readdir(void *p)
{
	sc_gl_dir *d = p;
	const sc_listing_name *n;

	if (d->real) {
		return readdir(d->real);
	}
	if (d->pos >= d->l->count) {
		return NULL;
	}
	n = &d->l->ents[d->pos];
	memcpy(d->ent.d_name, sc_listing_name_at(d->l, d->pos), (size_t) n->len + 1);
	d->ent.d_ino = (ino_t) n->ino;
	d->ent.d_type = n->type;
	d->ent.d_off = (off_t) ++d->pos;
	d->ent.d_reclen = (unsigned short) sizeof(d->ent);
	return &d->ent;
}

/* glob(3)'s closedir(): our reference to the listing goes (a flush meanwhile
 * freed nothing we read), or the real directory is closed. */
static void sc_gl_closedir(void *p)
{
	sc_gl_dir *d = p;
	if (d->real) {
		closedir(d->real);
	}
	sc_listing_release(d->l);
	free(d);
}

/* glob(3)'s lstat(): every match of PHP 8.5's glob, a match's type for
 * glibc's where d_type is unknown. */
static int sc_gl_lstat(const char *restrict path, struct stat *restrict st)
{
	return sc_gl_statx(path, st, false);
}

/* glob(3)'s stat(): a symlink's target for GLOB_MARK, and PHP's GLOB_ONLYDIR
 * re-check. */
static int sc_gl_stat(const char *restrict path, struct stat *restrict st)
{
	return sc_gl_statx(path, st, true);
}

/* ---- glob() ------------------------------------------------------------------ */

/* The callbacks glob(3) reads directories and stats through. */
static void sc_gl_callbacks(sc_glob_t *gb)
{
	gb->gl_opendir = sc_gl_opendir;
	gb->gl_readdir = sc_gl_readdir;
	gb->gl_closedir = sc_gl_closedir;
	gb->gl_lstat = sc_gl_lstat;
	gb->gl_stat = sc_gl_stat;
}

/* PHP_FUNCTION(glob) for an absolute pattern of plain arguments: the same
 * glob(3) call (plus GLOB_ALTDIRFUNC) and the same post-processing
 * (open_basedir filter, GLOB_ONLYDIR re-check with stat(), [] vs false),
 * which 8.2 to 8.5 share. */
static bool sc_glob_answer(zend_execute_data *execute_data, zval *return_value)
{
	zval *zpat, *zflags = NULL;
	const char *pattern;
	zend_long flags = 0;
	sc_glob_t gb;
	bool basedir_limit = false;
	int ret;

	if (!SCG(active) || SCG(bypass_depth) || SCG(max_listing_bytes) == 0 || ZEND_NUM_ARGS() < 1 || ZEND_NUM_ARGS() > 2
			|| (ZEND_CALL_INFO(execute_data) & ZEND_CALL_HAS_EXTRA_NAMED_PARAMS)) {
		return false;
	}
	zpat = ZEND_CALL_ARG(execute_data, 1);
	ZVAL_DEREF(zpat);
	if (ZEND_NUM_ARGS() == 2) {
		zflags = ZEND_CALL_ARG(execute_data, 2);
		ZVAL_DEREF(zflags);
		if (Z_TYPE_P(zflags) != IS_LONG) {
			return false;
		}
		flags = Z_LVAL_P(zflags);
	}
	/* what PHP refuses with an error, or resolves against the cwd, is PHP's */
	if (Z_TYPE_P(zpat) != IS_STRING || Z_STRLEN_P(zpat) == 0 || Z_STRLEN_P(zpat) >= MAXPATHLEN
			|| Z_STRVAL_P(zpat)[0] != '/' || strlen(Z_STRVAL_P(zpat)) != Z_STRLEN_P(zpat)
			|| (SC_GLOB_FLAGS & flags) != flags || !statcache_thread_cache()
			|| sc_watcher_start() < 0) {
		return false;
	}
	pattern = Z_STRVAL_P(zpat);

	memset(&gb, 0, sizeof(gb));
	sc_gl_callbacks(&gb);
	if (!sc_glob_class(pattern, Z_STRLEN_P(zpat), flags, &sc_gl_cls)) {
		memset(&sc_gl_cls, 0, sizeof(sc_gl_cls));
	}
	ret = sc_glob_run(pattern, (int) (flags & SC_GLOB_FLAGMASK) | SC_GLOB_ALTDIRFUNC, &gb);
	memset(&sc_gl_cls, 0, sizeof(sc_gl_cls));
	if (ret != 0) {
		sc_glob_free(&gb);
		if (ret == SC_GLOB_NOMATCH) {
			array_init(return_value);
		} else {
			RETVAL_FALSE;
		}
		return true;
	}
	array_init(return_value);
	for (size_t n = 0; n < gb.gl_pathc && gb.gl_pathv; n++) {
		zval tmp;
		if (PG(open_basedir) && *PG(open_basedir) && php_check_open_basedir_ex(gb.gl_pathv[n], 0)) {
			basedir_limit = true;
			continue;
		}
		/* PHP re-checks GLOB_ONLYDIR with stat(): glibc may let others
		 * through, and 8.5's own glob(3) never sees the flag */
		if (flags & SC_GLOB_ONLYDIR) {
			struct stat st;
			if (sc_gl_stat(gb.gl_pathv[n], &st) != 0 || !S_ISDIR(st.st_mode)) {
				continue;
			}
		}
		ZVAL_STRING(&tmp, gb.gl_pathv[n]);
		zend_hash_next_index_insert_new(Z_ARRVAL_P(return_value), &tmp);
	}
	sc_glob_free(&gb);
	if (basedir_limit && !zend_hash_num_elements(Z_ARRVAL_P(return_value))) {
		zend_array_destroy(Z_ARR_P(return_value));
		RETVAL_FALSE;
	}
	return true;
}

/* glob()'s handler: ours where sc_glob_answer() takes the call, else
 * what was installed before us. */
void sc_glob(INTERNAL_FUNCTION_PARAMETERS)
{
	if (sc_glob_answer(execute_data, return_value)) {
		return;
	}
	sc_orig(SC_I_glob)(INTERNAL_FUNCTION_PARAM_PASSTHRU);
}

/* ---- glob:// ----------------------------------------------------------------- */

#ifdef SC_GLOB_STREAM

/* main/streams/glob_wrapper.c's glob_s_t, which its stream ops and SPL
 * read (8.1 to 8.5: the same fields; its first is the glob(3) result of
 * that PHP, glibc's glob_t up to 8.4, php_glob_t from 8.5). */
typedef struct sc_glob_s {
	sc_glob_t glob;
	size_t index;
	int flags;
	char *path;
	size_t path_len;
	char *pattern;
	size_t pattern_len;
	size_t *open_basedir_indexmap;
	size_t open_basedir_indexmap_size;
	bool open_basedir_used;
} sc_glob_s;

/* glob_wrapper.c's php_glob_stream_path_split() with get_path set: the
 * directory part of path, as the stream reports it. */
static void sc_glob_set_path(sc_glob_s *g, const char *path)
{
	const char *file = strrchr(path, '/');
	size_t len;

	file = file ? file + 1 : path;
	len = (size_t) (file - path);
	if (len > 1) {
		len--;
	}
	g->path_len = len;
	g->path = estrndup(path, len);
}

/* php_glob_stream_opener(), step for step, with the cached glob(3). */
php_stream *sc_glob_opener(php_stream_wrapper *wrapper, const char *path, const char *mode,
	int options, zend_string **opened_path, php_stream_context *context STREAMS_DC)
{
	const char *pattern = path, *file;
	sc_glob_s *g;
	int ret;

	if (!strncmp(pattern, "glob://", sizeof("glob://") - 1)) {
		pattern += sizeof("glob://") - 1;
	}
	if (!SCG(active) || SCG(bypass_depth) || SCG(max_listing_bytes) == 0 || pattern[0] != '/'
			|| strlen(pattern) >= MAXPATHLEN || !statcache_thread_cache() || sc_watcher_start() < 0) {
		return sc_glob_orig->wops->dir_opener(wrapper, path, mode, options, opened_path, context STREAMS_REL_CC);
	}
	if (pattern != path && opened_path) {
		*opened_path = zend_string_init(pattern, strlen(pattern), 0);
	}
	g = ecalloc(1, sizeof(*g));
	sc_gl_callbacks(&g->glob);
	ret = sc_glob_run(pattern, SC_GLOB_ALTDIRFUNC, &g->glob);
	if (ret != 0 && ret != SC_GLOB_NOMATCH) {
		sc_glob_free(&g->glob);
		efree(g);
		return NULL;
	}
	if ((options & STREAM_DISABLE_OPEN_BASEDIR) == 0) {
		g->open_basedir_used = true;
		for (size_t i = 0; i < g->glob.gl_pathc; i++) {
			if (!php_check_open_basedir_ex(g->glob.gl_pathv[i], 0)) {
				if (!g->open_basedir_indexmap) {
					g->open_basedir_indexmap = safe_emalloc(g->glob.gl_pathc, sizeof(size_t), 0);
				}
				g->open_basedir_indexmap[g->open_basedir_indexmap_size++] = i;
			}
		}
	}
	file = strrchr(pattern, '/');
	file = file ? file + 1 : pattern;
	g->pattern_len = strlen(file);
	g->pattern = estrndup(file, g->pattern_len);
	g->flags |= SC_GLOB_APPEND; /* the stream's read splits each path again */
	sc_glob_set_path(g, g->glob.gl_pathc ? g->glob.gl_pathv[0] : pattern);
	return php_stream_alloc(&php_glob_stream_ops, g, 0, mode);
}
#endif

#endif
