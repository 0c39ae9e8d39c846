/*
 * statcache: a thread's results from the module globals, the registry's
 * walk and dropping everything (src/php/module/threads.c).
 */
#ifndef STATCACHE_THREADS_H
#define STATCACHE_THREADS_H

#include "php_statcache.h"

#if STATCACHE_HAVE_CACHE
# include "engine/lookup.h"
# include "core/listing.h"
#endif

#if STATCACHE_HAVE_CACHE
sc_cache *statcache_thread_cache_slow(void);

/* This thread's results, created on its first lookup. */
static inline sc_cache *statcache_thread_cache(void)
{
	sc_cache *c = SCG(cache);
	return c ? c : statcache_thread_cache_slow();
}

/* This thread's results and listings, and every thread's (the epoch; with
 * clear_watches, the watches and their paths too): statcache_reset(), and
 * chroot(), after which every path names something else. */
void statcache_drop_everything(int clear_watches);

/* The module's lifecycle: MINIT, and a thread's GSHUTDOWN. */
void sc_threads_minit(void);
void sc_threads_gshutdown(zend_statcache_globals *globals);
/* Every thread's counters (all_threads), or this thread's, to fn. */
void sc_threads_each(bool all_threads, void (*fn)(const sc_counters *n, void *arg), void *arg);

#endif

#endif
