/*
 * statcache: at most one log line per process per cause.
 */
#ifndef STATCACHE_LOG_H
#define STATCACHE_LOG_H

typedef enum {
	SC_LOG_NO_INSTANCE = 0,
	SC_LOG_NO_WATCHER,
	SC_LOG_NO_WATCHES,
	SC_LOG_WATCH_CAP,
	SC_LOG_ENTRY_CAP,
	SC_LOG_UNTRUSTED,
	SC_LOG_OPS_REPLACED,
	SC_LOG_VERIFY,
	SC_LOG_OPCACHE_OFF,
	SC_LOG_OPCACHE_UNCHECKED,
	SC_LOG_TAKEOVER,
	SC_LOG_CAUSES
} sc_log_cause;

/* Where lines go: PHP's error log in the extension, stderr in unit tests. */
extern void (*sc_log_sink)(const char *line);

void sc_log_once(sc_log_cause cause, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Forgets what was logged (a fork()ed child logs its own causes). */
void sc_log_reset(void);

#endif
