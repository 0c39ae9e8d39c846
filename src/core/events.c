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

/* An event about the watched inode itself (no name).  A directory's (the
 * kernel marks its IN_ATTRIB with IN_ISDIR, not its IN_MOVE_SELF nor its
 * IN_DELETE_SELF: sc_gen_is_dir() tells those): its attributes or its
 * move change what every path below it means (an epoch); its deletion
 * costs nothing (its name's event in its parent ends the results below
 * it).  Any other inode is a file's own watch: a change made through any
 * of its names or descriptors (IN_ATTRIB: chmod, chown, utimes, link,
 * unlink; IN_MODIFY: a write or truncate; IN_MOVE_SELF: a rename, which
 * moves its ctime) moves its watch's slot, which each of its results
 * depends on.  A watch gone (IN_IGNORED: the inode freed, an unmount, a
 * flush) moves it too: no event can come for it any more. */
static void sc_events_self(sc_gen *g, const struct inotify_event *ev, sc_event_tally *t)
{
	if (ev->mask & IN_IGNORED) {
		sc_gen_bump(g, sc_gen_watch_slot(g, ev->wd));
		sc_gen_bump(g, sc_gen_class_key(g, ev->wd, SC_CLASS_GONE, sizeof(SC_CLASS_GONE) - 1));
		if (ev->wd > atomic_load_explicit(&g->wd_base, memory_order_relaxed)) {
			/* relaxed, no pair: a count for the watch cap, which a race
			 * with a flush leaves off by one at worst */
			atomic_fetch_add_explicit(&g->watches_gone, 1, memory_order_relaxed);
		}
	} else if ((ev->mask & (IN_ISDIR | IN_UNMOUNT)) || sc_gen_is_dir(g, ev->wd)) {
		if (ev->mask & ~(uint32_t) (IN_DELETE_SELF | IN_ISDIR)) {
			sc_events_epoch(g, t);
		}
	} else {
		sc_gen_bump(g, sc_gen_watch_slot(g, ev->wd));
	}
}

void sc_events_apply(sc_gen *g, const void *buf, size_t len, sc_event_tally *t)
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
			sc_events_self(g, &ev, t);
		} else {
			const char *name = p + off + sizeof(ev);
			size_t nlen = strnlen(name, ev.len);
			sc_gen_bump(g, sc_gen_name_slot(g, ev.wd, name, nlen));
			if (ev.mask & SC_NAME_EVENTS) {
				size_t clen;
				const char *cls = sc_name_class(name, nlen, &clen);
				sc_gen_bump(g, sc_gen_watch_slot(g, ev.wd));
				/* after the watch: a reader that saw the watch hold saw
				 * the class hold (src/core/listing.c) */
				sc_gen_bump(g, sc_gen_class_key(g, ev.wd, cls, clen));
			}
			if (ev.mask & IN_UNMOUNT) {
				sc_events_epoch(g, t);
			}
		}
		off += sizeof(ev) + ev.len;
	}
}
