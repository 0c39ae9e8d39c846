/*
 * statcache: opendir(), scandir(), dir() and the SPL directory iterators
 * answered from the remembered listings (src/core/listing.h).
 *
 *  - the plain-files wrapper's dir_opener: opendir(), scandir(), dir() and
 *    the SPL directory iterators all open through it; for a watched,
 *    trusted directory it returns a stream that serves the remembered
 *    entries in the kernel's order, with PHP's own dirstream semantics
 *    (rewind, one php_stream_dirent per read).  Anything else, and every
 *    failure, is PHP's own opener: its errno and warnings stay PHP's.
 *  - the listing of a directory, for glob() and glob:// too
 *    (src/php/listings/glob_hooks.c).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_statcache.h"

#if STATCACHE_HAVE_CACHE

#include "main/php_streams.h"
#include "main/streams/php_stream_plain_wrapper.h"
#include "php/module/intercept.h"
#include "php/module/orig.h"
#include "php/listings/listing_hooks.h"
#include "core/listing.h"
#include "engine/follow.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>

/* This thread's store, created on first use (freed at GSHUTDOWN). */
static sc_listings *sc_listings_of_thread(void)
{
	sc_listings *s = SCG(listings);
	if (!s) {
		s = malloc(sizeof(*s));
		if (!s || sc_listings_init(s, (size_t) SCG(max_listing_bytes)) < 0) {
			free(s);
			return NULL;
		}
		SCG(listings) = s;
	}
	return s;
}

void statcache_listings_free(sc_listings *s)
{
	if (s) {
		sc_listings_free(s);
		free(s);
	}
}

/* A listing for a reader of one class of names only (a glob of
 * *.cls in dir): served though the directory's other names came and went,
 * and the directory's own result not filled again for it (only its times
 * moved, not what it is), where one thread alone bumps the table (the
 * class's values, sc_listing_note_class(), are exact there).  NULL: the
 * whole way, sc_listing_for(). */
static sc_listing *sc_listing_for_class(const char *path, size_t len, bool check_basedir, const char *cls,
	size_t clen)
{
	sc_cache *c = statcache_thread_cache();
	sc_listings *s;
	sc_listing *l;
	sc_entry *e;
	sc_gen *g;

	if (!c || !SCG(active) || SCG(bypass_depth) || !sc_file_wrapper_plain() || !sc_ops_intact()
			|| sc_watcher_start() < 0 || !sc_the_proc.gen->solo) {
		return NULL;
	}
	g = sc_the_proc.gen;
	sc_watcher_sync();
	e = sc_table_find(&c->table, path, len, sc_table_hash(path, len));
	if (!e || e->r.kind != SC_KIND_FOUND || !S_ISDIR(e->r.st.st_mode) || e->r.wd < 0
			|| !sc_result_holds_but(g, &e->r, sc_gen_watch_slot(g, e->r.wd))
			|| !(s = sc_listings_of_thread()) || !(l = sc_listings_peek(s, path, len))) {
		return NULL;
	}
	if (l->cls_wd != e->r.wd || !sc_listing_holds_for_class(g, l, cls, clen)
			|| !sc_basedir_allows(path, check_basedir)) {
		sc_listing_release(l);
		return NULL;
	}
	return l;
}

/* The listing of an absolute directory path (a reference to release), or
 * NULL when PHP's own read must answer: not a watched, trusted, real
 * directory, refused by open_basedir, unreadable, or too large to keep.
 * A stream checking its listing again does not count it as a second hit.
 * "dir/" opens what "dir" does when that is a real directory (the only
 * case answered here), so trailing slashes are dropped for the lookup. */
sc_listing *sc_listing_for(const char *path, size_t len, bool check_basedir, bool count_hit,
	const char *cls, size_t clen)
{
	char dir[MAXPATHLEN];
	size_t base = len;
	sc_entry *e;
	sc_listings *s;
	sc_listing *l;
	sc_cache *c;

	while (base > 1 && path[base - 1] == '/') {
		base--;
	}
	if (base < len) {
		if (base >= sizeof(dir)) {
			return NULL;
		}
		memcpy(dir, path, base);
		dir[base] = '\0';
		path = dir;
		len = base;
	}
	if (SCG(max_listing_bytes) == 0 || sc_kernel_fs_path(path, len)) {
		return NULL; /* listings are off; a kernel file system */
	}
	c = SCG(cache);
	if (c && SCG(active) && !SCG(bypass_depth) && sc_first_look_leave(c, path, len)) {
		/* a directory at its first looks: its listing is read by PHP's
		 * own opendir(), as a first look's directory's is (no watch) */
		return NULL;
	}
	if (cls && (l = sc_listing_for_class(path, len, check_basedir, cls, clen)) != NULL) {
		if (count_hit) {
			sc_count(&SCG(cache)->n->listing_hits);
		}
		return l;
	}
	e = sc_hook_lookup(path, len);
	if (e && e->r.kind == SC_KIND_LINK) {
		/* opendir() follows it: the listing of where it leads, as an open
		 * descriptor on that directory would read */
		e = sc_follow_last(SCG(cache), e);
	}
	if (!e || e->r.kind != SC_KIND_FOUND || !S_ISDIR(e->r.st.st_mode) || e->r.wd < 0
			|| !sc_basedir_allows(path, check_basedir)) {
		return NULL;
	}
	c = SCG(cache);
	s = sc_listings_of_thread();
	if (!s || !c) {
		return NULL;
	}
	l = sc_listings_get(s, sc_the_proc.gen, e->key, e->len);
	if (l) {
		if (count_hit) {
			sc_count(&c->n->listing_hits);
		}
		if (cls) {
			sc_listing_note_class(l, sc_the_proc.gen, e->r.wd, cls, clen);
		}
		return l;
	}
	sc_count(&c->n->listing_misses);
	/* e's dependencies were read before its lstat(), and hold now: a change
	 * made after them, before or during this read, bumps one of them */
	l = sc_listing_read(e->key, e->len, e->r.epoch, e->r.deps, e->r.ndeps, SC_LISTING_MAX_NAMES);
	if (l) {
		l->dir_dev = (uint64_t) e->r.st.st_dev;
		l->dir_ino = (uint64_t) e->r.st.st_ino;
	}
	if (l && sc_listings_put(s, l) == 1 && s->flushes != c->n->listing_flushes) {
		sc_count_set(&c->n->listing_flushes, s->flushes);
	}
	if (l) {
		sc_count_set(&c->n->listing_bytes, s->bytes);
		if (cls) {
			sc_listing_note_class(l, sc_the_proc.gen, e->r.wd, cls, clen);
		}
	}
	return l;
}

/* ---- the directory stream ------------------------------------------------- */

/* A directory stream: the listing taken at opendir(), checked again
 * before the first entry and at each rewind, which is when glibc's
 * readdir() would read the kernel's current state. */
typedef struct sc_dirstream {
	sc_listing *l;
	DIR *real;               /* the listing went stale: the kernel's own */
	uint32_t pos;
	bool current;            /* l checked since open or the last rewind */
	bool gone;               /* the directory is no longer at its path */
} sc_dirstream;

/* Makes the stream show the directory as it is now.  Still valid: nothing
 * to do (no syscall).  Changed: the fresh listing of the same directory,
 * or, when it is no longer one the cache answers, a real DIR on it.  A
 * directory that is no longer at its path (deleted, or replaced) reads as
 * an open descriptor on a deleted directory does: nothing. */
static void sc_dirstream_refresh(sc_dirstream *ds)
{
	sc_listing *old = ds->l, *l;
	struct stat st;

	ds->current = true;
	if (!old) {
		return;
	}
	l = sc_listing_for(old->key, old->keylen, false, false, NULL, 0);
	if (l == old) {
		sc_listing_release(l);
		return;
	}
	if (l && l->dir_dev == old->dir_dev && l->dir_ino == old->dir_ino) {
		ds->l = l;
		sc_listing_release(old);
		return;
	}
	sc_listing_release(l);
	ds->real = opendir(old->key);
	if (ds->real && (fstat(dirfd(ds->real), &st) != 0 || (uint64_t) st.st_dev != old->dir_dev
			|| (uint64_t) st.st_ino != old->dir_ino)) {
		closedir(ds->real);
		ds->real = NULL;
	}
	ds->gone = !ds->real;
	ds->l = NULL;
	sc_listing_release(old);
}

/* PHP 8.4 added d_type to php_stream_dirent, which PHP's own dirstream
 * fills from readdir() (DT_UNKNOWN where the libc has no d_type); the
 * caller's buffer is not cleared, so ours must fill it too. */
#if PHP_VERSION_ID >= 80400
# define SC_DIRENT_HAS_TYPE 1
#else
# define SC_DIRENT_HAS_TYPE 0
#endif

/* As php_plain_files_dirstream_read: one entry per call, 0 at the end. */
static ssize_t sc_dirstream_read(php_stream *stream, char *buf, size_t count)
{
	sc_dirstream *ds = stream->abstract;
	php_stream_dirent *ent = (php_stream_dirent *) buf;
	uint32_t i;

	if (count != sizeof(php_stream_dirent)) {
		return -1;
	}
	if (!ds->current) {
		sc_dirstream_refresh(ds);
	}
	if (ds->real) {
		struct dirent *d = readdir(ds->real);
		if (!d) {
			return 0;
		}
		PHP_STRLCPY(ent->d_name, d->d_name, sizeof(ent->d_name), strlen(d->d_name));
#if SC_DIRENT_HAS_TYPE
		ent->d_type = d->d_type;
#endif
		return sizeof(php_stream_dirent);
	}
	if (ds->gone || ds->pos >= ds->l->count) {
		return 0;
	}
	i = ds->pos++;
	PHP_STRLCPY(ent->d_name, sc_listing_name_at(ds->l, i), sizeof(ent->d_name), ds->l->ents[i].len);
#if SC_DIRENT_HAS_TYPE
	ent->d_type = ds->l->ents[i].type; /* readdir()'s d_type, as remembered */
#endif
	return sizeof(php_stream_dirent);
}

static int sc_dirstream_close(php_stream *stream, int close_handle)
{
	sc_dirstream *ds = stream->abstract;
	if (ds->real) {
		closedir(ds->real);
	}
	sc_listing_release(ds->l);
	efree(ds);
	return 0;
}

/* As php_plain_files_dirstream_rewind: any seek rewinds, and the next
 * read shows the directory's current state. */
static int sc_dirstream_rewind(php_stream *stream, zend_off_t offset, int whence, zend_off_t *newoffs)
{
	sc_dirstream *ds = stream->abstract;
	if (ds->real) {
		rewinddir(ds->real);
	} else {
		ds->pos = 0;
		ds->current = false;
	}
	return 0;
}

static const php_stream_ops sc_dirstream_ops = {
	NULL, sc_dirstream_read,
	sc_dirstream_close, NULL,
	"dir",
	sc_dirstream_rewind,
	NULL, /* cast */
	NULL, /* stat */
	NULL  /* set_option */
};

php_stream *sc_listing_dir_opener(php_stream_wrapper *wrapper, const char *path, const char *mode,
	int options, zend_string **opened_path, php_stream_context *context STREAMS_DC)
{
	int err = errno;

	if (!(options & STREAM_USE_GLOB_DIR_OPEN) && path[0] == '/' && SCG(active)) {
		sc_listing *l = sc_listing_for(path, strlen(path), !(options & STREAM_DISABLE_OPEN_BASEDIR), true, NULL, 0);
		errno = err;
		if (l) {
			sc_dirstream *ds = ecalloc(1, sizeof(*ds));
			php_stream *s;
			ds->l = l;
			s = php_stream_alloc_rel(&sc_dirstream_ops, ds, 0, mode);
			if (!s) {
				sc_listing_release(l);
				efree(ds);
			}
			return s;
		}
	}
	return sc_orig_wops->dir_opener(wrapper, path, mode, options, opened_path, context STREAMS_REL_CC);
}

#endif
