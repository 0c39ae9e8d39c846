/*
 * statcache: placement of the generation table (see statcache_shared.h).
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include "statcache_shared.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

static size_t sc_align_line(size_t n)
{
	return (n + SC_CACHE_LINE - 1) & ~(size_t) (SC_CACHE_LINE - 1);
}

int sc_shared_create(sc_region *r, uint32_t slots, int shared, uint32_t nworkers)
{
	size_t gsize = sc_align_line(sc_gen_size(slots));
	size_t size = gsize + (shared ? nworkers * sizeof(sc_worker_slot) : 0);
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
	if (shared && nworkers) {
		/* zeroed by mmap; an offset, not a pointer: workers map it anywhere */
		r->gen->workers_off = (uint32_t) gsize;
		r->gen->nworkers = nworkers;
	}
	r->size = size;
	r->shared = shared;
	r->creator = (int32_t) getpid();
	return 0;
}

void sc_shared_unmap(sc_region *r)
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

static sc_worker_slot *sc_shared_workers(sc_gen *g)
{
	return g->nworkers ? (sc_worker_slot *) ((char *) g + g->workers_off) : NULL;
}

int sc_shared_alive(int32_t pid)
{
	return kill(pid, 0) == 0 || errno != ESRCH;
}

sc_counters *sc_shared_claim(sc_gen *g, int32_t pid)
{
	sc_worker_slot *w = sc_shared_workers(g);

	for (uint32_t i = 0; w && i < g->nworkers; i++) {
		int32_t cur = atomic_load_explicit(&w[i].pid, memory_order_relaxed);
		if ((cur == 0 || !sc_shared_alive(cur))
				&& atomic_compare_exchange_strong(&w[i].pid, &cur, pid)) {
			memset(&w[i].n, 0, sizeof(w[i].n));
			return &w[i].n;
		}
	}
	return NULL;
}

void sc_shared_release(sc_gen *g, sc_counters *n)
{
	sc_worker_slot *w = sc_shared_workers(g);
	if (w && (char *) n >= (char *) w && (char *) n < (char *) (w + g->nworkers)) {
		sc_worker_slot *slot = (sc_worker_slot *) ((char *) n - offsetof(sc_worker_slot, n));
		atomic_store(&slot->pid, 0);
	}
}

void sc_shared_each_worker(sc_gen *g, void (*fn)(int32_t pid, const sc_counters *n, void *arg), void *arg)
{
	sc_worker_slot *w = sc_shared_workers(g);
	for (uint32_t i = 0; w && i < g->nworkers; i++) {
		int32_t pid = atomic_load_explicit(&w[i].pid, memory_order_relaxed);
		if (pid != 0 && sc_shared_alive(pid)) {
			fn(pid, &w[i].n, arg);
		}
	}
}
