/*
 * statcache: applying inotify events to the generation table.
 * Pure C: unit-tested with cmocka and fuzzed with hostile buffers.
 */
#ifndef STATCACHE_EVENTS_H
#define STATCACHE_EVENTS_H

#include "core/gen.h"

typedef struct sc_event_tally {
	uint64_t events;     /* records applied */
	uint64_t epochs;     /* epoch bumps (directory-self events, overflow, ...) */
	uint64_t overflows;  /* IN_Q_OVERFLOW seen */
	uint64_t malformed;  /* buffers cut short or with impossible lengths */
} sc_event_tally;

/* Applies every complete record of buf[0..len); see src/core/events.c for
 * what each event invalidates.  IN_IGNORED of a watch above g->wd_base is
 * counted in g->watches_gone (live watches). */
void sc_events_apply(sc_gen *g, const void *buf, size_t len, sc_event_tally *tally);

#endif
