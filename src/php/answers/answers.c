/*
 * statcache: the stat family's handlers, each from the cache after the hit
 * path (hit.h) and everything a hit cannot answer (hooks.c installs them):
 *
 *  - the plain-files wrapper's url_stat (every stat()-based function,
 *    SplFileInfo included, goes through php_stat() and lands there after
 *    PHP's own one-entry cache), and is_file(), filemtime() & co, which take
 *    php_stat()'s steps without its wrapper lookup;
 *  - the functions PHP answers with access() (file_exists, is_readable,
 *    is_writable, is_executable and SplFileInfo's isReadable/isWritable/
 *    isExecutable), realpath() when it fails (its successes, includes and
 *    opens find PHP's realpath cache filled: src/php/realpath/realpath.c), and
 *    readlink();
 *  - fileatime() and getATime(), always PHP's; clearstatcache().
 *
 * Whatever is not answered goes to what was installed before (src/php/module/orig.h).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_statcache.h"

#if STATCACHE_HAVE_CACHE

#include "php/module/intercept.h"
#include "main/php_streams.h"
#include "main/streams/php_stream_plain_wrapper.h"
#include "ext/standard/file.h"
#include "ext/standard/php_filestat.h"
#include "ext/standard/basic_functions.h"
#include "ext/spl/spl_directory.h"
#include "Zend/zend_virtual_cwd.h"
#include "engine/follow.h"
#include "php/answers/answers.h"
#include "php/realpath/realpath.h"
#include "php/answers/hit.h"

#include <sys/stat.h>

/* ---- plain-files wrapper ---------------------------------------------------- */

/* Does a path of more than "/" end in '/'? */
static zend_always_inline bool sc_slashed(const char *path, size_t len)
{
	return len > 1 && path[len - 1] == '/';
}

/* lstat() of a name as PHP makes it: the kernel reads the spelling (NTS),
 * but ZTS's virtual_lstat() first drops "." and ".." lexically, each ".."
 * with the name before it whatever that name is (virtual_file_ex() with
 * CWD_EXPAND, no syscall), and asks the kernel about what is left: there
 * "missing/../f" and "link/../f" are lstat() of "f". */
static zend_always_inline sc_entry *sc_hook_lookup_lstat(const char *path, size_t len)
{
#ifdef VIRTUAL_DIR
	char lexical[MAXPATHLEN];
	sc_cache *c = SCG(active) && !SCG(bypass_depth) ? statcache_thread_cache() : NULL;

	if (c && len < sizeof(lexical) && memchr(path, '\0', len) == NULL
			&& sc_canon_path(&c->canon, path, len) == SC_CANON_CHANGED) {
		/* the canonical form is never longer; the lookup reuses c->canon */
		memcpy(lexical, c->canon.path, c->canon.len + 1);
		return sc_hook_lookup(lexical, c->canon.len);
	}
#endif
	return sc_hook_lookup(path, len);
}

/* "dir/" (one or more trailing slashes): the kernel follows a last symlink
 * even for lstat(), and demands a directory (ENOTDIR otherwise).  Answered
 * as the entry of the path without the slashes, followed; *enotdir says
 * that what it names is not a directory.  NULL: PHP's own call answers
 * (ZTS, whose virtual CWD drops the slashes itself; an open_basedir in
 * force, which PHP checks on the spelling as given). */
static sc_entry *sc_hook_lookup_slashed(const char *path, size_t len, bool check_basedir, bool *enotdir)
{
	char base[MAXPATHLEN];
	sc_cache *c;
	sc_entry *e;

	*enotdir = false;
	while (len > 1 && path[len - 1] == '/') {
		len--;
	}
	c = SCG(active) ? statcache_thread_cache() : NULL;
	if (!c || c->dots_lexical || len >= sizeof(base) || path[0] != '/'
			|| (check_basedir && PG(open_basedir) && *PG(open_basedir))) {
		if (c) {
			sc_count(&c->n->bypassed);
		}
		return NULL;
	}
	memcpy(base, path, len);
	base[len] = '\0';
	e = sc_hook_lookup(base, len);
	if (e && e->r.kind == SC_KIND_LINK) {
		e = sc_follow_last(c, e);
	}
	if (e && e->r.kind == SC_KIND_FOUND && !S_ISDIR(e->r.st.st_mode)) {
		*enotdir = true;
	}
	return e && (e->r.kind == SC_KIND_FOUND || e->r.kind == SC_KIND_MISSING) ? e : NULL;
}

int sc_url_stat(php_stream_wrapper *wrapper, const char *url, int flags,
	php_stream_statbuf *ssb, php_stream_context *context)
{
	int err = errno;

	if (url[0] == '/' && SCG(active) && !sc_hook_left_take(url)) {
		size_t len = strlen(url);
		bool check_basedir = !(flags & PHP_STREAM_URL_STAT_IGNORE_OPEN_BASEDIR), enotdir = false;
		sc_entry *e;
		if (!(flags & PHP_STREAM_URL_STAT_LINK) && sc_vcwd_stat(url, len, !check_basedir, &e)) {
			/* ZTS: the name PHP's realpath cache resolves it to */
		} else if (sc_slashed(url, len)) {
			e = sc_hook_lookup_slashed(url, len, check_basedir, &enotdir);
			if (enotdir) {
				errno = ENOTDIR;
				return -1;
			}
		} else if (flags & PHP_STREAM_URL_STAT_LINK) {
			e = sc_hook_lookup_lstat(url, len);
		} else {
			e = sc_hook_lookup(url, len);
		}
		if (e && e->r.kind == SC_KIND_LINK && !(flags & PHP_STREAM_URL_STAT_LINK)) {
			e = sc_follow_last(SCG(cache), e); /* stat() follows the link */
		}
		if (e && (e->r.kind == SC_KIND_FOUND || e->r.kind == SC_KIND_LINK || e->r.kind == SC_KIND_MISSING)
				&& sc_basedir_allows(url, check_basedir)) {
			switch (e->r.kind) {
				case SC_KIND_FOUND:
				case SC_KIND_LINK:
					memset(ssb, 0, sizeof(*ssb));
					ssb->sb = e->r.st;
					errno = err;
					return 0;
				case SC_KIND_MISSING:
					errno = sc_fail_errno(e);
					return -1;
			}
		}
	}
	sc_hook_left_clear(); /* its own lookup's note: nothing follows that would take it */
	errno = err; /* as the cache's own work found it: PHP's stat() sets its own */
	return sc_orig_wops->url_stat(wrapper, url, flags, ssb, context);
}

/* file_exists (mode 0), is_readable, is_writable, is_executable.  errno
 * is left as PHP's access() would leave it (err, the caller's errno, on a
 * success; the path's error on a failure), not as the cache's own work
 * left it: PHP reports a stale errno in later warnings. */
static zend_always_inline bool sc_answer_access(zend_string *path, int mode, zval *return_value, int err)
{
	sc_entry *e;
	if (!path || !SCG(active) || ZSTR_LEN(path) == 0 || ZSTR_VAL(path)[0] != '/') {
		if (path && SCG(active) && SCG(cache)) {
			sc_count(&SCG(cache)->n->bypassed);
		}
		return false;
	}
	if (sc_vcwd_stat(ZSTR_VAL(path), ZSTR_LEN(path), false, &e)) {
		/* ZTS: access() of the name PHP's realpath cache resolves it to */
	} else if (sc_slashed(ZSTR_VAL(path), ZSTR_LEN(path))) {
		bool enotdir;
		e = sc_hook_lookup_slashed(ZSTR_VAL(path), ZSTR_LEN(path), true, &enotdir);
		if (e && enotdir) {
			RETVAL_FALSE;
			return true;
		}
	} else if (mode != F_OK && !SCG(bypass_depth) && SCG(cache)
			&& sc_first_look_leave(SCG(cache), ZSTR_VAL(path), ZSTR_LEN(path))) {
		/* a first look would be a statx() before the access() the
		 * answer needs: PHP's access() alone answers it */
		return false;
	} else {
		e = sc_hook_lookup(ZSTR_VAL(path), ZSTR_LEN(path));
	}
	if (e && e->r.kind == SC_KIND_LINK) {
		e = sc_follow_last(SCG(cache), e); /* access() follows the link */
	}
	if (!e || !sc_basedir_allows(ZSTR_VAL(path), true)) {
		return false;
	}
	if (e->r.kind == SC_KIND_MISSING) {
		errno = sc_fail_errno(e);
		RETVAL_FALSE;
		return true;
	}
	if (sc_access(SCG(cache), e, mode) == 0) { /* F_OK: from the entry, inline */
		errno = err;
		RETVAL_TRUE;
	} else {
		errno = EACCES;
		RETVAL_FALSE;
	}
	return true;
}

/* The whole way of a function of one path argument: the family's answer
 * (sc_answer_access(), sc_answer_stat(): no call, errno untouched on a
 * success), else what was installed before (orig), with the errno it
 * would have seen.  Out of line (sc_##fname##_whole_way()) so that the
 * hit's handler stays small (and its AVX2 twin calls the same one:
 * src/php/answers/answers_avx2.c). */
static zend_always_inline bool sc_answer_stat(zend_string *path, int type, zval *return_value, int err);

static zend_always_inline void sc_whole_way_body(sc_hit_family family, zend_execute_data *execute_data,
	zval *return_value, int how, zif_handler orig)
{
	int err = errno;
	bool done = family == SC_HIT_ACCESS ? sc_answer_access(sc_path_arg(execute_data), how, return_value, err)
		: sc_answer_stat(sc_path_arg(execute_data), how, return_value, err);

	if (!done) {
		errno = err; /* PHP's call sees the errno it would have seen */
		orig(execute_data, return_value);
		sc_hook_left_clear();
	}
}

/* The handler of a function of one path argument, sc_##fname(): the hit
 * path first (src/php/answers/hit.h, SC_HIT_HANDLER), then its whole
 * way; each a call of a function above, the macro only names them. */
#define SC_PATH_HANDLER(fname, family, how) \
	zend_never_inline void sc_##fname##_whole_way(INTERNAL_FUNCTION_PARAMETERS) \
	{ \
		sc_whole_way_body(family, execute_data, return_value, how, sc_orig(SC_I_##fname)); \
	} \
	SC_HIT_HANDLER(sc_##fname, fname, family, how)

#define SC_ACCESS_HANDLER(fname, mode) SC_PATH_HANDLER(fname, SC_HIT_ACCESS, mode)

SC_ACCESS_HANDLER(file_exists, F_OK)
SC_ACCESS_HANDLER(is_readable, R_OK)
SC_ACCESS_HANDLER(is_writable, W_OK)
SC_ACCESS_HANDLER(is_writeable, W_OK)
SC_ACCESS_HANDLER(is_executable, X_OK)

/* is_file(), filemtime() & co, without php_stat()'s wrapper lookup and
 * copies: the same steps it takes for a plain path, in the same order.
 * PHP's own one-entry stat cache answers first when it holds the path (so
 * its answer, stale or not, is PHP's); a failure that warns raises
 * php_stat()'s warning (sc_stat_failed()); otherwise the result is
 * dropped into that cache exactly as php_stat() does, and the value
 * computed from it as php_stat() computes it. */
static zend_always_inline bool sc_answer_stat(zend_string *path, int type, zval *return_value, int err)
{
	bool link_op = type == FS_TYPE || type == FS_IS_LINK;
	bool exists_check = type == FS_IS_FILE || type == FS_IS_DIR || type == FS_IS_LINK;
	zend_string *cur;
	sc_entry *e;

	if (!path || !SCG(active) || ZSTR_LEN(path) == 0 || ZSTR_VAL(path)[0] != '/') {
		return false;
	}
	cur = link_op ? BG(CurrentLStatFile) : BG(CurrentStatFile);
	if (cur && sc_same_string(cur, path)) {
		return false;
	}
	if (!link_op && sc_vcwd_stat(ZSTR_VAL(path), ZSTR_LEN(path), false, &e)) {
		/* ZTS: stat() of the name PHP's realpath cache resolves it to (under
		 * open_basedir PHP's php_stat() checks first: its url_stat answers) */
	} else if (sc_slashed(ZSTR_VAL(path), ZSTR_LEN(path))) {
		bool enotdir;
		e = sc_hook_lookup_slashed(ZSTR_VAL(path), ZSTR_LEN(path), true, &enotdir);
		if (e && enotdir) {
			if (!exists_check) {
				sc_stat_failed(path, type, ENOTDIR, return_value); /* as its url_stat fails */
				return true;
			}
			errno = ENOTDIR;
			RETVAL_FALSE;
			return true;
		}
	} else if (link_op) {
		e = sc_hook_lookup_lstat(ZSTR_VAL(path), ZSTR_LEN(path));
	} else {
		e = sc_hook_lookup(ZSTR_VAL(path), ZSTR_LEN(path));
	}
	if (e && e->r.kind == SC_KIND_LINK && !link_op) {
		e = sc_follow_last(SCG(cache), e); /* stat() follows the link */
	}
	if (!e) {
		return false;
	}
	if (e->r.kind == SC_KIND_MISSING) {
		if (!sc_basedir_allows(ZSTR_VAL(path), true)) {
			return false;
		}
		if (!exists_check) {
			sc_stat_failed(path, type, sc_fail_errno(e), return_value);
			return true;
		}
		errno = sc_fail_errno(e);
		RETVAL_FALSE;
		return true;
	}
	if (!sc_basedir_allows(ZSTR_VAL(path), true)) {
		return false;
	}
	errno = err;
	return sc_stat_found(path, type, e, return_value);
}

#define SC_STAT_HANDLER(fname, type) SC_PATH_HANDLER(fname, SC_HIT_STAT, type)

SC_STAT_HANDLER(is_file, FS_IS_FILE)
SC_STAT_HANDLER(is_dir, FS_IS_DIR)
SC_STAT_HANDLER(is_link, FS_IS_LINK)
SC_STAT_HANDLER(filemtime, FS_MTIME)
SC_STAT_HANDLER(filectime, FS_CTIME)
SC_STAT_HANDLER(filesize, FS_SIZE)
SC_STAT_HANDLER(fileperms, FS_PERMS)
SC_STAT_HANDLER(fileinode, FS_INODE)
SC_STAT_HANDLER(fileowner, FS_OWNER)
SC_STAT_HANDLER(filegroup, FS_GROUP)
SC_STAT_HANDLER(filetype, FS_TYPE)

/* SplFileInfo::isReadable() & co: the object's own file name. */
static bool sc_spl_answer_access(zend_execute_data *execute_data, int mode, zval *return_value, int err)
{
	spl_filesystem_object *intern;
	if (ZEND_NUM_ARGS() != 0 || Z_TYPE(EX(This)) != IS_OBJECT) {
		return false;
	}
	intern = (spl_filesystem_object *) ((char *) Z_OBJ(EX(This)) - XtOffsetOf(spl_filesystem_object, std));
	if (intern->type == SPL_FS_DIR || !intern->file_name) {
		return false;
	}
	return sc_answer_access(intern->file_name, mode, return_value, err);
}

/* SplFileInfo::isReadable() & co's handler body: the object's answer,
 * else orig with the errno it would have seen. */
static void sc_spl_access_body(zend_execute_data *execute_data, zval *return_value, int mode, zif_handler orig)
{
	int err = errno;

	if (!sc_spl_answer_access(execute_data, mode, return_value, err)) {
		errno = err;
		orig(execute_data, return_value);
	}
}

#define SC_SPL_ACCESS_HANDLER(fname, mode) \
	void sc_splfileinfo_##fname(INTERNAL_FUNCTION_PARAMETERS) \
	{ \
		sc_spl_access_body(execute_data, return_value, mode, sc_orig(SC_I_splfileinfo_##fname)); \
	}

SC_SPL_ACCESS_HANDLER(isReadable, R_OK)
SC_SPL_ACCESS_HANDLER(isWritable, W_OK)
SC_SPL_ACCESS_HANDLER(isExecutable, X_OK)

/* realpath(): see sc_cached_realpath(). */
void sc_realpath(INTERNAL_FUNCTION_PARAMETERS)
{
	zend_string *path = sc_path_arg(execute_data);
	char resolved[SC_RP_MAX];
	int err = errno;
	int r = path ? sc_cached_realpath(ZSTR_VAL(path), ZSTR_LEN(path), resolved) : -1;

	if (r == 0) {
		RETURN_FALSE; /* errno: what PHP's walk would leave (sc_cached_realpath) */
	}
	errno = err;
	if (r == 1) {
		RETURN_STRING(resolved);
	}
	sc_orig(SC_I_realpath)(INTERNAL_FUNCTION_PARAM_PASSTHRU);
}

/* readlink(): a cached symlink's text, read once per validity of its entry
 * (replacing a link is a name event in its directory), the path spelled
 * through symlinked directories or not.  Every failure (not a link,
 * missing, refused by open_basedir) is PHP's own call, with its warning. */
void sc_readlink(INTERNAL_FUNCTION_PARAMETERS)
{
	zend_string *path = sc_path_arg(execute_data);
	int err = errno;
	if (path && SCG(active) && ZSTR_LEN(path) > 1 && ZSTR_VAL(path)[0] == '/'
			&& !sc_kernel_fs_path(ZSTR_VAL(path), ZSTR_LEN(path))) {
		sc_entry *e = sc_hook_lookup(ZSTR_VAL(path), ZSTR_LEN(path));
		if (e && e->r.kind == SC_KIND_LINK) {
			size_t len;
			const char *text = sc_link_text(statcache_thread_cache(), e, &len);
			if (text && len < MAXPATHLEN && sc_basedir_allows(ZSTR_VAL(path), true)) {
				errno = err;
				RETURN_STRINGL(text, len);
			}
		}
	}
	errno = err;
	sc_orig(SC_I_readlink)(INTERNAL_FUNCTION_PARAM_PASSTHRU);
}

/* atime is the one field no watched event keeps valid (reads raise none):
 * fileatime() and getATime() always ask the kernel. */
static void sc_uncached(zif_handler orig, INTERNAL_FUNCTION_PARAMETERS)
{
	SCG(bypass_depth)++;
	statcache_hit_gate_shut();
	zend_try {
		orig(INTERNAL_FUNCTION_PARAM_PASSTHRU);
	} zend_catch {
		SCG(bypass_depth)--;
		zend_bailout();
	} zend_end_try();
	SCG(bypass_depth)--;
}

void sc_fileatime(INTERNAL_FUNCTION_PARAMETERS)
{
	sc_uncached(sc_orig(SC_I_fileatime), INTERNAL_FUNCTION_PARAM_PASSTHRU);
}

void sc_splfileinfo_getATime(INTERNAL_FUNCTION_PARAMETERS)
{
	sc_uncached(sc_orig(SC_I_splfileinfo_getATime), INTERNAL_FUNCTION_PARAM_PASSTHRU);
}

/* clearstatcache(): PHP's own, then what is queued; with a file name, that
 * path's result under every spelling.  Without one the cache stays: its
 * results are as current as the event queue (WordPress and Laravel call
 * clearstatcache() on every request). */
void sc_clearstatcache(INTERNAL_FUNCTION_PARAMETERS)
{
	sc_orig(SC_I_clearstatcache)(INTERNAL_FUNCTION_PARAM_PASSTHRU);
	if (EG(exception) || !SCG(active) || atomic_load(&sc_the_proc.state) != SC_PROC_READY) {
		return;
	}
	while (!sc_watcher_drain()) {
		/* another thread was draining: drain again, ourselves, so that
		 * whatever was queued when clearstatcache() was called is applied */
	}
	if (ZEND_NUM_ARGS() == 2) {
		zval *arg = ZEND_CALL_ARG(execute_data, 2);
		ZVAL_DEREF(arg);
		if (Z_TYPE_P(arg) == IS_STRING && Z_STRLEN_P(arg) > 0 && SCG(cache)) {
			char abs[MAXPATHLEN];
			if (Z_STRVAL_P(arg)[0] == '/') {
				sc_forget(SCG(cache), Z_STRVAL_P(arg), Z_STRLEN_P(arg));
			} else if (expand_filepath(Z_STRVAL_P(arg), abs)) {
				sc_forget(SCG(cache), abs, strlen(abs));
			}
		}
	}
}

/* ---- the request's wrapper table ---------------------------------------- */

/* stream_wrapper_register() & co change the request's table in place (the
 * pointer sc_file_wrapper_plain() compares stays): the next lookup searches
 * it again, and the hit path waits for it.  Marked before too, for a lookup
 * PHP's call makes itself (an autoloader run for the class name). */
static void sc_wrappers_changed(zif_handler orig, INTERNAL_FUNCTION_PARAMETERS)
{
	SCG(wrappers_seen) = SC_WRAPPERS_UNSEEN;
	statcache_hit_gate_shut();
	orig(INTERNAL_FUNCTION_PARAM_PASSTHRU);
	SCG(wrappers_seen) = SC_WRAPPERS_UNSEEN;
	statcache_hit_gate_shut();
}

#define SC_WRAPPERS_HANDLER(fname) SC_HANDLER_AROUND(sc_##fname, sc_wrappers_changed, fname)

SC_WRAPPERS_HANDLER(stream_wrapper_register)
SC_WRAPPERS_HANDLER(stream_register_wrapper)
SC_WRAPPERS_HANDLER(stream_wrapper_unregister)
SC_WRAPPERS_HANDLER(stream_wrapper_restore)

/* ---- the AVX2 twins ------------------------------------------------------ */

#if SC_AVX2_TWINS
# include "Zend/zend_cpuinfo.h"
#endif

zif_handler sc_answer_fast(zif_handler handler)
{
#if SC_AVX2_TWINS
#define SC_TWIN_PAIR(fname, family, how) { sc_##fname, sc_##fname##_avx2 },
	static const struct {
		zif_handler base, twin;
	} twins[] = { SC_HIT_ANSWERS(SC_TWIN_PAIR) };
#undef SC_TWIN_PAIR
	if (zend_cpu_supports_avx2()) {
		for (size_t i = 0; i < sizeof(twins) / sizeof(twins[0]); i++) {
			if (twins[i].base == handler) {
				return twins[i].twin;
			}
		}
	}
#endif
	return handler;
}

#endif
