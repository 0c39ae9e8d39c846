/*
 * statcache: why the cache is off in this process.
 *
 * The module sets a reason at startup (a setting, or a build without
 * inotify); the process machine records its own failure in its state.
 * phpinfo(), the stats, statcache_share() and statcache.opcache_invalidate
 * read the one answer here.  Compiled in every build, with or without
 * inotify, and kept out of the module file, which sits above its readers.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_statcache.h"
#include "php/module/off_reason.h"

#if STATCACHE_HAVE_CACHE
# include "statcache_watcher.h"
# include <stdatomic.h>
#endif

/* Process-wide: written in MINIT only, before any request or thread
 * exists, and read after; MINIT's own ordering is enough. */
static const char *sc_module_off;

/* The module's reason first, then the process machine's failure. */
const char *statcache_off_reason(void)
{
#if STATCACHE_HAVE_CACHE
	if (!sc_module_off && atomic_load(&sc_the_proc.state) == SC_PROC_FAILED) {
		return sc_the_proc.off_reason;
	}
#endif
	return sc_module_off;
}

/* Set by MINIT from the settings: off before anything was started. */
void statcache_set_off_reason(const char *why)
{
	sc_module_off = why;
}

/* Whether MINIT stopped before starting anything: MSHUTDOWN then has
 * nothing to undo. */
bool statcache_off_at_startup(void)
{
	return sc_module_off != NULL;
}
