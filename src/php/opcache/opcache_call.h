/*
 * statcache: opcache's functions called quietly for
 * statcache.opcache_invalidate (src/php/opcache/opcache_call.c): its functions called quietly, whether it serves
 * this process, and the vouching for a copy this process did not compile.
 */
#ifndef STATCACHE_PHP_OPCACHE_CALL_H
#define STATCACHE_PHP_OPCACHE_CALL_H

#include "php.h"
#include "php_statcache.h"

#if STATCACHE_HAVE_CACHE

#define SC_OC_INACTIVE "opcache is loaded but not active in this process (opcache.enable, opcache.enable_cli, " \
	"or its startup failed)"
#define SC_OC_FILE_CACHE_ONLY "opcache.file_cache_only=1: opcache_invalidate() does not reach the file cache"

/* Post-startup, opcache loaded: finds its functions; why nothing can be
 * done (NULL: it can). */
const char *sc_oc_call_startup(void);
/* opcache_invalidate(path, true): 1 done, 0 opcache said no, -1 refused
 * (restrict_api: said once in the log when c is given) or not callable
 * now.  c is given when a change was seen (an invalidation), NULL for a
 * precaution; both counted, apart. */
int sc_oc_call_invalidate(sc_cache *c, const char *path, size_t len);
/* opcache_invalidate() of key as opcache's hash holds it (a precaution);
 * as sc_oc_call_invalidate(). */
int sc_oc_call_invalidate_key(const char *key, size_t len);
/* Was real put in opcache's memory by opcache.preload?  opcache never
 * rechecks such a script, and one invalidated would run again at its next
 * include (its functions declared twice): statcache leaves it alone. */
bool sc_oc_preloaded(const char *real);
/* Process shutdown: what the calls kept (the preloaded scripts' list). */
void sc_oc_call_shutdown(void);
/* Is opcache serving this process?  Asked once, at the first include. */
bool sc_oc_probe(void);
/* What the probe found: 0 not yet, 1 active, -1 inactive, -2 file cache only. */
int sc_oc_probed_state(void);
/* Changes that made statcache invalidate a script, in this process. */
uint64_t sc_oc_invalidations(void);
/* Copies statcache invalidated as a precaution (it could not vouch for
 * them), in this process. */
uint64_t sc_oc_precautions(void);
/* A copy in opcache of the absolute spelling, not recorded here: kept if
 * the records vouch for it (sc_scripts_adopt()), else invalidated under
 * its real path and under the name opcache keyed. */
void sc_oc_vouch(sc_cache *c, const char *spelling);
/* sc_scripts_adopt() with what opcache says of its memory's age. */
bool sc_oc_adopt(sc_cache *c, const char *real, const char *spelling);

#endif

#endif
