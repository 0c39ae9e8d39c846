/*
 * statcache: applying inotify events to the generation table.
 * Pure C: unit-tested with cmocka and fuzzed with hostile buffers.
 */
#ifndef STATCACHE_EVENTS_H
#define STATCACHE_EVENTS_H

#include "statcache_gen.h"

typedef struct sc_event_tally {
	uint64_t events;     /* records applied */
	uint64_t epochs;     /* epoch bumps (directory-self events, overflow, ...) */
	uint64_t overflows;  /* IN_Q_OVERFLOW seen */
	uint64_t malformed;  /* buffers cut short or with impossible lengths */
} sc_event_tally;

/* Told of every non-directory name that appeared in a watched directory
 * (IN_CREATE, IN_MOVED_TO): it may be a new hard link to a cached file,
 * which the kernel reports to nobody watching that file's directory. */
typedef void (*sc_event_created_fn)(void *ctx, int32_t wd, const char *name, size_t len);

/* Applies every complete record of buf[0..len); see statcache_events.c for
 * what each event invalidates.  created may be NULL. */
void sc_events_apply(sc_gen *g, const void *buf, size_t len, sc_event_tally *tally,
	sc_event_created_fn created, void *ctx);

#endif
