/*
 * statcache: spellings through symlinks, resolved as the kernel resolves
 * them.
 *
 * A path whose components include symlinks answers as the path the kernel
 * reaches (its canonical entry), plus a dependency on each symlink passed:
 * the link's name slot in its watched parent directory.  A symlink's text
 * cannot change in place (replacing it is an unlink or a rename in its
 * parent, which raises a name event there), so those slots are exactly what
 * can change the resolution.  Pure C (no Zend): unit-tested with cmocka.
 */
#ifndef STATCACHE_FOLLOW_H
#define STATCACHE_FOLLOW_H

#include "engine/resolve.h"

/* Resolves the spelling e->key (absolute, no trailing '/', no NUL) step by
 * step: ".." after a symlink is the target's parent, relative targets are
 * read from the link's directory, the last component is not followed
 * (lstat()).  Stores the result in e as a VIA entry and returns the
 * canonical entry that answers, or NULL when PHP's own call must (more
 * than SC_VIA_MAX_LINKS links, a loop, something unwatched). */
sc_entry *sc_follow(sc_cache *c, sc_entry *e);

/* What lstat() of an absolute spelling answers as the kernel reads it
 * ("." and ".." after a symlink taken from the link's target), each step a
 * cached lookup valid now, with no entry kept for the spelling itself: for
 * the kernel's reading where this thread's lookups keep the lexical one
 * (dots_lexical).  NULL when PHP's own call must answer. */
sc_entry *sc_follow_path(sc_cache *c, const char *path, size_t len);

/* The text of a LINK entry's symlink, read once per validity of the entry;
 * NULL if it cannot be read.  *len is set to its length. */
const char *sc_link_text(sc_cache *c, sc_entry *link, size_t *len);

/* May this process's path walks cross the directory e (a FOUND directory)
 * names, as the kernel takes "." or ".." from it?  Searchable by all: yes,
 * with no syscall.  Otherwise (a 0700 data directory: DokuWiki's
 * "data/pages/." probes) access(X_OK), asked once per validity of the
 * entry: it answers for the real ids, a walk is checked against the
 * effective ones, so it is taken only where they are the same (php-fpm's
 * workers, the CLI); else 0 (PHP answers).  Results are per process and a
 * change of credentials drops them all (src/php/sync/sync.c). */
int sc_dir_searchable(sc_cache *c, sc_entry *e);

#endif
