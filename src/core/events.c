/*
 * statcache: applying inotify events to the generation table.
 *
 * What each event bumps: docs/protocol.md, "Event application" (the
 * model this file implements; tests/fuzz/fuzz_events.c checks it).
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include "core/events.h"

#include <string.h>
#include <sys/inotify.h>

#define SC_NAME_EVENTS (IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO)

static void sc_events_epoch(sc_gen *g, sc_event_tally *t)
{
	sc_gen_bump_epoch(g);
	t->epochs++;
}

void sc_events_apply(sc_gen *g, const void *buf, size_t len, sc_event_tally *t,
	sc_event_name_fn names, void *ctx)
{
	const char *p = buf;
	size_t off = 0;

	while (off < len) {
		struct inotify_event ev;
		size_t rest = len - off;

		if (rest < sizeof(ev)) {
			t->malformed++;
			sc_events_epoch(g, t);
			return;
		}
		memcpy(&ev, p + off, sizeof(ev)); /* the buffer need not be aligned */
		if (ev.len > rest - sizeof(ev)) {
			t->malformed++;
			sc_events_epoch(g, t);
			return;
		}
		t->events++;

		if (ev.mask & IN_Q_OVERFLOW) {
			t->overflows++;
			sc_events_epoch(g, t);
		} else if (ev.len == 0) {
			if (ev.mask & ~(uint32_t) (IN_IGNORED | IN_DELETE_SELF | IN_ISDIR)) {
				sc_events_epoch(g, t);
			}
			if ((ev.mask & IN_IGNORED)
					&& ev.wd > atomic_load_explicit(&g->wd_base, memory_order_relaxed)) {
				/* relaxed, no pair: a count for the watch cap, which a race
				 * with a flush leaves off by one at worst */
				atomic_fetch_add_explicit(&g->watches_gone, 1, memory_order_relaxed);
			}
		} else {
			const char *name = p + off + sizeof(ev);
			size_t nlen = strnlen(name, ev.len);
			sc_gen_bump(g, sc_gen_name_slot(g, ev.wd, name, nlen));
			if (ev.mask & SC_NAME_EVENTS) {
				sc_gen_bump(g, sc_gen_dir_slot(g, ev.wd));
			}
			if (ev.mask & IN_UNMOUNT) {
				sc_events_epoch(g, t);
			}
			if (names && (ev.mask & SC_NAME_EVENTS) && !(ev.mask & IN_ISDIR)) {
				names(ctx, ev.mask, ev.cookie, ev.wd, name, nlen);
			}
		}
		off += sizeof(ev) + ev.len;
	}
}

void sc_created_init(sc_created *c)
{
	c->n = 0;
	c->overflow = 0;
}

static sc_created_name *sc_created_find(sc_created *c, int32_t wd, const char *name, size_t len)
{
	for (unsigned i = 0; i < c->n; i++) {
		sc_created_name *e = &c->e[i];
		if (e->wd == wd && e->len == len && memcmp(e->name, name, len) == 0) {
			return e;
		}
	}
	return NULL;
}

/* What one name event does to the names that appeared in this drain (see
 * src/core/events.h).  A name made again and again (SQLite's -journal,
 * once per transaction) keeps one entry: the check looks at what is there
 * after the drain, and any time it went counts as gone. */
void sc_created_note(void *ctx, uint32_t mask, uint32_t cookie, int32_t wd, const char *name, size_t len)
{
	sc_created *c = ctx;
	sc_created_name *e = sc_created_find(c, wd, name, len);

	if (mask & (IN_CREATE | IN_MOVED_TO)) {
		if ((mask & IN_MOVED_TO) && cookie != 0) {
			/* the other half of a rename: a name that appeared here and
			 * moved is now this one, checked in its place */
			for (unsigned i = 0; i < c->n; i++) {
				if (c->e[i].moved && c->e[i].cookie == cookie) {
					c->e[i].moved = 0;
				}
			}
		}
		if (e) {
			if (e->present) {
				/* renamed over: what was there went without a check */
				e->gone = 1;
			}
			e->present = 1;
			return;
		}
		if (c->n == SC_CREATED_MAX || len > 255) {
			c->overflow = 1;
			return;
		}
		e = &c->e[c->n++];
		e->wd = wd;
		e->cookie = 0;
		e->present = 1;
		e->moved = 0;
		e->gone = 0;
		e->len = (uint16_t) len;
		memcpy(e->name, name, len);
		e->name[len] = '\0';
		return;
	}
	if (!e || !e->present) {
		/* it was there at an earlier drain, which checked it */
		return;
	}
	e->present = 0;
	if ((mask & IN_MOVED_FROM) && cookie != 0) {
		if (e->moved) {
			e->gone = 1;   /* an earlier move of it found no other half */
		}
		e->moved = 1;
		e->cookie = cookie;
	} else {
		e->gone = 1;
	}
}

void sc_created_finish(sc_created *c)
{
	for (unsigned i = 0; i < c->n; i++) {
		if (c->e[i].moved) {
			c->e[i].moved = 0;
			c->e[i].gone = 1;
		}
	}
}
