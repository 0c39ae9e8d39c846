/*
 * statcache: the scripts opcache holds, as records of what their names
 * depend on (src/engine/scripts.c; src/php/opcache/opcache.c drives them).
 *
 * One record per spelling a script was compiled or adopted under in this
 * process (every thread's: one opcache per process): the real path opcache
 * holds it under, the generation values its lookups depended on, and the
 * file's identity from a fresh lstat().  A check after a drain finds the
 * records whose values moved and looks them up again: the same file under
 * the same meaning is re-armed, anything else is handed back to be
 * invalidated.  Pure C (no Zend).
 */
#ifndef STATCACHE_ENGINE_SCRIPTS_H
#define STATCACHE_ENGINE_SCRIPTS_H

#include <stdbool.h>
#include <stdint.h>

#include "core/fileid.h"
#include "engine/lookup.h"

/* The identity of a file (src/core/fileid.h). */
typedef sc_file_id sc_script_id;

/* Real paths to invalidate, taken out of the records' lock.  Each string
 * starts with '=' (a change seen: counted) or '!' (a precaution: an
 * identity that proves nothing). */
typedef struct sc_script_todo {
	char **paths;
	uint32_t n, cap;
} sc_script_todo;

void sc_script_todo_free(sc_script_todo *t);

/* Once, before the first record: whether several PHP threads share them
 * (ZTS: the records' lock is taken; with one PHP thread it is not), and
 * the hash the records' index uses (NULL: the table's; the PHP layer gives
 * PHP's own string hash, which an include's name carries). */
void sc_scripts_startup(bool threads, uint64_t (*hash)(const char *key, size_t len));

/* The identity of path before the compiler reads it (and the watches its
 * lookup arms); false when the cache does not vouch for it or it is gone. */
bool sc_scripts_before(sc_cache *c, const char *path, sc_script_id *id);
/* real was compiled here, included as spelling (absolute, or NULL);
 * expect: the identity sc_scripts_before() took, or NULL.  Recorded under
 * the spelling and under the real path (opcache keys the copy by both).  A
 * compile of a record that was live with that identity is counted
 * (recompiled). */
void sc_scripts_record(sc_cache *c, const char *real, const char *spelling, const sc_script_id *expect);
/* A relative include name's meaning (key: the name with all its meaning
 * depends on, src/php/opcache/opcache_name.c): it resolved to real through the
 * candidate chosen (absolute; NULL: real itself), after PHP found each of
 * passed (NUL-terminated names, one after the other, passed_len bytes)
 * missing.  Valid while those lookups hold (a candidate created, renamed
 * into place, a symlink on the way swapped: dead); no identity taken, the
 * script's own record follows its contents.  False when it holds nothing
 * (real is no regular file now, no memory). */
bool sc_scripts_name(sc_cache *c, const char *key, const char *real, const char *chosen, const char *passed,
	size_t passed_len);
/* The real path (SC_PATH_MAX bytes) a live name record says key means. */
bool sc_scripts_name_real(const char *key, char *real);
/* Is the include spelled key recorded (live) here? */
bool sc_scripts_known(const char *key);
/* sc_scripts_known() in one look, for key of klen bytes, telling a record
 * that waits for opcache_invalidate() apart (another thread's check queued
 * it and calls it out of the lock, or restrict_api refused it): 0 not
 * recorded, 1 recorded, 2 waiting, its real path then in real
 * (SC_PATH_MAX) unless real is NULL. */
int sc_scripts_known_or_pending(const char *key, size_t klen, char *real);
/* A copy this process did not compile: recorded and true when the file and
 * every component of its names are older than since (opcache's memory
 * holds nothing older) and no file cache may have supplied it. */
bool sc_scripts_adopt(sc_cache *c, const char *real, const char *spelling, int64_t since, bool file_cache);
/* What the last check saw, and when the next must look anyway (polled
 * records at revalidate_freq, stuck ones every second): written under the
 * records' lock (src/engine/scripts.c), read before taking it (relaxed: a
 * stale value costs one more check, or one check later by a few loads; the
 * lock orders the rest). */
typedef struct sc_scripts_seen_state {
	_Atomic(sc_gen *) gen;        /* another table (a new machine): look */
	_Atomic uint64_t version;     /* sc_gen_version() at the last check */
	_Atomic uint64_t next_due_ms; /* UINT64_MAX: nothing polled or stuck */
} sc_scripts_seen_state;
extern sc_scripts_seen_state sc_scripts_seen;

/* How many times the records were open to change (their write lock
 * taken): the same count twice, no record changed between (relaxed: a
 * change racing the read is one made just after it). */
extern _Atomic uint64_t sc_scripts_writes;
static inline uint64_t sc_scripts_write_count(void)
{
	return atomic_load_explicit(&sc_scripts_writes, memory_order_relaxed);
}

/* Whether a check has something to look at: a drain or a flush since the
 * last one, or the time for the scripts stat()ed instead of watched.
 * Inline: every include asks, and it is a few loads.  The table's version
 * is read with acquire: it pairs with the release of sc_gen_bump()'s and
 * sc_gen_bump_epoch()'s version step, so the bumps it counts are seen by
 * the check that records it as seen; no bump, no record to look at (a
 * drain that applied nothing, or only moved slots no record holds later,
 * costs no walk of the records). */
static inline bool sc_scripts_due(void)
{
	sc_gen *g = sc_the_proc.gen;
	uint64_t due;

	if (sc_gen_version(g) != atomic_load_explicit(&sc_scripts_seen.version, memory_order_relaxed)
			|| g != atomic_load_explicit(&sc_scripts_seen.gen, memory_order_relaxed)) {
		return true;
	}
	due = atomic_load_explicit(&sc_scripts_seen.next_due_ms, memory_order_relaxed);
	return due != UINT64_MAX && sc_now_ms() >= due;
}
/* The check: the records that changed go into todo; polled ones are
 * stat()ed every revalidate_freq seconds (0: every check). */
void sc_scripts_check(sc_cache *c, long revalidate_freq, sc_script_todo *todo);
/* opcache answered for real (done: false when it refused, restrict_api):
 * its records wait no more, or are retried at the next check. */
void sc_scripts_invalidated(const char *real, bool done);
/* A compiled name no check reaches (phar://, a stream), listed with why;
 * the first also said in the log when say (not in the CLI, where the log
 * is every command's stderr: a phar tool would print it at each run). */
void sc_scripts_unchecked(const char *name, const char *why, bool say);

typedef struct sc_scripts_totals {
	uint32_t watched, polled, unchecked;
	uint64_t recompiled;  /* compiles of a script recorded live and unchanged */
	uint64_t walks;       /* checks that looked at every record (the others:
	                       * at the records of the slots bumped since) */
} sc_scripts_totals;

void sc_scripts_totals_get(sc_scripts_totals *t);
/* The scripts stat()ed instead of watched and those not checked, with why
 * (at most max of each), for phpinfo(). */
void sc_scripts_each_listed(unsigned max, void (*fn)(const char *name, const char *why, void *arg), void *arg);
/* pthread_atfork child handler: the records' lock is made anew. */
void sc_scripts_after_fork(void);

#endif
