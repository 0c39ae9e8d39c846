/*
 * statcache: the glob:// opener (src/php/listings/glob_hooks.c), which
 * hooks.c installs; glob()'s handler is declared by
 * src/php/module/intercept_list.h.
 */
#ifndef STATCACHE_GLOB_HOOKS_H
#define STATCACHE_GLOB_HOOKS_H

#include "php.h"
#include "main/php_streams.h"

/* glob:// is answered where PHP's glob stream state is the one
 * src/php/listings/glob_hooks.c fills (8.1 on: a glob(3) result, then the same
 * fields; glibc's glob_t up to 8.4, PHP's php_glob_t from 8.5). */
#if PHP_VERSION_ID >= 80100
# define SC_GLOB_STREAM 1
#endif

#ifdef SC_GLOB_STREAM
/* The opener of our copy of PHP's glob wrapper (after sc_glob_orig's). */
php_stream *sc_glob_opener(php_stream_wrapper *wrapper, const char *path, const char *mode,
	int options, zend_string **opened_path, php_stream_context *context STREAMS_DC);
#endif

#endif
