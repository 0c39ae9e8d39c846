/*
 * statcache: applying inotify events to the generation table.
 *
 * What an event invalidates (DESIGN.md's model):
 *   name event (len > 0) on watched directory wd about NAME
 *       -> gen[name_slot(wd, NAME)]: every result for wd/NAME, positive or
 *          negative, and every result below a missing NAME
 *   IN_CREATE, IN_DELETE, IN_MOVED_FROM, IN_MOVED_TO also
 *       -> gen[dir_slot(wd)]: the directory's own stat (mtime, nlink, size)
 *   event about the watched directory itself (len == 0: IN_ATTRIB,
 *   IN_MOVE_SELF, IN_UNMOUNT), IN_Q_OVERFLOW, a malformed record
 *       -> epoch: everything below that directory may have changed
 *          (renamed away, chmod 000 on an ancestor, unmounted)
 *   IN_DELETE_SELF alone needs nothing of its own: the directory was empty
 *   (rmdir) or replaced (a rename over it), and either way its parent's
 *   watch reports its name, whose slot every result of a name in it
 *   depends on (statcache_lookup.c, sc_add_parent_dep).  Temporary
 *   directories made and removed on every request (MediaWiki's Shellbox)
 *   would otherwise drop every result each time.
 *   IN_IGNORED (the watch is gone) needs nothing either: it follows a
 *   DELETE_SELF or UNMOUNT, or a flush that already bumped the epoch.
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include "statcache_events.h"

#include <string.h>
#include <sys/inotify.h>

#define SC_NAME_EVENTS (IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO)

static void sc_events_epoch(sc_gen *g, sc_event_tally *t)
{
	sc_gen_bump_epoch(g);
	t->epochs++;
}

void sc_events_apply(sc_gen *g, const void *buf, size_t len, sc_event_tally *t,
	sc_event_created_fn created, void *ctx)
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
			if (created && (ev.mask & (IN_CREATE | IN_MOVED_TO)) && !(ev.mask & IN_ISDIR)) {
				created(ctx, ev.wd, name, nlen);
			}
		}
		off += sizeof(ev) + ev.len;
	}
}
