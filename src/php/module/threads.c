/*
 * statcache: each PHP thread's state in the module globals: its
 * results (created on its first lookup), the registry of every thread's
 * results that statcache_stats() sums, and dropping everything at once.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_statcache.h"

#if STATCACHE_HAVE_CACHE

#include "php/module/threads.h"
#ifdef ZTS
# include "php/module/hit_thread.h"
#endif

#include <pthread.h>

/* Every thread's cache, for statcache_stats() to sum; changed only when a
 * thread starts or ends (GINIT/GSHUTDOWN), never on a lookup. */
static pthread_mutex_t sc_threads_lock = PTHREAD_MUTEX_INITIALIZER;
static sc_cache **sc_threads;
static size_t sc_threads_n, sc_threads_cap;

static void sc_threads_add(sc_cache *c)
{
	pthread_mutex_lock(&sc_threads_lock);
	if (sc_threads_n == sc_threads_cap) {
		size_t ncap = sc_threads_cap ? sc_threads_cap * 2 : 16;
		sc_cache **n = realloc(sc_threads, ncap * sizeof(*n));
		if (!n) {
			pthread_mutex_unlock(&sc_threads_lock);
			return;
		}
		sc_threads = n;
		sc_threads_cap = ncap;
	}
	sc_threads[sc_threads_n++] = c;
	pthread_mutex_unlock(&sc_threads_lock);
}

static void sc_threads_remove(sc_cache *c)
{
	pthread_mutex_lock(&sc_threads_lock);
	for (size_t i = 0; i < sc_threads_n; i++) {
		if (sc_threads[i] == c) {
			sc_threads[i] = sc_threads[--sc_threads_n];
			break;
		}
	}
	pthread_mutex_unlock(&sc_threads_lock);
}

/* This thread's results, created on its first lookup (GINIT stays cheap:
 * threaded servers start and end PHP threads constantly). */
sc_cache *statcache_thread_cache_slow(void)
{
	sc_cache *c = SCG(cache);
	if (!c) {
		c = sc_cache_new((uint32_t) SCG(max_entries), SCG(test_untrusted));
		if (c) {
			c->first_look = SCG(first_look);
#ifdef VIRTUAL_DIR
			c->dots_lexical = 1;
#endif
			if (sc_the_proc.region.shared) {
				/* counters in the region, for statcache_stats(true) */
				sc_counters *n = sc_shared_claim(sc_the_proc.gen, (int32_t) getpid());
				if (n) {
					c->n = n;
				}
			}
			SCG(cache) = c;
#ifdef ZTS
			sc_hit_thread_cache(c);
#endif
			sc_threads_add(c);
		}
	}
	return c;
}

/* In a fork()ed child only the forking thread exists, and the counter
 * slots in a shared region belong to the parent: every cache counts in its
 * private copy again, from zero (the registry lock may have been held by a
 * thread that is gone: it is made anew). */
static void sc_threads_after_fork(void)
{
	pthread_mutex_t fresh = PTHREAD_MUTEX_INITIALIZER;
	sc_threads_lock = fresh;
	for (size_t i = 0; i < sc_threads_n; i++) {
		sc_cache *c = sc_threads[i];
		memset(&c->own_n, 0, sizeof(c->own_n));
		c->n = &c->own_n;
	}
#ifndef VIRTUAL_DIR
	/* the process machine is off in the child (sc_hit() trusts the gate
	 * to say it is ready): the next lookup starts it and opens the gate */
	statcache_hit_gate_shut();
#endif
}


/* GSHUTDOWN: this thread's results leave the registry (and its counter
 * slot in a shared region goes back to the pool). */
void sc_threads_gshutdown(zend_statcache_globals *globals)
{
	if (globals->cache) {
		sc_cache *c = globals->cache;
		if (c->n != &c->own_n && sc_the_proc.gen) {
			sc_shared_release(sc_the_proc.gen, c->n);
		}
		sc_threads_remove(globals->cache);
		sc_cache_delete(globals->cache);
		globals->cache = NULL;
	}
}

/* Every thread's counters (all_threads), or this thread's, to fn. */
void sc_threads_each(bool all_threads, void (*fn)(const sc_counters *n, void *arg), void *arg)
{
	pthread_mutex_lock(&sc_threads_lock);
	for (size_t i = 0; i < sc_threads_n; i++) {
		if (all_threads || sc_threads[i] == SCG(cache)) {
			fn(sc_threads[i]->n, arg);
		}
	}
	pthread_mutex_unlock(&sc_threads_lock);
}

/* MINIT: a fork()ed child resets the registry (sc_threads_after_fork). */
void sc_threads_minit(void)
{
	sc_fork_child_hook = sc_threads_after_fork;
}

void statcache_drop_everything(int clear_watches)
{
	if (SCG(cache)) {
		sc_cache_reset(SCG(cache));
	}
	if (SCG(listings)) {
		sc_listings_clear(SCG(listings)); /* the epoch bump below drops them too; this frees them */
		if (SCG(cache)) {
			sc_count_set(&SCG(cache)->n->listing_bytes, 0);
		}
	}
	if (sc_the_proc.gen) {
		sc_watcher_flush(clear_watches);
	}
}
#endif

#if STATCACHE_HAVE_CACHE && defined(ZTS)

/* The stand-ins sc_hit_here names until RINIT (src/php/module/hit_thread.h):
 * a shut gate, which no wrapper table (NULL here) ever equals. */
static zend_statcache_globals sc_hit_none_g = { .hit_gate = SC_HIT_GATE_SHUT };
static php_file_globals sc_hit_none_fg;
static php_basic_globals sc_hit_none_bg;
static virtual_cwd_globals sc_hit_none_cwd;
static int sc_hit_none_errno;

TSRM_TLS sc_hit_thread sc_hit_here TSRM_TLS_MODEL_ATTR = {
	&sc_hit_none_g, &sc_hit_none_fg, &sc_hit_none_bg, &sc_hit_none_cwd, &sc_hit_none_errno, NULL
};

/* RINIT: this thread's globals, the bulk of each as TSRM holds it. */
void sc_hit_thread_take(virtual_cwd_globals *cwd)
{
	sc_hit_here.g = ZEND_MODULE_GLOBALS_BULK(statcache);
	sc_hit_here.fg = TSRMG_BULK_STATIC(file_globals_id, php_file_globals *);
	sc_hit_here.bg = TSRMG_BULK_STATIC(basic_globals_id, php_basic_globals *);
	sc_hit_here.cwd = cwd;
	sc_hit_here.errno_at = &errno;
	sc_hit_here.cache = SCG(cache);
}

/* statcache_thread_cache_slow(), on the thread whose results it made: a
 * block still on its stand-ins keeps the gate shut (RINIT fills the rest). */
void sc_hit_thread_cache(sc_cache *c)
{
	sc_hit_here.cache = c;
}

/* GSHUTDOWN: globals about to be freed leave the block (only the thread
 * that runs it can see its own block; another's dies with its thread). */
void sc_hit_thread_drop(zend_statcache_globals *globals)
{
	if (sc_hit_here.g == globals) {
		sc_hit_here = (sc_hit_thread) {
			&sc_hit_none_g, &sc_hit_none_fg, &sc_hit_none_bg, &sc_hit_none_cwd, &sc_hit_none_errno, NULL
		};
	}
}
#endif
