/*
 * Which file systems are trusted to raise an event for every change.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "core/trust.h"

static void local_file_systems_are_trusted(void **state)
{
	(void) state;
	assert_true(sc_fs_trusted(0xEF53));      /* ext4 */
	assert_true(sc_fs_trusted(0x58465342));  /* xfs */
	assert_true(sc_fs_trusted(0x9123683E));  /* btrfs */
	assert_true(sc_fs_trusted(0x01021994));  /* tmpfs */
	assert_true(sc_fs_trusted(0x794C7630));  /* overlayfs */
}

static void network_fuse_and_unknown_file_systems_are_not(void **state)
{
	(void) state;
	assert_false(sc_fs_trusted(0x6969));      /* nfs */
	assert_false(sc_fs_trusted(0xFF534D42));  /* cifs */
	assert_false(sc_fs_trusted(0xFE534D42));  /* smb2 */
	assert_false(sc_fs_trusted(0x65735546));  /* fuse */
	assert_false(sc_fs_trusted(0x01021997));  /* 9p */
	assert_false(sc_fs_trusted(0x00C36400));  /* ceph */
	assert_false(sc_fs_trusted(0x9FA0));      /* proc */
	assert_false(sc_fs_trusted(0));
	assert_false(sc_fs_trusted(0x12345678));
}

static void a_sign_extended_magic_is_the_same_file_system(void **state)
{
	(void) state;
	/* f_type is a signed long: cifs's magic may come back sign-extended */
	assert_false(sc_fs_trusted(0xFFFFFFFFFF534D42ull));
	assert_true(sc_fs_trusted(0xFFFFFFFF9123683Eull));
}

static void names_are_given_for_known_types_and_hex_for_others(void **state)
{
	char buf[24];
	(void) state;
	assert_string_equal(sc_fs_name(0x6969, buf, sizeof(buf)), "nfs");
	assert_string_equal(sc_fs_name(0x65735546, buf, sizeof(buf)), "fuse");
	assert_string_equal(sc_fs_name(0x01021994, buf, sizeof(buf)), "tmpfs");
	assert_string_equal(sc_fs_name(0x1234, buf, sizeof(buf)), "0x1234");
	/* a small buffer truncates, never overflows */
	assert_string_equal(sc_fs_name(0x12345678, buf, 5), "0x12");
}

static void only_ext4_f2fs_tmpfs_and_bcachefs_may_casefold(void **state)
{
	(void) state;
	assert_string_equal(sc_fs_casefold_sysfs(0xEF53), "ext4");
	assert_string_equal(sc_fs_casefold_sysfs(0xF2F52010), "f2fs");
	assert_string_equal(sc_fs_casefold_sysfs(0x01021994), "tmpfs");
	assert_string_equal(sc_fs_casefold_sysfs(0xCA451A4E), "");   /* asked per directory */
	assert_null(sc_fs_casefold_sysfs(0x58465342));  /* xfs */
	assert_null(sc_fs_casefold_sysfs(0x9123683E));  /* btrfs */
	assert_null(sc_fs_casefold_sysfs(0x794C7630));  /* overlayfs */
	assert_null(sc_fs_casefold_sysfs(0x6969));      /* nfs */
	/* types that never casefold are never asked about, whatever sysfs says */
	assert_false(sc_fs_may_casefold(0x58465342));
	assert_false(sc_fs_may_casefold(0x9123683E));
	assert_true(sc_fs_may_casefold(0xCA451A4E));
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0); /* summary lines whole when stdout and stderr share a log */
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(only_ext4_f2fs_tmpfs_and_bcachefs_may_casefold),
		cmocka_unit_test(local_file_systems_are_trusted),
		cmocka_unit_test(network_fuse_and_unknown_file_systems_are_not),
		cmocka_unit_test(a_sign_extended_magic_is_the_same_file_system),
		cmocka_unit_test(names_are_given_for_known_types_and_hex_for_others),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
