/*
 * statcache: a script's record filled from the cache (see
 * src/engine/script_fill.h): the lookups of its real path, of the name it
 * was included by and of the include_path candidates a relative name
 * passed over, their generation values, and the file's identity.
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include "engine/script_fill.h"
#include "core/fileid.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- lookups -------------------------------------------------------------- */

/* A lookup's generation values into the record's (every valid result
 * holds the same epoch). */
static void sc_add_deps(sc_script *s, const sc_dep *d, unsigned n)
{
	for (unsigned i = 0; i < n && s->ndeps < SC_SCRIPT_MAX_DEPS; i++) {
		s->deps[s->ndeps++] = d[i];
	}
}

/* The generation values of name's own spelling (its links, its dots),
 * where that spelling's entry is not e, the result it led to: a change of
 * the spelling must kill the record too. */
static void sc_add_spelling_deps(sc_cache *c, sc_script *s, const char *name, size_t len, const sc_entry *e)
{
	const sc_entry *own = sc_table_find(&c->table, name, len, sc_table_hash(name, len));

	if (own && own != e) {
		sc_add_deps(s, own->r.deps, own->r.ndeps);
		if (own->r.kind == SC_KIND_VIA) {
			sc_add_deps(s, own->r.via_deps, (unsigned) own->r.err);
		}
	}
}

typedef enum {
	SC_LOOK_FILE,        /* a regular file the cache answers for: deps taken */
	SC_LOOK_GONE,        /* missing, or not a regular file any more */
	SC_LOOK_UNSURE       /* the cache leaves it to PHP: *why */
} sc_look_result;

/* One name as the cache answers it now: its canonical path (into real,
 * when asked) and the generation values of the canonical entry and of the
 * name's own entry (its links, its dots), added to s. */
static sc_look_result sc_look(sc_cache *c, const char *name, size_t len, sc_script *s, char *real,
	const char **why)
{
	sc_entry *e = sc_lookup_kept(c, name, len);

	*why = NULL;
	if (!e) {
		*why = "the cache leaves it to PHP (an untrusted file system, a directory it could not watch, "
			"a hard link, ...)";
		return SC_LOOK_UNSURE;
	}
	if (e->r.kind == SC_KIND_LINK) {
		*why = "its last component is a symlink";
		return SC_LOOK_UNSURE;
	}
	if (e->r.kind != SC_KIND_FOUND || !S_ISREG(e->r.st.st_mode)) {
		return SC_LOOK_GONE;
	}
	if (real) {
		memcpy(real, e->key, e->len + 1);
	}
	s->epoch = e->r.epoch;
	sc_add_deps(s, e->r.deps, e->r.ndeps);
	sc_add_spelling_deps(c, s, name, len, e);
	return SC_LOOK_FILE;
}

/* A candidate PHP tried before the one it chose, as the cache answers it
 * now: still missing (SC_LOOK_FILE: the generation values of its negative
 * result and of its own spelling added to s), there now (SC_LOOK_GONE: the
 * name may mean another file), or left to PHP (SC_LOOK_UNSURE). */
static sc_look_result sc_look_passed(sc_cache *c, const char *name, size_t len, sc_script *s)
{
	sc_entry *e = sc_lookup_kept(c, name, len);

	if (!e) {
		return SC_LOOK_UNSURE;
	}
	if (e->r.kind != SC_KIND_MISSING) {
		return SC_LOOK_GONE;
	}
	sc_add_deps(s, e->r.deps, e->r.ndeps);
	sc_add_spelling_deps(c, s, name, len, e);
	return SC_LOOK_FILE;
}

/* The candidates a name record passed over, each as stat() answers it:
 * false when one resolves now. */
static bool sc_passed_still_missing(const sc_script *s)
{
	struct stat st;

	for (const char *p = s->passed; p && p < s->passed + s->passed_len; p += strlen(p) + 1) {
		if (stat(p, &st) == 0) {
			return false;
		}
	}
	return true;
}

/* Fills s (path and spelling set) from the cache now: the state it should
 * take (WATCHED with deps and identity, POLLED with a stat() identity), or
 * DEAD when the script is gone, its spelling means another file, or it is
 * not what expect says.  Changes no count (sc_scripts_set_state()). */
sc_script_state sc_script_fill(sc_cache *c, sc_script *s, const sc_file_id *expect)
{
	const char *why;
	sc_look_result r;
	sc_file_id id;
	bool racy;
	char real[SC_PATH_MAX];

	s->ndeps = 0;
	r = sc_look(c, s->path, s->len, s, NULL, &why);
	if (r == SC_LOOK_FILE && s->spelling) {
		const char *why2;
		sc_look_result r2 = sc_look(c, s->spelling, strlen(s->spelling), s, real, &why2);
		if (r2 == SC_LOOK_GONE) {
			return SC_SCRIPT_DEAD;
		}
		if (r2 == SC_LOOK_UNSURE) {
			r = r2;
			why = why2;
		} else if (strcmp(real, s->path) != 0) {
			return SC_SCRIPT_DEAD; /* the spelling means another file now */
		}
	}
	for (const char *p = s->passed; r == SC_LOOK_FILE && p && p < s->passed + s->passed_len; p += strlen(p) + 1) {
		sc_look_result r3 = sc_look_passed(c, p, strlen(p), s);
		if (r3 == SC_LOOK_GONE) {
			return SC_SCRIPT_DEAD; /* an earlier candidate is there now */
		}
		if (r3 == SC_LOOK_UNSURE) {
			r = r3;
			why = "an include_path candidate before it is left to PHP";
		}
	}
	if (r == SC_LOOK_GONE) {
		return SC_SCRIPT_DEAD;
	}
	if (r == SC_LOOK_FILE && s->ndeps < SC_SCRIPT_MAX_DEPS && s->name_only) {
		s->racy = false; /* a meaning, not a file's contents: no identity */
		return SC_SCRIPT_WATCHED;
	}
	if (r == SC_LOOK_FILE && s->ndeps < SC_SCRIPT_MAX_DEPS) {
		/* the watches are armed: a change after this lstat() moves the deps */
		if (!sc_file_id_fresh(s->path, false, &id, &racy) || (expect && !sc_file_id_eq(&id, expect))) {
			return SC_SCRIPT_DEAD;
		}
		s->id = id;
		s->racy = racy;
		return SC_SCRIPT_WATCHED;
	}
	/* the cache cannot vouch: stat() it, as opcache's revalidation would */
	if (s->name_only) {
		if ((s->spelling ? !realpath(s->spelling, real) || strcmp(real, s->path) != 0 : !realpath(s->path, real))
				|| !sc_passed_still_missing(s)) {
			return SC_SCRIPT_DEAD;
		}
		s->racy = false;
		s->why = why ? why : "it depends on more than a record holds";
		return SC_SCRIPT_POLLED;
	}
	if (!sc_file_id_fresh(s->spelling ? s->spelling : s->path, true, &id, &racy)
			|| (s->spelling && (!realpath(s->spelling, real) || strcmp(real, s->path) != 0))
			|| (expect && !sc_file_id_eq(&id, expect))) {
		return SC_SCRIPT_DEAD;
	}
	s->id = id;
	s->racy = racy;
	s->why = why ? why : "it depends on more than a record holds";
	return SC_SCRIPT_POLLED;
}

/* Every component of path older than since: a component renamed or
 * replaced since (a symlink swapped, a directory moved) has a newer ctime,
 * which rename() sets on the inode it moves. */
bool sc_script_settled(sc_cache *c, const char *path, int64_t since)
{
	size_t len = strlen(path);

	for (size_t i = 1; i <= len; i++) {
		if (i == len || path[i] == '/') {
			sc_entry *e = sc_lookup(c, path, i);
			if (!e || (e->r.kind != SC_KIND_FOUND && e->r.kind != SC_KIND_LINK)
					|| (int64_t) e->r.st.st_ctim.tv_sec + 1 >= since
					|| (int64_t) e->r.st.st_mtim.tv_sec + 1 >= since) {
				return false;
			}
		}
	}
	return true;
}
