/*
 * statcache: the lookup engine (see src/engine/lookup.h).
 *
 * Fill order, for every result: read the epoch and the name slot (in the
 * parent's watch) first, then arm the watch (directories), then lstat().  A
 * change after the read bumps what was read, so it can never be pinned;
 * one before it is seen by the lstat().
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include "engine/lookup.h"
#include "engine/follow.h"
#include "core/log.h"
#include "core/trust.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

/* Room kept free below max_entries so that one walk never hits the cap
 * halfway (entries met on the way stay valid pointers). */
#define SC_WALK_RESERVE 1024u
#define SC_MAX_DEPTH 512

int sc_cache_init(sc_cache *c, uint32_t max_entries, int test_untrusted)
{
	memset(c, 0, sizeof(*c));
	c->n = &c->own_n;
	c->max_entries = max_entries;
	c->test_untrusted = test_untrusted;
	return sc_table_init(&c->table, 256);
}

void sc_cache_free(sc_cache *c)
{
	sc_table_free(&c->table);
}

sc_cache *sc_cache_new(uint32_t max_entries, int test_untrusted)
{
	void *mem;
	if (posix_memalign(&mem, SC_CACHE_LINE, sizeof(sc_cache)) != 0) {
		return NULL;
	}
	if (sc_cache_init(mem, max_entries, test_untrusted) < 0) {
		free(mem);
		return NULL;
	}
	return mem;
}

void sc_cache_delete(sc_cache *c)
{
	if (c) {
		sc_cache_free(c);
		free(c);
	}
}

/* Keeps the reported size equal to the table's (statcache_stats()). */
static void sc_cache_account(sc_cache *c)
{
	sc_count_set(&c->n->entries, c->table.count);
	sc_count_set(&c->n->memory, c->table.memory + sizeof(*c));
}

void sc_cache_reset(sc_cache *c)
{
	sc_table_clear(&c->table);
	sc_cache_account(c);
}

static void sc_set(sc_result *r, sc_kind kind, int err, uint32_t epoch)
{
	r->kind = (uint8_t) kind;
	r->err = err;
	r->epoch = epoch;
	r->ndeps = 0;
	r->access_known = 0;
	r->access_ok = 0;
	r->wd = -1;
	r->target = NULL;
}

static void sc_add_dep(sc_result *r, uint32_t slot, uint32_t val)
{
	if (r->ndeps < SC_MAX_DEPS) {
		r->deps[r->ndeps].slot = slot;
		r->deps[r->ndeps].val = val;
		r->ndeps++;
	}
}

/* A child of something that is not a watched directory inherits its
 * parent's verdict and dependencies. */
static void sc_inherit(sc_result *r, const sc_result *parent, sc_kind kind, int err)
{
	sc_set(r, kind, err, parent->epoch);
	r->ndeps = parent->ndeps;
	memcpy(r->deps, parent->deps, sizeof(r->deps));
}

static int sc_same_file(const struct stat *a, const struct stat *b)
{
	return a->st_ino == b->st_ino && a->st_dev == b->st_dev && a->st_mode == b->st_mode
		&& a->st_nlink == b->st_nlink && a->st_size == b->st_size
		&& a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec
		&& a->st_ctim.tv_sec == b->st_ctim.tv_sec && a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

/* Case-insensitive directories exist on ext4 and f2fs only (chattr +F). */
static int sc_dir_casefolded(const char *dir, uint64_t f_type)
{
#ifdef FS_CASEFOLD_FL
	long flags = 0;
	int fd, rc;
	if (f_type != 0xEF53 && f_type != 0xF2F52010) {
		return 0;
	}
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
	if (fd < 0) {
		return 0; /* unreadable directories cannot be watched either */
	}
	rc = ioctl(fd, FS_IOC_GETFLAGS, &flags);
	close(fd);
	return rc == 0 && (flags & FS_CASEFOLD_FL);
#else
	(void) dir;
	(void) f_type;
	return 0;
#endif
}

/* A directory: watch it, check its file system, then take its lstat(). */
static void sc_fill_dir(sc_cache *c, sc_entry *e, uint32_t epoch, int has_name,
	uint32_t nslot, uint32_t nval)
{
	sc_gen *g = sc_the_proc.gen;
	sc_result *r = &e->r;
	struct statfs sfs;
	struct stat st;
	int wd = sc_proc_add_watch(e->key);
	uint32_t dslot, dval;

	sc_set(r, SC_KIND_EMPTY, 0, epoch);
	if (has_name) {
		sc_add_dep(r, nslot, nval);
	}
	if (wd < 0) {
		if (wd == -ENOENT || wd == -ENOTDIR) {
			/* changed under us between the two calls: answer from a fresh
			 * lstat() and keep it only until the name's next event */
			if (lstat(e->key, &st) < 0) {
				r->kind = SC_KIND_MISSING;
				r->err = errno;
			} else if (S_ISLNK(st.st_mode)) {
				r->kind = SC_KIND_LINK;
				r->st = st;
			} else {
				r->kind = SC_KIND_BYPASS;
				r->err = SC_BYPASS_SPECIAL;
			}
			return;
		}
		r->kind = SC_KIND_BYPASS;
		r->err = SC_BYPASS_UNWATCHABLE;
		return;
	}
	dslot = sc_gen_dir_slot(g, wd);
	dval = sc_gen_load(g, dslot);
	if (c->test_untrusted) {
		r->kind = SC_KIND_BYPASS;
		r->err = SC_BYPASS_UNTRUSTED;
		return;
	}
	if (statfs(e->key, &sfs) < 0) {
		/* cannot tell what it is on: unknown is untrusted */
		atomic_fetch_add_explicit(&sc_the_proc.untrusted_dirs, 1, memory_order_relaxed);
		sc_log_once(SC_LOG_UNTRUSTED, "statcache: statfs(%s) failed (%s); paths below it are "
			"not cached", e->key, strerror(errno));
		r->kind = SC_KIND_BYPASS;
		r->err = SC_BYPASS_UNTRUSTED;
		return;
	}
	if (!sc_fs_trusted((uint64_t) sfs.f_type)) {
		char buf[24];
		atomic_fetch_add_explicit(&sc_the_proc.untrusted_dirs, 1, memory_order_relaxed);
		sc_log_once(SC_LOG_UNTRUSTED, "statcache: %s is on a file system that raises no events "
			"for other machines' changes (%s); paths below it are not cached", e->key,
			sc_fs_name((uint64_t) sfs.f_type, buf, sizeof(buf)));
		r->kind = SC_KIND_BYPASS;
		r->err = SC_BYPASS_UNTRUSTED;
		return;
	}
	if (sc_dir_casefolded(e->key, (uint64_t) sfs.f_type)) {
		/* "A.php" and "a.php" are one file there, but events name only
		 * the spelling on disk: a result under another spelling would
		 * never see its events */
		r->kind = SC_KIND_BYPASS;
		r->err = SC_BYPASS_SPECIAL;
		return;
	}
	if (lstat(e->key, &st) < 0) {
		r->kind = SC_KIND_MISSING;
		r->err = errno;
		return;
	}
	if (!S_ISDIR(st.st_mode)) {
		r->kind = S_ISLNK(st.st_mode) ? SC_KIND_LINK : SC_KIND_BYPASS;
		r->err = S_ISLNK(st.st_mode) ? 0 : SC_BYPASS_SPECIAL;
		r->st = st;
		return;
	}
	r->kind = SC_KIND_FOUND;
	r->wd = wd;
	r->st = st;
	sc_add_dep(r, dslot, dval);
	sc_proc_watch_dev(wd, (uint64_t) st.st_dev);
}

/* A child's result also depends on its directory's name in the
 * grandparent, as the directory's own result recorded it: removing the
 * directory (rmdir, or a rename over it) bumps that slot, so the results
 * of the names it held, missing ones included, end with it, and a
 * directory made again at the path is looked at afresh.  This is what lets
 * a watched directory's IN_DELETE_SELF cost nothing else (no epoch).  "/"
 * has no name; its children need none. */
static void sc_add_parent_dep(sc_result *r, const sc_entry *parent, size_t parent_len)
{
	if (parent_len > 1 && parent->r.ndeps > 0) {
		sc_add_dep(r, parent->r.deps[0].slot, parent->r.deps[0].val);
	}
}

/* Is path (not a directory) in the mount table as a mount point?  The
 * exact answer where statx() cannot tell (kernels before 5.8): read on
 * the miss path only, for non-directories. */
static int sc_mountinfo_has_point(const char *path)
{
	FILE *f = fopen("/proc/self/mountinfo", "re");
	char line[SC_PATH_MAX + 512], point[SC_PATH_MAX + 1];
	int found = 0;

	if (!f) {
		return -1;   /* cannot tell: PHP answers */
	}
	while (!found && fgets(line, sizeof(line), f)) {
		/* "id parent major:minor root mount-point ...", octal escapes */
		const char *q = line;
		size_t n = 0;
		for (int field = 0; field < 4 && q; field++) {
			q = strchr(q, ' ');
			q = q ? q + 1 : NULL;
		}
		if (!q) {
			continue;
		}
		while (*q && *q != ' ' && *q != '\n' && n < SC_PATH_MAX) {
			if (q[0] == '\\' && q[1] >= '0' && q[1] <= '7' && q[2] >= '0' && q[2] <= '7'
					&& q[3] >= '0' && q[3] <= '7') {
				point[n++] = (char) (((q[1] - '0') << 6) | ((q[2] - '0') << 3) | (q[3] - '0'));
				q += 4;
			} else {
				point[n++] = *q++;
			}
		}
		point[n] = '\0';
		found = strcmp(point, path) == 0;
	}
	fclose(f);
	return found;
}

/* Takes a second look at a non-directory just lstat()ed: *again is what
 * lstat() says now; returns 1 when the name is the root of a mount (a file
 * bind-mounted over it: docker run -v file:file), whose changes the kernel
 * reports to the watch of the source's directory, not this one; -1 when
 * it cannot be looked at.  One statx() on the miss path (it replaces the
 * re-check lstat()), never on a hit. */
static int sc_second_look(const char *path, struct stat *again)
{
#if defined(STATX_BASIC_STATS) && defined(AT_STATX_SYNC_AS_STAT)
	struct statx x;
	if (statx(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW | AT_STATX_SYNC_AS_STAT, STATX_BASIC_STATS, &x) == 0) {
		memset(again, 0, sizeof(*again));
		again->st_dev = makedev(x.stx_dev_major, x.stx_dev_minor);
		again->st_ino = (ino_t) x.stx_ino;
		again->st_mode = x.stx_mode;
		again->st_nlink = x.stx_nlink;
		again->st_size = (off_t) x.stx_size;
		again->st_mtim.tv_sec = x.stx_mtime.tv_sec;
		again->st_mtim.tv_nsec = x.stx_mtime.tv_nsec;
		again->st_ctim.tv_sec = x.stx_ctime.tv_sec;
		again->st_ctim.tv_nsec = x.stx_ctime.tv_nsec;
# ifdef STATX_ATTR_MOUNT_ROOT
		if (x.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT) {
			return (x.stx_attributes & STATX_ATTR_MOUNT_ROOT) != 0;
		}
# endif
		return sc_mountinfo_has_point(path);
	}
	if (errno != ENOSYS) {
		return -1;
	}
#endif
	if (lstat(path, again) < 0) {
		return -1;
	}
	return sc_mountinfo_has_point(path);
}

/* A name in a watched, trusted directory. */
static void sc_fill_child(sc_cache *c, sc_entry *e, const sc_entry *parent, size_t parent_len)
{
	sc_gen *g = sc_the_proc.gen;
	sc_result *r = &e->r;
	const char *name = e->key + (parent_len == 1 ? 1 : parent_len + 1);
	size_t nlen = e->len - (size_t) (name - e->key);
	/* the parent's epoch, not the current one: if arming a watch on the
	 * way crossed the watch cap, the flush removed the parent's watch, and
	 * a child must never be more valid than the directory it was seen in */
	uint32_t epoch = parent->r.epoch;
	uint32_t nslot = sc_gen_name_slot(g, parent->r.wd, name, nlen);
	uint32_t nval = sc_gen_load(g, nslot);
	struct stat st, again;

	if (lstat(e->key, &st) < 0) {
		sc_set(r, SC_KIND_MISSING, errno, epoch);
		sc_add_dep(r, nslot, nval);
		sc_add_parent_dep(r, parent, parent_len);
		return;
	}
	if (S_ISDIR(st.st_mode)) {
		sc_fill_dir(c, e, epoch, 1, nslot, nval);
		sc_add_parent_dep(r, parent, parent_len);
		return;
	}
	sc_set(r, SC_KIND_FOUND, 0, epoch);
	sc_add_dep(r, nslot, nval);
	if (S_ISLNK(st.st_mode)) {
		r->kind = SC_KIND_LINK;
	}
	if (S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)) {
		uint32_t islot = sc_gen_inode_slot(g, (uint64_t) st.st_dev, (uint64_t) st.st_ino);
		uint32_t ival = sc_gen_load(g, islot);
		/* a name that went before a drain could look at it (a hard link
		 * made, written through and removed) drops every file whose
		 * directory is on this device */
		uint32_t vslot = sc_gen_dev_slot(g, (uint64_t) parent->r.st.st_dev);
		uint32_t vval = sc_gen_load(g, vslot);
		int mounted;
		/* A write through another hard link raises no event here: never
		 * cache a linked file, and re-check after reading the inode's slot
		 * so that an own write racing this fill cannot be pinned.  Symlinks
		 * too: link() does not follow one, and the new link changes its
		 * st_nlink with no event in this directory. */
		if (st.st_nlink > 1) {
			r->kind = SC_KIND_BYPASS;
			r->err = SC_BYPASS_HARDLINK;
			return;
		}
		mounted = sc_second_look(e->key, &again);
		if (mounted < 0 || !sc_same_file(&st, &again)) {
			sc_set(r, SC_KIND_EMPTY, 0, epoch);
			return;
		}
		if (mounted) {
			/* a file bind-mounted over the name: its events go to the
			 * source's directory (or nowhere: FUSE, NFS); PHP answers until
			 * the name or the mount table changes */
			r->kind = SC_KIND_BYPASS;
			r->err = SC_BYPASS_MOUNT_POINT;
			sc_add_parent_dep(r, parent, parent_len);
			return;
		}
		sc_add_dep(r, islot, ival);
		sc_add_dep(r, vslot, vval);
	} else {
		/* a device, FIFO or socket: mounted over too? */
		int mounted = sc_second_look(e->key, &again);
		if (mounted != 0) {
			r->kind = mounted < 0 ? SC_KIND_EMPTY : SC_KIND_BYPASS;
			r->err = mounted < 0 ? 0 : SC_BYPASS_MOUNT_POINT;
			if (mounted > 0) {
				sc_add_parent_dep(r, parent, parent_len);
			}
			return;
		}
	}
	sc_add_parent_dep(r, parent, parent_len);
	r->st = st;
}

/* Is this (parent's) result a spelling through a symlink, which the
 * follow walk resolves rather than the lexical one? */
static int sc_through_link(const sc_result *r)
{
	return r->kind == SC_KIND_LINK || r->kind == SC_KIND_VIA
		|| (r->kind == SC_KIND_EMPTY && r->err == SC_BYPASS_SYMLINK_DIR);
}

/* The entry for a canonical path, valid now (or EMPTY when it could not
 * be settled).  Recursion depth is the number of components not yet cached. */
sc_entry *sc_resolve(sc_cache *c, const char *path, size_t len, unsigned depth)
{
	sc_gen *g = sc_the_proc.gen;
	uint64_t h = sc_table_hash(path, len);
	sc_entry *e = sc_table_get(&c->table, path, len, h), *pe;
	size_t plen;

	if (!e) {
		return NULL;
	}
	if (e->r.kind == SC_KIND_VIA) {
		/* still through a link while its links hold; else looked at afresh */
		if (sc_result_valid(g, &e->r) && sc_via_valid(g, &e->r)) {
			return e;
		}
		sc_set(&e->r, SC_KIND_EMPTY, 0, 0);
	} else if (sc_result_valid(g, &e->r)) {
		return e;
	}
	if (depth > SC_MAX_DEPTH) {
		sc_set(&e->r, SC_KIND_EMPTY, 0, 0);
		return e;
	}
	if (len == 1) {
		sc_fill_dir(c, e, sc_gen_epoch(g), 0, 0, 0);
		return e;
	}
	plen = sc_path_parent_len(path, len);
	pe = sc_resolve(c, path, plen, depth + 1);
	if (!pe) {
		return NULL;
	}
	if (sc_through_link(&pe->r)) {
		/* not a canonical path: src/engine/follow.c resolves the spelling */
		sc_set(&e->r, SC_KIND_EMPTY, SC_BYPASS_SYMLINK_DIR, 0);
		return e;
	}
	switch (pe->r.kind) {
		case SC_KIND_MISSING:
			sc_inherit(&e->r, &pe->r, SC_KIND_MISSING, pe->r.err);
			break;
		case SC_KIND_FOUND:
			if (S_ISDIR(pe->r.st.st_mode)) {
				sc_fill_child(c, e, pe, plen);
			} else {
				sc_inherit(&e->r, &pe->r, SC_KIND_MISSING, ENOTDIR);
			}
			break;
		case SC_KIND_BYPASS:
			sc_inherit(&e->r, &pe->r, SC_KIND_BYPASS, pe->r.err);
			break;
		default:
			sc_set(&e->r, SC_KIND_EMPTY, 0, 0);
			break;
	}
	return e;
}

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

/* A spelling with ".", ".." or "//": each directory its dots crossed must be
 * a real, watched directory, else the kernel's answer differs from the
 * lexical one and PHP answers. */
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
		if (!re || re->r.kind != SC_KIND_FOUND || !S_ISDIR(re->r.st.st_mode)) {
			return NULL;
		}
		if ((re->r.st.st_mode & 0111) != 0111) {
			/* the kernel resolves "dir/." and "dir/x/.." only with search
			 * permission on dir (EACCES otherwise); the lexical reading
			 * would not, so a directory not searchable by all is PHP's
			 * (no syscall, whoever the credentials are; a chmod of a
			 * watched directory bumps the epoch) */
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

	if (c->table.count + SC_WALK_RESERVE >= c->max_entries) {
		sc_cache_reset(c);
		sc_count(&c->n->flushes);
		sc_log_once(SC_LOG_ENTRY_CAP, "statcache: statcache.max_entries (%u) reached; this "
			"thread's results are dropped and filled again (raise statcache.max_entries if "
			"this repeats)", c->max_entries);
	}
	if (memchr(path, '\0', len)) {
		/* PHP's own call refuses it; never inserted, so a hit has no NUL */
		return sc_answer(c, NULL);
	}
	switch (sc_canon_path(&c->canon, path, len)) {
		case SC_CANON_SAME:
			e = sc_resolve(c, path, len, 0);
			if (e && e->r.kind != SC_KIND_LINK && sc_through_link(&e->r)) {
				e = sc_follow(c, e);
			}
			return sc_answer(c, e);
		case SC_CANON_CHANGED:
			e = sc_table_get(&c->table, path, len, h);
			if (!e) {
				return sc_answer(c, NULL);
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

sc_entry *sc_lookup_via(sc_cache *c, sc_entry *e, const char *path, size_t len, uint64_t h)
{
	sc_gen *g = sc_the_proc.gen;
	sc_entry *t = e->r.target, *r;

	if (!sc_via_valid(g, &e->r) || !sc_result_valid(g, &t->r)) {
		return sc_lookup_miss(c, path, len, h);
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
	while (!sc_proc_drain()) {
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

int sc_access(sc_cache *c, sc_entry *e, int mode)
{
	sc_result *r = &e->r;
	int bit = mode & 7;

	if (bit == 0) {
		return r->kind == SC_KIND_FOUND ? 0 : -1;
	}
	if ((r->access_known & bit) != bit) {
		int ok = access(e->key, mode) == 0;
		sc_count(&c->n->access_calls);
		r->access_known |= (uint8_t) bit;
		if (ok) {
			r->access_ok |= (uint8_t) bit;
		} else {
			r->access_ok &= (uint8_t) ~bit;
		}
	}
	return (r->access_ok & bit) == bit ? 0 : -1;
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
