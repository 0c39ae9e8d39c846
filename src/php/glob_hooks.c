/*
 * statcache: glob() and glob:// answered from the remembered listings
 * (src/php/listing_hooks.c).
 *
 *  - glob(): PHP's function, step for step, with glibc's glob(3) called
 *    with GLOB_ALTDIRFUNC: matching, GLOB_BRACE and sorting stay glibc's,
 *    the directory reads and stats come from the caches.  Patterns PHP
 *    would refuse or resolve against the cwd go to the saved handler.
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
#include "php/intercept.h"
#include "php/orig.h"
#include "php/listing_hooks.h"
#include "php/glob_hooks.h"
#include "core/listing.h"
#include "engine/follow.h"

#include <dirent.h>
#include <errno.h>
#include <glob.h>
#include <stdlib.h>
#include <sys/stat.h>

/* ---- glob(3) callbacks ------------------------------------------------------ */

/* PHP 8.5 answers glob() and glob:// with its own implementation
 * (main/php_glob.c, the system's only with --enable-system-glob), whose
 * GLOB_* values, sorting and brace expansion are not glibc's: there, both
 * stay PHP's, and glibc's glob(3) below is not used. */
#if PHP_VERSION_ID < 80500
# define SC_GLIBC_GLOB 1

/* A directory glob(3) reads: a remembered listing, or the real one. */
typedef struct sc_gl_dir {
	sc_listing *l;
	DIR *real;
	uint32_t pos;
	struct dirent ent;
} sc_gl_dir;

static void *sc_gl_opendir(const char *name)
{
	sc_gl_dir *d = calloc(1, sizeof(*d));
	if (!d) {
		errno = ENOMEM;
		return NULL;
	}
	/* glob(3) itself never checks open_basedir: PHP filters its results */
	if (name[0] == '/') {
		d->l = sc_listing_for(name, strlen(name), false, true);
	}
	if (!d->l) {
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

static void sc_gl_closedir(void *p)
{
	sc_gl_dir *d = p;
	if (d->real) {
		closedir(d->real);
	}
	sc_listing_release(d->l);
	free(d);
}

/* lstat() (follow = 0) or stat() from the stat cache where it answers.
 * GLOB_MARK results end in '/' (PHP's GLOB_ONLYDIR re-check stats them):
 * "dir/" is the directory, "file/" fails with ENOTDIR, and a symlink is
 * followed even by lstat(). */
static int sc_gl_statx(const char *path, struct stat *st, bool follow)
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
		e = sc_hook_lookup(dir, base);
	}
	if (e && e->r.kind == SC_KIND_LINK && (follow || base < len)) {
		e = sc_follow_last(SCG(cache), e); /* "link/" is followed even by lstat() */
	}
	if (e && base < len) {
		if (e->r.kind == SC_KIND_FOUND) {
			if (!S_ISDIR(e->r.st.st_mode)) {
				errno = ENOTDIR;
				return -1;
			}
			*st = e->r.st;
			return 0;
		}
		if (e->r.kind == SC_KIND_MISSING) {
			errno = e->r.err;
			return -1;
		}
		e = NULL;
	}
	if (e) {
		if (e->r.kind == SC_KIND_FOUND || (e->r.kind == SC_KIND_LINK && !follow)) {
			*st = e->r.st;
			return 0;
		}
		if (e->r.kind == SC_KIND_MISSING) {
			errno = e->r.err;
			return -1;
		}
	}
	return follow ? stat(path, st) : lstat(path, st);
}

static int sc_gl_lstat(const char *restrict path, struct stat *restrict st)
{
	return sc_gl_statx(path, st, false);
}

static int sc_gl_stat(const char *restrict path, struct stat *restrict st)
{
	return sc_gl_statx(path, st, true);
}

/* ---- glob() ------------------------------------------------------------------ */

/* ext/standard/dir.c's list of the flags glob() accepts on glibc. */
#define SC_GLOB_FLAGS (GLOB_BRACE | GLOB_MARK | GLOB_NOSORT | GLOB_NOCHECK | GLOB_NOESCAPE \
	| GLOB_ERR | GLOB_ONLYDIR)

/* The callbacks glob(3) reads directories and stats through. */
static void sc_gl_callbacks(glob_t *gb)
{
	gb->gl_opendir = sc_gl_opendir;
	gb->gl_readdir = sc_gl_readdir;
	gb->gl_closedir = sc_gl_closedir;
	gb->gl_lstat = sc_gl_lstat;
	gb->gl_stat = sc_gl_stat;
}

/* PHP_FUNCTION(glob) for an absolute pattern of plain arguments: the same
 * glob(3) call (plus GLOB_ALTDIRFUNC) and the same post-processing
 * (open_basedir filter, GLOB_ONLYDIR re-check, [] vs false). */
static bool sc_glob_answer(zend_execute_data *execute_data, zval *return_value)
{
	zval *zpat, *zflags = NULL;
	const char *pattern;
	zend_long flags = 0;
	glob_t gb;
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
	ret = glob(pattern, (int) flags | GLOB_ALTDIRFUNC, NULL, &gb);
	if (ret != 0) {
		globfree(&gb);
		if (ret == GLOB_NOMATCH) {
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
		/* PHP re-checks GLOB_ONLYDIR with stat(): glibc may let others through */
		if (flags & GLOB_ONLYDIR) {
			struct stat st;
			if (sc_gl_stat(gb.gl_pathv[n], &st) != 0 || !S_ISDIR(st.st_mode)) {
				continue;
			}
		}
		ZVAL_STRING(&tmp, gb.gl_pathv[n]);
		zend_hash_next_index_insert_new(Z_ARRVAL_P(return_value), &tmp);
	}
	globfree(&gb);
	if (basedir_limit && !zend_hash_num_elements(Z_ARRVAL_P(return_value))) {
		zend_array_destroy(Z_ARR_P(return_value));
		RETVAL_FALSE;
	}
	return true;
}

#endif /* SC_GLIBC_GLOB */

void sc_glob(INTERNAL_FUNCTION_PARAMETERS)
{
#ifdef SC_GLIBC_GLOB
	if (sc_glob_answer(execute_data, return_value)) {
		return;
	}
#endif
	sc_orig(SC_I_glob)(INTERNAL_FUNCTION_PARAM_PASSTHRU);
}

/* ---- glob:// ----------------------------------------------------------------- */

#ifdef SC_GLOB_STREAM

/* main/streams/glob_wrapper.c's glob_s_t, which its stream ops and SPL
 * read (8.1 to 8.4: the same fields; 8.5 holds its own php_glob_t there
 * instead of glibc's glob_t, so glob:// stays PHP's there). */
typedef struct sc_glob_s {
	glob_t glob;
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
	ret = glob(pattern, GLOB_ALTDIRFUNC, NULL, &g->glob);
	if (ret != 0 && ret != GLOB_NOMATCH) {
		globfree(&g->glob);
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
	g->flags |= GLOB_APPEND;
	sc_glob_set_path(g, g->glob.gl_pathc ? g->glob.gl_pathv[0] : pattern);
	return php_stream_alloc(&php_glob_stream_ops, g, 0, mode);
}
#endif

#endif
