/*
 * statcache: the fill and resolve primitives of the lookup engine, per PHP
 * thread: the thread's results (sc_cache), and the walk of a canonical
 * path from its deepest valid ancestor that fills each result (arming a
 * watch on every directory before its lstat()) and records what it
 * depends on.  Pure C (no Zend).  src/engine/follow.c walks spellings
 * through symlinks on it; src/engine/lookup.c answers lookups with both.
 */
#ifndef STATCACHE_RESOLVE_H
#define STATCACHE_RESOLVE_H

#include "core/counters.h"
#include "core/canon.h"
#include "core/table.h"
#include "engine/caps.h"
#include "statcache_watcher.h"

#include <sys/stat.h>

/* What a directory's file system was found to be, per device: statfs()
 * once per mount, not once per directory (SC_DEV_VERDICTS devices kept,
 * the oldest replaced).  Valid while the epoch it was read under holds: a
 * mount or unmount (which may reuse a device number) bumps it. */
#define SC_DEV_VERDICTS 8

typedef struct sc_dev_verdict {
	uint64_t dev;
	uint64_t f_type;
	uint32_t epoch;          /* 0: unused */
	int32_t refused;         /* 0, or the bypass reason of every directory on it */
} sc_dev_verdict;

typedef struct sc_cache {
	sc_counters *n;          /* own_n, or this thread's slot in the shared region */
	sc_counters own_n;       /* owner-written: the cache is line-aligned, so no
	                          * other thread's counters share these lines */
	sc_table table;
	uint32_t max_entries;
	int test_untrusted;
	int dots_lexical;        /* PHP drops "." and ".." before the kernel sees a path
	                          * (ZTS: the virtual CWD), even after a symlink: a
	                          * dotted spelling through a link is PHP's to answer */
	uint64_t verify_rate;    /* re-check one hit in N with a real lstat() (0: never) */
	uint64_t verify_tick;
	sc_canon canon;          /* scratch for spellings */
	uint32_t cap_skips;      /* misses not kept since the last eviction (sc_cache_room()) */
	const char *left_to_php; /* the path of the miss sc_cache_room() last left to PHP, for
	                          * the call that PHP then makes of it (sc_cache_left_take()) */
	int evicting;            /* the table has reached the cap since it was last empty: a
	                          * miss it keeps is kept at its first look */
	int first_look;          /* a name asked for once is answered from one statx() and
	                          * kept from its second look on (sc_cache_init(): 1; the
	                          * PHP layer sets statcache.first_look's) */
	int keep_all;            /* set by sc_lookup_kept() around its lookup: every answer is
	                          * one to keep, the watch cap's too (a file past it arms
	                          * its watch over it, as a directory does) */
	uint32_t request;        /* this thread's requests begun (RINIT): a name is kept at its
	                          * first look in a third request (sc_fill_first_look()) */
	int glance;              /* set by a lookup around its own sc_resolve(): the path
	                          * asked for may be taken at a first look */
	sc_dev_verdict devs[SC_DEV_VERDICTS];
	uint32_t devs_next;      /* the slot the next new device takes */
} sc_cache;

/* A cache is allocated aligned to a cache line (sc_cache_new) so that two
 * threads' counters never share one. */
sc_cache *sc_cache_new(uint32_t max_entries, int test_untrusted);
void sc_cache_delete(sc_cache *c);
int sc_cache_init(sc_cache *c, uint32_t max_entries, int test_untrusted);
void sc_cache_free(sc_cache *c);
void sc_cache_reset(sc_cache *c);

/* The miss path's walk, for src/engine/lookup.c and src/engine/follow.c:
 * the entry for a canonical
 * path, valid now (or EMPTY when it could not be settled; EMPTY with err
 * SC_BYPASS_SYMLINK_DIR when a component before the last is a symlink). */
/* A name's first look, for the entry of the spelling a lookup asks for
 * (src/engine/resolve.c): 1 when answered, 0 when the name goes the
 * watched way now. */
int sc_fill_first_look(sc_cache *c, sc_entry *e);

/* For a caller whose own syscall follows and answers as well (PHP's
 * access() for is_readable(), the open of a name PHP's walk resolved, a
 * directory's listing read): 1 when a lookup of path now would be a first
 * look, which would cost a statx() more than that call; it is counted as
 * one (no syscall) and the name left to the call.  0: look it up (a valid
 * answer, a name to keep now, statcache.first_look=0, ...). */
int sc_first_look_leave(sc_cache *c, const char *path, size_t len);

sc_entry *sc_resolve(sc_cache *c, const char *path, size_t len, unsigned depth);

/* access(path, mode) of an entry asked of the kernel, its answer kept in
 * the result (access_known, access_ok) for the rest of the entry's
 * validity: 0 if allowed, -1 if not.  Out of line: sc_access()
 * (src/engine/lookup.h) answers from the entry when it can, and
 * sc_dir_searchable() (src/engine/follow.c) asks it for X_OK. */
int sc_access_ask(sc_cache *c, sc_entry *e, int mode);

/* May a miss for path (hash h) fill the table?  Below both caps, or a
 * refill of an entry the table holds, yes.  At the entry cap, after
 * seven misses per entry of a batch were left to PHP, a batch is
 * evicted (sc_table_evict()) and yes; else no.  At the watch cap, a path
 * the table knows as a file's is no, unless a batch of files' watches
 * was evicted for it (sc_watcher_file_skip()).  No: PHP answers, and path
 * is noted in c->left_to_php (sc_cache_left_take()).  Only where a lookup
 * starts: no entry is held.  (Round robin over 1.1 times the entry cap,
 * the worst order for a cache, keeps 87 % hits; over twice the cap, about
 * 42 %; over twice the watch cap, about 41 %.) */
int sc_cache_room(sc_cache *c, const char *path, size_t len, uint64_t h);

/* Was path (this very pointer) the last miss a cap left to PHP?
 * PHP's own call of it follows at once (is_file()'s php_stat() calls the
 * plain-files wrapper's url_stat with the same name), and need not be
 * looked up again: the caps are where they were a moment ago.  The
 * note is taken (cleared) whatever the answer, so it lasts one call; a
 * pointer that matches another name by chance only leaves that name to
 * PHP once, which is always exact. */
static inline int sc_cache_left_take(sc_cache *c, const char *path)
{
	const char *left = c->left_to_php;

	c->left_to_php = NULL;
	return left != NULL && left == path;
}

/* Counts an answer left to PHP, by its reason. */
static inline void sc_count_bypass(sc_cache *c, int reason)
{
	sc_count(reason == SC_BYPASS_UNTRUSTED ? &c->n->untrusted : &c->n->bypassed);
	if (reason == SC_BYPASS_MOUNT_POINT) {
		sc_count(&c->n->mount_points);
	}
}

/* Keeps the reported size equal to the table's (statcache_stats()). */
static inline void sc_cache_account(sc_cache *c)
{
	sc_count_set(&c->n->entries, c->table.count);
	sc_count_set(&c->n->memory, c->table.memory + sizeof(*c));
}

/* Starts a result afresh: kind, error and the epoch it was read under. */
static inline void sc_set(sc_result *r, sc_kind kind, int err, uint32_t epoch)
{
	r->kind = (uint8_t) kind;
	r->err = err;
	r->epoch = epoch;
	r->ndeps = 0;
	r->held_at = 0;
	r->access_known = 0;
	r->access_ok = 0;
	r->wd = -1;
	r->target = NULL;
}

/* Is r a first look's answer (sc_fill_first_look(), src/engine/resolve.c),
 * or one a name below inherited from it?  Such an answer is the
 * spelling's, as the kernel reads it (a symlink on the way followed), not
 * a canonical entry's.  A result of a name or watch whose slot is
 * SC_GLANCE_SLOT may be taken for one: it is then only filled again where
 * a first look's may not serve. */
static inline int sc_result_first_look(const sc_result *r)
{
	return r->wd < 0 && r->ndeps == 1 && r->deps[0].slot == SC_GLANCE_SLOT;
}

/* One more slot the result depends on (dropped past SC_MAX_DEPS: the
 * caller checks ndeps where that matters). */
static inline void sc_add_dep(sc_result *r, uint32_t slot, uint32_t val)
{
	if (r->ndeps < SC_MAX_DEPS) {
		r->deps[r->ndeps].slot = slot;
		r->deps[r->ndeps].val = val;
		r->ndeps++;
	}
}

/* Is b the same file, unchanged, as a (atime left out)? */
static inline int sc_same_file(const struct stat *a, const struct stat *b)
{
	return a->st_ino == b->st_ino && a->st_dev == b->st_dev && a->st_mode == b->st_mode
		&& a->st_nlink == b->st_nlink && a->st_size == b->st_size
		&& a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec
		&& a->st_ctim.tv_sec == b->st_ctim.tv_sec && a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

/* Is this (parent's) result a spelling through a symlink, which the
 * follow walk resolves rather than the lexical one? */
static inline int sc_through_link(const sc_result *r)
{
	return r->kind == SC_KIND_LINK || r->kind == SC_KIND_VIA
		|| (r->kind == SC_KIND_EMPTY && r->err == SC_BYPASS_SYMLINK_DIR);
}

#endif
