/*
 * statcache: the answers of the stat family (src/php/answers.c), which
 * hooks.c installs; the intercepted functions' handlers are declared by
 * src/php/intercept_list.h.
 */
#ifndef STATCACHE_ANSWERS_H
#define STATCACHE_ANSWERS_H

#include "php.h"
#include "main/php_streams.h"

/* The plain-files wrapper's url_stat (after the one in sc_orig_wops). */
int sc_url_stat(php_stream_wrapper *wrapper, const char *url, int flags,
	php_stream_statbuf *ssb, php_stream_context *context);

#endif
