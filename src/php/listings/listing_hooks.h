/*
 * statcache: the plain wrapper's dir_opener (which hooks.c installs) and
 * a directory's remembered listing, for glob too
 * (src/php/listings/listing_hooks.c).
 */
#ifndef STATCACHE_LISTING_HOOKS_H
#define STATCACHE_LISTING_HOOKS_H

#include "php.h"
#include "main/php_streams.h"
#include "core/listing.h"

/* The plain-files wrapper's dir_opener (after the one in sc_orig_wops). */
php_stream *sc_listing_dir_opener(php_stream_wrapper *wrapper, const char *path, const char *mode,
	int options, zend_string **opened_path, php_stream_context *context STREAMS_DC);

/* The listing of an absolute directory path (a reference to release), or
 * NULL when PHP's own read must answer (src/php/listings/listing_hooks.c).
 * cls (clen bytes, or NULL): the reader skips every name whose text after
 * its last '.' is not cls (a glob of *.cls in dir). */
sc_listing *sc_listing_for(const char *path, size_t len, bool check_basedir, bool count_hit,
	const char *cls, size_t clen);

/* GSHUTDOWN: a thread's remembered listings. */
void statcache_listings_free(sc_listings *s);

#endif
