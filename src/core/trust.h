/*
 * statcache: which file systems raise an inotify event for every change.
 */
#ifndef STATCACHE_TRUST_H
#define STATCACHE_TRUST_H

#include <stdint.h>

/* 1 if changes on a file system with this statfs() f_type always raise
 * inotify events here (local file systems); 0 for NFS, CIFS, FUSE, 9p,
 * Ceph, vboxsf and anything unknown, where other machines change files. */
int sc_fs_trusted(uint64_t f_type);
/* Short name of a file system type, for logs ("nfs", "fuse", "0x1234"). */
const char *sc_fs_name(uint64_t f_type, char *buf, unsigned buflen);

#endif
