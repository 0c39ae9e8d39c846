/*
 * statcache: the counters of one PHP thread (statcache_stats()).
 */
#ifndef STATCACHE_COUNTERS_H
#define STATCACHE_COUNTERS_H

#include <stdatomic.h>
#include <stdint.h>

#include "core/counter_list.h"

/* Written only by the thread that owns them, read by statcache_stats() in
 * any thread: relaxed atomics, incremented with a plain load and store
 * (no locked instruction on the hit path). */
typedef struct sc_counters {
#define SC_COUNTER_FIELD(name) _Atomic uint64_t name;
	SC_COUNTERS(SC_COUNTER_FIELD)
#undef SC_COUNTER_FIELD
} sc_counters;

#if defined(__SANITIZE_THREAD__)
# define SC_TSAN 1
#elif defined(__has_feature)
# if __has_feature(thread_sanitizer)
#  define SC_TSAN 1
# endif
#endif

/* On the hit path: always inline (one add to memory). */
#if defined(__GNUC__) && defined(__OPTIMIZE__)
__attribute__((always_inline))
#endif
static inline void sc_count(_Atomic uint64_t *c)
{
#if defined(__x86_64__) && defined(__GNUC__) && !defined(SC_TSAN)
	/* the same relaxed load and store in one instruction: an unlocked add
	 * to memory writes the aligned word whole, so a reader in another
	 * thread sees the old count or the new one (the compiler would not
	 * fuse the two atomics itself); ThreadSanitizer builds keep the C11
	 * pair it can see */
	__asm__("addq $1, %0" : "+m"(*(uint64_t *) c));
#else
	atomic_store_explicit(c, atomic_load_explicit(c, memory_order_relaxed) + 1, memory_order_relaxed);
#endif
}

/* Adds n (the miss path: a plain relaxed load and store, as sc_count()). */
static inline void sc_count_add(_Atomic uint64_t *c, uint64_t n)
{
	atomic_store_explicit(c, atomic_load_explicit(c, memory_order_relaxed) + n, memory_order_relaxed);
}

static inline void sc_count_set(_Atomic uint64_t *c, uint64_t v)
{
	atomic_store_explicit(c, v, memory_order_relaxed);
}

#endif
