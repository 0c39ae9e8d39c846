/*
 * statcache: statcache's lines written to PHP's error log (the sink of
 * src/core/log.c, and the module's startup lines), held back in php-fpm's
 * master until its log is open.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "SAPI.h"
#include "php_statcache.h"
#include "php/module/log.h"

#include <stdarg.h>
#include <syslog.h>

#if STATCACHE_HAVE_CACHE
# include <pthread.h>
# include "statcache_watcher.h"
#endif

#if STATCACHE_HAVE_CACHE
/* php-fpm's master starts the modules before it opens its log: lines
 * written then without error_log would go to its stderr, which is not the
 * log.  They wait for the master's first fork() (its log is open by then:
 * the daemonizing fork or the first worker's) or its MSHUTDOWN. */
#define SC_DEFERRED_MAX 16
static pthread_mutex_t sc_deferred_lock = PTHREAD_MUTEX_INITIALIZER;
static char *sc_deferred[SC_DEFERRED_MAX];
static int sc_deferred_n;
static bool sc_defer;        /* under sc_deferred_lock */
static pid_t sc_defer_pid;   /* the process whose lines wait */

void sc_log_to_php(const char *line)
{
	pthread_mutex_lock(&sc_deferred_lock);
	if (sc_defer && sc_deferred_n < SC_DEFERRED_MAX) {
		char *copy = strdup(line);
		if (copy) {
			sc_deferred[sc_deferred_n++] = copy;
			pthread_mutex_unlock(&sc_deferred_lock);
			return;
		}
	}
	pthread_mutex_unlock(&sc_deferred_lock);
	php_log_err_with_severity((char *) line, LOG_NOTICE);
}

/* pthread_atfork prepare handler (and MSHUTDOWN): writes the waiting lines
 * in the process that queued them, once; a child inherits none. */
void sc_log_flush_deferred(void)
{
	char *lines[SC_DEFERRED_MAX];
	int n;

	pthread_mutex_lock(&sc_deferred_lock);
	if (!sc_defer || getpid() != sc_defer_pid) {
		pthread_mutex_unlock(&sc_deferred_lock);
		return;
	}
	sc_defer = false;
	n = sc_deferred_n;
	memcpy(lines, sc_deferred, sizeof(lines));
	sc_deferred_n = 0;
	pthread_mutex_unlock(&sc_deferred_lock);
	for (int i = 0; i < n; i++) {
		php_log_err_with_severity(lines[i], LOG_NOTICE);
		free(lines[i]);
	}
}

/* MINIT: in php-fpm's master without error_log, hold the log lines back
 * until its log is open (see sc_log_flush_deferred). */
void sc_log_defer_if_fpm_master(void)
{
	static bool registered;

	if (strcmp(sapi_module.name, "fpm-fcgi") != 0 || PG(error_log) != NULL) {
		return;
	}
	if (!registered) {
		sc_pin_image();
		if (pthread_atfork(sc_log_flush_deferred, NULL, NULL) != 0) {
			return;
		}
		registered = true;
	}
	pthread_mutex_lock(&sc_deferred_lock);
	sc_defer = true;
	sc_defer_pid = getpid();
	pthread_mutex_unlock(&sc_deferred_lock);
}
#endif

/* A line for PHP's error log at startup, once per process (MINIT runs once
 * per process); in php-fpm's master it may wait for the log to open. */
void sc_startup_log(const char *fmt, ...)
{
	char line[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
#if STATCACHE_HAVE_CACHE
	sc_log_to_php(line);
#else
	php_log_err_with_severity(line, LOG_NOTICE);
#endif
}

