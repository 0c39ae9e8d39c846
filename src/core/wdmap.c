/*
 * statcache: which directory each watch is (see src/core/wdmap.h).
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include "core/wdmap.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* wd -> directory path and device, for the drain's hard-link check
 * (created names are stat'ed by path; a name gone before the drain drops
 * the results of files on its directory's device).  Changed when a watch
 * is added or a flush removes watches, read by drains: never on a hit.
 * Shared mode: a watch another worker added is not in this process's map
 * (its links go unchecked). */
typedef struct sc_wd_info {
	char *path;
	uint64_t dev;
	int dev_known;
} sc_wd_info;

static pthread_mutex_t sc_wd_lock = PTHREAD_MUTEX_INITIALIZER;
static sc_wd_info *sc_wd_map;
static int32_t sc_wd_cap;

void sc_wd_remember(int32_t wd, const char *dir)
{
	pthread_mutex_lock(&sc_wd_lock);
	if (wd >= sc_wd_cap) {
		int32_t ncap = sc_wd_cap ? sc_wd_cap : 256;
		sc_wd_info *n;
		while (ncap <= wd) {
			ncap *= 2;
		}
		n = realloc(sc_wd_map, (size_t) ncap * sizeof(*n));
		if (!n) {
			pthread_mutex_unlock(&sc_wd_lock);
			return;
		}
		memset(n + sc_wd_cap, 0, (size_t) (ncap - sc_wd_cap) * sizeof(*n));
		sc_wd_map = n;
		sc_wd_cap = ncap;
	}
	if (!sc_wd_map[wd].path || strcmp(sc_wd_map[wd].path, dir) != 0) {
		free(sc_wd_map[wd].path);
		sc_wd_map[wd].path = strdup(dir);
	}
	pthread_mutex_unlock(&sc_wd_lock);
}

void sc_wd_set_dev(int32_t wd, uint64_t dev)
{
	pthread_mutex_lock(&sc_wd_lock);
	if (wd >= 0 && wd < sc_wd_cap && sc_wd_map[wd].path) {
		sc_wd_map[wd].dev = dev;
		sc_wd_map[wd].dev_known = 1;
	}
	pthread_mutex_unlock(&sc_wd_lock);
}

void sc_wd_forget(int32_t from, int32_t to)
{
	pthread_mutex_lock(&sc_wd_lock);
	for (int32_t wd = from < 0 ? 0 : from; wd <= to && wd < sc_wd_cap; wd++) {
		free(sc_wd_map[wd].path);
		sc_wd_map[wd].path = NULL;
		sc_wd_map[wd].dev_known = 0;
	}
	pthread_mutex_unlock(&sc_wd_lock);
}

/* A name that may have been a hard link to a cached file: drop the results
 * of every file on its directory's device (once per device and drain), or
 * everything when the device is not known. */
static void sc_wd_drop_links(sc_gen *g, int32_t wd, uint64_t *devs, unsigned *ndevs, int *all, int shared)
{
	uint64_t dev = 0;
	int known = 0;
	char *dir = NULL;
	struct stat st;

	pthread_mutex_lock(&sc_wd_lock);
	if (wd >= 0 && wd < sc_wd_cap && sc_wd_map[wd].path) {
		known = sc_wd_map[wd].dev_known;
		dev = sc_wd_map[wd].dev;
		if (!known) {
			dir = strdup(sc_wd_map[wd].path);
		}
	} else if (shared) {
		/* another worker's watch: unchecked, as its new names are */
		pthread_mutex_unlock(&sc_wd_lock);
		return;
	}
	pthread_mutex_unlock(&sc_wd_lock);
	if (dir) {
		/* watched but never filled as a trusted directory (untrusted, case
		 * folded): its device as it is now, if it is still there */
		if (lstat(dir, &st) == 0 && S_ISDIR(st.st_mode)) {
			dev = (uint64_t) st.st_dev;
			known = 1;
		}
		free(dir);
	}
	if (!known) {
		if (!*all) {
			*all = 1;
			sc_gen_bump_epoch(g);
			atomic_fetch_add_explicit(&g->link_drops, 1, memory_order_relaxed);
		}
		return;
	}
	for (unsigned i = 0; i < *ndevs; i++) {
		if (devs[i] == dev) {
			return;
		}
	}
	if (*ndevs < SC_CREATED_MAX) {
		devs[(*ndevs)++] = dev;
	}
	sc_gen_bump(g, sc_gen_dev_slot(g, dev));
	atomic_fetch_add_explicit(&g->link_drops, 1, memory_order_relaxed);
}

/* After a drain read its events: a name still there with more than one
 * link is a new hard link, maybe to a file (or a symlink) cached under
 * another name: drop that inode's results.  A name gone before this check
 * could look (or that cannot be looked at) may have been one: drop the
 * files of its device. */
void sc_wd_check_created(sc_gen *g, sc_created *c, int shared)
{
	char path[4096 + 256];
	struct stat st;
	uint64_t devs[SC_CREATED_MAX];
	unsigned ndevs = 0;
	int all = 0;

	if (c->overflow) {
		/* too many to check one by one in this drain */
		sc_gen_bump_epoch(g);
		atomic_fetch_add_explicit(&g->flushes, 1, memory_order_relaxed);
		return;
	}
	sc_created_finish(c);
	for (unsigned i = 0; i < c->n; i++) {
		sc_created_name *e = &c->e[i];
		int ok = 0, gone = e->gone;
		if (e->present) {
			pthread_mutex_lock(&sc_wd_lock);
			if (e->wd >= 0 && e->wd < sc_wd_cap && sc_wd_map[e->wd].path) {
				const char *dir = sc_wd_map[e->wd].path;
				ok = snprintf(path, sizeof(path), "%s/%s", strcmp(dir, "/") ? dir : "", e->name) < (int) sizeof(path);
			}
			pthread_mutex_unlock(&sc_wd_lock);
			if (!ok) {
				gone |= !shared;
			} else if (lstat(path, &st) != 0) {
				gone = 1;   /* went after the read: it may have been a link */
			} else if ((S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)) && st.st_nlink > 1) {
				sc_gen_bump(g, sc_gen_inode_slot(g, (uint64_t) st.st_dev, (uint64_t) st.st_ino));
			}
		}
		if (gone) {
			sc_wd_drop_links(g, e->wd, devs, &ndevs, &all, shared);
		}
	}
}

/* See src/core/wdmap.h for these three. */
void sc_wd_forget_all(void)
{
	sc_wd_forget(0, sc_wd_cap);
}

void sc_wd_free(void)
{
	sc_wd_forget(0, sc_wd_cap);
	free(sc_wd_map);
	sc_wd_map = NULL;
	sc_wd_cap = 0;
}

void sc_wd_after_fork(void)
{
	pthread_mutex_t fresh = PTHREAD_MUTEX_INITIALIZER;
	sc_wd_lock = fresh;
}
