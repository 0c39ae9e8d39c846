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

/* Can a directory on a file system of this f_type be case-insensitive
 * (chattr +F) on this kernel?  0 for every type without casefolding (xfs,
 * btrfs, overlayfs, ...), and for ext4, f2fs and tmpfs where the kernel
 * says it has no casefolding for them (built without CONFIG_UNICODE: no
 * /sys/fs/<type>/features/casefold while /sys/fs/<type> is there); 1
 * otherwise (the directory's flag must be asked).  The kernel's answer is
 * read once per type and process: a directory's first look would
 * otherwise open and ask every directory on ext4. */
int sc_fs_may_casefold(uint64_t f_type);
/* The sysfs name of a type that may support casefolding ("ext4", "f2fs",
 * "tmpfs"), "" for one whose support sysfs does not tell (bcachefs), or
 * NULL for a type that never casefolds (pure: unit-tested). */
const char *sc_fs_casefold_sysfs(uint64_t f_type);

#endif
