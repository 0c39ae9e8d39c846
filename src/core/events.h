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

/* Told of every non-directory name that appeared in (IN_CREATE,
 * IN_MOVED_TO) or left (IN_DELETE, IN_MOVED_FROM) a watched directory, in
 * queue order: a name that appeared may be a new hard link to a cached
 * file, which the kernel reports to nobody watching that file's directory
 * (sc_created_note() is the drain's). */
typedef void (*sc_event_name_fn)(void *ctx, uint32_t mask, uint32_t cookie, int32_t wd,
	const char *name, size_t len);

/* Applies every complete record of buf[0..len); see src/core/events.c for
 * what each event invalidates.  names may be NULL.  IN_IGNORED of a watch
 * above g->wd_base is counted in g->watches_gone (live watches). */
void sc_events_apply(sc_gen *g, const void *buf, size_t len, sc_event_tally *tally,
	sc_event_name_fn names, void *ctx);

/* The names that appeared during one drain, and what became of them by its
 * end.  A name that appeared and is still there is checked by the drain
 * (lstat(): more than one link drops that inode's results).  One that
 * appeared and went (removed, moved out of sight, renamed over) before the
 * drain could look may have been a hard link to any cached file of its
 * device, written through and removed: "gone".  One renamed to a name the
 * same drain sees (IN_MOVED_TO with its cookie: an atomic write's temporary
 * name) is proven harmless, its new name being checked instead. */
#define SC_CREATED_MAX 32

typedef struct sc_created_name {
	int32_t wd;
	uint32_t cookie;     /* IN_MOVED_FROM's, while moved */
	uint8_t present;     /* may be there now: check it */
	uint8_t moved;       /* moved away; its IN_MOVED_TO not seen (yet) */
	uint8_t gone;        /* went unseen by a check: may have been a link */
	uint16_t len;
	char name[256];
} sc_created_name;

typedef struct sc_created {
	unsigned n;
	int overflow;        /* more names than room: the drain drops everything */
	sc_created_name e[SC_CREATED_MAX];
} sc_created;

void sc_created_init(sc_created *c);
/* An sc_event_name_fn; ctx is an sc_created. */
void sc_created_note(void *ctx, uint32_t mask, uint32_t cookie, int32_t wd, const char *name, size_t len);
/* After the last event of a drain: a name still moved without its
 * IN_MOVED_TO went out of every watched directory. */
void sc_created_finish(sc_created *c);

#endif
