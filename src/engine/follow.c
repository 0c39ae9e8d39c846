/*
 * statcache: spellings through symlinks (see src/engine/follow.h).
 *
 * The walk keeps what the kernel keeps: the directory reached so far (a
 * canonical path: every component a real, watched directory) and what is
 * left of the path; a symlink met before the last component puts its text
 * in front of what is left, from "/" (absolute) or from the link's own
 * directory (relative).  Every step is a cached result (sc_resolve()), so
 * the walk makes no syscall once the directories and links on it are
 * cached, and a link's text is read once per validity of its entry.
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include "engine/follow.h"
#include "engine/drain.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

/* What is left of the path: the spelling and up to SC_VIA_MAX_LINKS link
 * texts in front of it (each shorter than SC_PATH_MAX) would need more;
 * a walk that does not fit goes to PHP. */
#define SC_FOLLOW_REST (2 * SC_PATH_MAX)

typedef struct sc_walk {
	char cur[SC_PATH_MAX];          /* the directory reached, canonical */
	size_t clen;
	char rest[SC_FOLLOW_REST];      /* what is left: rest[roff, SC_FOLLOW_REST) */
	size_t roff;
	unsigned links;
	unsigned ndeps;
	int keep;                       /* 0: answer, but too many deps to record */
	sc_dep deps[SC_VIA_MAX_DEPS];
} sc_walk;

/* Records a value the resolution depends on (once). */
static void sc_walk_dep(sc_walk *w, const sc_dep *d)
{
	for (unsigned i = 0; i < w->ndeps; i++) {
		if (w->deps[i].slot == d->slot && w->deps[i].val == d->val) {
			return;
		}
	}
	if (w->ndeps == SC_VIA_MAX_DEPS) {
		w->keep = 0;
		return;
	}
	w->deps[w->ndeps++] = *d;
}

/* Puts text + "/" in front of what is left; -1 if it does not fit. */
static int sc_walk_push(sc_walk *w, const char *text, size_t len)
{
	if (w->roff < len + 1) {
		return -1;
	}
	w->roff -= len + 1;
	memcpy(w->rest + w->roff, text, len);
	w->rest[w->roff + len] = '/';
	return 0;
}

/* cur + "/" + name; -1 if too long (PHP's own call says ENAMETOOLONG). */
static int sc_walk_append(sc_walk *w, const char *name, size_t n)
{
	size_t need = w->clen + (w->clen > 1) + n;
	if (need >= SC_PATH_MAX) {
		return -1;
	}
	if (w->clen > 1) {
		w->cur[w->clen++] = '/';
	}
	memcpy(w->cur + w->clen, name, n);
	w->clen += n;
	w->cur[w->clen] = '\0';
	return 0;
}

static void sc_walk_up(sc_walk *w)
{
	w->clen = sc_path_parent_len(w->cur, w->clen);
	if (w->clen == 0) {
		w->clen = 1;
	}
	w->cur[w->clen] = '\0';
}

const char *sc_link_text(sc_cache *c, sc_entry *link, size_t *len)
{
	char key[SC_PATH_MAX + 1];
	ssize_t n;
	sc_entry *te;

	if (link->r.target) {
		*len = link->r.target->len - 1;
		return link->r.target->key + 1;
	}
	/* The link's name slot was read before its lstat(): a replacement since
	 * bumps it, so a text newer than the lstat() is never kept past that
	 * event.  Texts are kept as entries keyed "\0" + text, which no lookup
	 * can spell (a looked-up path starts with '/' and holds no NUL). */
	n = readlink(link->key, key + 1, SC_PATH_MAX);
	if (n <= 0 || n >= SC_PATH_MAX) {
		return NULL;
	}
	key[0] = '\0';
	te = sc_table_get(&c->table, key, (size_t) n + 1, sc_table_hash(key, (size_t) n + 1));
	if (!te) {
		return NULL;
	}
	link->r.target = te;
	*len = (size_t) n;
	return te->key + 1;
}

/* The entry answering for a path the kernel gives up on at cur (missing,
 * or not a directory, before the last component): any child of cur has
 * cur's error (ENOENT, ENOTDIR, EACCES, ...) and cur's dependencies. */
static sc_entry *sc_walk_fail(sc_cache *c, sc_walk *w)
{
	if (sc_walk_append(w, "...", 3) < 0) {
		return NULL;
	}
	return sc_resolve(c, w->cur, w->clen, 0);
}

/* Search permission on a directory for this process (follow.h says when
 * it is asked of the kernel, once per validity of the entry). */
int sc_dir_searchable(sc_cache *c, sc_entry *e)
{
	sc_result *r = &e->r;

	if ((r->st.st_mode & 0111) == 0111) {
		return 1;
	}
	if (getuid() != geteuid() || getgid() != getegid()) {
		return 0;
	}
	if (!(r->access_known & X_OK)) {
		/* the bit sc_access() keeps for access(X_OK): the same question */
		return sc_access_ask(c, e, X_OK) == 0;
	}
	return (r->access_ok & X_OK) != 0;
}

/* May the kernel take "." or ".." from cur, for this process?  It needs
 * search permission on cur (EACCES otherwise), which the cached answers
 * below cur say nothing about: as for a lexical spelling
 * (sc_lookup_alias()), a directory this process may not search
 * (sc_dir_searchable()), a link's target included, is PHP's own call.  The directory
 * left stays one and keeps its mode while its name slot holds (a chmod of
 * a watched directory bumps the epoch), so that slot is recorded. */
static int sc_walk_searchable(sc_cache *c, sc_walk *w)
{
	sc_entry *e = sc_resolve(c, w->cur, w->clen, 0);

	if (!e || e->r.kind != SC_KIND_FOUND || !S_ISDIR(e->r.st.st_mode)
			|| !sc_dir_searchable(c, e)) {
		return 0;
	}
	if (w->clen > 1) {
		if (e->r.ndeps == 0) {
			return 0;
		}
		sc_walk_dep(w, &e->r.deps[0]);
	}
	return 1;
}

/* A walk from "/" over the whole spelling (len < SC_PATH_MAX). */
static void sc_walk_init(sc_walk *w, const char *path, size_t len)
{
	w->cur[0] = '/';
	w->cur[1] = '\0';
	w->clen = 1;
	w->links = 0;
	w->ndeps = 0;
	w->keep = 1;
	w->roff = SC_FOLLOW_REST - len;
	memcpy(w->rest + w->roff, path, len);
}

/* The walk itself; returns the canonical entry, or NULL (PHP answers). */
static sc_entry *sc_walk_run(sc_cache *c, sc_walk *w)
{
	for (;;) {
		const char *name;
		size_t n, end;
		sc_entry *e;
		int last;

		while (w->roff < SC_FOLLOW_REST && w->rest[w->roff] == '/') {
			w->roff++;
		}
		if (w->roff == SC_FOLLOW_REST) {
			/* ended on "." or "..": the directory reached */
			return sc_resolve(c, w->cur, w->clen, 0);
		}
		name = w->rest + w->roff;
		for (end = w->roff; end < SC_FOLLOW_REST && w->rest[end] != '/'; end++) {
		}
		n = end - w->roff;
		w->roff = end;
		if (n > SC_NAME_MAX) {
			return NULL;
		}
		if ((n == 1 && name[0] == '.') || (n == 2 && name[0] == '.' && name[1] == '.')) {
			if (!sc_walk_searchable(c, w)) {
				return NULL;
			}
			if (n == 2) {
				sc_walk_up(w);
			}
			continue;
		}
		last = 1;
		for (size_t i = end; i < SC_FOLLOW_REST; i++) {
			if (w->rest[i] != '/') {
				last = 0;
				break;
			}
		}
		if (sc_walk_append(w, name, n) < 0) {
			return NULL;
		}
		e = sc_resolve(c, w->cur, w->clen, 0);
		if (!e) {
			return NULL;
		}
		if (last) {
			/* lstat(): the last component is not followed */
			return e->r.kind == SC_KIND_VIA || e->r.kind == SC_KIND_ALIAS ? NULL : e;
		}
		switch (e->r.kind) {
			case SC_KIND_FOUND:
				if (S_ISDIR(e->r.st.st_mode)) {
					continue;
				}
				return sc_walk_fail(c, w); /* ENOTDIR */
			case SC_KIND_MISSING:
				return sc_walk_fail(c, w);
			case SC_KIND_LINK: {
				size_t tlen;
				const char *text;
				if (++w->links > SC_VIA_MAX_LINKS) {
					return NULL; /* a loop, or a chain longer than we record */
				}
				/* its name slot (deps[0]) is what can change its text: the
				 * inode's slot and its directory's name add nothing here */
				if (e->r.ndeps == 0) {
					return NULL;
				}
				sc_walk_dep(w, &e->r.deps[0]);
				text = sc_link_text(c, e, &tlen);
				if (!text || sc_walk_push(w, text, tlen) < 0) {
					return NULL;
				}
				if (text[0] == '/') {
					w->clen = 1;
					w->cur[1] = '\0';
				} else {
					sc_walk_up(w);
				}
				continue;
			}
			default:
				return NULL; /* unwatched, untrusted, not settled: PHP's own call */
		}
	}
}

sc_entry *sc_follow(sc_cache *c, sc_entry *se)
{
	sc_gen *g = sc_the_proc.gen;
	uint32_t epoch = sc_gen_epoch(g);
	sc_walk w;
	sc_entry *t;

	if (se->len >= SC_PATH_MAX) {
		return NULL;
	}
	sc_walk_init(&w, se->key, se->len);
	t = sc_walk_run(c, &w);
	/* the spelling's own entry is refilled only here (a step above may
	 * have left it EMPTY) */
	memset(&se->r, 0, sizeof(se->r));
	se->r.wd = -1;
	if (!t || t == se || t->r.kind == SC_KIND_EMPTY) {
		return NULL;
	}
	if (w.keep && w.links > 0 && epoch == sc_gen_epoch(g)) {
		se->r.kind = SC_KIND_VIA;
		se->r.epoch = epoch;
		se->r.err = (int32_t) w.ndeps;
		se->r.target = t;
		memcpy(se->r.via_deps, w.deps, w.ndeps * sizeof(sc_dep));
	}
	return t;
}

sc_entry *sc_follow_path(sc_cache *c, const char *path, size_t len)
{
	sc_walk w;
	sc_entry *t;

	if (len == 0 || len >= SC_PATH_MAX || path[0] != '/' || sc_watcher_start() < 0) {
		return NULL;
	}
	sc_watcher_sync();
	sc_walk_init(&w, path, len);
	t = sc_walk_run(c, &w);
	return t && t->r.kind != SC_KIND_EMPTY ? t : NULL;
}
