/*
 * statcache: at most one log line per process per cause (src/core/log.h).
 */
#include "core/log.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>

static void sc_log_stderr(const char *line)
{
	fprintf(stderr, "%s\n", line);
}

void (*sc_log_sink)(const char *line) = sc_log_stderr;

/* One flag per cause; a relaxed test-and-set is enough to log once. */
static atomic_flag sc_logged[SC_LOG_CAUSES];

void sc_log_once(sc_log_cause cause, const char *fmt, ...)
{
	char line[512];
	va_list ap;

	if ((unsigned) cause >= SC_LOG_CAUSES
			|| atomic_flag_test_and_set_explicit(&sc_logged[cause], memory_order_relaxed)) {
		return;
	}
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (sc_log_sink) {
		sc_log_sink(line);
	}
}

void sc_log_reset(void)
{
	for (int i = 0; i < SC_LOG_CAUSES; i++) {
		atomic_flag_clear_explicit(&sc_logged[i], memory_order_relaxed);
	}
}
