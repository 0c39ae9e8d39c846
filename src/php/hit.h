/*
 * statcache: the answers' hit path (src/php/answers.c's handlers try it
 * first):
 * from sc_hook_hit()'s entry to PHP's return value, inline, with no call
 * but PHP's string refcounting; and the pieces the whole way shares.
 * Internal to the extension; included by src/php/answers.c only.
 */
#ifndef STATCACHE_HIT_H
#define STATCACHE_HIT_H

#include "php.h"
#include "php_statcache.h"
#include "ext/standard/php_filestat.h"
#include "ext/standard/basic_functions.h"
#include "php/intercept.h"

#include <sys/stat.h>

/* The errno PHP's own call leaves when it fails on a name the cache knows
 * missing: the kernel's (NTS), or ENOENT where PHP's virtual CWD walks the
 * name first and fails it itself (ZTS: virtual_file_ex()).  PHP words a
 * later warning from a stale errno (an include of a directory). */
static zend_always_inline int sc_fail_errno(const sc_entry *e)
{
#ifdef ZTS
	(void) e;
	return ENOENT;
#else
	return e->r.err;
#endif
}

/* zend_string_equal_content() without its call into PHP: the previous
 * path PHP's one-entry cache holds is usually as long as this one and
 * differs at its end, so the last word decides first. */
static zend_always_inline bool sc_same_string(const zend_string *a, const zend_string *b)
{
	size_t len = ZSTR_LEN(a);
	if (a == b) {
		return true;
	}
	if (len != ZSTR_LEN(b)) {
		return false;
	}
	if (len >= 8 && sc_load64(ZSTR_VAL(a) + len - 8) != sc_load64(ZSTR_VAL(b) + len - 8)) {
		return false;
	}
	return sc_key_eq(ZSTR_VAL(a), ZSTR_VAL(b), len);
}

/* struct stat into PHP's stat cache: 16 bytes a step, unrolled (a struct
 * assignment becomes rep movsl, a step per 4 bytes). */
static zend_always_inline void sc_stat_copy(zend_stat_t *dst, const zend_stat_t *src)
{
#if defined(__SSE2__)
	_Static_assert(sizeof(zend_stat_t) % 16 == 0, "zend_stat_t is whole 16-byte steps");
	char *d = (char *) dst;
	const char *s = (const char *) src;
#pragma GCC unroll 16
	for (size_t i = 0; i < sizeof(zend_stat_t); i += 16) {
		_mm_storeu_si128((__m128i *) (d + i), _mm_loadu_si128((const __m128i *) (s + i)));
	}
#else
	*dst = *src;
#endif
}

/* A FOUND result answers type for path: one copy into PHP's one-entry
 * cache, exactly as php_stat() fills it, and the value from there; cur is
 * that cache's name for type as the caller read it (BG(CurrentLStatFile)
 * for filetype() and is_link(), else BG(CurrentStatFile)). */
static zend_always_inline bool sc_stat_found_cur(zend_string *path, int type, const sc_entry *e, zval *return_value,
	zend_string *cur)
{
	bool link_op = type == FS_TYPE || type == FS_IS_LINK;
	const zend_stat_t *st = &e->r.st;

	if (link_op) {
		if (cur) {
			zend_string_release(cur);
		}
		BG(CurrentLStatFile) = zend_string_copy(path);
		sc_stat_copy(&BG(lssb).sb, st);
		st = &BG(lssb).sb;
		cur = BG(CurrentStatFile);
	}
	if (!link_op || !S_ISLNK(st->st_mode)) {
		if (cur) {
			zend_string_release(cur);
		}
		BG(CurrentStatFile) = zend_string_copy(path);
		sc_stat_copy(&BG(ssb).sb, st);
		st = &BG(ssb).sb;
	}
	switch (type) {
		case FS_PERMS: RETVAL_LONG((zend_long) st->st_mode); return true;
		case FS_INODE: RETVAL_LONG((zend_long) st->st_ino); return true;
		case FS_SIZE: RETVAL_LONG((zend_long) st->st_size); return true;
		case FS_OWNER: RETVAL_LONG((zend_long) st->st_uid); return true;
		case FS_GROUP: RETVAL_LONG((zend_long) st->st_gid); return true;
		case FS_MTIME: RETVAL_LONG((zend_long) st->st_mtime); return true;
		case FS_CTIME: RETVAL_LONG((zend_long) st->st_ctime); return true;
		case FS_IS_FILE: RETVAL_BOOL(S_ISREG(st->st_mode)); return true;
		case FS_IS_DIR: RETVAL_BOOL(S_ISDIR(st->st_mode)); return true;
		case FS_IS_LINK: RETVAL_BOOL(S_ISLNK(st->st_mode)); return true;
		case FS_TYPE:
			switch (st->st_mode & S_IFMT) {
				case S_IFLNK: RETVAL_STRING("link"); return true;
				case S_IFIFO: RETVAL_STRING("fifo"); return true;
				case S_IFCHR: RETVAL_STRING("char"); return true;
				case S_IFDIR: RETVAL_STRING("dir"); return true;
				case S_IFBLK: RETVAL_STRING("block"); return true;
				case S_IFREG: RETVAL_STRING("file"); return true;
				case S_IFSOCK: RETVAL_STRING("socket"); return true;
			}
			break;
	}
	/* not reached for the types intercepted; PHP's own call answers (its
	 * cache now holds the path, so it makes no syscall) */
	return false;
}

/* sc_stat_found_cur() with PHP's cache entry for type read here. */
static zend_always_inline bool sc_stat_found(zend_string *path, int type, const sc_entry *e, zval *return_value)
{
	return sc_stat_found_cur(path, type, e, return_value,
		type == FS_TYPE || type == FS_IS_LINK ? BG(CurrentLStatFile) : BG(CurrentStatFile));
}

/* sc_answer_access() from sc_hook_hit(): F_OK and a mode asked before
 * while the entry holds, errno untouched on a success (false: the whole
 * way answers). */
static zend_always_inline bool sc_hit_access(zend_string *path, int mode, zval *return_value)
{
	sc_cache *c = SCG(cache);
	sc_entry *e = sc_hook_hit(c, path);
	unsigned kind, bit = (unsigned) mode & 7;

	if (!e) {
		return false;
	}
	kind = e->r.kind;
	if (EXPECTED(kind == SC_KIND_FOUND)) {
		if (bit && (e->r.access_known & bit) != bit) {
			return false; /* the kernel is asked once: sc_access() */
		}
		sc_count_hit(c, kind);
		if (!bit || (e->r.access_ok & bit) == bit) {
			RETVAL_TRUE;
		} else {
			errno = EACCES;
			RETVAL_FALSE;
		}
		return true;
	}
	sc_count_hit(c, kind);
	errno = sc_fail_errno(e);
	RETVAL_FALSE;
	return true;
}

/* sc_answer_stat() from sc_hook_hit() (false: the whole way answers).
 * PHP's one-entry cache is looked at after the probe (which has no effect
 * an answer could see): the registers the hash and the probe need are
 * free of it until then. */
static zend_always_inline bool sc_hit_stat(zend_string *path, int type, zval *return_value)
{
	bool link_op = type == FS_TYPE || type == FS_IS_LINK;
	sc_cache *c = SCG(cache);
	zend_string *cur;
	sc_entry *e = sc_hook_hit(c, path);
	unsigned kind;

	if (!e) {
		return false;
	}
	cur = link_op ? BG(CurrentLStatFile) : BG(CurrentStatFile);
	if (cur && sc_same_string(cur, path)) {
		return false; /* PHP's cache answers, stale or not */
	}
	kind = e->r.kind;
	if (UNEXPECTED(kind == SC_KIND_MISSING)) {
		if (type != FS_IS_FILE && type != FS_IS_DIR && type != FS_IS_LINK) {
			return false; /* "stat failed for ..." is PHP's to say */
		}
		sc_count_hit(c, kind);
		errno = sc_fail_errno(e);
		RETVAL_FALSE;
		return true;
	}
	sc_count_hit(c, kind);
	return sc_stat_found_cur(path, type, e, return_value, cur);
}

#endif
