/*
 * statcache: PHP's realpath cache, filled from the stat cache (see
 * src/php/realpath.c).
 */
#ifndef STATCACHE_REALPATH_H
#define STATCACHE_REALPATH_H

#include <stddef.h>
#include "core/rpwalk.h"

/* Before PHP's own walk of an absolute name (mode: SC_RP_FILEPATH for
 * expand_filepath(), SC_RP_REALPATH for tsrm_realpath()): leaves in PHP's
 * realpath cache what that walk would leave.  1: filled, PHP's call finds
 * the name there (and resolved, SC_RP_MAX bytes if not NULL, holds what it
 * resolves to); 0: PHP's walk fails (SC_RP_REALPATH: no such path);
 * -1: not done (PHP walks as always). */
int sc_realpath_fill(const char *path, size_t len, int mode, char *resolved);

#endif
