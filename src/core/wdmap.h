/*
 * statcache: which directory each watch is, for the drain's hard-link
 * check.  Created names are stat'ed by path; a name gone before the drain
 * drops the results of files on its directory's device.  Changed when a
 * watch is added or a flush removes watches, read by drains: never on a
 * hit.  Shared mode: a watch another worker added is not in this
 * process's map (its links go unchecked).  Pure C (no Zend).
 */
#ifndef STATCACHE_WDMAP_H
#define STATCACHE_WDMAP_H

#include <stdint.h>

#include "core/gen.h"
#include "core/events.h"

/* A watch was added (or found) for dir. */
void sc_wd_remember(int32_t wd, const char *dir);
/* The device of a watched directory (its lstat()), for the drain's check
 * of names gone before it could look at them. */
void sc_wd_set_dev(int32_t wd, uint64_t dev);
/* Watches from..to are gone (a flush removed them). */
void sc_wd_forget(int32_t from, int32_t to);
/* Every watch is gone (a fork()ed child's new instance numbers anew). */
void sc_wd_forget_all(void);
/* Shutdown: the map itself goes too. */
void sc_wd_free(void);
/* A fork()ed child: the lock may have been held by a thread that is gone. */
void sc_wd_after_fork(void);

/* After a drain read its events: new hard links, and names gone that may
 * have been ones, drop the results they may share an inode with (shared:
 * the table is shared, and another worker's watches are not in the map). */
void sc_wd_check_created(sc_gen *g, sc_created *c, int shared);

#endif
