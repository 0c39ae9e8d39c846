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
	c->first_look = 1;
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
	c->evicting = 0;
	sc_cache_account(c);
}

/* The entry cap's part of sc_cache_room(). */
static int sc_cache_entry_room(sc_cache *c, const char *path, size_t len, uint64_t h)
{
	uint32_t n;

	if (c->table.count + sc_walk_reserve(c->max_entries) < c->max_entries) {
		return 1;
	}
	if (c->table.count < c->max_entries && sc_table_find(&c->table, path, len, h)) {
		return 1; /* refilled in place: at most its missing ancestors added */
	}
	if (c->cap_skips < sc_cap_skips(c->max_entries, SC_EVICT_SHARE)) {
		if (c->cap_skips++ == 0) {
			/* once a batch, not once a miss: a call and a locked test */
			sc_log_once(SC_LOG_ENTRY_CAP, "statcache: statcache.max_entries (%u) reached; the least "
				"used results are evicted and some misses left to PHP (raise statcache.max_entries "
				"if statcache_stats()'s evictions keep growing)", c->max_entries);
		}
		sc_count(&c->n->cap_bypassed);
		return 0;
	}
	c->cap_skips = 0;
	c->evicting = 1;
	n = sc_table_evict(&c->table, sc_cap_batch(c->max_entries, SC_EVICT_SHARE));
	sc_count_add(&c->n->evictions, n);
	sc_cache_account(c);
	return c->table.count + sc_walk_reserve(c->max_entries) < c->max_entries;
}

/* The watch cap's part of sc_cache_room(): a path the table knows as a
 * file's (its last result FOUND and not a directory's: keeping it needs a
 * watch of the file's own) while files' watches are at their cap
 * (sc_watcher_files_full()) is left to PHP, unless this miss has a batch
 * of the oldest files' watches evicted (sc_watcher_file_skip()).  A name
 * the table knows nothing of goes on: its fill answers it from one
 * statx() if it turns out a file (sc_fill_past_watch_cap()), which
 * teaches the table what it is. */
static int sc_cache_watch_room(sc_cache *c, const char *path, size_t len, uint64_t h)
{
	const sc_entry *e;

	if (c->keep_all || !sc_watcher_files_full()) {
		return 1;
	}
	e = sc_table_find(&c->table, path, len, h);
	if (!e || e->r.kind != SC_KIND_FOUND || S_ISDIR(e->r.st.st_mode) || sc_watcher_file_skip()) {
		return 1;
	}
	sc_count(&c->n->watch_cap_bypassed);
	return 0;
}

int sc_cache_room(sc_cache *c, const char *path, size_t len, uint64_t h)
{
	if (sc_cache_entry_room(c, path, len, h) && sc_cache_watch_room(c, path, len, h)) {
		return 1;
	}
	c->left_to_php = path;
	return 0;
}

/* A child of something that is not a watched directory inherits its
 * parent's verdict and dependencies. */
static void sc_inherit(sc_result *r, const sc_result *parent, sc_kind kind, int err)
{
	sc_set(r, kind, err, parent->epoch);
	r->ndeps = parent->ndeps;
	memcpy(r->deps, parent->deps, sizeof(r->deps));
}

/* Is this directory case-insensitive (chattr +F)?  Asked only on a file
 * system where the kernel can casefold (sc_fs_may_casefold(): ext4, f2fs
 * and tmpfs built with CONFIG_UNICODE), where it is a flag of each
 * directory: everywhere else no open, no ioctl. */
static int sc_dir_casefolded(const char *dir, uint64_t f_type)
{
#ifdef FS_CASEFOLD_FL
	long flags = 0;
	int fd, rc;
	if (!sc_fs_may_casefold(f_type)) {
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

/* The file system of a directory on device dev, from this thread's
 * verdicts while the epoch holds, else from statfs() (then remembered):
 * the bypass reason of every directory on it (untrusted), or 0 with its
 * f_type.  A statfs() that fails is not remembered. */
static int sc_dev_refused(sc_cache *c, const char *dir, uint64_t dev, uint32_t epoch, uint64_t *f_type,
	int quiet)
{
	struct statfs sfs;
	sc_dev_verdict *v;
	int refused = 0;

	for (unsigned i = 0; i < SC_DEV_VERDICTS; i++) {
		v = &c->devs[i];
		if (v->epoch == epoch && v->dev == dev && epoch != 0) {
			*f_type = v->f_type;
			if (v->refused) {
				atomic_fetch_add_explicit(&sc_the_proc.untrusted_dirs, 1, memory_order_relaxed);
			}
			return v->refused;
		}
	}
	if (statfs(dir, &sfs) < 0) {
		if (quiet) {
			return SC_BYPASS_UNTRUSTED; /* a first look's: the watched way asks again */
		}
		/* cannot tell what it is on: unknown is untrusted */
		atomic_fetch_add_explicit(&sc_the_proc.untrusted_dirs, 1, memory_order_relaxed);
		sc_log_once(SC_LOG_UNTRUSTED, "statcache: statfs(%s) failed (%s); paths below it are "
			"not cached", dir, strerror(errno));
		return SC_BYPASS_UNTRUSTED;
	}
	*f_type = (uint64_t) sfs.f_type;
	if (!sc_fs_trusted((uint64_t) sfs.f_type)) {
		char buf[24];
		atomic_fetch_add_explicit(&sc_the_proc.untrusted_dirs, 1, memory_order_relaxed);
		sc_log_once(SC_LOG_UNTRUSTED, "statcache: %s is on a file system that raises no events "
			"for other machines' changes (%s); paths below it are not cached", dir,
			sc_fs_name((uint64_t) sfs.f_type, buf, sizeof(buf)));
		refused = SC_BYPASS_UNTRUSTED;
	}
	v = &c->devs[c->devs_next++ % SC_DEV_VERDICTS];
	v->dev = dev;
	v->f_type = *f_type;
	v->epoch = epoch;
	v->refused = refused;
	return refused;
}

/* Why a watched directory's results are not kept (a bypass reason), or 0:
 * a file system that raises no events for others' changes, or a
 * case-insensitive directory, whose events name only the spelling on disk
 * (a result under another spelling would never see them).  st is the
 * directory's, taken after its watch was armed; epoch the one its result
 * records (a verdict read under it ends with it). */
static int sc_dir_refused(sc_cache *c, const char *dir, const struct stat *st, uint32_t epoch)
{
	uint64_t f_type = 0;
	int refused;

	if (c->test_untrusted) {
		return SC_BYPASS_UNTRUSTED;
	}
	if ((refused = sc_dev_refused(c, dir, (uint64_t) st->st_dev, epoch, &f_type, 0)) != 0) {
		return refused;
	}
	if (sc_dir_casefolded(dir, f_type)) {
		return SC_BYPASS_SPECIAL;
	}
	return 0;
}

/* A directory whose watch was just armed (wd, or -errno): st taken, then
 * its file system checked (once per device): given (seen is a stat taken after an arm of this
 * same watch with every bit it keeps, its slot's value dval read before
 * that stat), or its lstat() now. */
static void sc_fill_dir_armed(sc_cache *c, sc_entry *e, uint32_t epoch, int has_name, uint32_t nslot,
	uint32_t nval, int wd, const struct stat *seen, uint32_t dval)
{
	sc_gen *g = sc_the_proc.gen;
	sc_result *r = &e->r;
	struct stat st;
	int refused;
	uint32_t dslot;

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
	dslot = sc_gen_watch_slot(g, wd);
	if (!seen) {
		dval = sc_gen_load(g, dslot);
	}
	if (seen) {
		st = *seen;
	} else if (lstat(e->key, &st) < 0) {
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
	/* after the stat: its device names the mount whose verdict holds */
	if ((refused = sc_dir_refused(c, e->key, &st, epoch)) != 0) {
		r->kind = SC_KIND_BYPASS;
		r->err = refused;
		return;
	}
	r->kind = SC_KIND_FOUND;
	r->wd = wd;
	r->st = st;
	sc_add_dep(r, dslot, dval);
}

/* A directory: watch it, check its file system, then take its lstat(). */
static void sc_fill_dir(sc_cache *c, sc_entry *e, uint32_t epoch, int has_name, uint32_t nslot, uint32_t nval)
{
	sc_fill_dir_armed(c, e, epoch, has_name, nslot, nval, sc_watcher_add_watch(e->key), NULL, 0);
}

/* A directory met by a child's first look (sc_fill_child()): wd was armed
 * with every bit a directory's watch has (and IN_MODIFY, which it keeps)
 * before dval was read and st taken, so st is as current as
 * sc_fill_dir()'s lstat().  Its own events are a directory's from now on;
 * one raised before this (it moved since its watch came) bumped its slot,
 * which its result read before, and nothing below it is filled yet. */
static void sc_fill_dir_seen(sc_cache *c, sc_entry *e, uint32_t epoch, uint32_t nslot, uint32_t nval,
	int wd, uint32_t dval, const struct stat *st)
{
	sc_watcher_watch_is_dir(wd);
	sc_fill_dir_armed(c, e, epoch, 1, nslot, nval, wd, st, dval);
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

/* lstat() of a name, and whether it is the root of a mount (a file
 * bind-mounted over it: docker run -v file:file, whose changes the kernel
 * reports to the watch of the source, not this name's): 1 when it is, 0
 * when not, -1 with errno when the name cannot be looked at.  One statx()
 * where the kernel has it (5.8 tells the mount root in its attributes;
 * before, a non-directory's is looked up in the mount table). */
static int sc_stat_name(const char *path, struct stat *st)
{
#if defined(STATX_BASIC_STATS) && defined(AT_STATX_SYNC_AS_STAT)
	struct statx x;
	if (statx(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW | AT_STATX_SYNC_AS_STAT, STATX_BASIC_STATS, &x) == 0
			&& (x.stx_mask & STATX_BASIC_STATS) == STATX_BASIC_STATS) {
		memset(st, 0, sizeof(*st));
		st->st_dev = makedev(x.stx_dev_major, x.stx_dev_minor);
		st->st_ino = (ino_t) x.stx_ino;
		st->st_mode = x.stx_mode;
		st->st_nlink = x.stx_nlink;
		st->st_uid = x.stx_uid;
		st->st_gid = x.stx_gid;
		st->st_rdev = makedev(x.stx_rdev_major, x.stx_rdev_minor);
		st->st_size = (off_t) x.stx_size;
		st->st_blksize = (blksize_t) x.stx_blksize;
		st->st_blocks = (blkcnt_t) x.stx_blocks;
		st->st_atim.tv_sec = x.stx_atime.tv_sec;
		st->st_atim.tv_nsec = x.stx_atime.tv_nsec;
		st->st_mtim.tv_sec = x.stx_mtime.tv_sec;
		st->st_mtim.tv_nsec = x.stx_mtime.tv_nsec;
		st->st_ctim.tv_sec = x.stx_ctime.tv_sec;
		st->st_ctim.tv_nsec = x.stx_ctime.tv_nsec;
		if (S_ISDIR(st->st_mode)) {
			return 0; /* a directory mounted over: the mount table's watch */
		}
# ifdef STATX_ATTR_MOUNT_ROOT
		if (x.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT) {
			return (x.stx_attributes & STATX_ATTR_MOUNT_ROOT) != 0;
		}
# endif
		return sc_mountinfo_has_point(path);
	}
	if (errno != ENOSYS && errno != EINVAL) {
		return -1;
	}
#endif
	if (lstat(path, st) < 0) {
		return -1;
	}
	return S_ISDIR(st->st_mode) ? 0 : sc_mountinfo_has_point(path);
}

/* A name whose watch could not be added (err): missing (the kernel's
 * lookup failed as lstat() fails), or there but not to be watched by this
 * process (a file it may not read: EACCES; watches exhausted: ENOSPC),
 * which PHP's own calls answer; a directory goes the directory's way. */
static void sc_fill_unwatched(sc_cache *c, sc_entry *e, uint32_t epoch, uint32_t nslot, uint32_t nval, int err)
{
	sc_result *r = &e->r;
	struct stat st;

	if (err == ENOENT || err == ENOTDIR || err == ENAMETOOLONG) {
		sc_set(r, SC_KIND_MISSING, err, epoch);
		sc_add_dep(r, nslot, nval);
		return;
	}
	if (lstat(e->key, &st) < 0) {
		sc_set(r, SC_KIND_MISSING, errno, epoch);
		sc_add_dep(r, nslot, nval);
		return;
	}
	if (S_ISDIR(st.st_mode)) {
		sc_fill_dir(c, e, epoch, 1, nslot, nval);
		return;
	}
	sc_set(r, SC_KIND_BYPASS, SC_BYPASS_UNWATCHABLE, epoch);
	sc_add_dep(r, nslot, nval);
}

/* A first look at the name a lookup asks for (never one on the way to
 * another), or any name past the watch cap (sc_fill_past_watch_cap()):
 * one statx(), as PHP's own call makes one.  A regular file (or
 * a FIFO, a socket, a device) is answered from it and not kept (epoch 0
 * never holds): its own watch, which a kept result needs, is armed only
 * when the name is asked for again, so a path met once (a worker's first
 * request, a CLI script's single pass) costs what PHP alone costs.  A
 * missing name is kept, as sc_fill_unwatched() keeps it (its name's slot
 * was read before).  1 when settled, 0 when the name is a directory or a
 * symlink (the caller arms the watch and takes it again). */
static int sc_fill_glance(sc_entry *e, const sc_entry *parent, size_t parent_len, uint32_t epoch,
	uint32_t nslot, uint32_t nval)
{
	sc_result *r = &e->r;
	struct stat st;
	int mounted;

	e->flags |= SC_ENTRY_SEEN;
	mounted = sc_stat_name(e->key, &st);
	if (mounted < 0) {
		if (errno != ENOENT && errno != ENOTDIR && errno != ENAMETOOLONG) {
			return 0;   /* EACCES, ...: the watched way decides */
		}
		sc_set(r, SC_KIND_MISSING, errno, epoch);
		sc_add_dep(r, nslot, nval);
		sc_add_parent_dep(r, parent, parent_len);
		return 1;
	}
	if (S_ISDIR(st.st_mode) || S_ISLNK(st.st_mode)) {
		return 0;
	}
	sc_set(r, mounted ? SC_KIND_BYPASS : SC_KIND_FOUND, mounted ? SC_BYPASS_MOUNT_POINT : 0, 0);
	r->st = st;
	return 1;
}

/* A name sc_fill_glance() settled while files' watches are at their cap
 * (sc_watcher_files_full()): answered from its statx() and not kept, as
 * at a first look, so that it costs what PHP's own call costs and evicts
 * no other file's watch; a missing one is kept (it needs no watch).
 * Every so often the count of such answers has a batch of the oldest
 * files' watches evicted (sc_watcher_file_skip()): then this one is
 * taken again the watched way, to be kept (1). */
static int sc_fill_past_watch_cap(sc_cache *c, sc_entry *e)
{
	if (e->r.kind == SC_KIND_MISSING) {
		return 0;
	}
	if (sc_watcher_file_skip()) {
		return 1;
	}
	sc_count(&c->n->watch_cap_bypassed);
	return 0;
}

/* A name in a watched, trusted directory.  Its inode is watched first
 * (whatever it is: a file's own watch, a directory's first), its slots are
 * read, then statx() takes what it is: a change made after that, through
 * this name or any other name or descriptor of the inode, moves the name's
 * slot or the watch's.  So a file's result depends on its name, its own
 * watch and its directory's name; a hard link, a descriptor kept open, a
 * FIFO or a device answer like any other file.  A first look (glance), or
 * a file past the watch cap, is answered from one statx() instead. */
static void sc_fill_child(sc_cache *c, sc_entry *e, const sc_entry *parent, size_t parent_len, int glance)
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
	uint32_t nval = sc_gen_load(g, nslot), wslot, wval;
	struct stat st;
	int wd, mounted;
	int first = glance && !(e->flags & SC_ENTRY_SEEN);
	int full = !first && !c->keep_all && sc_watcher_files_full();

	if ((first || full) && sc_fill_glance(e, parent, parent_len, epoch, nslot, nval)
			&& !(full && sc_fill_past_watch_cap(c, e))) {
		return;
	}
	e->flags |= SC_ENTRY_SEEN;
	wd = sc_watcher_add_watch_any(e->key);
	if (wd < 0) {
		sc_fill_unwatched(c, e, epoch, nslot, nval, -wd);
		sc_add_parent_dep(r, parent, parent_len);
		return;
	}
	wslot = sc_gen_watch_slot(g, wd);
	wval = sc_gen_load(g, wslot);
	mounted = sc_stat_name(e->key, &st);
	if (mounted < 0) {
		/* gone since its watch was added: the name's event follows */
		sc_set(r, errno == ENOENT || errno == ENOTDIR ? SC_KIND_MISSING : SC_KIND_EMPTY, errno, epoch);
		sc_add_dep(r, nslot, nval);
		sc_add_parent_dep(r, parent, parent_len);
		return;
	}
	if (S_ISDIR(st.st_mode)) {
		sc_fill_dir_seen(c, e, epoch, nslot, nval, wd, wval, &st);
		sc_add_parent_dep(r, parent, parent_len);
		return;
	}
	/* a file's own watch: the watch cap may evict it (its slot, which the
	 * result records, is bumped when it does) */
	sc_gen_mark_file(g, wd);
	sc_set(r, S_ISLNK(st.st_mode) ? SC_KIND_LINK : SC_KIND_FOUND, 0, epoch);
	sc_add_dep(r, nslot, nval);
	if (mounted) {
		/* a file bind-mounted over the name: its events go to the source
		 * (or nowhere: FUSE, NFS); PHP answers until the name or the
		 * mount table changes */
		r->kind = SC_KIND_BYPASS;
		r->err = SC_BYPASS_MOUNT_POINT;
		sc_add_parent_dep(r, parent, parent_len);
		return;
	}
	sc_add_dep(r, wslot, wval);
	sc_add_parent_dep(r, parent, parent_len);
	r->st = st;
}

/* Is a first look's answer for this path one the bound may hold?  Not
 * under /proc, /sys or /dev, whose entries change with no drain between
 * (a descriptor this process opens, a device's state). */
static int sc_first_look_may_hold(const char *path, size_t len)
{
	static const struct { const char *dir; size_t len; } pseudo[] = {
		{ "/proc", 5 }, { "/sys", 4 }, { "/dev", 4 },
	};

	for (size_t i = 0; i < sizeof(pseudo) / sizeof(pseudo[0]); i++) {
		if (len >= pseudo[i].len && memcmp(path, pseudo[i].dir, pseudo[i].len) == 0
				&& (len == pseudo[i].len || path[pseudo[i].len] == '/')) {
			return 0;
		}
	}
	return 1;
}

/* How many first looks a name may have in one request before it is kept
 * (a long CLI run or a long request is one request: a name asked that
 * often is worth its watch). */
#define SC_FIRST_LOOKS_MAX 8u

/* Is a name's next look the one that keeps it?  When it had first looks
 * in two requests before this one, or SC_FIRST_LOOKS_MAX of them: a name
 * a new worker meets in its first two requests costs what PHP's own calls
 * cost, and a worker whose requests only take first looks makes no
 * inotify instance, no watch and no poll of them. */
static inline int sc_first_look_done(const sc_cache *c, const sc_entry *e)
{
	uint32_t req = (c->request & 0xffu) << SC_ENTRY_LOOK_REQ_SHIFT;

	if ((e->flags & SC_ENTRY_LOOKS_MASK) >= (SC_FIRST_LOOKS_MAX << SC_ENTRY_LOOKS_SHIFT)) {
		return 1;
	}
	return (e->flags & SC_ENTRY_SEEN_TWICE) && (e->flags & SC_ENTRY_LOOK_REQ_MASK) != req;
}

/* A first look counted: its request (a later one than the name's first
 * marks it seen twice) and one more look. */
static inline void sc_first_look_count(const sc_cache *c, sc_entry *e)
{
	uint32_t req = (c->request & 0xffu) << SC_ENTRY_LOOK_REQ_SHIFT, f = e->flags;

	if (!(f & SC_ENTRY_SEEN)) {
		f |= SC_ENTRY_SEEN;
	} else if ((f & SC_ENTRY_LOOK_REQ_MASK) != req) {
		f |= SC_ENTRY_SEEN_TWICE;
	}
	if ((f & SC_ENTRY_LOOKS_MASK) != SC_ENTRY_LOOKS_MASK) {
		f += 1u << SC_ENTRY_LOOKS_SHIFT;
	}
	e->flags = (f & ~SC_ENTRY_LOOK_REQ_MASK) | req;
}

/* One first look at a name: one statx(), its answer depending on
 * SC_GLANCE_SLOT only (sc_fill_first_look()), and on a device with no
 * block device behind it, new to this thread, one statfs().  1 when
 * settled; 0, with the entry's result untouched, for a file system the
 * watched way refuses (sc_dev_refused(), quiet: the watched way says it)
 * or a name the kernel refuses otherwise than as missing (EACCES, ...:
 * the watched way decides). */
static int sc_first_look_take(sc_cache *c, sc_entry *e)
{
	sc_gen *g = sc_the_proc.gen;
	sc_result *r = &e->r;
	uint32_t epoch = sc_gen_epoch(g), v;
	uint64_t f_type = 0;
	char dir[SC_PATH_MAX];
	struct stat st;
	int mounted;

	if (!atomic_load_explicit(&sc_the_proc.first_looked, memory_order_relaxed)) {
		atomic_store_explicit(&sc_the_proc.first_looked, 1, memory_order_relaxed);
	}
	sc_first_look_count(c, e);
	v = sc_gen_glance_take(g);
	mounted = sc_stat_name(e->key, &st);
	if (mounted < 0) {
		if (errno != ENOENT && errno != ENOTDIR && errno != ENAMETOOLONG) {
			return 0;
		}
		sc_set(r, SC_KIND_MISSING, errno, epoch);
		sc_add_dep(r, SC_GLANCE_SLOT, v);
		return 1;
	}
	if (major(st.st_dev) == 0 && S_ISLNK(st.st_mode)) {
		/* statfs() follows a symlink: its directory's file system is
		 * its own (that directory as the kernel reads the spelling) */
		size_t plen = sc_path_parent_len(e->key, e->len);
		if (plen == 0 || plen >= sizeof(dir)) {
			return 0;
		}
		memcpy(dir, e->key, plen);
		dir[plen] = '\0';
	}
	/* only a device without a block device behind it (major 0: procfs,
	 * sysfs, tmpfs, NFS, FUSE, ...) is asked what it is: a file system
	 * on a disk changes only through this kernel, which a drain bounds */
	if (major(st.st_dev) == 0 && sc_dev_refused(c, S_ISLNK(st.st_mode) ? dir : e->key, (uint64_t) st.st_dev,
			epoch, &f_type, 1) != 0) {
		/* a file system whose entries may change with no drain between
		 * (procfs, sysfs, ... reached through a symlink on the way) or
		 * no event for others' changes: the watched way refuses it too */
		return 0;
	}
	if (S_ISLNK(st.st_mode)) {
		/* a symlink: its own answer; a call that follows it reads its
		 * text (sc_link_text(), relative to the spelling's directory, as
		 * the kernel reads it there) and looks its target up */
		sc_set(r, SC_KIND_LINK, 0, epoch);
	} else {
		sc_set(r, mounted ? SC_KIND_BYPASS : SC_KIND_FOUND, mounted ? SC_BYPASS_MOUNT_POINT : 0, epoch);
	}
	sc_add_dep(r, SC_GLANCE_SLOT, v);
	r->st = st;
	return 1;
}

/* The spelling with its "." components dropped, for the relation of a
 * name to the directories above it: "a/./b" is below "a" as "a/b" is,
 * and the kernel stops at a missing or non-directory "a" with the same
 * error either way.  path itself when it has none; buf (SC_PATH_MAX)
 * otherwise, *len updated.  ".." stays: what is above it depends on
 * the links on the way. */
static const char *sc_first_look_undotted(const char *path, size_t *len, char *buf)
{
	size_t n = *len, o = 0;

	if (!memmem(path, n, "/.", 2)) {
		return path;
	}
	for (size_t i = 0; i < n;) {
		if (path[i] == '/' && i + 1 < n && path[i + 1] == '.' && (i + 2 == n || path[i + 2] == '/')) {
			i += 2; /* "/." dropped */
			continue;
		}
		buf[o++] = path[i++];
	}
	if (o == 0) {
		buf[o++] = '/';
	}
	*len = o;
	return buf;
}

/* The nearest directory of path the table holds an answer for, valid now,
 * when that answer is missing or no directory: the kernel stops there for
 * every name below it, with its error (ENOTDIR below a file); NULL when
 * the nearest is a directory, a symlink, PHP's, or none is known.  Table
 * probes only, no syscall. */
static const sc_entry *sc_first_look_stopped_at(sc_cache *c, const char *path, size_t len)
{
	sc_gen *g = sc_the_proc.gen;
	char buf[SC_PATH_MAX];
	size_t plen;

	path = sc_first_look_undotted(path, &len, buf);
	plen = len;
	while ((plen = sc_path_parent_len(path, plen)) > 1) {
		sc_entry *a = sc_table_find(&c->table, path, plen, sc_table_hash(path, plen));
		if (!a || a->r.kind == SC_KIND_EMPTY || !sc_result_valid(g, &a->r)) {
			continue;
		}
		if (a->r.kind == SC_KIND_MISSING || (a->r.kind == SC_KIND_FOUND && !S_ISDIR(a->r.st.st_mode))) {
			return a;
		}
		return NULL;
	}
	return NULL;
}

/* How many directories above a missing name sc_first_look_missing()
 * counts it in. */
#define SC_FIRST_LOOK_UP_MAX 8
/* Which missing name below a directory the table knows nothing of has the
 * directory looked at (sc_first_look_missing()). */
#define SC_FIRST_LOOK_UP_AT 4u

/* A first look found a name missing (ENOENT): counted, with no syscall,
 * in each directory above it the table knows nothing of (up to the first
 * it knows: one there, a symlink, ...; "." components dropped), and the
 * lowest of those that this makes the fourth missing name below it is
 * looked at (one statx()).  When that one is missing, every name below it
 * is answered from it from then on (sc_first_look_stopped_at()), and the
 * next name missing beside it makes the directory above it the lowest to
 * reach four: an autoloader's candidates under a namespace directory that
 * does not exist cost nothing from the fifth on.  When it is there, it is
 * known from then on and counts nothing more.  Lowest first, because the
 * directories high up (/var, /srv, an app's root) are there: looking at
 * them first would cost one statx() each for nothing, and a few
 * candidates spread over the directories of an include_path cost only
 * their own statx(), as PHP's calls do. */
static void sc_first_look_missing(sc_cache *c, const char *key, size_t len)
{
	char buf[SC_PATH_MAX];
	size_t plen, low = 0;
	sc_entry *d;

	key = sc_first_look_undotted(key, &len, buf);
	plen = len;
	for (unsigned n = 0; n < SC_FIRST_LOOK_UP_MAX; n++) {
		uint32_t k;

		plen = sc_path_parent_len(key, plen);
		if (plen <= 1 || !(d = sc_table_get(&c->table, key, plen, sc_table_hash(key, plen)))
				|| (d->r.kind != SC_KIND_EMPTY && d->r.kind != SC_KIND_MISSING) || sc_first_look_done(c, d)
				|| sc_result_valid(sc_the_proc.gen, &d->r)) {
			break;
		}
		k = (d->flags & SC_ENTRY_MISSING_MASK) >> SC_ENTRY_MISSING_SHIFT;
		if (k + 1 >= SC_FIRST_LOOK_UP_AT) {
			if (!low) {
				low = plen;
			}
		} else {
			d->flags = (d->flags & ~SC_ENTRY_MISSING_MASK) | ((k + 1) << SC_ENTRY_MISSING_SHIFT);
		}
	}
	if (low && (d = sc_table_get(&c->table, key, low, sc_table_hash(key, low))) != NULL) {
		sc_first_look_take(c, d);
	}
}

int sc_first_look_leave(sc_cache *c, const char *path, size_t len)
{
	uint64_t h;
	sc_entry *e;

	if (!c->first_look || c->keep_all || c->evicting || c->test_untrusted || sc_the_proc.stale_max_ms == 0
			|| len == 0 || path[0] != '/' || memchr(path, '\0', len) || !sc_first_look_may_hold(path, len)
			|| c->table.count + sc_walk_reserve(c->max_entries) >= c->max_entries) {
		return 0;
	}
	h = sc_table_hash(path, len);
	e = sc_table_find(&c->table, path, len, h);
	if (e && e->r.kind != SC_KIND_EMPTY && sc_result_valid(sc_the_proc.gen, &e->r)) {
		return 0;
	}
	if ((!e && !(e = sc_table_get(&c->table, path, len, h))) || sc_first_look_done(c, e)) {
		return 0;
	}
	sc_first_look_count(c, e);
	return 1;
}

/* A name's first looks (statcache.first_look): one statx() of the whole
 * spelling, as PHP's own call makes one, with nothing on the way filled
 * or watched: a path met in a worker's first two requests (a CLI script's
 * single pass) costs what PHP alone costs, or nothing below a directory
 * the table knows is missing (sc_first_look_missing()).  The answer (a
 * file, a directory, a FIFO, a symlink, a missing name) depends on
 * SC_GLANCE_SLOT only, which the next drain bumps: it holds until this
 * process's next sync point or the staleness bound, as a watched one
 * holds for others' changes; a directory's is never a walk's parent
 * (sc_resolve() fills that one the watched way).  The name is kept the
 * watched way at its look in a third request (sc_first_look_done()).  0
 * when the name goes the watched way now: that look, a caller that keeps
 * every answer, no bound to end the answer (no drain would), /proc, /sys
 * or /dev, or what sc_first_look_take() leaves. */
int sc_fill_first_look(sc_cache *c, sc_entry *e)
{
	const sc_entry *a;

	if (sc_first_look_done(c, e) || c->keep_all || c->test_untrusted || sc_the_proc.stale_max_ms == 0
			|| !sc_first_look_may_hold(e->key, e->len)) {
		return 0;
	}
	if ((a = sc_first_look_stopped_at(c, e->key, e->len)) != NULL) {
		sc_inherit(&e->r, &a->r, SC_KIND_MISSING, a->r.kind == SC_KIND_MISSING ? a->r.err : ENOTDIR);
		return 1;
	}
	if (!sc_first_look_take(c, e)) {
		return 0;
	}
	if (e->r.kind == SC_KIND_MISSING && e->r.err == ENOENT) {
		sc_first_look_missing(c, e->key, e->len);
	}
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
	} else if (sc_result_valid(g, &e->r)
			&& (!sc_result_first_look(&e->r) || (depth == 0 && c->glance))) {
		/* a first look's answer serves the lookup that asked, never as a
		 * directory on another's way (it has no watch) */
		e->flags |= SC_ENTRY_USED; /* kept at the cap's next eviction */
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
	if (depth == 0 && c->glance && sc_fill_first_look(c, e)) {
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
				sc_fill_child(c, e, pe, plen, depth == 0 && c->glance);
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

int sc_access_ask(sc_cache *c, sc_entry *e, int mode)
{
	sc_result *r = &e->r;
	int bit = mode & 7;
	int ok = access(e->key, mode) == 0;

	sc_count(&c->n->access_calls);
	r->access_known |= (uint8_t) bit;
	if (ok) {
		r->access_ok |= (uint8_t) bit;
	} else {
		r->access_ok &= (uint8_t) ~bit;
	}
	return ok ? 0 : -1;
}
