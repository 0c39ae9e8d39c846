/*
 * statcache: the sync points, after which the next lookup drains first.
 * Every way PHP writes (the plain-files
 * wrapper's ops, the stdio stream ops, the functions that bypass both, its
 * error log) and every wait for a child marks events pending, so the next
 * lookup drains the queue before it answers: this process's own changes,
 * and those of the children it waited for, are seen at once.  Credentials
 * changes drop everything.  The wrapper and stdio structs are patched in
 * place (they are writable globals kept so for Swoole) and put back at
 * shutdown unless someone replaced us since.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_statcache.h"

#if STATCACHE_HAVE_CACHE

#include "SAPI.h"
#include "main/php_streams.h"
#include "main/streams/php_stream_plain_wrapper.h"
#include "php/module/intercept.h"
#include "php/module/orig.h"
#include "php/sync/sync.h"
#include "php/include/include.h"
#include "core/log.h"
#include "php/realpath/realpath.h"

#include <fcntl.h>
#include <sys/stat.h>

/* ---- sync points ---------------------------------------------------------- */

/* The kernel queued the change's events before the call returned (to the
 * watch of every inode it touched, whatever name it went through): the
 * next lookup, in any thread, drains them first. */
void sc_sync(void)
{
	sc_watcher_mark_pending();
}

static bool sc_mode_writes(const char *mode)
{
	return mode && strpbrk(mode, "waxc+") != NULL;
}

/* php_stream_parse_fopen_modes() giving O_RDONLY: 'r' first and no '+'
 * (its other letters add only O_CLOEXEC and O_NONBLOCK), without its
 * three strchr() calls, which PHP's opener makes again anyway. */
static bool sc_mode_read_only(const char *mode)
{
	return mode && mode[0] == 'r' && strchr(mode, '+') == NULL;
}

php_stream *sc_stream_opener(php_stream_wrapper *wrapper, const char *filename, const char *mode,
	int options, zend_string **opened_path, php_stream_context *context STREAMS_DC)
{
	php_stream *s;
	char resolved[SC_RP_MAX];
	int flags;

	statcache_include_restore(); /* php_resolve_path() is done */
	if (sc_mode_read_only(mode)) {
		/* a read-only open ('r', 'rb': file_get_contents(), include): a
		 * name known missing fails as open() would, with its errno, and
		 * PHP words the warning from it ("Failed to open stream: No such
		 * file or directory") */
		int err;
		switch (sc_open_fails(filename, options, &err, resolved)) {
			case SC_OPEN_HANDED:
				/* the name expand_filepath() would give, opened as PHP's
				 * opener opens it, or handed to that opener as for a
				 * writing open below */
				if (sc_open_handed(resolved, mode, options, opened_path, &s STREAMS_REL_CC)) {
					return s;
				}
				filename = resolved;
				options |= STREAM_ASSUME_REALPATH;
				break;
			case SC_OPEN_FAILS:
				errno = err;
				return NULL;
			case SC_OPEN_REFUSED:
				return NULL; /* PHP's check said why */
			case SC_OPEN_CHECKED:
				options |= STREAM_DISABLE_OPEN_BASEDIR; /* checked once, as PHP does */
				break;
		}
	} else if (filename[0] == '/' && !(options & STREAM_ASSUME_REALPATH)
			&& php_stream_parse_fopen_modes(mode, &flags) == SUCCESS) {
		/* _php_stream_fopen()'s expand_filepath() would take the name from
		 * the entry the fill leaves in PHP's cache: that result is handed on
		 * as the realpath PHP's opener assumes (the open_basedir check it
		 * makes first is not in force: the fill runs only without one).
		 * errno stays as the fill found it (the drain's read() says EAGAIN),
		 * since a failure PHP finds without a syscall (an include of a
		 * directory) reports the errno it had */
		int err = errno;
		size_t rlen;
		if (sc_realpath_handoff(filename, strlen(filename), SC_RP_FILEPATH, resolved, &rlen) == 1) {
			filename = resolved;
			options |= STREAM_ASSUME_REALPATH;
		}
		errno = err;
	}
	s = sc_orig_wops->stream_opener(wrapper, filename, mode, options, opened_path, context STREAMS_REL_CC);
	if (sc_mode_writes(mode)) {
		sc_sync(); /* created or truncated */
	}
	return s;
}

int sc_unlink(php_stream_wrapper *wrapper, const char *url, int options, php_stream_context *context)
{
	int rc = sc_orig_wops->unlink(wrapper, url, options, context);
	sc_sync();
	return rc;
}

int sc_rename(php_stream_wrapper *wrapper, const char *from, const char *to, int options,
	php_stream_context *context)
{
	int rc = sc_orig_wops->rename(wrapper, from, to, options, context);
	sc_sync();
	return rc;
}

int sc_mkdir(php_stream_wrapper *wrapper, const char *url, int mode, int options,
	php_stream_context *context)
{
	int rc = sc_orig_wops->stream_mkdir(wrapper, url, mode, options, context);
	sc_sync();
	return rc;
}

int sc_rmdir(php_stream_wrapper *wrapper, const char *url, int options, php_stream_context *context)
{
	int rc = sc_orig_wops->stream_rmdir(wrapper, url, options, context);
	sc_sync();
	return rc;
}

int sc_metadata(php_stream_wrapper *wrapper, const char *url, int option, void *value,
	php_stream_context *context)
{
	int rc = sc_orig_wops->stream_metadata(wrapper, url, option, value, context);
	sc_sync();
	return rc;
}

/* ---- stdio stream ops --------------------------------------------------------- */

ssize_t sc_stdio_write(php_stream *stream, const char *buf, size_t count)
{
	ssize_t n = sc_orig_stdio.write(stream, buf, count);
	sc_sync();
	return n;
}

/* A written stream syncs after its close; so does a stream no wrapper
 * opened (popen(), whose close is pclose(): a wait for the child, whatever
 * the mode; proc_open() pipes, fd streams). */
int sc_stdio_close(php_stream *stream, int close_handle)
{
	bool after = close_handle && (sc_mode_writes(stream->mode) || !stream->wrapper);
	int rc = sc_orig_stdio.close(stream, close_handle);

	if (after) {
		sc_sync();
	}
	return rc;
}

int sc_stdio_flush(php_stream *stream)
{
	int rc = sc_orig_stdio.flush(stream);
	sc_sync();
	return rc;
}

int sc_stdio_set_option(php_stream *stream, int option, int value, void *ptrparam)
{
	int rc = sc_orig_stdio.set_option(stream, option, value, ptrparam);
	if (option == PHP_STREAM_OPTION_TRUNCATE_API) {
		sc_sync();
	}
	return rc;
}

/* PHP's own call, then a sync point (events marked pending): for the
 * functions below that write without the wrapper or stdio ops, and those
 * that wait for a child. */
static void sc_after_call(zif_handler orig, INTERNAL_FUNCTION_PARAMETERS)
{
	orig(INTERNAL_FUNCTION_PARAM_PASSTHRU);
	sc_sync();
}
#define SC_SYNC_AFTER(fname) SC_HANDLER_AROUND(sc_sync_##fname, sc_after_call, fname)

/* Functions that write without the wrapper or stdio ops. */
SC_SYNC_AFTER(chmod)
SC_SYNC_AFTER(chown)
SC_SYNC_AFTER(chgrp)
SC_SYNC_AFTER(lchown)
SC_SYNC_AFTER(lchgrp)
SC_SYNC_AFTER(touch)
SC_SYNC_AFTER(symlink)
SC_SYNC_AFTER(link)
SC_SYNC_AFTER(tempnam)
SC_SYNC_AFTER(tmpfile)
SC_SYNC_AFTER(move_uploaded_file)
SC_SYNC_AFTER(posix_mkfifo)
SC_SYNC_AFTER(stream_copy_to_stream)
SC_SYNC_AFTER(copy)
SC_SYNC_AFTER(stream_socket_server)
SC_SYNC_AFTER(fflush)
/* error_log() writes PHP's log file itself (type 0), a file through a
 * stream (3), or waits for sendmail (1) */
SC_SYNC_AFTER(error_log)
SC_SYNC_AFTER(posix_mknod)
/* an AF_UNIX address is a socket file made by bind() */
SC_SYNC_AFTER(socket_bind)
/* written by the readline library, and by OpenSSL's BIO_new_file(), not
 * through PHP streams */
SC_SYNC_AFTER(readline_write_history)
SC_SYNC_AFTER(openssl_x509_export_to_file)
SC_SYNC_AFTER(openssl_pkey_export_to_file)
SC_SYNC_AFTER(openssl_csr_export_to_file)
SC_SYNC_AFTER(openssl_pkcs12_export_to_file)
SC_SYNC_AFTER(openssl_pkcs7_encrypt)
SC_SYNC_AFTER(openssl_pkcs7_decrypt)
SC_SYNC_AFTER(openssl_pkcs7_sign)
SC_SYNC_AFTER(openssl_pkcs7_verify)
SC_SYNC_AFTER(openssl_cms_encrypt)
SC_SYNC_AFTER(openssl_cms_decrypt)
SC_SYNC_AFTER(openssl_cms_sign)
SC_SYNC_AFTER(openssl_cms_verify)
/* Phar::unlinkArchive() deletes the archive with the C library's unlink()
 * (phar's other writes go through the plain-files wrapper; extractTo()'s
 * chmod() of a file follows the close that made it, a sync point) */
SC_SYNC_AFTER(phar_unlinkArchive)
SC_SYNC_AFTER(phardata_unlinkArchive)

/* Waits for a child: its changes are queued before it exits, so once the
 * wait returns they are ours to see at once. */
SC_SYNC_AFTER(exec)
SC_SYNC_AFTER(system)
SC_SYNC_AFTER(passthru)
SC_SYNC_AFTER(shell_exec)
SC_SYNC_AFTER(proc_close)
SC_SYNC_AFTER(proc_get_status)
SC_SYNC_AFTER(pclose)
SC_SYNC_AFTER(pcntl_wait)
SC_SYNC_AFTER(pcntl_waitpid)
SC_SYNC_AFTER(pcntl_waitid)
/* php_mail() waits for its sendmail_path child (pclose()) */
SC_SYNC_AFTER(mail)
SC_SYNC_AFTER(mb_send_mail)

/* Warnings, notices and errors PHP logs (log_errors=1) are written by
 * php_log_err() with write(2) on the error_log file, no stream: a sync
 * point after PHP's error callback (or whatever was installed before us,
 * which ends in it).  PHP's callback logs only an error error_reporting
 * reports (or a core one): one silenced with @ or left out of
 * error_reporting writes nothing, and is no sync point (DokuWiki's
 * @filemtime() of files it may not have: a drain each); nor is one whose
 * line goes down a pipe (sc_log_writes_file()).  A callback that
 * replaces ours without calling it (Xdebug's develop mode, at each
 * request start) leaves logged lines to the watcher (README). */
/* Does PHP's log line land where this process writes a file?  Not when
 * no error_log is set and the SAPI's logger writes its stderr (php-fpm's
 * workers: zlog to fd 2; the CLI: stderr) and that is a pipe or a socket
 * (fpm's catch_workers_output: the master writes the file, later, which
 * no sync point of ours can order): asked of fd 2 at each logged error,
 * which a script may have closed and reopened. */
static bool sc_log_writes_file(void)
{
	zend_stat_t st;
	int err;
	bool piped;

	if (PG(error_log) || !sapi_module.name
			|| (strcmp(sapi_module.name, "fpm-fcgi") != 0 && strcmp(sapi_module.name, "cli") != 0)) {
		return true;
	}
	err = errno;
	piped = zend_fstat(STDERR_FILENO, &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode));
	errno = err;
	return !piped;
}

void sc_error_cb(int type, zend_string *error_filename, const uint32_t error_lineno, zend_string *message)
{
	int t = type & E_ALL; /* as php_error_cb() reads it */

	if (!PG(log_errors) || (!(EG(error_reporting) & t) && !(t & E_CORE)) || !sc_log_writes_file()) {
		sc_prev_error_cb(type, error_filename, error_lineno, message);
		return;
	}
	zend_try {
		sc_prev_error_cb(type, error_filename, error_lineno, message);
	} zend_catch {
		/* a fatal error bails out once logged: shutdown functions and
		 * destructors still run, and must see the line */
		sc_sync();
		zend_bailout();
	} zend_end_try();
	sc_sync();
}

/* Credentials: access() answers for the real uid/gid and lstat() for the
 * effective ones, so a successful change of either drops everything (in
 * every thread: threads share credentials). */
#define SC_CRED_HANDLER(fname) \
	void sc_sync_##fname(INTERNAL_FUNCTION_PARAMETERS) \
	{ \
		sc_orig(SC_I_##fname)(INTERNAL_FUNCTION_PARAM_PASSTHRU); \
		if (Z_TYPE_P(return_value) == IS_TRUE) { \
			sc_watcher_flush(0); \
		} \
	}

SC_CRED_HANDLER(posix_setuid)
SC_CRED_HANDLER(posix_setgid)
SC_CRED_HANDLER(posix_seteuid)
SC_CRED_HANDLER(posix_setegid)
SC_CRED_HANDLER(posix_initgroups)

/* chroot() (NTS CLI): every absolute name now means something else, and
 * the kernel raises no event for it.  PHP's own chroot() empties its
 * realpath cache (php_clear_stat_cache(1)), the entries statcache wrote
 * there included; this drops every result, listing and watch (their paths
 * are the old root's) and starts over.  Whatever the return value: the
 * root may have changed even when the chdir("/") after it failed. */
void sc_sync_chroot(INTERNAL_FUNCTION_PARAMETERS)
{
	sc_orig(SC_I_chroot)(INTERNAL_FUNCTION_PARAM_PASSTHRU);
	statcache_drop_everything(1);
}

#endif
