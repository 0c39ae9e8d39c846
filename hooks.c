/*
 * statcache: where PHP is intercepted.
 *
 *  - answers: the plain-files wrapper's url_stat (every stat()-based
 *    function, SplFileInfo included, goes through php_stat() and lands
 *    there after PHP's own one-entry cache), and the functions PHP answers
 *    with access() (file_exists, is_readable, is_writable, is_executable and
 *    SplFileInfo's isReadable/isWritable/isExecutable), and realpath() when
 *    it fails;
 *  - sync points: every way PHP writes (wrapper ops, stdio stream ops, the
 *    functions that bypass both) and every wait for a child marks events
 *    pending, so the next lookup drains before it answers.
 *
 * One intercept list; what was installed before (PHP's own handler or
 * another extension's) is saved once and called for everything we do not
 * answer, and put back at shutdown unless someone replaced us since.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_statcache.h"
#include "statcache_hooks.h"

#if STATCACHE_HAVE_CACHE

#include "main/php_streams.h"
#include "main/streams/php_stream_plain_wrapper.h"
#include "ext/standard/file.h"
#include "ext/standard/php_filestat.h"
#include "ext/standard/basic_functions.h"
#include "ext/spl/spl_directory.h"
#include "Zend/zend_virtual_cwd.h"
#include "statcache_log.h"

#include <sys/stat.h>

static _Atomic uint64_t sc_ops_replaced;

uint64_t statcache_hooks_ops_replaced(void)
{
	return atomic_load_explicit(&sc_ops_replaced, memory_order_relaxed);
}

/* ---- what PHP had installed --------------------------------------------- */

static const php_stream_wrapper_ops *sc_orig_wops;
static php_stream_wrapper_ops sc_wops;
static php_stream_ops sc_orig_stdio;

/* Are our patched pointers still in place?  Swoole's file hooks copy their
 * own ops over both structs at run time; then every lookup drains first,
 * which stays exact without our sync points. */
static bool sc_ops_intact(void);

/* ---- sync points ---------------------------------------------------------- */

/* Drops results of the inode just written, wherever it is linked. */
static void sc_bump_inode(const struct stat *st)
{
	sc_gen *g = sc_the_proc.gen;
	if (g) {
		sc_gen_bump(g, sc_gen_inode_slot(g, (uint64_t) st->st_dev, (uint64_t) st->st_ino));
	}
}

static void sc_sync(void)
{
	sc_proc_mark_pending();
}

/* A path this process just changed: pending, and its inode's results. */
static void sc_sync_path(const char *path)
{
	struct stat st;
	sc_proc_mark_pending();
	if (path && lstat(path, &st) == 0 && S_ISREG(st.st_mode)) {
		sc_bump_inode(&st);
	}
}

static bool sc_mode_writes(const char *mode)
{
	return mode && strpbrk(mode, "waxc+") != NULL;
}

/* ---- lookups ---------------------------------------------------------------- */

/* The canonical entry for a path PHP was asked about, or NULL when PHP's
 * own call must answer. */
static zend_always_inline sc_entry *sc_hook_lookup(const char *path, size_t len, bool check_basedir)
{
	sc_cache *c;

	if (!SCG(active) || SCG(bypass_depth)) {
		return NULL;
	}
	c = statcache_thread_cache();
	if (!c) {
		return NULL;
	}
	if (len == 0 || path[0] != '/' || len >= MAXPATHLEN) {
		/* relative, or too long: PHP's own call refuses a long path with a
		 * warning that even the quiet open_basedir check would raise */
		sc_count(&c->n->bypassed);
		return NULL;
	}
	if (FG(stream_wrappers)) {
		/* a user wrapper registered as file:// answers for plain paths */
		php_stream_wrapper *w = zend_hash_str_find_ptr(FG(stream_wrappers), "file", sizeof("file") - 1);
		if (w != &php_plain_files_wrapper) {
			sc_count(&c->n->bypassed);
			return NULL;
		}
	}
	if (check_basedir && PG(open_basedir) && *PG(open_basedir)
			&& php_check_open_basedir_ex(path, 0) != 0) {
		/* PHP's own call refuses, with its own warning */
		sc_count(&c->n->bypassed);
		return NULL;
	}
	if (!sc_ops_intact()) {
		sc_proc_mark_pending();
	}
	c->verify_rate = (uint64_t) SCG(verify_rate);
	return sc_lookup(c, path, len);
}

/* ---- plain-files wrapper ---------------------------------------------------- */

static int sc_url_stat(php_stream_wrapper *wrapper, const char *url, int flags,
	php_stream_statbuf *ssb, php_stream_context *context)
{
	if (url[0] == '/' && SCG(active)) {
		sc_entry *e = sc_hook_lookup(url, strlen(url), !(flags & PHP_STREAM_URL_STAT_IGNORE_OPEN_BASEDIR));
		if (e) {
			switch (e->r.kind) {
				case SC_KIND_FOUND:
					memset(ssb, 0, sizeof(*ssb));
					ssb->sb = e->r.st;
					return 0;
				case SC_KIND_LINK:
					if (flags & PHP_STREAM_URL_STAT_LINK) {
						memset(ssb, 0, sizeof(*ssb));
						ssb->sb = e->r.st;
						return 0;
					}
					break; /* stat() follows the link: PHP's own call */
				case SC_KIND_MISSING:
					errno = e->r.err;
					return -1;
			}
		}
	}
	return sc_orig_wops->url_stat(wrapper, url, flags, ssb, context);
}

static php_stream *sc_stream_opener(php_stream_wrapper *wrapper, const char *filename, const char *mode,
	int options, zend_string **opened_path, php_stream_context *context STREAMS_DC)
{
	php_stream *s = sc_orig_wops->stream_opener(wrapper, filename, mode, options, opened_path,
		context STREAMS_REL_CC);
	if (sc_mode_writes(mode)) {
		sc_sync(); /* created or truncated */
	}
	return s;
}

static int sc_unlink(php_stream_wrapper *wrapper, const char *url, int options, php_stream_context *context)
{
	int rc = sc_orig_wops->unlink(wrapper, url, options, context);
	sc_sync();
	return rc;
}

static int sc_rename(php_stream_wrapper *wrapper, const char *from, const char *to, int options,
	php_stream_context *context)
{
	int rc = sc_orig_wops->rename(wrapper, from, to, options, context);
	sc_sync();
	return rc;
}

static int sc_mkdir(php_stream_wrapper *wrapper, const char *url, int mode, int options,
	php_stream_context *context)
{
	int rc = sc_orig_wops->stream_mkdir(wrapper, url, mode, options, context);
	sc_sync();
	return rc;
}

static int sc_rmdir(php_stream_wrapper *wrapper, const char *url, int options, php_stream_context *context)
{
	int rc = sc_orig_wops->stream_rmdir(wrapper, url, options, context);
	sc_sync();
	return rc;
}

static int sc_metadata(php_stream_wrapper *wrapper, const char *url, int option, void *value,
	php_stream_context *context)
{
	int rc = sc_orig_wops->stream_metadata(wrapper, url, option, value, context);
	if (strncasecmp(url, "file://", sizeof("file://") - 1) == 0) {
		url += sizeof("file://") - 1;
	}
	sc_sync_path(url);
	return rc;
}

/* ---- stdio stream ops --------------------------------------------------------- */

static ssize_t sc_stdio_write(php_stream *stream, const char *buf, size_t count)
{
	ssize_t n = sc_orig_stdio.write(stream, buf, count);
	sc_sync();
	return n;
}

static int sc_stdio_close(php_stream *stream, int close_handle)
{
	if (close_handle && sc_mode_writes(stream->mode)) {
		int fd;
		struct stat st;
		if (sc_orig_stdio.cast && sc_orig_stdio.cast(stream, PHP_STREAM_AS_FD, (void **) &fd) == SUCCESS
				&& fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
			int rc = sc_orig_stdio.close(stream, close_handle);
			sc_bump_inode(&st);
			sc_sync();
			return rc;
		}
		sc_sync();
	}
	return sc_orig_stdio.close(stream, close_handle);
}

static int sc_stdio_flush(php_stream *stream)
{
	int rc = sc_orig_stdio.flush(stream);
	sc_sync();
	return rc;
}

static int sc_stdio_set_option(php_stream *stream, int option, int value, void *ptrparam)
{
	int rc = sc_orig_stdio.set_option(stream, option, value, ptrparam);
	if (option == PHP_STREAM_OPTION_TRUNCATE_API) {
		sc_sync();
	}
	return rc;
}

static bool sc_ops_intact(void)
{
	if (php_plain_files_wrapper.wops == &sc_wops && php_stream_stdio_ops.write == sc_stdio_write
			&& php_stream_stdio_ops.close == sc_stdio_close) {
		return true;
	}
	if (atomic_fetch_add_explicit(&sc_ops_replaced, 1, memory_order_relaxed) == 0) {
		sc_log_once(SC_LOG_OPS_REPLACED, "statcache: the plain-files wrapper or stdio ops were "
			"replaced at run time (Swoole file hooks?); every lookup now drains the event queue first");
	}
	return false;
}

/* ---- function intercepts ------------------------------------------------------- */

typedef struct sc_intercept {
	const char *cls;          /* NULL: a function */
	const char *name;
	zif_handler handler;
	zif_handler orig;
	bool installed;
} sc_intercept;

typedef enum {
	SC_I_file_exists,
	SC_I_is_readable,
	SC_I_is_writable,
	SC_I_is_writeable,
	SC_I_is_executable,
	SC_I_realpath,
	SC_I_fileatime,
	SC_I_clearstatcache,
	SC_I_is_file,
	SC_I_is_dir,
	SC_I_is_link,
	SC_I_filemtime,
	SC_I_filectime,
	SC_I_filesize,
	SC_I_fileperms,
	SC_I_fileinode,
	SC_I_fileowner,
	SC_I_filegroup,
	SC_I_filetype,
	SC_I_spl_isReadable,
	SC_I_spl_isWritable,
	SC_I_spl_isExecutable,
	SC_I_spl_getATime,
	SC_I_chmod,
	SC_I_chown,
	SC_I_chgrp,
	SC_I_lchown,
	SC_I_lchgrp,
	SC_I_touch,
	SC_I_symlink,
	SC_I_link,
	SC_I_tempnam,
	SC_I_tmpfile,
	SC_I_move_uploaded_file,
	SC_I_posix_mkfifo,
	SC_I_stream_copy_to_stream,
	SC_I_copy,
	SC_I_stream_socket_server,
	SC_I_fflush,
	SC_I_exec,
	SC_I_system,
	SC_I_passthru,
	SC_I_shell_exec,
	SC_I_proc_close,
	SC_I_proc_get_status,
	SC_I_pclose,
	SC_I_pcntl_wait,
	SC_I_pcntl_waitpid,
	SC_I_pcntl_waitid,
	SC_I_posix_setuid,
	SC_I_posix_setgid,
	SC_I_posix_seteuid,
	SC_I_posix_setegid,
	SC_I_posix_initgroups,
	SC_I_COUNT
} sc_intercept_id;

static sc_intercept sc_intercepts[SC_I_COUNT + 1];

/* What was installed before us for intercept id. */
static inline zif_handler sc_orig(sc_intercept_id id)
{
	return sc_intercepts[id].orig;
}

/* The one path argument of file_exists() & co, when it is a plain string:
 * anything else (null, int, too many arguments) goes to PHP's own handler,
 * which parses and raises exactly what it always did. */
static zend_string *sc_path_arg(zend_execute_data *execute_data)
{
	zval *arg;
	if (ZEND_NUM_ARGS() != 1) {
		return NULL;
	}
	arg = ZEND_CALL_ARG(execute_data, 1);
	ZVAL_DEREF(arg);
	return Z_TYPE_P(arg) == IS_STRING ? Z_STR_P(arg) : NULL;
}

/* file_exists (mode 0), is_readable, is_writable, is_executable. */
static zend_always_inline bool sc_answer_access(zend_string *path, int mode, zval *return_value)
{
	sc_entry *e;
	if (!path || !SCG(active) || ZSTR_LEN(path) == 0 || ZSTR_VAL(path)[0] != '/') {
		if (path && SCG(active) && SCG(cache)) {
			sc_count(&SCG(cache)->n->bypassed);
		}
		return false;
	}
	e = sc_hook_lookup(ZSTR_VAL(path), ZSTR_LEN(path), true);
	if (!e) {
		return false;
	}
	if (e->r.kind == SC_KIND_MISSING) {
		RETVAL_FALSE;
		return true;
	}
	if (e->r.kind != SC_KIND_FOUND) {
		return false; /* a symlink: access() follows it */
	}
	RETVAL_BOOL(sc_access(SCG(cache), e, mode) == 0);
	return true;
}

#define SC_ACCESS_HANDLER(fname, mode) \
	static void sc_##fname(INTERNAL_FUNCTION_PARAMETERS) \
	{ \
		if (!sc_answer_access(sc_path_arg(execute_data), mode, return_value)) { \
			sc_orig(SC_I_##fname)(INTERNAL_FUNCTION_PARAM_PASSTHRU); \
		} \
	}

SC_ACCESS_HANDLER(file_exists, F_OK)
SC_ACCESS_HANDLER(is_readable, R_OK)
SC_ACCESS_HANDLER(is_writable, W_OK)
SC_ACCESS_HANDLER(is_writeable, W_OK)
SC_ACCESS_HANDLER(is_executable, X_OK)

/* is_file(), filemtime() & co, without php_stat()'s wrapper lookup and
 * copies: the same steps it takes for a plain path, in the same order.
 * PHP's own one-entry stat cache answers first when it holds the path (so
 * its answer, stale or not, is PHP's); a failure that warns is left to PHP;
 * otherwise the result is dropped into that cache exactly as php_stat()
 * does, and the value computed from it as php_stat() computes it. */
static zend_always_inline bool sc_answer_stat(zend_string *path, int type, zval *return_value)
{
	bool link_op = type == FS_TYPE || type == FS_IS_LINK;
	bool exists_check = type == FS_IS_FILE || type == FS_IS_DIR || type == FS_IS_LINK;
	zend_string *cur;
	php_stream_statbuf ssb;
	sc_entry *e;

	if (!path || !SCG(active) || ZSTR_LEN(path) == 0 || ZSTR_VAL(path)[0] != '/') {
		return false;
	}
	cur = link_op ? BG(CurrentLStatFile) : BG(CurrentStatFile);
	if (cur && (cur == path || zend_string_equal_content(cur, path))) {
		return false;
	}
	e = sc_hook_lookup(ZSTR_VAL(path), ZSTR_LEN(path), true);
	if (!e) {
		return false;
	}
	if (e->r.kind == SC_KIND_MISSING) {
		if (!exists_check) {
			return false; /* "stat failed for ..." is PHP's to say */
		}
		RETVAL_FALSE;
		return true;
	}
	if (e->r.kind == SC_KIND_LINK && !link_op) {
		return false;
	}
	memset(&ssb, 0, sizeof(ssb));
	ssb.sb = e->r.st;
	if (link_op) {
		if (BG(CurrentLStatFile)) {
			zend_string_release(BG(CurrentLStatFile));
		}
		BG(CurrentLStatFile) = zend_string_copy(path);
		memcpy(&BG(lssb), &ssb, sizeof(ssb));
	}
	if (!link_op || !S_ISLNK(ssb.sb.st_mode)) {
		if (BG(CurrentStatFile)) {
			zend_string_release(BG(CurrentStatFile));
		}
		BG(CurrentStatFile) = zend_string_copy(path);
		memcpy(&BG(ssb), &ssb, sizeof(ssb));
	}
	switch (type) {
		case FS_PERMS: RETVAL_LONG((zend_long) ssb.sb.st_mode); return true;
		case FS_INODE: RETVAL_LONG((zend_long) ssb.sb.st_ino); return true;
		case FS_SIZE: RETVAL_LONG((zend_long) ssb.sb.st_size); return true;
		case FS_OWNER: RETVAL_LONG((zend_long) ssb.sb.st_uid); return true;
		case FS_GROUP: RETVAL_LONG((zend_long) ssb.sb.st_gid); return true;
		case FS_MTIME: RETVAL_LONG((zend_long) ssb.sb.st_mtime); return true;
		case FS_CTIME: RETVAL_LONG((zend_long) ssb.sb.st_ctime); return true;
		case FS_IS_FILE: RETVAL_BOOL(S_ISREG(ssb.sb.st_mode)); return true;
		case FS_IS_DIR: RETVAL_BOOL(S_ISDIR(ssb.sb.st_mode)); return true;
		case FS_IS_LINK: RETVAL_BOOL(S_ISLNK(ssb.sb.st_mode)); return true;
		case FS_TYPE:
			switch (ssb.sb.st_mode & S_IFMT) {
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

#define SC_STAT_HANDLER(fname, type) \
	static void sc_##fname(INTERNAL_FUNCTION_PARAMETERS) \
	{ \
		if (!sc_answer_stat(sc_path_arg(execute_data), type, return_value)) { \
			sc_orig(SC_I_##fname)(INTERNAL_FUNCTION_PARAM_PASSTHRU); \
		} \
	}

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
static bool sc_spl_answer_access(zend_execute_data *execute_data, int mode, zval *return_value)
{
	spl_filesystem_object *intern;
	if (ZEND_NUM_ARGS() != 0 || Z_TYPE(EX(This)) != IS_OBJECT) {
		return false;
	}
	intern = (spl_filesystem_object *) ((char *) Z_OBJ(EX(This)) - XtOffsetOf(spl_filesystem_object, std));
	if (intern->type == SPL_FS_DIR || !intern->file_name) {
		return false;
	}
	return sc_answer_access(intern->file_name, mode, return_value);
}

#define SC_SPL_ACCESS_HANDLER(fname, mode) \
	static void sc_spl_##fname(INTERNAL_FUNCTION_PARAMETERS) \
	{ \
		if (!sc_spl_answer_access(execute_data, mode, return_value)) { \
			sc_orig(SC_I_spl_##fname)(INTERNAL_FUNCTION_PARAM_PASSTHRU); \
		} \
	}

SC_SPL_ACCESS_HANDLER(isReadable, R_OK)
SC_SPL_ACCESS_HANDLER(isWritable, W_OK)
SC_SPL_ACCESS_HANDLER(isExecutable, X_OK)

/* realpath(): answered only when it fails, for a canonical spelling that
 * PHP's realpath cache does not hold (it would answer from there). */
static void sc_realpath(INTERNAL_FUNCTION_PARAMETERS)
{
	zend_string *path = sc_path_arg(execute_data);
	if (path && SCG(active) && ZSTR_LEN(path) > 1 && ZSTR_VAL(path)[0] == '/'
			&& !realpath_cache_lookup(ZSTR_VAL(path), ZSTR_LEN(path), time(NULL))) {
		sc_cache *c = statcache_thread_cache();
		if (c && sc_canon_path(&c->canon, ZSTR_VAL(path), ZSTR_LEN(path)) == SC_CANON_SAME) {
			sc_entry *e = sc_hook_lookup(ZSTR_VAL(path), ZSTR_LEN(path), true);
			if (e && e->r.kind == SC_KIND_MISSING) {
				RETURN_FALSE;
			}
		}
	}
	sc_orig(SC_I_realpath)(INTERNAL_FUNCTION_PARAM_PASSTHRU);
}

/* atime is the one field no watched event keeps valid (reads raise none):
 * fileatime() and getATime() always ask the kernel. */
static void sc_uncached(zif_handler orig, INTERNAL_FUNCTION_PARAMETERS)
{
	SCG(bypass_depth)++;
	zend_try {
		orig(INTERNAL_FUNCTION_PARAM_PASSTHRU);
	} zend_catch {
		SCG(bypass_depth)--;
		zend_bailout();
	} zend_end_try();
	SCG(bypass_depth)--;
}

static void sc_fileatime(INTERNAL_FUNCTION_PARAMETERS)
{
	sc_uncached(sc_orig(SC_I_fileatime), INTERNAL_FUNCTION_PARAM_PASSTHRU);
}

static void sc_spl_getATime(INTERNAL_FUNCTION_PARAMETERS)
{
	sc_uncached(sc_orig(SC_I_spl_getATime), INTERNAL_FUNCTION_PARAM_PASSTHRU);
}

/* clearstatcache(): PHP's own, then what is queued; with a file name, that
 * path's result under every spelling.  Without one the cache stays: its
 * results are as current as the event queue (WordPress and Laravel call
 * clearstatcache() on every request). */
static void sc_clearstatcache(INTERNAL_FUNCTION_PARAMETERS)
{
	sc_orig(SC_I_clearstatcache)(INTERNAL_FUNCTION_PARAM_PASSTHRU);
	if (EG(exception) || !SCG(active) || atomic_load(&sc_the_proc.state) != SC_PROC_READY) {
		return;
	}
	while (!sc_proc_drain()) {
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

/* Functions that write without the wrapper or stdio ops: after PHP's own
 * call, mark events pending (and drop the inode's results when the first
 * argument names a file). */
static void sc_after_write(zif_handler orig, bool path_arg, INTERNAL_FUNCTION_PARAMETERS)
{
	zval *arg = ZEND_NUM_ARGS() >= 1 ? ZEND_CALL_ARG(execute_data, 1) : NULL;
	zend_string *path = NULL;

	if (path_arg && arg) {
		ZVAL_DEREF(arg);
		if (Z_TYPE_P(arg) == IS_STRING) {
			path = zend_string_copy(Z_STR_P(arg));
		}
	}
	orig(INTERNAL_FUNCTION_PARAM_PASSTHRU);
	if (path) {
		sc_sync_path(ZSTR_LEN(path) == strlen(ZSTR_VAL(path)) ? ZSTR_VAL(path) : NULL);
		zend_string_release(path);
	} else {
		sc_sync();
	}
}

#define SC_WRITE_HANDLER(fname, path_arg) \
	static void sc_##fname(INTERNAL_FUNCTION_PARAMETERS) \
	{ \
		sc_after_write(sc_orig(SC_I_##fname), path_arg, INTERNAL_FUNCTION_PARAM_PASSTHRU); \
	}

SC_WRITE_HANDLER(chmod, true)
SC_WRITE_HANDLER(chown, true)
SC_WRITE_HANDLER(chgrp, true)
SC_WRITE_HANDLER(lchown, true)
SC_WRITE_HANDLER(lchgrp, true)
SC_WRITE_HANDLER(touch, true)
SC_WRITE_HANDLER(symlink, false)
SC_WRITE_HANDLER(link, true)
SC_WRITE_HANDLER(tempnam, false)
SC_WRITE_HANDLER(tmpfile, false)
SC_WRITE_HANDLER(move_uploaded_file, false)
SC_WRITE_HANDLER(posix_mkfifo, false)
SC_WRITE_HANDLER(stream_copy_to_stream, false)
SC_WRITE_HANDLER(copy, false)
SC_WRITE_HANDLER(stream_socket_server, false)
SC_WRITE_HANDLER(fflush, false)

/* Waits for a child: its changes are queued before it exits, so once the
 * wait returns they are ours to see at once. */
#define SC_WAIT_HANDLER(fname) \
	static void sc_##fname(INTERNAL_FUNCTION_PARAMETERS) \
	{ \
		sc_orig(SC_I_##fname)(INTERNAL_FUNCTION_PARAM_PASSTHRU); \
		sc_sync(); \
	}

SC_WAIT_HANDLER(exec)
SC_WAIT_HANDLER(system)
SC_WAIT_HANDLER(passthru)
SC_WAIT_HANDLER(shell_exec)
SC_WAIT_HANDLER(proc_close)
SC_WAIT_HANDLER(proc_get_status)
SC_WAIT_HANDLER(pclose)
SC_WAIT_HANDLER(pcntl_wait)
SC_WAIT_HANDLER(pcntl_waitpid)
SC_WAIT_HANDLER(pcntl_waitid)

/* Credentials: access() answers for the real uid/gid and lstat() for the
 * effective ones, so a successful change of either drops everything (in
 * every thread: threads share credentials). */
#define SC_CRED_HANDLER(fname) \
	static void sc_##fname(INTERNAL_FUNCTION_PARAMETERS) \
	{ \
		sc_orig(SC_I_##fname)(INTERNAL_FUNCTION_PARAM_PASSTHRU); \
		if (Z_TYPE_P(return_value) == IS_TRUE) { \
			sc_proc_flush(0); \
		} \
	}

SC_CRED_HANDLER(posix_setuid)
SC_CRED_HANDLER(posix_setgid)
SC_CRED_HANDLER(posix_seteuid)
SC_CRED_HANDLER(posix_setegid)
SC_CRED_HANDLER(posix_initgroups)

#define SC_FN(name) [SC_I_##name] = { NULL, #name, sc_##name, NULL, false }
#define SC_METHOD(cls, name) [SC_I_spl_##name] = { cls, #name, sc_spl_##name, NULL, false }

static sc_intercept sc_intercepts[SC_I_COUNT + 1] = {
	SC_FN(file_exists), SC_FN(is_readable), SC_FN(is_writable), SC_FN(is_writeable),
	SC_FN(is_executable), SC_FN(realpath), SC_FN(fileatime), SC_FN(clearstatcache),
	SC_FN(is_file), SC_FN(is_dir), SC_FN(is_link), SC_FN(filemtime), SC_FN(filectime),
	SC_FN(filesize), SC_FN(fileperms), SC_FN(fileinode), SC_FN(fileowner), SC_FN(filegroup),
	SC_FN(filetype),
	SC_METHOD("splfileinfo", isReadable), SC_METHOD("splfileinfo", isWritable),
	SC_METHOD("splfileinfo", isExecutable), SC_METHOD("splfileinfo", getATime),
	SC_FN(chmod), SC_FN(chown), SC_FN(chgrp), SC_FN(lchown), SC_FN(lchgrp), SC_FN(touch),
	SC_FN(symlink), SC_FN(link), SC_FN(tempnam), SC_FN(tmpfile), SC_FN(move_uploaded_file),
	SC_FN(posix_mkfifo), SC_FN(stream_copy_to_stream), SC_FN(copy), SC_FN(stream_socket_server),
	SC_FN(fflush),
	SC_FN(exec), SC_FN(system), SC_FN(passthru), SC_FN(shell_exec), SC_FN(proc_close),
	SC_FN(proc_get_status), SC_FN(pclose), SC_FN(pcntl_wait), SC_FN(pcntl_waitpid),
	SC_FN(pcntl_waitid),
	SC_FN(posix_setuid), SC_FN(posix_setgid), SC_FN(posix_seteuid), SC_FN(posix_setegid),
	SC_FN(posix_initgroups),
	[SC_I_COUNT] = { NULL, NULL, NULL, NULL, false }
};

/* Replaces handler `from` by `to` in a class's method and in every internal
 * subclass that inherited it (each holds its own copy of the function). */
static void sc_swap_method(const sc_intercept *i, zif_handler from, zif_handler to)
{
	zend_class_entry *base = zend_hash_str_find_ptr(CG(class_table), i->cls, strlen(i->cls)), *ce;
	char lc[64];

	if (!base) {
		return;
	}
	zend_str_tolower_copy(lc, i->name, MIN(strlen(i->name), sizeof(lc) - 1));
	ZEND_HASH_FOREACH_PTR(CG(class_table), ce) {
		zend_function *m;
		if (ce->type != ZEND_INTERNAL_CLASS || !instanceof_function(ce, base)) {
			continue;
		}
		m = zend_hash_str_find_ptr(&ce->function_table, lc, strlen(lc));
		if (m && m->type == ZEND_INTERNAL_FUNCTION && m->internal_function.handler == from) {
			m->internal_function.handler = to;
		}
	} ZEND_HASH_FOREACH_END();
}

/* Saves what the base class has installed, then patches it everywhere. */
static void sc_patch_method(sc_intercept *i)
{
	zend_class_entry *base = zend_hash_str_find_ptr(CG(class_table), i->cls, strlen(i->cls));
	zend_function *fn;
	char lc[64];

	if (!base) {
		return;
	}
	zend_str_tolower_copy(lc, i->name, MIN(strlen(i->name), sizeof(lc) - 1));
	fn = zend_hash_str_find_ptr(&base->function_table, lc, strlen(lc));
	if (!fn || fn->type != ZEND_INTERNAL_FUNCTION) {
		return;
	}
	i->orig = fn->internal_function.handler;
	sc_swap_method(i, i->orig, i->handler);
	i->installed = true;
}

static void sc_install_functions(void)
{
	for (sc_intercept *i = sc_intercepts; i->name; i++) {
		if (i->installed) {
			continue;
		}
		if (i->cls) {
			sc_patch_method(i);
		} else {
			zend_function *fn = zend_hash_str_find_ptr(CG(function_table), i->name, strlen(i->name));
			if (fn && fn->type == ZEND_INTERNAL_FUNCTION) {
				i->orig = fn->internal_function.handler;
				fn->internal_function.handler = i->handler;
				i->installed = true;
			}
		}
	}
}

static void sc_uninstall_functions(void)
{
	for (sc_intercept *i = sc_intercepts; i->name; i++) {
		if (!i->installed) {
			continue;
		}
		if (i->cls) {
			sc_swap_method(i, i->handler, i->orig);
		} else {
			zend_function *fn = zend_hash_str_find_ptr(CG(function_table), i->name, strlen(i->name));
			/* put back only what is still ours: a later hook stays */
			if (fn && fn->type == ZEND_INTERNAL_FUNCTION && fn->internal_function.handler == i->handler) {
				fn->internal_function.handler = i->orig;
			}
		}
		i->installed = false;
		i->orig = NULL;
	}
}

/* Functions of extensions loaded after us (pcntl, posix) exist only once
 * every module has started: install from the post-startup callback. */
static zend_result (*sc_prev_post_startup)(void);

static zend_result sc_post_startup(void)
{
	if (sc_prev_post_startup && sc_prev_post_startup() != SUCCESS) {
		return FAILURE;
	}
	sc_install_functions();
	return SUCCESS;
}

static void sc_install_ops(void)
{
	sc_orig_wops = php_plain_files_wrapper.wops;
	sc_wops = *sc_orig_wops;
	sc_wops.url_stat = sc_url_stat;
	sc_wops.stream_opener = sc_stream_opener;
	if (sc_orig_wops->unlink) {
		sc_wops.unlink = sc_unlink;
	}
	if (sc_orig_wops->rename) {
		sc_wops.rename = sc_rename;
	}
	if (sc_orig_wops->stream_mkdir) {
		sc_wops.stream_mkdir = sc_mkdir;
	}
	if (sc_orig_wops->stream_rmdir) {
		sc_wops.stream_rmdir = sc_rmdir;
	}
	if (sc_orig_wops->stream_metadata) {
		sc_wops.stream_metadata = sc_metadata;
	}
	php_plain_files_wrapper.wops = &sc_wops;

	sc_orig_stdio = php_stream_stdio_ops;
	php_stream_stdio_ops.write = sc_stdio_write;
	php_stream_stdio_ops.close = sc_stdio_close;
	php_stream_stdio_ops.flush = sc_stdio_flush;
	if (sc_orig_stdio.set_option) {
		php_stream_stdio_ops.set_option = sc_stdio_set_option;
	}
}

static void sc_uninstall_ops(void)
{
	if (!sc_orig_wops) {
		return;
	}
	if (php_plain_files_wrapper.wops == &sc_wops) {
		php_plain_files_wrapper.wops = sc_orig_wops;
	}
	if (php_stream_stdio_ops.write == sc_stdio_write) {
		php_stream_stdio_ops.write = sc_orig_stdio.write;
	}
	if (php_stream_stdio_ops.close == sc_stdio_close) {
		php_stream_stdio_ops.close = sc_orig_stdio.close;
	}
	if (php_stream_stdio_ops.flush == sc_stdio_flush) {
		php_stream_stdio_ops.flush = sc_orig_stdio.flush;
	}
	if (php_stream_stdio_ops.set_option == sc_stdio_set_option) {
		php_stream_stdio_ops.set_option = sc_orig_stdio.set_option;
	}
	sc_orig_wops = NULL;
}

void statcache_hooks_restore_original_ops(void)
{
	if (sc_orig_wops) {
		php_plain_files_wrapper.wops = sc_orig_wops;
		php_stream_stdio_ops = sc_orig_stdio;
	}
}

void statcache_hooks_startup(void)
{
	atomic_store(&sc_ops_replaced, 0);
	sc_install_ops();
	sc_install_functions();
	sc_prev_post_startup = zend_post_startup_cb;
	zend_post_startup_cb = sc_post_startup;
}

void statcache_hooks_shutdown(void)
{
	if (zend_post_startup_cb == sc_post_startup) {
		zend_post_startup_cb = sc_prev_post_startup;
	}
	sc_uninstall_functions();
	sc_uninstall_ops();
}

#else /* !STATCACHE_HAVE_CACHE */

void statcache_hooks_restore_original_ops(void)
{
}

void statcache_hooks_restore_original_ops(void)
{
	if (sc_orig_wops) {
		php_plain_files_wrapper.wops = sc_orig_wops;
		php_stream_stdio_ops = sc_orig_stdio;
	}
}

void statcache_hooks_startup(void)
{
}

void statcache_hooks_shutdown(void)
{
}

uint64_t statcache_hooks_ops_replaced(void)
{
	return 0;
}

#endif
