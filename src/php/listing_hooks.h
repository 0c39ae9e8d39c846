/*
 * statcache: directory listings answered from the remembered ones
 * (src/php/listing_hooks.c), which hooks.c installs.
 */
#ifndef STATCACHE_LISTING_HOOKS_H
#define STATCACHE_LISTING_HOOKS_H

#include "php.h"
#include "main/php_streams.h"
#include "core/listing.h"

/* glob:// is answered where PHP's glob stream keeps glibc's glob_t (8.1 to
 * 8.4; 8.5 holds its own php_glob_t there). */
#if PHP_VERSION_ID >= 80100 && PHP_VERSION_ID < 80500
# define SC_GLOB_STREAM 1
#endif

/* The plain-files wrapper's dir_opener (after the one in sc_orig_wops). */
php_stream *sc_listing_dir_opener(php_stream_wrapper *wrapper, const char *path, const char *mode,
	int options, zend_string **opened_path, php_stream_context *context STREAMS_DC);

#ifdef SC_GLOB_STREAM
/* The opener of our copy of PHP's glob wrapper (after sc_glob_orig's). */
php_stream *sc_glob_opener(php_stream_wrapper *wrapper, const char *path, const char *mode,
	int options, zend_string **opened_path, php_stream_context *context STREAMS_DC);
#endif

/* GSHUTDOWN: a thread's remembered listings. */
void statcache_listings_free(sc_listings *s);

#endif
