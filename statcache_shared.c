/*
 * statcache: placement of the generation table (see statcache_shared.h).
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include "statcache_shared.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

int sc_region_create(sc_region *r, uint32_t slots, int shared)
{
	size_t size = sc_gen_size(slots);
	void *mem;

	if (shared) {
		mem = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		if (mem == MAP_FAILED) {
			return -errno;
		}
	} else {
		/* aligned so that line 0 of the table is one cache line */
		if (posix_memalign(&mem, SC_CACHE_LINE, size) != 0) {
			return -ENOMEM;
		}
	}
	sc_gen_init(mem, slots);
	r->gen = mem;
	r->size = size;
	r->shared = shared;
	r->creator = (int32_t) getpid();
	return 0;
}

void sc_region_release(sc_region *r)
{
	if (!r->gen) {
		return;
	}
	if (r->shared) {
		munmap(r->gen, r->size);
	} else {
		free(r->gen);
	}
	r->gen = NULL;
	r->size = 0;
}
