/*
 * statcache: the sync points' wrapper and stdio ops and error callback
 * (src/php/sync/sync.c), which hooks.c installs.
 */
#ifndef STATCACHE_SYNC_H
#define STATCACHE_SYNC_H

#include "php.h"
#include "main/php_streams.h"

/* A sync point: this process just changed the file system. */
void sc_sync(void);

/* The plain-files wrapper's ops that write (each after the op saved in
 * sc_orig_wops; the opener fills PHP's realpath cache first) ... */
php_stream *sc_stream_opener(php_stream_wrapper *wrapper, const char *filename, const char *mode,
	int options, zend_string **opened_path, php_stream_context *context STREAMS_DC);
int sc_unlink(php_stream_wrapper *wrapper, const char *url, int options, php_stream_context *context);
int sc_rename(php_stream_wrapper *wrapper, const char *from, const char *to, int options,
	php_stream_context *context);
int sc_mkdir(php_stream_wrapper *wrapper, const char *url, int mode, int options,
	php_stream_context *context);
int sc_rmdir(php_stream_wrapper *wrapper, const char *url, int options, php_stream_context *context);
int sc_metadata(php_stream_wrapper *wrapper, const char *url, int option, void *value,
	php_stream_context *context);
/* ... the stdio stream ops (after sc_orig_stdio's) ... */
ssize_t sc_stdio_write(php_stream *stream, const char *buf, size_t count);
int sc_stdio_close(php_stream *stream, int close_handle);
int sc_stdio_flush(php_stream *stream);
int sc_stdio_set_option(php_stream *stream, int option, int value, void *ptrparam);
/* ... and zend_error_cb (after sc_prev_error_cb): lines PHP logs. */
void sc_error_cb(int type, zend_string *error_filename, const uint32_t error_lineno, zend_string *message);

#endif
