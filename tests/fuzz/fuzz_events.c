/*
 * libFuzzer target for sc_events_apply() (src/core/events.c).
 *
 * The input is what read() of an inotify fd might return, lengths hostile:
 * records cut short, len fields past the end or huge, names without a NUL.
 * It is applied from a heap block of exactly its size (ASan: no read past
 * the buffer) and again from an odd address (the parser must not assume
 * alignment), to a table where every third watch slot is a directory's,
 * and the result is compared with a separate walk of the same bytes:
 * records counted, malformed tails, overflows, epoch bumps and slot bumps.
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>

#include "core/events.h"

#define CHECK(cond) do { if (!(cond)) { \
	fprintf(stderr, "fuzz_events: invariant failed: %s (line %d)\n", #cond, __LINE__); abort(); } } while (0)

#define SLOTS 1024u
#define NAME_EVENTS (IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO)

typedef struct expect {
	uint64_t events, epochs, overflows, malformed, bumps;
} expect;

/* The watches the table says are directories': every third slot. */
static int dir_slot(int32_t wd)
{
	return ((uint32_t) wd & (SLOTS - 1)) % 3 == 0;
}

/* The reference walk (docs/protocol.md's list of what each event bumps,
 * written out again). */
static void walk(const uint8_t *p, size_t len, expect *e)
{
	size_t off = 0;
	memset(e, 0, sizeof(*e));
	while (off < len) {
		struct inotify_event ev;
		if (len - off < sizeof(ev)) {
			break;
		}
		memcpy(&ev, p + off, sizeof(ev));
		if ((uint64_t) ev.len > len - off - sizeof(ev)) {
			break;
		}
		e->events++;
		if (ev.mask & IN_Q_OVERFLOW) {
			e->overflows++;
			e->epochs++;
		} else if (ev.len == 0) {
			/* the watched inode itself: a watch gone bumps its slot and
			 * its watch-gone class; a directory's (IN_ISDIR, or its slot
			 * says so) makes an epoch unless it is its deletion; a
			 * file's bumps its slot */
			if (ev.mask & IN_IGNORED) {
				e->bumps += 2;
			} else if ((ev.mask & (IN_ISDIR | IN_UNMOUNT)) || dir_slot(ev.wd)) {
				e->epochs += (ev.mask & ~(uint32_t) (IN_DELETE_SELF | IN_ISDIR)) != 0;
			} else {
				e->bumps++;
			}
		} else {
			/* its name; a name made, removed or moved: its directory's
			 * watch and its class too */
			e->bumps += 1 + 2 * ((ev.mask & NAME_EVENTS) != 0);
			e->epochs += (ev.mask & IN_UNMOUNT) != 0;
		}
		off += sizeof(ev) + ev.len;
	}
	if (off < len) {
		e->malformed = 1;
		e->epochs++;
	}
}

static uint64_t slot_sum(const sc_gen *g)
{
	uint64_t s = 0;
	for (uint32_t i = 0; i < g->slots; i++) {
		s += sc_gen_load(g, i);
	}
	return s;
}

static void apply_at(sc_gen *g, const uint8_t *data, size_t size, size_t shift, const expect *e)
{
	uint8_t *mem = malloc(size + shift + 1);
	sc_event_tally t = { 0 };
	uint32_t epoch0;

	CHECK(mem != NULL);
	memcpy(mem + shift, data, size);
	sc_gen_init(g, SLOTS);
	for (int wd = 0; wd < (int) SLOTS; wd += 3) {
		sc_gen_mark_dir(g, wd);
	}
	epoch0 = sc_gen_epoch(g);
	sc_events_apply(g, mem + shift, size, &t);
	CHECK(t.events == e->events);
	CHECK(t.overflows == e->overflows);
	CHECK(t.malformed == e->malformed);
	CHECK(t.epochs == e->epochs);
	CHECK((uint32_t) (sc_gen_epoch(g) - epoch0) == (uint32_t) e->epochs);
	CHECK(slot_sum(g) == e->bumps);
	free(mem);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static sc_gen *g;
	expect e;

	if (!g) {
		void *mem = NULL;
		CHECK(posix_memalign(&mem, SC_CACHE_LINE, sc_gen_size(SLOTS)) == 0);
		g = mem;
	}
	walk(data, size, &e);
	apply_at(g, data, size, 0, &e);
	apply_at(g, data, size, 1, &e);   /* unaligned */
	return 0;
}
