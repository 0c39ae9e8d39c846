/*
 * statcache: the fill and resolve primitives of the lookup engine (see
 * src/engine/resolve.h).
 *
 * Fill order, for every result: read the epoch and the slots first, then
 * arm the watch (directories), then lstat() (docs/protocol.md, "Fill").
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include "engine/resolve.h"
#include "engine/drain.h"
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

void sc_cache_reset(sc_cache *c)
{
	sc_table_clear(&c->table);
	sc_cache_account(c);
}

/* A child of something that is not a watched directory inherits its
 * parent's verdict and dependencies. */
static void sc_inherit(sc_result *r, const sc_result *parent, sc_kind kind, int err)
{
	sc_set(r, kind, err, parent->epoch);
	r->ndeps = parent->ndeps;
	memcpy(r->deps, parent->deps, sizeof(r->deps));
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
	int wd = sc_watcher_add_watch(e->key);
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
	sc_wd_set_dev(wd, (uint64_t) st.st_dev);
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
		r->err = SC_FILE_DEPS; /* the directory's name, next, completes them */
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

/* See src/engine/resolve.h.  A name on the file's device went before a
 * drain could look at it and may have been a hard link, through which the
 * file could have changed with no event in its directory.  A fill now
 * would read the slots, lstat() the name and take that.  Its name slot,
 * inode slot and directory's name still hold, read here before the
 * lstat() as a fill reads them before its own (a change after this read
 * moves one of them, as it would after a fill's), the epoch holds (no
 * mount came: what a fill's second look asks), and the inode is the one
 * the recorded inode slot is of: so the result takes the device slot's
 * value read before this lstat() and the lstat() itself (uid, gid, blocks
 * as they are now; the access() answers asked again).  Only for the same
 * inode, unchanged (anything done through a link moves its ctime, and its
 * link count while the link is there), with one link: else 0, and the
 * caller fills. */
int sc_restamp(sc_entry *e)
{
	sc_gen *g = sc_the_proc.gen;
	sc_result *r = &e->r;
	uint32_t vval;
	struct stat st;

	if ((r->kind != SC_KIND_FOUND && r->kind != SC_KIND_LINK) || r->err != SC_FILE_DEPS || r->ndeps < 3
			|| r->epoch != sc_gen_epoch(g)) {
		return 0;
	}
	if (sc_gen_load(g, r->deps[0].slot) != r->deps[0].val || sc_gen_load(g, r->deps[1].slot) != r->deps[1].val
			|| (r->ndeps > 3 && sc_gen_load(g, r->deps[3].slot) != r->deps[3].val)) {
		return 0;
	}
	vval = sc_gen_load(g, r->deps[2].slot);
	if (lstat(e->key, &st) < 0 || st.st_nlink != 1 || !sc_same_file(&r->st, &st)) {
		return 0;
	}
	r->deps[2].val = vval;
	r->st = st;
	r->held_at = 0;
	r->access_known = 0;
	r->access_ok = 0;
	/* LINK: its text (target) is the inode's, which cannot change without
	 * a new inode, and a new one at the name moves its name slot */
	return 1;
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
	} else if (sc_result_valid(g, &e->r) || sc_restamp(e)) {
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

