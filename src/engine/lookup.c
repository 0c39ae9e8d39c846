/*
 * statcache: the lookup engine (see src/engine/lookup.h): a lookup's miss,
 * its spellings and its checks, on the fill and resolve primitives of
 * src/engine/resolve.c and the symlink walk of src/engine/follow.c.
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include "engine/lookup.h"
#include "engine/follow.h"
#include "core/log.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Counts a miss's answer and hides what PHP must answer itself. */
static sc_entry *sc_answer(sc_cache *c, sc_entry *e)
{
	sc_cache_account(c);
	if (!e || e->r.kind == SC_KIND_EMPTY) {
		sc_count(&c->n->bypassed);
		return NULL;
	}
	if (e->r.kind == SC_KIND_BYPASS) {
		sc_count_bypass(c, e->r.err);
		return NULL;
	}
	sc_count(&c->n->misses);
	return e;
}

/* The entry answering for a spelling the kernel gives up on at a directory
 * its dots cross (req: missing, or not a directory): the kernel fails
 * there, before any "." or "..", with req's error (ENOENT, ENOTDIR for a
 * file, ...).  Any name below req has that error and req's dependencies,
 * so req + "/..." answers (as the follow walk's failures do); NULL when
 * req's own result is PHP's (untrusted, special, not settled). */
static sc_entry *sc_alias_fails_at(sc_cache *c, const char *req, size_t rlen)
{
	char key[SC_PATH_MAX];
	sc_entry *f;

	if (rlen + sizeof("/...") > sizeof(key)) {
		return NULL;
	}
	memcpy(key, req, rlen);
	memcpy(key + rlen, "/...", sizeof("/..."));
	f = sc_resolve(c, key, rlen + sizeof("/...") - 1, 0);
	return f && f->r.kind == SC_KIND_MISSING ? f : NULL;
}

/* A spelling with ".", ".." or "//": each directory its dots crossed must be
 * a real, watched directory, else the kernel's answer differs from the
 * lexical one: where one is missing or not a directory (the first such,
 * in the path's order, is where the kernel stops), the spelling fails
 * with its error; otherwise PHP answers. */
static sc_entry *sc_lookup_alias(sc_cache *c, sc_entry *alias)
{
	sc_gen *g = sc_the_proc.gen;
	sc_canon *cn = &c->canon;
	uint32_t epoch = sc_gen_epoch(g);
	sc_entry *target;
	sc_result tmp;

	sc_set(&tmp, SC_KIND_ALIAS, 0, epoch);
	for (unsigned i = 0; i < cn->nreq; i++) {
		size_t rlen;
		const char *req = sc_canon_req(cn, i, &rlen);
		sc_entry *re = sc_resolve(c, req, rlen, 0);
		if (re && sc_through_link(&re->r)) {
			/* "link/..": the target's parent (for the kernel) */
			return c->dots_lexical ? NULL : sc_follow(c, alias);
		}
		if (re && (re->r.kind == SC_KIND_MISSING
				|| (re->r.kind == SC_KIND_FOUND && !S_ISDIR(re->r.st.st_mode)))) {
			/* "missing/../f", "file/..": every directory before it was
			 * crossed as the lexical reading crosses it, so the kernel
			 * reaches req and fails there */
			target = sc_alias_fails_at(c, req, rlen);
			if (!target) {
				return NULL;
			}
			goto keep;
		}
		if (!re || re->r.kind != SC_KIND_FOUND || !S_ISDIR(re->r.st.st_mode)) {
			return NULL;
		}
		if (!sc_dir_searchable(c, re)) {
			/* the kernel resolves "dir/." and "dir/x/.." only with search
			 * permission on dir (EACCES otherwise); the lexical reading
			 * would not, so a directory this process may not search is
			 * PHP's (a chmod of a watched directory bumps the epoch) */
			return NULL;
		}
		if (rlen > 1) {
			/* its name slot: it stays a real directory */
			if (tmp.ndeps == SC_MAX_DEPS) {
				tmp.kind = SC_KIND_EMPTY; /* too many to record: answer, don't keep */
			} else {
				sc_add_dep(&tmp, re->r.deps[0].slot, re->r.deps[0].val);
			}
		}
	}
	target = sc_resolve(c, cn->path, cn->len, 0);
	if (!target) {
		return NULL;
	}
	if (target->r.kind != SC_KIND_LINK && sc_through_link(&target->r)) {
		return c->dots_lexical ? NULL : sc_follow(c, alias);
	}
keep:
	if (tmp.kind == SC_KIND_ALIAS && epoch == sc_gen_epoch(g)) {
		alias->r = tmp;
		alias->r.target = target;
	} else {
		sc_set(&alias->r, SC_KIND_EMPTY, 0, 0);
	}
	return target;
}

sc_entry *sc_lookup_miss(sc_cache *c, const char *path, size_t len, uint64_t h)
{
	sc_entry *e;

	if (!sc_cache_room(c, path, len, h)) {
		return sc_answer(c, NULL);
	}
	if (memchr(path, '\0', len)) {
		/* PHP's own call refuses it; never inserted, so a hit has no NUL */
		return sc_answer(c, NULL);
	}
	switch (sc_canon_path(&c->canon, path, len)) {
		case SC_CANON_SAME:
			/* at the cap, a miss let in is one to keep: no first look */
			c->glance = c->first_look && !c->evicting;
			e = sc_resolve(c, path, len, 0);
			c->glance = 0;
			if (e && e->r.kind != SC_KIND_LINK && sc_through_link(&e->r)) {
				e = sc_follow(c, e);
			}
			return sc_answer(c, e);
		case SC_CANON_CHANGED:
			e = sc_table_get(&c->table, path, len, h);
			if (!e) {
				return sc_answer(c, NULL);
			}
			if (c->first_look && !c->evicting && !c->dots_lexical && sc_fill_first_look(c, e)) {
				/* the kernel reads the dots as it walks (a ".." after a
				 * symlink is the target's parent): one statx() of the
				 * spelling answers as PHP's own call would, where PHP
				 * does not drop the dots first (ZTS) */
				return sc_answer(c, e);
			}
			return sc_answer(c, sc_lookup_alias(c, e));
		default:
			return sc_answer(c, NULL);
	}
}

/* Does a cached result still say what lstat() says now?  atime is left
 * out: reads change it and raise no event (fileatime() is never cached). */
static int sc_result_matches(const sc_result *r, const char *path)
{
	struct stat st;
	int rc = lstat(path, &st), err = errno;

	switch (r->kind) {
		case SC_KIND_MISSING:
			return rc < 0 && err == r->err;
		case SC_KIND_FOUND:
		case SC_KIND_LINK:
			return rc == 0 && sc_same_file(&r->st, &st) && r->st.st_uid == st.st_uid
				&& r->st.st_gid == st.st_gid;
		default:
			return 1; /* PHP's own call answers these */
	}
}

/* A spelling through symlinks whose links all hold, but whose target's
 * own result moved (an event in the target's directory, a hard-link
 * suspicion on its device): the links' texts are what their name slots
 * say they were, so the walk would reach the same canonical path, and its
 * last step is sc_resolve() of that path.  That step alone is taken; the
 * walk again from "/" (every
 * component hashed and probed, the links' texts pushed) only when the
 * target is not a file or a symlink now (a directory on its way missing
 * or a symlink now: the walk fails or turns elsewhere).  NULL: the caller
 * takes the whole miss. */
static sc_entry *sc_via_target_again(sc_cache *c, sc_entry *e, sc_entry *t)
{
	sc_gen *g = sc_the_proc.gen;

	if ((t->r.kind != SC_KIND_FOUND && t->r.kind != SC_KIND_LINK)
			|| c->table.count + sc_walk_reserve(c->max_entries) >= c->max_entries) {
		return NULL;
	}
	if (sc_resolve(c, t->key, t->len, 0) != t || (t->r.kind != SC_KIND_FOUND && t->r.kind != SC_KIND_LINK)
			|| !sc_result_valid(g, &t->r) || !sc_via_valid(g, &e->r)) {
		return NULL;
	}
	return sc_answer(c, t);
}

sc_entry *sc_lookup_via(sc_cache *c, sc_entry *e, const char *path, size_t len, uint64_t h)
{
	sc_gen *g = sc_the_proc.gen;
	sc_entry *t = e->r.target, *r;

	if (!sc_via_valid(g, &e->r)) {
		return sc_lookup_miss(c, path, len, h);
	}
	if (!sc_result_valid(g, &t->r)) {
		r = sc_via_target_again(c, e, t);
		return r ? r : sc_lookup_miss(c, path, len, h);
	}
	if (c->verify_rate && ++c->verify_tick >= c->verify_rate) {
		c->verify_tick = 0;
		return sc_lookup_verify(c, t, path, len, h);
	}
	r = sc_lookup_hit(c, t);
	if (r) {
		sc_count(&c->n->link_hits);
	}
	return r;
}

sc_entry *sc_lookup_verify(sc_cache *c, sc_entry *e, const char *path, size_t len, uint64_t h)
{
	static _Atomic unsigned logged;

	sc_count(&c->n->verify_checks);
	if (sc_result_matches(&e->r, e->key)) {
		return sc_lookup_hit(c, e);
	}
	/* Behind an event still in the queue (another process's change within
	 * the watcher's delay) is allowed; drain, and look again. */
	while (!sc_watcher_drain()) {
	}
	if (!sc_result_valid(sc_the_proc.gen, &e->r)) {
		sc_count(&c->n->verify_stale);
		return sc_lookup_miss(c, path, len, h);
	}
	sc_count(&c->n->verify_mismatches);
	if (atomic_fetch_add_explicit(&logged, 1, memory_order_relaxed) < 5) {
		struct stat st;
		int rc = lstat(e->key, &st);
		char line[SC_PATH_MAX + 256];
		snprintf(line, sizeof(line), "statcache: verify mismatch for %s: cached %s size=%lld "
			"mtime=%lld mode=%o, kernel %s size=%lld mtime=%lld mode=%o", e->key,
			e->r.kind == SC_KIND_MISSING ? "missing" : "found", (long long) e->r.st.st_size,
			(long long) e->r.st.st_mtime, (unsigned) e->r.st.st_mode, rc < 0 ? "missing" : "found",
			rc < 0 ? 0LL : (long long) st.st_size, rc < 0 ? 0LL : (long long) st.st_mtime,
			rc < 0 ? 0u : (unsigned) st.st_mode);
		if (sc_log_sink) {
			sc_log_sink(line);
		}
	}
	/* answer from a fresh fill, not from what was wrong */
	e->r.kind = SC_KIND_EMPTY;
	return sc_lookup_miss(c, path, len, h);
}

void sc_forget(sc_cache *c, const char *path, size_t len)
{
	sc_entry *e = sc_table_find(&c->table, path, len, sc_table_hash(path, len));
	if (e) {
		if ((e->r.kind == SC_KIND_ALIAS || e->r.kind == SC_KIND_VIA) && e->r.target) {
			sc_set(&e->r.target->r, SC_KIND_EMPTY, 0, 0);
		}
		sc_set(&e->r, SC_KIND_EMPTY, 0, 0);
	}
	if (sc_canon_path(&c->canon, path, len) == SC_CANON_CHANGED) {
		e = sc_table_find(&c->table, c->canon.path, c->canon.len,
			sc_table_hash(c->canon.path, c->canon.len));
		if (e) {
			sc_set(&e->r, SC_KIND_EMPTY, 0, 0);
		}
	}
}

/* Does a link text hold a "." or ".." component? */
static int sc_text_dotted(const char *t, size_t n)
{
	for (size_t i = 0; i < n; ) {
		size_t j = i;
		while (j < n && t[j] != '/') {
			j++;
		}
		if ((j - i == 1 && t[i] == '.') || (j - i == 2 && t[i] == '.' && t[i + 1] == '.')) {
			return 1;
		}
		i = j + 1;
	}
	return 0;
}

sc_entry *sc_follow_last(sc_cache *c, sc_entry *e)
{
	char target[SC_PATH_MAX];
	unsigned links = 0;

	while (e && e->r.kind == SC_KIND_LINK) {
		size_t tlen, dlen = 0;
		const char *text;

		if (++links > SC_VIA_MAX_LINKS) {
			return NULL; /* a loop (ELOOP), or a chain longer than we follow */
		}
		text = sc_link_text(c, e, &tlen);
		if (!text || (c->dots_lexical && sc_text_dotted(text, tlen))) {
			return NULL;
		}
		if (tlen > 1 && text[tlen - 1] == '/') {
			return NULL; /* "dir/" also demands a directory: PHP's own call */
		}
		if (text[0] != '/') {
			/* the link's directory: its key is canonical (a real directory) */
			dlen = sc_path_parent_len(e->key, e->len);
			if (dlen == 0) {
				dlen = 1;
			}
		}
		if (dlen + 1 + tlen >= SC_PATH_MAX) {
			return NULL;
		}
		/* the text lives in the table, which the next lookup may change */
		memcpy(target, e->key, dlen);
		if (dlen > 1) {
			target[dlen++] = '/';
		}
		memcpy(target + dlen, text, tlen);
		tlen += dlen;
		target[tlen] = '\0';
		e = sc_lookup(c, target, tlen);
		if (e) {
			sc_count(&c->n->link_hits);
		}
	}
	return e;
}
