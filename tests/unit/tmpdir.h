/*
 * statcache unit tests: where a test makes its directory.  /tmp is busy on
 * a shared machine: a name another process makes there marks events
 * pending (the watcher thread), and a test asking sc_hit() for a hit then
 * sees none.  SC_UNIT_TMPDIR (scripts/test.sh sets it to a directory of the build)
 * names a quieter parent; /tmp where it is not set or this user cannot
 * write there (a test's child that dropped root).
 */
#ifndef STATCACHE_UNIT_TMPDIR_H
#define STATCACHE_UNIT_TMPDIR_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* mkdtemp() of "<parent>/<name>.XXXXXX" into buf: buf, or NULL (too long
 * for buf, or mkdtemp() failed: errno says). */
static inline char *sc_unit_mkdtemp(char *buf, size_t size, const char *name)
{
	const char *parent = getenv("SC_UNIT_TMPDIR");
	int n;

	if (!parent || !*parent || access(parent, W_OK | X_OK) != 0) {
		parent = "/tmp";
	}
	n = snprintf(buf, size, "%s/%s.XXXXXX", parent, name);
	if (n < 0 || (size_t) n >= size) {
		return NULL;
	}
	return mkdtemp(buf);
}

#endif
