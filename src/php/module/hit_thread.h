/*
 * statcache: this thread's globals as the hit path reads them under ZTS,
 * from one initial-exec TLS block of the module's own that RINIT fills
 * (src/php/module/threads.c); in NTS, the globals themselves.
 */
#ifndef STATCACHE_HIT_THREAD_H
#define STATCACHE_HIT_THREAD_H

#include "php.h"
#include "php_statcache.h"
#include "ext/standard/basic_functions.h"
#include "ext/standard/file.h"

#ifdef ZTS
/* Where this thread's globals are.  SCG(), FG() and BG() reach a
 * module's globals by resource id: the thread's table pointer, the id
 * (from the GOT), the table's slot, then the field: seven instructions,
 * two of them GOT loads, on each of a hit's half dozen reads.  From here
 * a read is the block's pointer and the field.  Filled by RINIT on the
 * request's own thread (TSRM allocates a thread's globals once, so they
 * hold for its life); until then every pointer is a stand-in whose hit
 * gate is shut, so a handler run on a thread no request started on goes
 * the whole way (SCG() and friends), never through a stale pointer. */
typedef struct sc_hit_thread {
	zend_statcache_globals *g;
	php_file_globals *fg;
	php_basic_globals *bg;
	virtual_cwd_globals *cwd; /* the thread's realpath cache (src/php/realpath/realpath_cache.h) */
	int *errno_at;            /* the thread's errno */
	sc_cache *cache;          /* SCG(cache), from its making on (statcache_thread_cache_slow()) */
} sc_hit_thread;

extern TSRM_TLS sc_hit_thread sc_hit_here TSRM_TLS_MODEL_ATTR;

/* RINIT, on the request's thread: the block from its globals (cwd: its
 * virtual_cwd_globals, which only the realpath layer knows how to find). */
void sc_hit_thread_take(virtual_cwd_globals *cwd);
/* This thread's results just made (SCG(cache) = c, on this thread). */
void sc_hit_thread_cache(sc_cache *c);
/* GSHUTDOWN of globals: the stand-ins again where the block named them. */
void sc_hit_thread_drop(zend_statcache_globals *globals);

# define SC_HIT_SCG(v) (sc_hit_here.g->v)
# define SC_HIT_FG(v) (sc_hit_here.fg->v)
# define SC_HIT_BG(v) (sc_hit_here.bg->v)
# define sc_hit_errno_at() (sc_hit_here.errno_at)
# define SC_HIT_CACHE() (sc_hit_here.cache)
#else
# define SC_HIT_SCG(v) SCG(v)
# define SC_HIT_FG(v) FG(v)
# define SC_HIT_BG(v) BG(v)
# define sc_hit_errno_at() SCG(errno_at)
# define SC_HIT_CACHE() SCG(cache)
#endif

#endif
