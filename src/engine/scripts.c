/*
 * statcache: the scripts opcache holds (see src/engine/scripts.h).
 *
 * A record is valid while the generation values of its lookups hold: the
 * real path's canonical entry, and the spelling's own entry when the
 * script was included by another name (its links' name slots: a deploy
 * swap of current -> releases/N moves one).  When they move, the record is
 * looked up again with a fresh lstat(): the same identity (device, inode,
 * size, mtime, ctime, mode) under the same meaning of the spelling keeps
 * it (a neighbour's event, a flush);
 * anything else, or an identity taken in the tick of its file's last
 * change, which proves nothing, goes to be invalidated.  A script the
 * cache does not answer for is stat()ed at opcache.revalidate_freq.  A
 * name record (what a relative include name means, sc_scripts_name())
 * depends on the negative lookups of the candidates it passed over too;
 * it takes no identity and, when its values move to another meaning, just
 * dies: the next include resolves the name again.
 */
#ifndef _GNU_SOURCE
# define _GNU_SOURCE
#endif
#include "engine/scripts.h"
#include "engine/script_fill.h"
#include "engine/scripts_index.h"
#include "core/fileid.h"
#include "core/log.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define SC_SCRIPTS_UNCHECKED_MAX 8

/* The records of this process, under sc_scripts_lock: read-locked by the
 * question every absolute include asks (sc_scripts_known()) and by the
 * status, write-locked by a compile, an adoption and a check after a
 * drain; never taken on a stat-family hit. */
pthread_rwlock_t sc_scripts_lock = PTHREAD_RWLOCK_INITIALIZER;
/* Set once at startup: a ZTS build, where several PHP threads share the
 * records; with one PHP thread (NTS) the lock is not taken (the watcher
 * thread never touches records). */
bool sc_scripts_threads;

static void sc_rdlock(void)
{
	if (sc_scripts_threads) {
		pthread_rwlock_rdlock(&sc_scripts_lock);
	}
}

_Atomic uint64_t sc_scripts_writes;

static void sc_wrlock(void)
{
	if (sc_scripts_threads) {
		pthread_rwlock_wrlock(&sc_scripts_lock);
	}
	/* every change to the records is made under this lock: a count of its
	 * takings tells a caller that nothing changed since it looked
	 * (sc_scripts_write_count()) */
	atomic_fetch_add_explicit(&sc_scripts_writes, 1, memory_order_relaxed);
}

static void sc_unlock(void)
{
	if (sc_scripts_threads) {
		pthread_rwlock_unlock(&sc_scripts_lock);
	}
}

/* The records' index hash: the table's unless the PHP layer gives PHP's
 * own string hash (sc_scripts_startup()), which an include's name already
 * carries or opcache computes for it anyway. */
static uint64_t sc_scripts_table_hash(const char *key, size_t len)
{
	return sc_table_hash(key, len);
}
static uint64_t (*sc_scripts_hash)(const char *key, size_t len) = sc_scripts_table_hash;

void sc_scripts_startup(bool threads, uint64_t (*hash)(const char *key, size_t len))
{
	sc_scripts_threads = threads;
	sc_scripts_hash = hash ? hash : sc_scripts_table_hash;
}
sc_script *sc_scripts;
static uint32_t sc_scripts_n, sc_scripts_cap;
uint32_t *sc_scripts_index;       /* open addressing: record number + 1 */
uint32_t sc_scripts_index_cap;
static uint32_t sc_scripts_live, sc_scripts_polled, sc_scripts_stuck;
static uint32_t sc_names_live, sc_names_polled;  /* of those, name records */
static char *sc_unchecked[SC_SCRIPTS_UNCHECKED_MAX];
static const char *sc_unchecked_why[SC_SCRIPTS_UNCHECKED_MAX];
static uint32_t sc_unchecked_n;
/* Compiles of a script whose record was live with the identity the
 * compile found: a copy opcache should still have held (a precaution of
 * ours, opcache's memory full or restarted, file_update_protection). */
static _Atomic uint64_t sc_scripts_recompiled;
static _Atomic uint64_t sc_scripts_walks;

/* The records by the slots they depend on, so that a check after a few
 * bumps looks at the records of those slots only (sc_gen_bumped()), not
 * at every record.  Entries are only added (a record re-armed adds its
 * deps again; an entry whose record moved on costs one sc_gen_deps_hold()
 * that holds) and the whole is rebuilt from the records when stale
 * entries outgrow the live ones.  Under the records' lock. */
typedef struct sc_rix_entry {
	uint32_t rec;   /* record number */
	uint32_t next;  /* the next entry of the same slot + 1; 0: the last */
} sc_rix_entry;
static uint32_t *sc_rix_keys;      /* open addressing: slot + 1; 0: empty */
static uint32_t *sc_rix_heads;     /* beside each key: its first entry + 1 */
static uint32_t sc_rix_cap, sc_rix_nkeys;
static sc_rix_entry *sc_rix_ents;
static uint32_t sc_rix_n, sc_rix_ent_cap;
static uint32_t sc_rix_live_deps;  /* deps of the records last indexed in full */
/* The next check walks every record: a record was armed whose deps do
 * not hold already (no bump will come to name it), or the index lacks an
 * entry (no memory). */
static bool sc_rix_walk_due = true;

/* The head cell of slot in the index, made if make; NULL when absent
 * (or no memory: the index is then due for a walk). */
static uint32_t *sc_rix_head(uint32_t slot, bool make)
{
	if (make && (sc_rix_nkeys + 1) * 2 > sc_rix_cap) {
		uint32_t ncap = sc_rix_cap ? sc_rix_cap * 2 : 1024;
		uint32_t *nk = calloc(ncap, sizeof(*nk)), *nh = calloc(ncap, sizeof(*nh));
		if (!nk || !nh) {
			free(nk);
			free(nh);
			return NULL;
		}
		for (uint32_t i = 0; i < sc_rix_cap; i++) {
			if (sc_rix_keys[i]) {
				uint32_t j = (sc_rix_keys[i] * 0x9e3779b1u) & (ncap - 1);
				while (nk[j]) {
					j = (j + 1) & (ncap - 1);
				}
				nk[j] = sc_rix_keys[i];
				nh[j] = sc_rix_heads[i];
			}
		}
		free(sc_rix_keys);
		free(sc_rix_heads);
		sc_rix_keys = nk;
		sc_rix_heads = nh;
		sc_rix_cap = ncap;
	}
	if (!sc_rix_cap) {
		return NULL;
	}
	for (uint32_t j = ((slot + 1) * 0x9e3779b1u) & (sc_rix_cap - 1);; j = (j + 1) & (sc_rix_cap - 1)) {
		if (sc_rix_keys[j] == slot + 1) {
			return &sc_rix_heads[j];
		}
		if (!sc_rix_keys[j]) {
			if (!make) {
				return NULL;
			}
			sc_rix_keys[j] = slot + 1;
			sc_rix_nkeys++;
			return &sc_rix_heads[j];
		}
	}
}

/* Record k's deps into the index; a failure makes the next check walk. */
static void sc_rix_add(uint32_t k)
{
	const sc_script *s = &sc_scripts[k];

	for (unsigned i = 0; i < s->ndeps; i++) {
		uint32_t *head;
		if (sc_rix_n == sc_rix_ent_cap) {
			uint32_t ncap = sc_rix_ent_cap ? sc_rix_ent_cap * 2 : 1024;
			sc_rix_entry *ne = realloc(sc_rix_ents, ncap * sizeof(*ne));
			if (!ne) {
				sc_rix_walk_due = true;
				return;
			}
			sc_rix_ents = ne;
			sc_rix_ent_cap = ncap;
		}
		head = sc_rix_head(s->deps[i].slot & sc_the_proc.gen->mask, true); /* sc_gen_bumped()'s slots */
		if (!head) {
			sc_rix_walk_due = true;
			return;
		}
		sc_rix_ents[sc_rix_n] = (sc_rix_entry) { .rec = k, .next = *head };
		*head = ++sc_rix_n;
	}
}

/* The index made again from the records armed now (its entries of
 * records since re-armed or gone dropped). */
static void sc_rix_rebuild(void)
{
	if (sc_rix_cap) {
		memset(sc_rix_keys, 0, sc_rix_cap * sizeof(*sc_rix_keys));
		memset(sc_rix_heads, 0, sc_rix_cap * sizeof(*sc_rix_heads));
	}
	sc_rix_nkeys = sc_rix_n = sc_rix_live_deps = 0;
	for (uint32_t k = 0; k < sc_scripts_n; k++) {
		if (sc_scripts[k].state == SC_SCRIPT_WATCHED) {
			sc_rix_live_deps += sc_scripts[k].ndeps;
			sc_rix_add(k);
		}
	}
}

/* What the last check saw, and when the next must look anyway (polled
 * records at revalidate_freq, stuck ones every second): written under the
 * lock, read before taking it (relaxed: a stale value costs one more
 * check, or one check later by a few loads; the lock orders the rest).
 * The table's version is read with acquire: it pairs with the release
 * that follows every slot and epoch bump, so the bumps it counts are seen
 * by the check that records it as seen. */
sc_scripts_seen_state sc_scripts_seen;
#define sc_seen_gen (sc_scripts_seen.gen)
#define sc_seen_version (sc_scripts_seen.version)
#define sc_next_due_ms (sc_scripts_seen.next_due_ms)

void sc_script_todo_free(sc_script_todo *t)
{
	for (uint32_t i = 0; i < t->n; i++) {
		free(t->paths[i]);
	}
	free(t->paths);
	t->paths = NULL;
	t->n = t->cap = 0;
}

/* Adds real once; changed wins over a precaution for the same path. */
static void sc_todo_add(sc_script_todo *t, const char *real, bool changed)
{
	size_t len = strlen(real);
	char *p;

	for (uint32_t i = 0; i < t->n; i++) {
		if (strcmp(t->paths[i] + 1, real) == 0) {
			if (changed) {
				t->paths[i][0] = '=';
			}
			return;
		}
	}
	if (t->n == t->cap) {
		uint32_t ncap = t->cap ? t->cap * 2 : 16;
		char **np = realloc(t->paths, ncap * sizeof(*np));
		if (!np) {
			return;
		}
		t->paths = np;
		t->cap = ncap;
	}
	p = malloc(len + 2);
	if (p) {
		p[0] = changed ? '=' : '!';
		memcpy(p + 1, real, len + 1);
		t->paths[t->n++] = p;
	}
}

/* ---- the table of records ------------------------------------------------- */

static void sc_scripts_index_put(uint32_t k, uint64_t h)
{
	uint32_t i = sc_scripts_slot(h);
	while (sc_scripts_index[i]) {
		i = (i + 1) & (sc_scripts_index_cap - 1);
	}
	sc_scripts_index[i] = k;
}

/* The record of an include spelled key, for the script at real, made
 * (dead) if there is none; NULL without memory.  Records are never removed
 * one by one, only revived, so the index only grows: one slot per spelling
 * ever compiled or adopted here. */
static sc_script *sc_scripts_get(const char *key, const char *real)
{
	size_t klen = strlen(key), len = strlen(real);
	uint64_t h = sc_scripts_hash(key, klen);
	sc_script *s = sc_scripts_find(key, klen, h);

	if (s) {
		if (s->len != len || memcmp(s->path, real, len) != 0) {
			char *np = strdup(real);
			if (!np) {
				return NULL;
			}
			free(s->path);
			s->path = np;
			s->len = (uint32_t) len;
			s->spelling = key[0] == '/' && strcmp(s->key, s->path) != 0 ? s->key : NULL;
		}
		return s;
	}
	if ((sc_scripts_n + 1) * 2 > sc_scripts_index_cap) {
		uint32_t ncap = sc_scripts_index_cap ? sc_scripts_index_cap * 2 : 256;
		uint32_t *ni = calloc(ncap, sizeof(*ni));
		if (!ni) {
			return NULL;
		}
		free(sc_scripts_index);
		sc_scripts_index = ni;
		sc_scripts_index_cap = ncap;
		for (uint32_t k = 0; k < sc_scripts_n; k++) {
			sc_scripts_index_put(k + 1, sc_scripts[k].hash);
		}
	}
	if (sc_scripts_n == sc_scripts_cap) {
		uint32_t ncap = sc_scripts_cap ? sc_scripts_cap * 2 : 128;
		sc_script *ns = realloc(sc_scripts, ncap * sizeof(*ns));
		if (!ns) {
			return NULL;
		}
		sc_scripts = ns;
		sc_scripts_cap = ncap;
	}
	s = &sc_scripts[sc_scripts_n];
	memset(s, 0, sizeof(*s));
	s->key = strdup(key);
	s->path = strdup(real);
	if (!s->key || !s->path) {
		free(s->key);
		free(s->path);
		return NULL;
	}
	s->klen = (uint32_t) klen;
	s->len = (uint32_t) len;
	s->spelling = key[0] == '/' && strcmp(s->key, s->path) != 0 ? s->key : NULL;
	s->hash = h;
	sc_scripts_n++;
	sc_scripts_index_put(sc_scripts_n, h);
	return s;
}

/* Under the lock; the counts say when a check must look without a drain. */
static void sc_scripts_set_state(sc_script *s, sc_script_state st)
{
	sc_scripts_live += (st != SC_SCRIPT_DEAD) - (s->state != SC_SCRIPT_DEAD);
	sc_scripts_polled += (st == SC_SCRIPT_POLLED) - (s->state == SC_SCRIPT_POLLED);
	sc_scripts_stuck += (st == SC_SCRIPT_STUCK) - (s->state == SC_SCRIPT_STUCK);
	if (s->name_only) {
		sc_names_live += (st != SC_SCRIPT_DEAD) - (s->state != SC_SCRIPT_DEAD);
		sc_names_polled += (st == SC_SCRIPT_POLLED) - (s->state == SC_SCRIPT_POLLED);
	}
	s->state = (uint8_t) st;
	if (st == SC_SCRIPT_WATCHED) {
		/* a check after the next bumps looks at it through its slots; one
		 * whose deps do not hold already (racy: nothing held) waits for
		 * no bump: the next check walks */
		if (!sc_gen_deps_hold(sc_the_proc.gen, s->epoch, s->deps, s->ndeps)) {
			sc_rix_walk_due = true;
		} else {
			sc_rix_add((uint32_t) (s - sc_scripts));
		}
	}
	if (!sc_scripts_polled && !sc_scripts_stuck) {
		atomic_store_explicit(&sc_next_due_ms, UINT64_MAX, memory_order_relaxed);
	} else if (st == SC_SCRIPT_STUCK) {
		atomic_store_explicit(&sc_next_due_ms, 0, memory_order_relaxed); /* the check that follows */
	}
}

/* Puts a fill's state in force; a newly polled record makes the next
 * check look (then every revalidate_freq).  Polled scripts are checked,
 * so they are counted and listed (phpinfo()), not logged. */
static void sc_apply(sc_script *s, sc_script_state st)
{
	bool newly_polled = st == SC_SCRIPT_POLLED && s->state != SC_SCRIPT_POLLED;

	sc_scripts_set_state(s, st);
	if (newly_polled && atomic_load_explicit(&sc_next_due_ms, memory_order_relaxed) == UINT64_MAX) {
		atomic_store_explicit(&sc_next_due_ms, 0, memory_order_relaxed);
	}
}

/* ---- what the hooks ask --------------------------------------------------- */

bool sc_scripts_before(sc_cache *c, const char *path, sc_file_id *id)
{
	sc_script tmp;

	memset(&tmp, 0, sizeof(tmp));
	tmp.key = tmp.path = (char *) path;
	tmp.klen = tmp.len = (uint32_t) strlen(path);
	if (sc_script_fill(c, &tmp, NULL) == SC_SCRIPT_DEAD) {
		return false;
	}
	*id = tmp.id;
	return true;
}

/* Was s compiled here and live since, with the identity id: a compile of
 * it now is of a copy opcache should have held? */
static bool sc_compiled_as(const sc_script *s, const sc_file_id *id)
{
	return s && s->compiled && !s->name_only && !s->racy
		&& (s->state == SC_SCRIPT_WATCHED || s->state == SC_SCRIPT_POLLED) && sc_file_id_eq(&s->id, id);
}

/* Fills the record of an include spelled key (under the lock): real was
 * compiled (expect: the identity taken before, or NULL) or vouched for. */
static void sc_record_one(sc_cache *c, const char *key, const char *real, const sc_file_id *expect)
{
	sc_script *s = sc_scripts_get(key, real);
	sc_script_state st;

	if (!s) {
		return;
	}
	st = sc_script_fill(c, s, expect);
	if (st == SC_SCRIPT_DEAD) {
		/* changed between the identity and now: the compiler read either
		 * version; a record that holds nothing fails the next check */
		s->ndeps = 0;
		s->epoch = 0;
		s->racy = true;
		if (expect) {
			s->id = *expect;
		}
		st = SC_SCRIPT_WATCHED;
	}
	s->compiled |= expect != NULL;
	sc_apply(s, st);
}

void sc_scripts_record(sc_cache *c, const char *real, const char *spelling, const sc_file_id *expect)
{
	size_t len = strlen(real);
	bool other = spelling && strcmp(spelling, real) != 0;

	sc_wrlock();
	if (expect && (sc_compiled_as(sc_scripts_find(real, len, sc_scripts_hash(real, len)), expect)
			|| (other && sc_compiled_as(sc_scripts_find(spelling, strlen(spelling),
				sc_scripts_hash(spelling, strlen(spelling))), expect)))) {
		atomic_fetch_add_explicit(&sc_scripts_recompiled, 1, memory_order_relaxed);
	}
	if (other) {
		sc_record_one(c, spelling, real, expect);
	}
	/* opcache holds the copy under its real path too: an include by that
	 * name (or another spelling of it) is served the same copy */
	sc_record_one(c, real, real, expect);
	sc_unlock();
}

bool sc_scripts_known(const char *key)
{
	return sc_scripts_known_or_pending(key, strlen(key), NULL) != 0;
}

int sc_scripts_known_or_pending(const char *key, size_t klen, char *real)
{
	sc_script *s;
	int r;

	sc_rdlock();
	s = sc_scripts_find(key, klen, sc_scripts_hash(key, klen));
	r = !s || s->state == SC_SCRIPT_DEAD ? 0 : s->state == SC_SCRIPT_STUCK ? 2 : 1;
	if (r == 2 && real) {
		memcpy(real, s->path, s->len + 1);
	}
	sc_unlock();
	return r;
}

bool sc_scripts_name(sc_cache *c, const char *key, const char *real, const char *chosen, const char *passed,
	size_t passed_len)
{
	sc_script *s;
	char *ch = NULL, *pa = NULL;
	bool live = false;

	if ((chosen && strcmp(chosen, real) != 0 && !(ch = strdup(chosen))) || (passed_len && !(pa = malloc(passed_len)))) {
		free(ch);
		return false; /* no record: the next include walks again */
	}
	if (pa) {
		memcpy(pa, passed, passed_len);
	}
	sc_wrlock();
	s = sc_scripts_get(key, real);
	if (s) {
		free(s->chosen);
		free(s->passed);
		s->chosen = ch;
		s->spelling = ch;
		s->passed = pa;
		s->passed_len = (uint32_t) passed_len;
		s->name_only = true; /* its key is no path: never a script's record */
		sc_apply(s, sc_script_fill(c, s, NULL));
		live = s->state != SC_SCRIPT_DEAD;
	} else {
		free(ch);
		free(pa);
	}
	sc_unlock();
	return live;
}

bool sc_scripts_name_real(const char *key, char *real)
{
	size_t klen = strlen(key);
	sc_script *s;
	bool r;

	sc_rdlock();
	s = sc_scripts_find(key, klen, sc_scripts_hash(key, klen));
	r = s && s->name_only && (s->state == SC_SCRIPT_WATCHED || s->state == SC_SCRIPT_POLLED);
	if (r) {
		memcpy(real, s->path, s->len + 1);
	}
	sc_unlock();
	return r;
}


bool sc_scripts_adopt(sc_cache *c, const char *real, const char *spelling, int64_t since, bool file_cache)
{
	sc_script *s;
	bool ok = false;

	sc_wrlock();
	s = sc_scripts_get(spelling ? spelling : real, real);
	if (s && s->state == SC_SCRIPT_DEAD) {
		sc_script_state st = sc_script_fill(c, s, NULL);
		ok = st == SC_SCRIPT_WATCHED && !file_cache && s->id.ctime_s + 1 < since && s->id.mtime_s + 1 < since
			&& sc_script_settled(c, real, since) && (!spelling || sc_script_settled(c, spelling, since));
		if (ok) {
			sc_apply(s, st);
		}
	} else {
		ok = s != NULL;
	}
	sc_unlock();
	return ok;
}

/* A record that may be stale: re-armed if it is the same file under the
 * same meaning (and its identity proves that), else queued. */
static void sc_recheck(sc_cache *c, sc_script *s, sc_script_todo *t)
{
	sc_file_id old = s->id;
	bool racy = s->racy;
	sc_script_state st = sc_script_fill(c, s, &old);

	if (s->name_only) {
		sc_apply(s, st); /* dead: the next include of the name walks again */
		return;
	}
	if (st != SC_SCRIPT_DEAD && !racy) {
		sc_apply(s, st);
		return;
	}
	sc_todo_add(t, s->path, st == SC_SCRIPT_DEAD);
	sc_scripts_set_state(s, SC_SCRIPT_STUCK);
}

/* The check of the records whose slots the bumps since seen moved (the
 * bump log, src/core/gen.h), when the log tells them all and no record
 * waits for a walk: true when done, false when the caller must walk every
 * record.  Under the lock.  Entries a recheck adds meanwhile are met by
 * their number (the array may move) and hold. */
static bool sc_scripts_bumped_check(sc_cache *c, sc_gen *g, uint64_t seen, uint64_t version,
	sc_script_todo *todo)
{
	uint32_t bumped[64];
	int n;

	if (sc_rix_walk_due || version < seen) {
		return false;
	}
	n = sc_gen_bumped(g, seen, version, bumped, sizeof(bumped) / sizeof(bumped[0]));
	if (n < 0) {
		return false;
	}
	for (int i = 0; i < n; i++) {
		const uint32_t *head = sc_rix_head(bumped[i], false);
		for (uint32_t e = head ? *head : 0; e; e = sc_rix_ents[e - 1].next) {
			sc_script *s = &sc_scripts[sc_rix_ents[e - 1].rec];
			if (s->state == SC_SCRIPT_WATCHED && !sc_gen_deps_hold(g, s->epoch, s->deps, s->ndeps)) {
				sc_recheck(c, s, todo);
			}
		}
	}
	return true;
}

void sc_scripts_check(sc_cache *c, long revalidate_freq, sc_script_todo *todo)
{
	sc_gen *g = sc_the_proc.gen;
	/* acquire: as in sc_scripts_due(); read before the records are, so a
	 * bump after it moves the version past what is recorded as seen */
	uint64_t version = sc_gen_version(g);
	uint64_t due, now = 0, seen;
	sc_gen *seen_g;
	bool poll = false, retry;

	sc_wrlock();
	seen_g = atomic_load_explicit(&sc_seen_gen, memory_order_relaxed);
	seen = atomic_load_explicit(&sc_seen_version, memory_order_relaxed);
	atomic_store_explicit(&sc_seen_gen, g, memory_order_relaxed);
	atomic_store_explicit(&sc_seen_version, version, memory_order_relaxed);
	now = sc_now_ms();
	due = atomic_load_explicit(&sc_next_due_ms, memory_order_relaxed);
	retry = poll = due != UINT64_MAX && now >= due;
	if (poll) {
		/* polled records every revalidate_freq (0: every check), stuck ones
		 * every second at most */
		uint64_t next = now + (revalidate_freq > 0 ? (uint64_t) revalidate_freq * 1000u : 0);
		if (sc_scripts_stuck && (!sc_scripts_polled || next > now + 1000)) {
			next = now + 1000;
		}
		atomic_store_explicit(&sc_next_due_ms, sc_scripts_polled || sc_scripts_stuck ? next : UINT64_MAX,
			memory_order_relaxed);
	}
	if (sc_rix_n > 2 * sc_rix_live_deps + 4096) {
		sc_rix_rebuild(); /* stale entries outgrew the live ones */
	}
	if (!poll && !retry && seen_g == g && sc_scripts_bumped_check(c, g, seen, version, todo)) {
		sc_unlock();
		return;
	}
	sc_rix_walk_due = false;
	atomic_fetch_add_explicit(&sc_scripts_walks, 1, memory_order_relaxed);
	for (uint32_t k = 0; k < sc_scripts_n; k++) {
		sc_script *s = &sc_scripts[k];
		switch (s->state) {
			case SC_SCRIPT_WATCHED:
				if (!sc_gen_deps_hold(g, s->epoch, s->deps, s->ndeps)) {
					sc_recheck(c, s, todo);
				}
				break;
			case SC_SCRIPT_POLLED:
				if (poll) {
					sc_recheck(c, s, todo);
				}
				break;
			case SC_SCRIPT_STUCK:
				if (retry) {
					sc_todo_add(todo, s->path, true);
				}
				break;
			default:
				break;
		}
	}
	sc_unlock();
}

void sc_scripts_invalidated(const char *real, bool done)
{
	if (!done) {
		return; /* stays STUCK: the next check retries */
	}
	sc_wrlock();
	for (uint32_t k = 0; k < sc_scripts_n; k++) {
		sc_script *s = &sc_scripts[k];
		if (s->state == SC_SCRIPT_STUCK && strcmp(s->path, real) == 0) {
			sc_scripts_set_state(s, SC_SCRIPT_DEAD);
		}
	}
	sc_unlock();
}

void sc_scripts_unchecked(const char *name, const char *why, bool say)
{
	sc_wrlock();
	for (uint32_t i = 0; i < sc_unchecked_n; i++) {
		if (strcmp(sc_unchecked[i], name) == 0) {
			sc_unlock();
			return;
		}
	}
	if (sc_unchecked_n < SC_SCRIPTS_UNCHECKED_MAX && (sc_unchecked[sc_unchecked_n] = strdup(name))) {
		sc_unchecked_why[sc_unchecked_n++] = why;
		if (say) {
			sc_log_once(SC_LOG_OPCACHE_UNCHECKED, "statcache: statcache.opcache_invalidate: %s is not checked (%s): "
				"opcache keeps it as opcache.validate_timestamps says (phpinfo() lists such scripts)", name, why);
		}
	}
	sc_unlock();
}

void sc_scripts_totals_get(sc_scripts_totals *t)
{
	sc_rdlock();
	/* name records are no scripts of opcache's */
	t->watched = sc_scripts_live - sc_scripts_polled - sc_scripts_stuck - (sc_names_live - sc_names_polled);
	t->polled = sc_scripts_polled - sc_names_polled;
	t->unchecked = sc_unchecked_n;
	sc_unlock();
	t->recompiled = atomic_load_explicit(&sc_scripts_recompiled, memory_order_relaxed);
	t->walks = atomic_load_explicit(&sc_scripts_walks, memory_order_relaxed);
}

void sc_scripts_each_listed(unsigned max, void (*fn)(const char *name, const char *why, void *arg), void *arg)
{
	unsigned shown = 0;

	sc_rdlock();
	for (uint32_t k = 0; k < sc_scripts_n && shown < max; k++) {
		if (sc_scripts[k].state == SC_SCRIPT_POLLED && !sc_scripts[k].name_only) {
			fn(sc_scripts[k].key, sc_scripts[k].why, arg);
			shown++;
		}
	}
	for (uint32_t i = 0; i < sc_unchecked_n && i < max; i++) {
		fn(sc_unchecked[i], sc_unchecked_why[i], arg);
	}
	sc_unlock();
}

void sc_scripts_after_fork(void)
{
	pthread_rwlock_t fresh = PTHREAD_RWLOCK_INITIALIZER;
	sc_scripts_lock = fresh;
	atomic_fetch_add_explicit(&sc_scripts_writes, 1, memory_order_relaxed);
}
