/*
 * statcache: trusted file systems (src/core/trust.h).  Magic numbers are
 * those of linux/magic.h, spelled out so that the list is visible here.
 */
#include "core/trust.h"

#include <stdatomic.h>
#include <stdio.h>
#include <sys/stat.h>

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

const char *sc_fs_casefold_sysfs(uint64_t f_type)
{
	switch (f_type & 0xFFFFFFFFu) {
		case 0xEF53:
			return "ext4";
		case 0xF2F52010:
			return "f2fs";
		case 0x01021994:
			return "tmpfs"; /* Linux 6.13 (mount -o casefold) */
		case 0xCA451A4E:
			return ""; /* bcachefs (6.15): no features directory */
		default:
			return NULL;
	}
}

/* Does the kernel say it casefolds this type (its features directory in
 * sysfs): 1 yes or cannot tell (sysfs not mounted, as in some
 * containers), 0 no. */
static int sc_fs_casefold_probe(const char *name)
{
	char path[64];
	struct stat st;

	if (!name[0]) {
		return 1;
	}
	snprintf(path, sizeof(path), "/sys/fs/%s/features/casefold", name);
	if (stat(path, &st) == 0) {
		return 1;
	}
	snprintf(path, sizeof(path), "/sys/fs/%s", name);
	return stat(path, &st) != 0;
}

int sc_fs_may_casefold(uint64_t f_type)
{
	/* per type: -1 not asked yet, else the answer.  Process-wide, relaxed:
	 * every thread that asks first finds the same answer (the kernel's
	 * build), so a race only asks twice */
	static _Atomic int known[3] = { -1, -1, -1 };
	const char *name = sc_fs_casefold_sysfs(f_type);
	int i, v;

	if (!name) {
		return 0;
	}
	i = name[0] == 'e' ? 0 : name[0] == 'f' ? 1 : name[0] == 't' ? 2 : -1;
	if (i < 0) {
		return 1;
	}
	v = atomic_load_explicit(&known[i], memory_order_relaxed);
	if (v < 0) {
		v = sc_fs_casefold_probe(name);
		atomic_store_explicit(&known[i], v, memory_order_relaxed);
	}
	return v;
}
