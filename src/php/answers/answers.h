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

/* handler, or the AVX2 twin of an answer with a hit path where the CPU
 * has AVX2 (src/php/answers_avx2.c): what hooks.c installs. */
zif_handler sc_answer_fast(zif_handler handler);

#endif
