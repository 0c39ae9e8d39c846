/*
 * statcache: glob() and glob:// from the remembered listings
 * (src/php/glob_hooks.c), which hooks.c installs; glob()'s handler is
 * declared by src/php/intercept_list.h.
 */
#ifndef STATCACHE_GLOB_HOOKS_H
#define STATCACHE_GLOB_HOOKS_H

#include "php.h"
#include "main/php_streams.h"

/* glob:// is answered where PHP's glob stream keeps glibc's glob_t (8.1 to
 * 8.4; 8.5 holds its own php_glob_t there). */
#if PHP_VERSION_ID >= 80100 && PHP_VERSION_ID < 80500
# define SC_GLOB_STREAM 1
#endif

#ifdef SC_GLOB_STREAM
/* The opener of our copy of PHP's glob wrapper (after sc_glob_orig's). */
php_stream *sc_glob_opener(php_stream_wrapper *wrapper, const char *path, const char *mode,
	int options, zend_string **opened_path, php_stream_context *context STREAMS_DC);
#endif

#endif
