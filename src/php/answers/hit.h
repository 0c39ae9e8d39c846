/*
 * statcache: the answers' hit path (src/php/answers/answers.c's handlers
 * try it first): from the handler's entry to PHP's return value, in three
 * functions that each end in a jump to the next (SC_HIT_HANDLER()), with
 * no other call but PHP's string refcounting; and the pieces the whole
 * way shares.
 * Internal to the extension; included by src/php/answers/answers.c only.
 */
#ifndef STATCACHE_HIT_H
#define STATCACHE_HIT_H

#include "php.h"
#include "php_statcache.h"
#include "ext/standard/php_filestat.h"
#include "ext/standard/basic_functions.h"
#include "php/module/intercept.h"
#include "php/module/hit_thread.h"
#ifdef VIRTUAL_DIR
# include "php/realpath/realpath_cache.h"
#endif

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

/* errno = err from the hit path, without a call: through the address
 * of this thread's errno that RINIT took (sc_hit_errno_at()), which is the
 * answering thread's (a request runs on one thread, and the hit path's
 * gate opens only after its RINIT). */
static zend_always_inline void sc_hit_errno(int err)
{
	*sc_hit_errno_at() = err;
}

#ifdef VIRTUAL_DIR
/* ZTS: PHP's stat() and access() first resolve the name through this
 * thread's realpath cache (virtual_file_ex()), so a hit answers only
 * where that resolution asks the kernel about the name itself and leaves
 * the cache as it was (sc_rp_hit_alike()): e is path's own entry, FOUND
 * or MISSING, held at the version.  A last "." or ".." PHP's walk drops
 * before its first lookup never gets here: a spelling with a "." or ".."
 * component is an alias (src/engine/lookup.c), never FOUND or MISSING
 * itself, and "dir/" the probe leaves to the whole way.  timed: as
 * sc_rp_hit_alike() takes it. */
static zend_always_inline bool sc_hit_php_walk_alike(const zend_string *path, const sc_entry *e, bool timed)
{
	const char *p = ZSTR_VAL(path);
	size_t len = ZSTR_LEN(path);

	ZEND_ASSERT(!(p[len - 1] == '.' && (p[len - 2] == '/' || (p[len - 2] == '.' && p[len - 3] == '/'))));
	switch (sc_rp_hit_alike(p, len, e->rp_key, timed)) {
		case 1:
			return true;
		case 0:
			return false;
		default:
			/* no bucket of path: PHP's lstat() fails a MISSING name and
			 * writes nothing; a FOUND one it walks and writes */
			return e->r.kind == SC_KIND_MISSING;
	}
}
#endif

/* The entry a hit answers from, of e, path's entry found by the probe,
 * once the version moved past it (v: the version it is to hold at; *how
 * as sc_hit_recheck() sets it): NTS, sc_hit_recheck() (an alias's or a
 * spelling through symlinks' target included); ZTS, e itself when its
 * dependencies hold and PHP's walk would ask about path itself
 * (sc_hit_php_walk_alike()): the target of a spelling is what PHP's walk
 * resolves, through its realpath cache, on its own terms.  NULL: the
 * whole way. */
static zend_always_inline sc_entry *sc_hit_recheck_php(sc_entry *e, uint64_t v, unsigned *how, const zend_string *path)
{
#ifdef VIRTUAL_DIR
	(void) how;
	if (!sc_result_holds(sc_the_proc.gen, &e->r, v)
			|| (e->r.kind != SC_KIND_FOUND && e->r.kind != SC_KIND_MISSING) || !sc_hit_php_walk_alike(path, e, true)) {
		return NULL;
	}
	return e;
#else
	(void) path;
	return sc_hit_recheck(sc_the_proc.gen, e, v, how);
#endif
}

/* sc_hit_held() for the hit path: NTS, e or an alias's target held at v;
 * ZTS, e alone, FOUND or MISSING, held at v, which the hit then tests
 * against PHP's walk (sc_hit_alike_body(): sc_hit_php_walk_alike());
 * NULL: sc_hit_recheck_php() decides (which in ZTS then gives the whole
 * way). */
static zend_always_inline sc_entry *sc_hit_held_php(sc_entry *e, uint64_t v)
{
#ifdef VIRTUAL_DIR
	if (e->r.held_at != v || (e->r.kind != SC_KIND_FOUND && e->r.kind != SC_KIND_MISSING)) {
		return NULL;
	}
	return e;
#else
	return sc_hit_held(e, v);
#endif
}

/* zend_string_equal_content() without its call into PHP: the previous
 * path PHP's one-entry cache holds is usually as long as this one and
 * differs at its end, so the 8 bytes that end it decide first.  Under 8
 * bytes those reach back into the zend_string's own len field (val
 * follows it: the read stays inside the string), equal in two strings of
 * one length, so they decide the same. */
static zend_always_inline bool sc_same_string(const zend_string *a, const zend_string *b)
{
	size_t len = ZSTR_LEN(a);
	_Static_assert(XtOffsetOf(zend_string, val) >= 8 && XtOffsetOf(zend_string, len) + sizeof(size_t)
		== XtOffsetOf(zend_string, val), "8 bytes before val are the string's len");
	if (a == b) {
		return true;
	}
	if (len != ZSTR_LEN(b)) {
		return false;
	}
	if (sc_load64(ZSTR_VAL(a) + len - 8) != sc_load64(ZSTR_VAL(b) + len - 8)) {
		return false;
	}
	return sc_key_eq(ZSTR_VAL(a), ZSTR_VAL(b), len);
}

/* struct stat into PHP's stat cache: 16 bytes a step, unrolled (a struct
 * assignment becomes rep movsl, a step per 4 bytes). */
static zend_always_inline void sc_stat_copy(zend_stat_t *dst, const zend_stat_t *src)
{
#if defined(__AVX2__)
	/* a build for AVX2 (src/php/answers/answers_avx2.c): 32 bytes a step, then 16 */
	_Static_assert(sizeof(zend_stat_t) % 16 == 0, "zend_stat_t is whole 16-byte steps");
	char *d = (char *) dst;
	const char *s = (const char *) src;
	size_t i;
#pragma GCC unroll 8
	for (i = 0; i + 32 <= sizeof(zend_stat_t); i += 32) {
		_mm256_storeu_si256((__m256i *) (d + i), _mm256_loadu_si256((const __m256i *) (s + i)));
	}
	if (i < sizeof(zend_stat_t)) {
		_mm_storeu_si128((__m128i *) (d + i), _mm_loadu_si128((const __m128i *) (s + i)));
	}
#elif defined(__SSE2__)
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

/* The value php_stat() computes for type from st (false: a type or a
 * file type it does not answer). */
static zend_always_inline bool sc_stat_value(int type, const zend_stat_t *st, zval *return_value)
{
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
	return false;
}

/* A FOUND result answers type for path: one copy into PHP's one-entry
 * cache, exactly as php_stat() fills it, and the value php_stat()
 * computes from there, which is the entry's own (computed first: nothing
 * the handler needs after is then held across the string release's call,
 * so the handler keeps no stack of its own).  cur is that cache's name
 * for type as the caller read it (BG(CurrentLStatFile) for filetype() and
 * is_link(), else BG(CurrentStatFile)). */
static zend_always_inline bool sc_stat_found_cur(zend_string *path, int type, const sc_entry *e, zval *return_value,
	zend_string *cur)
{
	bool link_op = type == FS_TYPE || type == FS_IS_LINK;
	const zend_stat_t *st = &e->r.st;
	/* not reached false for the types intercepted; else PHP's own call
	 * answers (its cache then holds the path, so it makes no syscall) */
	bool answered = sc_stat_value(type, st, return_value);
	zend_string *old_l = NULL, *old = NULL;

	if (link_op) {
		old_l = cur;
		SC_HIT_BG(CurrentLStatFile) = zend_string_copy(path);
		sc_stat_copy(&SC_HIT_BG(lssb).sb, st);
		cur = SC_HIT_BG(CurrentStatFile);
	}
	if (!link_op || !S_ISLNK(st->st_mode)) {
		old = cur;
		SC_HIT_BG(CurrentStatFile) = zend_string_copy(path);
		sc_stat_copy(&SC_HIT_BG(ssb).sb, st);
	}
	/* the names PHP's cache held, released last (a string has no
	 * destructor to see the order): a free is then the handler's last
	 * call, with nothing held across it */
	if (old_l) {
		zend_string_release(old_l);
	}
	if (old) {
		zend_string_release(old);
	}
	return answered;
}

/* sc_stat_found_cur() with PHP's cache entry for type read here. */
static zend_always_inline bool sc_stat_found(zend_string *path, int type, const sc_entry *e, zval *return_value)
{
	return sc_stat_found_cur(path, type, e, return_value,
		type == FS_TYPE || type == FS_IS_LINK ? SC_HIT_BG(CurrentLStatFile) : SC_HIT_BG(CurrentStatFile));
}

/* sc_hit_access_rest()'s answer from e, a FOUND or MISSING entry (how:
 * sc_hit()'s, for sc_count_hit()). */
static zend_always_inline bool sc_hit_access_answer(sc_cache *c, sc_entry *e, unsigned bit, unsigned how,
	zval *return_value)
{
	unsigned kind = e->r.kind;

	if (EXPECTED(kind == SC_KIND_FOUND)) {
		if (bit && (e->r.access_known & bit) != bit) {
			return false; /* the kernel is asked once: sc_access() */
		}
		sc_count_hit(c, kind, how);
		if (!bit || (e->r.access_ok & bit) == bit) {
			RETVAL_TRUE;
		} else {
			sc_hit_errno(EACCES);
			RETVAL_FALSE;
		}
		return true;
	}
	sc_count_hit(c, kind, how);
	sc_hit_errno(sc_fail_errno(e));
	RETVAL_FALSE;
	return true;
}

/* The access family's first look, before the probe: none (0: probe;
 * sc_hit_stat_first()'s shape). */
static zend_always_inline int sc_hit_access_first(zend_string *path, int mode, zval *return_value)
{
	(void) path;
	(void) mode;
	(void) return_value;
	return 0;
}

/* sc_answer_access() for a FOUND entry the call's path names, not
 * through a link (sc_hit_held()): F_OK and a mode asked before answer
 * from the entry, errno untouched on a success; else whole, the whole
 * way. */
static zend_always_inline void sc_hit_access_found(zend_execute_data *execute_data, zval *return_value,
	sc_entry *e, int mode, zif_handler whole)
{
	unsigned bit = (unsigned) mode & 7;

	if (bit && (e->r.access_known & bit) != bit) {
		whole(execute_data, return_value); /* the kernel is asked once: sc_access() */
		return;
	}
	sc_count(&SC_HIT_CACHE()->n->hits);
	if (!bit || (e->r.access_ok & bit) == bit) {
		RETVAL_TRUE;
	} else {
		RETVAL_FALSE;
		sc_hit_errno(EACCES);
	}
}

/* sc_answer_access() for a MISSING entry the call's path names, not
 * through a link (sc_hit_held()). */
static zend_always_inline void sc_hit_access_missing(zend_execute_data *execute_data, zval *return_value,
	sc_entry *e, int mode, zif_handler whole)
{
	(void) execute_data;
	(void) mode;
	(void) whole;
	sc_count_hit(SC_HIT_CACHE(), SC_KIND_MISSING, 0);
	RETVAL_FALSE;
	sc_hit_errno(sc_fail_errno(e));
}

/* sc_answer_access() for the rest of sc_hook_probe()'s answers (e, with
 * v, the version it is to hold at; NULL: none): a result to check again,
 * an alias's or a spelling through symlinks' target, a MISSING one (as
 * sc_hit_recheck() finds them); else whole, the whole way. */
static zend_always_inline void sc_hit_access_rest(zend_execute_data *execute_data, zval *return_value,
	sc_entry *e, uint64_t v, int mode, zif_handler whole)
{
	unsigned bit = (unsigned) mode & 7;
	unsigned how = 0;

	if (!e || !(e = sc_hit_recheck_php(e, v, &how, Z_STR_P(ZEND_CALL_ARG(execute_data, 1))))
			|| !sc_hit_access_answer(SC_HIT_CACHE(), e, bit, how, return_value)) {
		whole(execute_data, return_value);
	}
}

/* "stat failed for ...": the warning php_stat() raises for a failure of
 * a type that is not an existence check, raised from within the same call
 * (PHP's php_error_docref(), which names the function being run), after
 * the errno its failed stat() leaves. */
static zend_never_inline void sc_stat_failed(zend_string *path, int type, int err, zval *return_value)
{
	errno = err;
	php_error_docref(NULL, E_WARNING, "%sstat failed for %s", type == FS_TYPE || type == FS_IS_LINK ? "L" : "",
		ZSTR_VAL(path));
	RETVAL_FALSE;
}

/* PHP's one-entry cache holds path: php_stat() takes its answer from
 * there before anything else (no wrapper, no open_basedir, no syscall),
 * stale or not, and so does this, for an absolute name (the plain-files
 * wrapper's) with the gate open (statcache off: PHP's own call). */
static zend_always_inline bool sc_hit_php_cache(zend_string *path, int type, bool link_op, zval *return_value)
{
	return ZSTR_VAL(path)[0] == '/' && EXPECTED(SC_HIT_FG(stream_wrappers) == SC_HIT_SCG(hit_gate))
		&& sc_stat_value(type, link_op ? &SC_HIT_BG(lssb).sb : &SC_HIT_BG(ssb).sb, return_value);
}

/* sc_hit_stat_rest()'s answer (false: the whole way's): e,
 * sc_hook_probe()'s entry (NULL: none, or a name ending in '/') and v,
 * the version it is to hold at; cur, PHP's one-entry cache's name. */
static zend_always_inline bool sc_hit_stat_other(sc_cache *c, zend_string *path, int type, zval *return_value,
	zend_string *cur, sc_entry *e, uint64_t v)
{
	bool link_op = type == FS_TYPE || type == FS_IS_LINK;
	unsigned kind;
	unsigned how = 0;

	if (e) {
		if (!(e = sc_hit_recheck_php(e, v, &how, path))) {
			return false;
		}
		if (cur && sc_same_string(cur, path)) {
			return sc_hit_php_cache(path, type, link_op, return_value);
		}
	} else {
		/* "dir/": the hit of "dir", a directory as the kernel demands */
		if (!(e = sc_hook_hit_slashed(c, path, &how))) {
			return false;
		}
		if (cur && sc_same_string(cur, path)) {
			return sc_hit_php_cache(path, type, link_op, return_value);
		}
		if (e->r.kind == SC_KIND_FOUND && !S_ISDIR(e->r.st.st_mode)) {
			sc_count_hit(c, e->r.kind, how);
			if (type != FS_IS_FILE && type != FS_IS_DIR && type != FS_IS_LINK) {
				sc_stat_failed(path, type, ENOTDIR, return_value);
				return true;
			}
			sc_hit_errno(ENOTDIR);
			RETVAL_FALSE;
			return true;
		}
	}
	kind = e->r.kind;
	sc_count_hit(c, kind, how);
	if (UNEXPECTED(kind == SC_KIND_MISSING)) {
		if (type != FS_IS_FILE && type != FS_IS_DIR && type != FS_IS_LINK) {
			sc_stat_failed(path, type, sc_fail_errno(e), return_value);
			return true;
		}
		sc_hit_errno(sc_fail_errno(e));
		RETVAL_FALSE;
		return true;
	}
	return sc_stat_found_cur(path, type, e, return_value, cur);
}

/* The stat family's first look, before the probe: the same string PHP's
 * one-entry cache holds (the usual way to ask again: is_file($f) &&
 * filemtime($f)) answers as PHP's call would (sc_hit_php_cache(); 1, or
 * -1: the whole way); 0: probe. */
static zend_always_inline int sc_hit_stat_first(zend_string *path, int type, zval *return_value)
{
	bool link_op = type == FS_TYPE || type == FS_IS_LINK;

	if ((link_op ? SC_HIT_BG(CurrentLStatFile) : SC_HIT_BG(CurrentStatFile)) == path) {
		return sc_hit_php_cache(path, type, link_op, return_value) ? 1 : -1;
	}
	return 0;
}

/* How the stat family's answers from an entry the call's path names
 * begin: the same text in another string in PHP's one-entry cache answers
 * as PHP's call would (sc_hit_php_cache(): the probe before had no effect
 * an answer could see; whole, the whole way, where it cannot): true,
 * answered.  *cur (unless NULL): that cache's name for type, for the
 * answer that follows otherwise. */
static zend_always_inline bool sc_hit_stat_php_cache_first(zend_execute_data *execute_data, zval *return_value,
	int type, zif_handler whole, zend_string **cur)
{
	zend_string *path = Z_STR_P(ZEND_CALL_ARG(execute_data, 1));
	bool link_op = type == FS_TYPE || type == FS_IS_LINK;
	zend_string *c = link_op ? SC_HIT_BG(CurrentLStatFile) : SC_HIT_BG(CurrentStatFile);

	if (cur) {
		*cur = c;
	}
	if (c && sc_same_string(c, path)) {
		if (!sc_hit_php_cache(path, type, link_op, return_value)) {
			whole(execute_data, return_value);
		}
		return true;
	}
	return false;
}

/* sc_answer_stat() for a FOUND entry the call's path names, not through
 * a link (sc_hit_held()): PHP's one-entry cache first
 * (sc_hit_stat_php_cache_first()), else the entry (sc_stat_found_cur());
 * whole, the whole way, for what neither answers. */
static zend_always_inline void sc_hit_stat_found(zend_execute_data *execute_data, zval *return_value,
	sc_entry *e, int type, zif_handler whole)
{
	zend_string *path = Z_STR_P(ZEND_CALL_ARG(execute_data, 1));
	zend_string *cur;

	if (sc_hit_stat_php_cache_first(execute_data, return_value, type, whole, &cur)) {
		return;
	}
	sc_count(&SC_HIT_CACHE()->n->hits);
	if (!sc_stat_found_cur(path, type, e, return_value, cur)) {
		whole(execute_data, return_value);
	}
}

/* sc_answer_stat() for a MISSING entry the call's path names, not
 * through a link (sc_hit_held()): PHP's one-entry cache first, as for a
 * FOUND one; a failure that warns gets php_stat()'s warning. */
static zend_always_inline void sc_hit_stat_missing(zend_execute_data *execute_data, zval *return_value,
	sc_entry *e, int type, zif_handler whole)
{
	if (sc_hit_stat_php_cache_first(execute_data, return_value, type, whole, NULL)) {
		return;
	}
	sc_count_hit(SC_HIT_CACHE(), SC_KIND_MISSING, 0);
	if (type != FS_IS_FILE && type != FS_IS_DIR && type != FS_IS_LINK) {
		sc_stat_failed(Z_STR_P(ZEND_CALL_ARG(execute_data, 1)), type, sc_fail_errno(e), return_value);
		return;
	}
	RETVAL_FALSE;
	sc_hit_errno(sc_fail_errno(e));
}

/* sc_answer_stat() for the rest of sc_hook_probe()'s answers (e, with v,
 * the version it is to hold at; NULL: none, or a name ending in '/'):
 * sc_hit_stat_other() (a failure that warns gets php_stat()'s warning; a
 * name ending in '/' is answered from the entry of the name without its
 * slashes, as the whole way answers it); else whole, the whole way. */
static zend_always_inline void sc_hit_stat_rest(zend_execute_data *execute_data, zval *return_value,
	sc_entry *e, uint64_t v, int type, zif_handler whole)
{
	zend_string *path = Z_STR_P(ZEND_CALL_ARG(execute_data, 1));
	zend_string *cur = type == FS_TYPE || type == FS_IS_LINK ? SC_HIT_BG(CurrentLStatFile) : SC_HIT_BG(CurrentStatFile);

	if (!sc_hit_stat_other(SC_HIT_CACHE(), path, type, return_value, cur, e, v)) {
		whole(execute_data, return_value);
	}
}

/* The two families of answers with a hit path: access() (file_exists(),
 * is_readable() & co) and the stat family (is_file(), filemtime() & co).
 * A handler names its family as a constant, and the dispatchers below
 * fold to the family's function at compile time. */
typedef enum {
	SC_HIT_ACCESS,
	SC_HIT_STAT
} sc_hit_family;

/* Every answer with a hit path, a row each: X(function, family, how). */
#define SC_HIT_ANSWERS(X) \
	X(file_exists, SC_HIT_ACCESS, F_OK) \
	X(is_readable, SC_HIT_ACCESS, R_OK) \
	X(is_writable, SC_HIT_ACCESS, W_OK) \
	X(is_writeable, SC_HIT_ACCESS, W_OK) \
	X(is_executable, SC_HIT_ACCESS, X_OK) \
	X(is_file, SC_HIT_STAT, FS_IS_FILE) \
	X(is_dir, SC_HIT_STAT, FS_IS_DIR) \
	X(is_link, SC_HIT_STAT, FS_IS_LINK) \
	X(filemtime, SC_HIT_STAT, FS_MTIME) \
	X(filectime, SC_HIT_STAT, FS_CTIME) \
	X(filesize, SC_HIT_STAT, FS_SIZE) \
	X(fileperms, SC_HIT_STAT, FS_PERMS) \
	X(fileinode, SC_HIT_STAT, FS_INODE) \
	X(fileowner, SC_HIT_STAT, FS_OWNER) \
	X(filegroup, SC_HIT_STAT, FS_GROUP) \
	X(filetype, SC_HIT_STAT, FS_TYPE)

/* Their whole ways (src/php/answers/answers.c), which both builds of the hit
 * call. */
#define SC_WHOLE_WAY_PROTO(fname, family, how) \
	__attribute__((visibility("hidden"))) void sc_##fname##_whole_way(INTERNAL_FUNCTION_PARAMETERS);
SC_HIT_ANSWERS(SC_WHOLE_WAY_PROTO)
#undef SC_WHOLE_WAY_PROTO

/* A family's first look, before the probe (sc_hit_access_first(),
 * sc_hit_stat_first()): 0 probe, 1 answered, -1 the whole way. */
static zend_always_inline int sc_hit_first(sc_hit_family family, zend_string *path, int how, zval *return_value)
{
	return family == SC_HIT_ACCESS ? sc_hit_access_first(path, how, return_value)
		: sc_hit_stat_first(path, how, return_value);
}

/* Which of a family's answers a step gives (sc_hit_answer()). */
typedef enum {
	SC_HIT_FOUND,   /* a FOUND entry the path names */
	SC_HIT_MISSING, /* a MISSING entry the path names */
	SC_HIT_REST     /* the rest of the probe's answers (e, v: as sc_hit_access_rest()'s) */
} sc_hit_case;

/* A family's answer of one case: sc_hit_access_found(), _missing(),
 * _rest() or their sc_hit_stat_ twins; family and what are constants in
 * every caller, so it folds to the one call at compile time. */
static zend_always_inline void sc_hit_answer(sc_hit_family family, sc_hit_case what,
	zend_execute_data *execute_data, zval *return_value, sc_entry *e, uint64_t v, int how, zif_handler whole)
{
	bool access = family == SC_HIT_ACCESS;

	if (what == SC_HIT_FOUND && access) {
		sc_hit_access_found(execute_data, return_value, e, how, whole);
	} else if (what == SC_HIT_FOUND) {
		sc_hit_stat_found(execute_data, return_value, e, how, whole);
	} else if (what == SC_HIT_MISSING && access) {
		sc_hit_access_missing(execute_data, return_value, e, how, whole);
	} else if (what == SC_HIT_MISSING) {
		sc_hit_stat_missing(execute_data, return_value, e, how, whole);
	} else if (access) {
		sc_hit_access_rest(execute_data, return_value, e, v, how, whole);
	} else {
		sc_hit_stat_rest(execute_data, return_value, e, v, how, whole);
	}
}

/* A handler's steps after the probe, each its own function (see
 * SC_HIT_HANDLER): hit answers from an entry whose hash and length are
 * the path's, rest from whatever else the probe gave. */
typedef void (*sc_hit_step)(zend_execute_data *execute_data, zval *return_value, sc_entry *e);
typedef void (*sc_hit_rest_step)(zend_execute_data *execute_data, zval *return_value, sc_entry *e, uint64_t v);

/* A handler's cold step: e's hash and length are the path's, its key
 * not; the entry of the path's own key, if any, answers (hit), else the
 * whole way. */
static zend_always_inline void sc_hit_past_body(zend_execute_data *execute_data, zval *return_value,
	sc_entry *e, sc_hit_step hit, zif_handler whole)
{
	zend_string *path = Z_STR_P(ZEND_CALL_ARG(execute_data, 1));

	e = sc_hit_key(SC_HIT_CACHE(), e, ZSTR_VAL(path), ZSTR_LEN(path));
	if (e) {
		hit(execute_data, return_value, e);
	} else {
		whole(execute_data, return_value);
	}
}

/* ZTS, the rest of the hit step: e, the path's own FOUND or MISSING
 * entry held at the version, answers only where PHP's walk would ask the
 * kernel about the path itself and leave its realpath cache as it was
 * (sc_hit_php_walk_alike()); FOUND inline, MISSING out of line
 * (missing), else the rest (e is the probe's entry then too, and the
 * version the one it held at). */
static zend_always_inline void sc_hit_alike_body(sc_hit_family family, zend_execute_data *execute_data,
	zval *return_value, sc_entry *e, int how, sc_hit_step missing, sc_hit_rest_step rest, zif_handler whole)
{
#ifdef VIRTUAL_DIR
	if (UNEXPECTED(!sc_hit_php_walk_alike(Z_STR_P(ZEND_CALL_ARG(execute_data, 1)), e, false))) {
		rest(execute_data, return_value, e, e->r.held_at);
	} else if (EXPECTED(e->r.kind == SC_KIND_FOUND)) {
		sc_hit_answer(family, SC_HIT_FOUND, execute_data, return_value, e, e->r.held_at, how, whole);
	} else {
		missing(execute_data, return_value, e);
	}
#else
	(void) family;
	(void) how;
	(void) missing;
	(void) whole;
	rest(execute_data, return_value, e, e->r.held_at); /* not used: NTS answers in sc_hit_body() */
#endif
}

/* A handler's hit step: the key compared (another key: past), then the
 * version, and a result that held at it answered by the family, of the
 * name or of its alias (sc_hit_held_php()): FOUND inline, MISSING out of
 * line (missing), anything else out of line too (rest).  ZTS: a result
 * that held is tested against PHP's walk first (sc_hit_alike_body()). */
static zend_always_inline void sc_hit_body(sc_hit_family family, zend_execute_data *execute_data,
	zval *return_value, sc_entry *e, int how, sc_hit_step past, sc_hit_step missing, sc_hit_rest_step rest,
	zif_handler whole)
{
	zend_string *path = Z_STR_P(ZEND_CALL_ARG(execute_data, 1));
	uint64_t v;
	sc_entry *t;

	if (UNEXPECTED(sc_key_diff(e->key, ZSTR_VAL(path), ZSTR_LEN(path)) != 0)) {
		past(execute_data, return_value, e);
		return;
	}
	v = sc_hit_version();
	t = sc_hit_held_php(e, v);
#ifdef VIRTUAL_DIR
	if (EXPECTED(t != NULL)) {
		sc_hit_alike_body(family, execute_data, return_value, t, how, missing, rest, whole);
	} else {
		rest(execute_data, return_value, e, v);
	}
#else
	if (EXPECTED(t && t->r.kind == SC_KIND_FOUND)) {
		sc_hit_answer(family, SC_HIT_FOUND, execute_data, return_value, t, v, how, whole);
	} else if (t && t->r.kind == SC_KIND_MISSING) {
		missing(execute_data, return_value, t);
	} else {
		rest(execute_data, return_value, e, v);
	}
#endif
}

/* A handler's entry: its one plain string argument tried on the hit path
 * (a reference or anything else: the whole way, sc_path_arg()): the
 * family's first look, then the guards, the hash and the probe of the
 * hash and length (sc_hook_probe()); clocked, a constant, says which
 * clock the staleness bound's test reads. */
static zend_always_inline void sc_hit_entry_body(sc_hit_family family, zend_execute_data *execute_data,
	zval *return_value, int how, bool clocked, sc_hit_step hit, sc_hit_rest_step rest, zif_handler whole)
{
	zval *arg = ZEND_CALL_ARG(execute_data, 1);
	int first;
	sc_entry *e;

	if (UNEXPECTED(ZEND_NUM_ARGS() != 1 || Z_TYPE_P(arg) != IS_STRING)) {
		whole(execute_data, return_value);
		return;
	}
	first = sc_hit_first(family, Z_STR_P(arg), how, return_value);
	if (UNEXPECTED(first != 0)) {
		if (first < 0) {
			whole(execute_data, return_value);
		}
		return;
	}
	e = sc_hook_probe(SC_HIT_CACHE(), Z_STR_P(arg), clocked);
	if (EXPECTED(e != NULL)) {
		hit(execute_data, return_value, e);
	} else {
		rest(execute_data, return_value, NULL, 0);
	}
}

/* The handler name() of fname, in steps that each end in a jump to the
 * next, so that none holds more than the registers a call may take (no
 * stack of its own, no register saved):
 *  - name(): sc_hit_entry_body() with the staleness bound's test by the
 *    tick counter; where the clock decides instead
 *    (sc_proc_hit_clocked(), asked first) name##_clocked(), the same
 *    with the clock's read, a call, which makes that build save
 *    registers: kept out of the one the counter serves;
 *  - name##_hit(): sc_hit_body();
 *  - out of line the rest: a MISSING one (name##_missing()), everything
 *    else and a name ending in '/' (name##_rest(): sc_hit_recheck(), the
 *    whole way), another key of the same hash and length (name##_past(),
 *    cold).
 * In ZTS, where PHP's virtual CWD resolves a name through its realpath
 * cache before it asks the kernel, a result answers only as that
 * resolution would (sc_hit_held_php(), sc_hit_recheck_php()): path's own
 * entry, and PHP's realpath cache taking path to itself untouched.
 * Each step's body is a function above; the macro only names them. */
#define SC_HIT_HANDLER(name, fname, family, how) \
	static zend_never_inline void name##_rest(zend_execute_data *execute_data, zval *return_value, sc_entry *e, \
		uint64_t v) \
	{ \
		sc_hit_answer(family, SC_HIT_REST, execute_data, return_value, e, v, how, sc_##fname##_whole_way); \
	} \
	static zend_never_inline void name##_missing(zend_execute_data *execute_data, zval *return_value, sc_entry *e) \
	{ \
		sc_hit_answer(family, SC_HIT_MISSING, execute_data, return_value, e, 0, how, sc_##fname##_whole_way); \
	} \
	static void name##_hit(zend_execute_data *execute_data, zval *return_value, sc_entry *e); \
	static zend_never_inline ZEND_COLD void name##_past(zend_execute_data *execute_data, zval *return_value, \
		sc_entry *e) \
	{ \
		sc_hit_past_body(execute_data, return_value, e, name##_hit, sc_##fname##_whole_way); \
	} \
	static zend_never_inline void name##_hit(zend_execute_data *execute_data, zval *return_value, sc_entry *e) \
	{ \
		sc_hit_body(family, execute_data, return_value, e, how, name##_past, name##_missing, name##_rest, \
			sc_##fname##_whole_way); \
	} \
	static zend_never_inline void name##_clocked(INTERNAL_FUNCTION_PARAMETERS) \
	{ \
		sc_hit_entry_body(family, execute_data, return_value, how, true, name##_hit, name##_rest, \
			sc_##fname##_whole_way); \
	} \
	void name(INTERNAL_FUNCTION_PARAMETERS) \
	{ \
		if (UNEXPECTED(sc_proc_hit_clocked())) { \
			name##_clocked(execute_data, return_value); \
		} else { \
			sc_hit_entry_body(family, execute_data, return_value, how, false, name##_hit, name##_rest, \
				sc_##fname##_whole_way); \
		} \
	}

/* A second build of each handler above for CPUs with AVX2
 * (src/php/answers/answers_avx2.c): the key compared and the stat copied 32
 * bytes a step.  GCC on x86-64 only (its target pragma), and not where
 * the whole build is for AVX2 already. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) \
	&& (!defined(__AVX2__) || defined(SC_BUILDING_AVX2_TWINS))
# define SC_AVX2_TWINS 1
# define SC_TWIN_PROTO(fname, family, how) \
	__attribute__((visibility("hidden"))) void sc_##fname##_avx2(INTERNAL_FUNCTION_PARAMETERS);
SC_HIT_ANSWERS(SC_TWIN_PROTO)
# undef SC_TWIN_PROTO
#else
# define SC_AVX2_TWINS 0
#endif

#endif
