/*
 * statcache: a file's identity, and whether it proves "unchanged since"
 * (src/core/fileid.c).  Pure C (no Zend).
 */
#ifndef STATCACHE_CORE_FILEID_H
#define STATCACHE_CORE_FILEID_H

#include <stdbool.h>
#include <stdint.h>

typedef struct sc_file_id {
	uint64_t dev, ino, size;
	int64_t mtime_s, mtime_ns, ctime_s, ctime_ns;
	uint32_t mode;
} sc_file_id;

/* A fresh lstat() (follow: stat()) of a regular file: false when it is
 * gone or not a regular file.  *racy: the file changed at or after the
 * clock reading taken just before, so that an equal identity later would
 * not prove it unchanged. */
bool sc_file_id_fresh(const char *path, bool follow, sc_file_id *id, bool *racy);
bool sc_file_id_eq(const sc_file_id *a, const sc_file_id *b);

#endif
