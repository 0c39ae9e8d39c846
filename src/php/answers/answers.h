/*
 * statcache: the stat family's entries that hooks.c installs besides the
 * handlers (src/php/answers/answers.c): the plain wrapper's url_stat and
 * the AVX2 choice; the handlers are declared by
 * src/php/module/intercept_list.h.
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
