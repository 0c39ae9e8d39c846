/*
 * statcache: a file's identity (see src/core/fileid.h).
 *
 * Kernel file times come from the coarse realtime clock: a change in the
 * same tick as an identity was taken may leave mtime, ctime and size as
 * they were ("racily clean", as git says).  So the identity is taken after
 * the clock is read, and proves "unchanged since" only for a file last
 * changed before that reading.
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include "core/fileid.h"

#include <sys/stat.h>
#include <time.h>

static void sc_file_id_of(sc_file_id *id, const struct stat *st)
{
	id->dev = (uint64_t) st->st_dev;
	id->ino = (uint64_t) st->st_ino;
	id->size = (uint64_t) st->st_size;
	id->mtime_s = (int64_t) st->st_mtim.tv_sec;
	id->mtime_ns = (int64_t) st->st_mtim.tv_nsec;
	id->ctime_s = (int64_t) st->st_ctim.tv_sec;
	id->ctime_ns = (int64_t) st->st_ctim.tv_nsec;
	id->mode = (uint32_t) st->st_mode;
}

/* Compares every field: any write, chmod, chown, rename over or link
 * count change moves ctime at least. */
bool sc_file_id_eq(const sc_file_id *a, const sc_file_id *b)
{
	return a->dev == b->dev && a->ino == b->ino && a->size == b->size && a->mode == b->mode
		&& a->mtime_s == b->mtime_s && a->mtime_ns == b->mtime_ns
		&& a->ctime_s == b->ctime_s && a->ctime_ns == b->ctime_ns;
}

static bool sc_ts_at_or_after(const struct timespec *t, const struct timespec *w)
{
	return t->tv_sec > w->tv_sec || (t->tv_sec == w->tv_sec && t->tv_nsec >= w->tv_nsec);
}

bool sc_file_id_fresh(const char *path, bool follow, sc_file_id *id, bool *racy)
{
	struct timespec w;
	struct stat st;

	clock_gettime(CLOCK_REALTIME_COARSE, &w);
	if ((follow ? stat(path, &st) : lstat(path, &st)) != 0 || !S_ISREG(st.st_mode)) {
		return false;
	}
	sc_file_id_of(id, &st);
	*racy = sc_ts_at_or_after(&st.st_ctim, &w) || sc_ts_at_or_after(&st.st_mtim, &w);
	return true;
}
