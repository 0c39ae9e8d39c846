/*
 * statcache: the records' index (src/engine/scripts.c), inline for the one
 * question every include of a running application asks: is this name
 * recorded, and current?  Pure C (no Zend).  The records are private to
 * src/engine/scripts.c, which alone changes them, under its write lock;
 * this header only reads, under its read lock where threads share them.
 */
#ifndef STATCACHE_ENGINE_SCRIPTS_INDEX_H
#define STATCACHE_ENGINE_SCRIPTS_INDEX_H

#include "engine/script_fill.h"

#include <pthread.h>
#include <string.h>

extern __attribute__((visibility("hidden"))) sc_script *sc_scripts;
extern __attribute__((visibility("hidden"))) uint32_t *sc_scripts_index; /* record number + 1; 0 empty */
extern __attribute__((visibility("hidden"))) uint32_t sc_scripts_index_cap;
extern __attribute__((visibility("hidden"))) bool sc_scripts_threads;
extern __attribute__((visibility("hidden"))) pthread_rwlock_t sc_scripts_lock;

/* A hash's first slot in the index: its high half, multiplied through
 * (PHP's string hash, the one the PHP layer gives, varies little in its
 * low bits between names that differ in a digit or two). */
SC_ALWAYS_INLINE uint32_t sc_scripts_slot(uint64_t h)
{
	return (uint32_t) ((h * 0x9e3779b97f4a7c15ull) >> 32) & (sc_scripts_index_cap - 1);
}

/* The record of key (klen bytes, hash h), NULL if none; under a lock. */
SC_ALWAYS_INLINE sc_script *sc_scripts_find(const char *key, size_t klen, uint64_t h)
{
	if (!sc_scripts_index_cap) {
		return NULL;
	}
	for (uint32_t i = sc_scripts_slot(h);; i = (i + 1) & (sc_scripts_index_cap - 1)) {
		uint32_t k = sc_scripts_index[i];
		if (!k) {
			return NULL;
		}
		sc_script *s = &sc_scripts[k - 1];
		if (s->hash == h && s->klen == klen && memcmp(s->key, key, klen) == 0) {
			return s;
		}
	}
}

/* Is the include spelled key (klen bytes, hash h as sc_scripts_startup()'s
 * hash gives it) recorded and not waiting for opcache_invalidate(): what
 * every include of an unchanged script finds.  Inline: no call but
 * memcmp()'s on the include path. */
SC_ALWAYS_INLINE bool sc_scripts_current(const char *key, size_t klen, uint64_t h)
{
	const sc_script *s;
	bool r;

	if (sc_scripts_threads) {
		pthread_rwlock_rdlock(&sc_scripts_lock);
	}
	s = sc_scripts_find(key, klen, h);
	r = s && s->state != SC_SCRIPT_DEAD && s->state != SC_SCRIPT_STUCK;
	if (sc_scripts_threads) {
		pthread_rwlock_unlock(&sc_scripts_lock);
	}
	return r;
}

#endif
