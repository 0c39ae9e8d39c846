/*
 * statcache: one record of src/engine/scripts.c filled from the cache
 * (src/engine/script_fill.c).  Private to the records: pure C (no Zend).
 */
#ifndef STATCACHE_ENGINE_SCRIPT_FILL_H
#define STATCACHE_ENGINE_SCRIPT_FILL_H

#include "engine/scripts.h"

#define SC_SCRIPT_MAX_DEPS (2 * SC_MAX_DEPS + SC_VIA_MAX_DEPS)

typedef enum {
	SC_SCRIPT_DEAD = 0,  /* invalidated or never filled: no record */
	SC_SCRIPT_WATCHED,   /* valid while its deps hold */
	SC_SCRIPT_POLLED,    /* stat()ed every revalidate_freq (why: the reason) */
	SC_SCRIPT_STUCK      /* waiting for opcache_invalidate() (restrict_api: retried) */
} sc_script_state;

typedef struct sc_script {
	char *key;           /* the absolute spelling included by, or the real path */
	char *path;          /* the real path: what opcache holds the script under */
	char *spelling;      /* the absolute name opened when it is another than path
	                      * (key, or chosen), else NULL */
	char *chosen;        /* a name record's: the candidate PHP chose (owned) */
	char *passed;        /* a name record's: the candidates PHP found missing
	                      * first, each NUL-terminated, passed_len bytes */
	uint64_t hash;       /* of key */
	uint32_t klen, len, passed_len;
	uint8_t state;
	uint8_t ndeps;
	bool racy;           /* the identity was taken in the tick of a change */
	bool name_only;      /* a relative name's meaning (sc_scripts_name()), no script */
	bool compiled;       /* compiled here (not only adopted or vouched for) */
	uint32_t epoch;
	const char *why;     /* POLLED: why the cache cannot vouch */
	sc_file_id id;
	sc_dep deps[SC_SCRIPT_MAX_DEPS];
} sc_script;


/* Fills s (path and spelling set) from the cache now: the state it should
 * take (WATCHED with deps and identity, POLLED with a stat() identity), or
 * DEAD when the script is gone, its spelling means another file, a
 * candidate a name record passed over is there now, or it is not what
 * expect says.  Changes no count. */
sc_script_state sc_script_fill(sc_cache *c, sc_script *s, const sc_file_id *expect);
/* Every component of path older than since (s): a component renamed or
 * replaced since (a symlink swapped, a directory moved) has a newer ctime,
 * which rename() sets on the inode it moves. */
bool sc_script_settled(sc_cache *c, const char *path, int64_t since);

#endif
