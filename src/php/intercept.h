/*
 * statcache: what hooks.c (the answers, the intercept table) and
 * src/php/sync.c (the sync points) share.  Internal to the extension.
 */
#ifndef STATCACHE_INTERCEPT_H
#define STATCACHE_INTERCEPT_H

#include "php.h"
#include "php_statcache.h"
#include "php/threads.h"
#include "main/php_streams.h"
#include "main/streams/php_stream_plain_wrapper.h"
#include "ext/standard/file.h"

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
	SC_I_readlink,
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
	SC_I_error_log,
	SC_I_posix_mknod,
	SC_I_socket_bind,
	SC_I_readline_write_history,
	SC_I_openssl_x509_export_to_file,
	SC_I_openssl_pkey_export_to_file,
	SC_I_openssl_csr_export_to_file,
	SC_I_openssl_pkcs12_export_to_file,
	SC_I_openssl_pkcs7_encrypt,
	SC_I_openssl_pkcs7_decrypt,
	SC_I_openssl_pkcs7_sign,
	SC_I_openssl_pkcs7_verify,
	SC_I_openssl_cms_encrypt,
	SC_I_openssl_cms_decrypt,
	SC_I_openssl_cms_sign,
	SC_I_openssl_cms_verify,
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
	SC_I_mail,
	SC_I_mb_send_mail,
	SC_I_posix_setuid,
	SC_I_posix_setgid,
	SC_I_posix_seteuid,
	SC_I_posix_setegid,
	SC_I_posix_initgroups,
	SC_I_chroot,
	SC_I_glob,
	SC_I_fopen,
	SC_I_file_get_contents,
	SC_I_file,
	SC_I_readfile,
	SC_I_get_meta_tags,
	SC_I_gzopen,
	SC_I_gzfile,
	SC_I_readgzfile,
	SC_I_spl___construct,
	SC_I_COUNT
} sc_intercept_id;

extern sc_intercept sc_intercepts[SC_I_COUNT + 1];

/* What was installed before us for intercept id. */
static inline zif_handler sc_orig(sc_intercept_id id)
{
	return sc_intercepts[id].orig;
}

/* The one path argument of file_exists() & co, when it is a plain string:
 * anything else (null, int, too many arguments) goes to PHP's own handler,
 * which parses and raises exactly what it always did. */
static inline zend_string *sc_path_arg(zend_execute_data *execute_data)
{
	zval *arg;
	if (ZEND_NUM_ARGS() != 1) {
		return NULL;
	}
	arg = ZEND_CALL_ARG(execute_data, 1);
	ZVAL_DEREF(arg);
	return Z_TYPE_P(arg) == IS_STRING ? Z_STR_P(arg) : NULL;
}

/* /proc, /sys and /dev: kernel file systems the stat cache never trusts.
 * Calls that reach the cache only on the way to something else (listings,
 * readlink() of /proc/self/fd/N, opening /proc/self/status) skip them
 * without a lookup, a watch on the way, or the "untrusted" log line. */
static inline bool sc_kernel_fs_path(const char *path, size_t len)
{
	static const char *const roots[] = { "/proc", "/sys", "/dev" };
	for (size_t i = 0; i < sizeof(roots) / sizeof(roots[0]); i++) {
		size_t n = strlen(roots[i]);
		if (len >= n && memcmp(path, roots[i], n) == 0 && (len == n || path[n] == '/')) {
			return true;
		}
	}
	return false;
}

/* Are our patched ops still in place?  Swoole's file hooks copy their own
 * ops over both structs at run time; then every lookup drains first, which
 * stays exact without our sync points (src/php/sync.c). */
bool sc_ops_intact(void);

/* The canonical entry for a path PHP was asked about, or NULL when PHP's
 * own call must answer.  open_basedir is not consulted here: a caller
 * that answers asks sc_basedir_allows() first. */
static zend_always_inline sc_entry *sc_hook_lookup(const char *path, size_t len)
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
	if (!sc_ops_intact()) {
		sc_proc_mark_pending();
	}
	c->verify_rate = (uint64_t) SCG(verify_rate);
	return sc_lookup(c, path, len);
}

/* May the answer settled for path stand in for PHP's call under the
 * open_basedir in force now (false: PHP's own call refuses, with its
 * warning)?  The quiet check runs PHP's expansion of the path, which
 * writes PHP's realpath cache (open_basedir set at run time keeps it on)
 * as the check in PHP's call would: so it runs only where statcache
 * answers instead of that call, never before a call PHP makes anyway,
 * which would then meet the realpath cache of its second run (a dangling
 * link's entry kept as "not a directory" fails "link/" and "link/.."). */
static zend_always_inline bool sc_basedir_allows(const char *path, bool check_basedir)
{
	if (check_basedir && PG(open_basedir) && *PG(open_basedir)
			&& php_check_open_basedir_ex(path, 0) != 0) {
		if (SCG(cache)) {
			sc_count(&SCG(cache)->n->bypassed);
		}
		return false;
	}
	return true;
}

/* realpath() of an absolute name (tsrm_realpath()): 0 when PHP's walk
 * fails (a missing name, a dangling link), -1 when PHP's own call answers,
 * from its realpath cache once src/php/realpath.c has filled it; with
 * resolved (SC_RP_MAX bytes), 1 when realpath() answers it (ZTS, whose
 * realpath() asks access() after the walk). */
int sc_cached_realpath(const char *path, size_t len, char *resolved);

/* stat() and access() of an absolute name as PHP makes them where its
 * virtual CWD resolves the name through PHP's realpath cache first (ZTS,
 * src/php/realpath.c): false when the caller's own lookup answers as
 * PHP would; true when *out does (NULL: PHP's own call answers).
 * basedir_checked: PHP's call made its open_basedir checks already. */
#ifdef VIRTUAL_DIR
bool sc_vcwd_stat(const char *path, size_t len, bool basedir_checked, sc_entry **out);
#else
static zend_always_inline bool sc_vcwd_stat(const char *path, size_t len, bool basedir_checked, sc_entry **out)
{
	(void) path;
	(void) len;
	(void) basedir_checked;
	*out = NULL;
	return false;
}
#endif

/* src/php/sync.c: a sync point, with and without a written path. */
void sc_sync(void);
void sc_sync_path(const char *path);
/* ... the wrapper and stdio ops (url_stat is hooks.c's) ... */
extern const php_stream_wrapper_ops *sc_orig_wops; /* what the plain wrapper had */
int sc_url_stat(php_stream_wrapper *wrapper, const char *url, int flags,
	php_stream_statbuf *ssb, php_stream_context *context);
void sc_install_ops(void);
void sc_uninstall_ops(void);
/* ... and the functions that write or wait, for the intercept table. */
void sc_sync_chmod(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_chown(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_chgrp(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_lchown(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_lchgrp(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_touch(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_symlink(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_link(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_tempnam(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_tmpfile(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_move_uploaded_file(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_posix_mkfifo(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_stream_copy_to_stream(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_copy(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_stream_socket_server(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_fflush(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_error_log(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_posix_mknod(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_socket_bind(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_readline_write_history(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_openssl_x509_export_to_file(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_openssl_pkey_export_to_file(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_openssl_csr_export_to_file(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_openssl_pkcs12_export_to_file(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_openssl_pkcs7_encrypt(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_openssl_pkcs7_decrypt(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_openssl_pkcs7_sign(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_openssl_pkcs7_verify(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_openssl_cms_encrypt(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_openssl_cms_decrypt(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_openssl_cms_sign(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_openssl_cms_verify(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_exec(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_system(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_passthru(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_shell_exec(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_proc_close(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_proc_get_status(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_pclose(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_pcntl_wait(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_pcntl_waitpid(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_pcntl_waitid(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_mail(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_mb_send_mail(INTERNAL_FUNCTION_PARAMETERS);
/* ... and warnings PHP logs to its error_log file, after zend_error_cb. */
void sc_install_error_cb(void);
void sc_uninstall_error_cb(void);
void sc_sync_posix_setuid(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_posix_setgid(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_posix_seteuid(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_posix_setegid(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_posix_initgroups(INTERNAL_FUNCTION_PARAMETERS);
void sc_sync_chroot(INTERNAL_FUNCTION_PARAMETERS);

/* src/php/listing_hooks.c: directory listings from the remembered ones. */
php_stream *sc_listing_dir_opener(php_stream_wrapper *wrapper, const char *path, const char *mode,
	int options, zend_string **opened_path, php_stream_context *context STREAMS_DC);
void sc_glob(INTERNAL_FUNCTION_PARAMETERS);
/* ... and glob://, through a copy of PHP's glob wrapper in the wrapper table. */
void sc_install_glob_wrapper(void);
void sc_uninstall_glob_wrapper(void);


/* src/php/include.c: fopen() & co with the include path. */
void sc_fopen(INTERNAL_FUNCTION_PARAMETERS);
void sc_file_get_contents(INTERNAL_FUNCTION_PARAMETERS);
void sc_file(INTERNAL_FUNCTION_PARAMETERS);
void sc_readfile(INTERNAL_FUNCTION_PARAMETERS);
void sc_get_meta_tags(INTERNAL_FUNCTION_PARAMETERS);
void sc_gzopen(INTERNAL_FUNCTION_PARAMETERS);
void sc_gzfile(INTERNAL_FUNCTION_PARAMETERS);
void sc_readgzfile(INTERNAL_FUNCTION_PARAMETERS);
void sc_spl___construct(INTERNAL_FUNCTION_PARAMETERS);

#endif
