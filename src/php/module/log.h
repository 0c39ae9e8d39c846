/*
 * statcache: the startup lines, the core log's sink and php-fpm's deferral
 * (src/php/module/log.c).
 */
#ifndef STATCACHE_PHP_LOG_H
#define STATCACHE_PHP_LOG_H

#include "php.h"

/* A line for PHP's error log at startup, once per process (MINIT runs once
 * per process); in php-fpm's master it may wait for the log to open. */
void sc_startup_log(const char *fmt, ...) ZEND_ATTRIBUTE_FORMAT(printf, 1, 2);

#if STATCACHE_HAVE_CACHE
/* The sink of src/core/log.c: a line for PHP's error log, or held back
 * while php-fpm's master has no log open. */
void sc_log_to_php(const char *line);
/* pthread_atfork prepare handler (and MSHUTDOWN): writes the waiting lines
 * in the process that queued them, once. */
void sc_log_flush_deferred(void);
/* MINIT: in php-fpm's master without error_log, hold the log lines back
 * until its log is open. */
void sc_log_defer_if_fpm_master(void);
#endif

#endif
