/*
 * statcache: trusted file systems (src/core/trust.h).  Magic numbers are
 * those of linux/magic.h, spelled out so that the list is visible here.
 */
#include "core/trust.h"

#include <stdio.h>

typedef struct sc_fs_type {
	uint64_t magic;
	const char *name;
	int trusted;
} sc_fs_type;

static const sc_fs_type sc_fs_types[] = {
	{ 0xEF53, "ext2/3/4", 1 },
	{ 0x58465342, "xfs", 1 },
	{ 0x9123683E, "btrfs", 1 },
	{ 0x2FC12FC1, "zfs", 1 },
	{ 0x01021994, "tmpfs", 1 },
	{ 0x858458F6, "ramfs", 1 },
	{ 0xF2F52010, "f2fs", 1 },
	{ 0xCA451A4E, "bcachefs", 1 },
	{ 0x794C7630, "overlayfs", 1 },
	{ 0x73717368, "squashfs", 1 },
	{ 0xE0F5E1E2, "erofs", 1 },
	{ 0x6969, "nfs", 0 },
	{ 0xFF534D42, "cifs", 0 },
	{ 0xFE534D42, "smb2", 0 },
	{ 0x517B, "smb", 0 },
	{ 0x65735546, "fuse", 0 },
	{ 0x01021997, "9p", 0 },
	{ 0x00C36400, "ceph", 0 },
	{ 0x786F4256, "vboxsf", 0 },
	{ 0x9FA0, "proc", 0 },
	{ 0x62656572, "sysfs", 0 },
	{ 0x1373, "devfs", 0 },
};

int sc_fs_trusted(uint64_t f_type)
{
	for (unsigned i = 0; i < sizeof(sc_fs_types) / sizeof(sc_fs_types[0]); i++) {
		if (sc_fs_types[i].magic == (f_type & 0xFFFFFFFFu)) {
			return sc_fs_types[i].trusted;
		}
	}
	return 0;
}

const char *sc_fs_name(uint64_t f_type, char *buf, unsigned buflen)
{
	for (unsigned i = 0; i < sizeof(sc_fs_types) / sizeof(sc_fs_types[0]); i++) {
		if (sc_fs_types[i].magic == (f_type & 0xFFFFFFFFu)) {
			return sc_fs_types[i].name;
		}
	}
	snprintf(buf, buflen, "0x%llx", (unsigned long long) f_type);
	return buf;
}
