/*
 * The lookup engine against a real directory tree under /tmp, with a real
 * inotify instance and watcher thread.
 */
#include "lookup_fixture.h"

#include <pwd.h>
#include <grp.h>

/* --- answers ------------------------------------------------------------ */

static void an_existing_file_is_found_with_its_lstat(void **state)
{
	fx *f = *state;
	sc_entry *e;

	fx_write(f, "file.php", "<?php\n");
	e = lk(f, P(f, "file.php"));
	assert_non_null(e);
	assert_int_equal(e->r.kind, SC_KIND_FOUND);
	assert_same_as_lstat(e, P(f, "file.php"));
	assert_true(S_ISREG(e->r.st.st_mode));
	assert_int_equal(e->r.st.st_size, 6);
	/* directories on the way are answered too */
	e = lk(f, P(f, ""));
	assert_non_null(e);
	assert_true(S_ISDIR(e->r.st.st_mode));
	assert_same_as_lstat(e, P(f, ""));
	assert_same_as_lstat(lk(f, "/"), "/");
}

static void the_second_lookup_is_a_hit(void **state)
{
	fx *f = *state;
	sc_entry *e1, *e2;

	fx_write(f, "file.php", "x");
	e1 = lk(f, P(f, "file.php"));
	assert_non_null(e1);
	assert_int_equal(cnt(&f->c->n->misses), 1);
	assert_int_equal(cnt(&f->c->n->hits), 0);
	e2 = lk(f, P(f, "file.php"));
	assert_ptr_equal(e1, e2);
	assert_int_equal(cnt(&f->c->n->misses), 1);
	assert_int_equal(cnt(&f->c->n->hits), 1);
	assert_int_equal(cnt(&f->c->n->negative_hits), 0);
	assert_same_as_lstat(e2, P(f, "file.php"));
	/* entries and memory are published on a miss */
	assert_true(cnt(&f->c->n->entries) >= 3);
	assert_true(cnt(&f->c->n->memory) > sizeof(sc_cache));
}

static void a_missing_file_is_missing_with_enoent_and_then_a_negative_hit(void **state)
{
	fx *f = *state;

	assert_missing(lk(f, P(f, "nope.php")), P(f, "nope.php"), ENOENT);
	assert_int_equal(cnt(&f->c->n->misses), 1);
	assert_missing(lk(f, P(f, "nope.php")), P(f, "nope.php"), ENOENT);
	assert_int_equal(cnt(&f->c->n->hits), 1);
	assert_int_equal(cnt(&f->c->n->negative_hits), 1);
}

static void a_path_under_a_missing_directory_is_found_once_created_and_synced(void **state)
{
	fx *f = *state;

	assert_missing(lk(f, P(f, "dir/sub/f.php")), P(f, "dir/sub/f.php"), ENOENT);
	assert_missing(lk(f, P(f, "dir/sub/f.php")), P(f, "dir/sub/f.php"), ENOENT);
	assert_int_equal(cnt(&f->c->n->negative_hits), 1);

	fx_mkdir(f, "dir");
	fx_mkdir(f, "dir/sub");
	fx_write(f, "dir/sub/f.php", "abc");
	sc_watcher_mark_pending(); /* as PHP's sync point after a write */
	assert_same_as_lstat(lk(f, P(f, "dir/sub/f.php")), P(f, "dir/sub/f.php"));
	assert_int_equal(lk(f, P(f, "dir/sub/f.php"))->r.st.st_size, 3);
}

static void a_file_created_by_this_process_is_seen_after_the_sync_point(void **state)
{
	fx *f = *state;
	sc_proc_settings s = fx_default_settings;

	s.test_watcher = 0; /* only the sync point may reveal it */
	fx_restart(f, &s);
	assert_missing(lk(f, P(f, "new.php")), P(f, "new.php"), ENOENT);
	fx_write(f, "new.php", "12345");
	sc_watcher_mark_pending();
	assert_same_as_lstat(lk(f, P(f, "new.php")), P(f, "new.php"));
	unlink(P(f, "new.php"));
	sc_watcher_mark_pending();
	assert_missing(lk(f, P(f, "new.php")), P(f, "new.php"), ENOENT);
}

/* SQLite makes and removes its -journal once per transaction: a hundred
 * times in one drain cost only the journal's own name (each cached file
 * has a watch of its own: a name that went cannot have changed it
 * unseen). */
static void a_name_made_again_and_again_in_one_drain_keeps_other_results(void **state)
{
	fx *f = *state;
	sc_proc_settings s = fx_default_settings;
	uint64_t misses, flushes;
	uint32_t epoch;

	s.test_watcher = 0; /* one drain: the sync point's */
	fx_restart(f, &s);
	fx_mkdir(f, "db");
	fx_mkdir(f, "code");
	fx_write(f, "code/a.php", "abc");
	sc_watcher_mark_pending();
	assert_same_as_lstat(lk(f, P(f, "code/a.php")), P(f, "code/a.php"));
	assert_missing(lk(f, P(f, "code/none.php")), P(f, "code/none.php"), ENOENT);
	assert_same_as_lstat(lk(f, P(f, "code")), P(f, "code"));
	assert_missing(lk(f, P(f, "db/x-journal")), P(f, "db/x-journal"), ENOENT);
	flushes = atomic_load(&sc_the_proc.gen->flushes);
	epoch = sc_gen_epoch(sc_the_proc.gen);
	for (int i = 0; i < 100; i++) {
		fx_write(f, "db/x-journal", "j");
		unlink(P(f, "db/x-journal"));
	}
	fx_write(f, "db/x-journal", "last");
	sc_watcher_mark_pending();
	misses = cnt(&f->c->n->misses);
	assert_same_as_lstat(lk(f, P(f, "code/a.php")), P(f, "code/a.php"));
	assert_missing(lk(f, P(f, "code/none.php")), P(f, "code/none.php"), ENOENT);
	assert_same_as_lstat(lk(f, P(f, "code")), P(f, "code"));
	assert_int_equal(cnt(&f->c->n->misses), misses);
	assert_int_equal(atomic_load(&sc_the_proc.gen->flushes), flushes);
	assert_int_equal(sc_gen_epoch(sc_the_proc.gen), epoch);
	assert_same_as_lstat(lk(f, P(f, "db/x-journal")), P(f, "db/x-journal"));
	assert_int_equal(cnt(&f->c->n->misses), misses + 1);
}

/* A hard link made, written through and removed before the drain: link()
 * raised no event in the linked file's directory, but the file's own watch
 * saw the link, the write and the unlink.  An atomic write (a new name
 * renamed over another in the same drain) drops nothing else. */
static void a_link_gone_before_the_drain_drops_the_linked_file(void **state)
{
	fx *f = *state;
	sc_proc_settings s = fx_default_settings;
	uint64_t misses;
	int fd;

	s.test_watcher = 0;
	fx_restart(f, &s);
	fx_mkdir(f, "w");
	fx_mkdir(f, "v");
	fx_write(f, "v/f", "a");
	fx_write(f, "w/other", "o");
	fx_write(f, "w/conf", "old");
	sc_watcher_mark_pending();
	assert_same_as_lstat(lk(f, P(f, "v/f")), P(f, "v/f"));
	assert_same_as_lstat(lk(f, P(f, "w/other")), P(f, "w/other"));
	assert_same_as_lstat(lk(f, P(f, "w/conf")), P(f, "w/conf"));

	fx_write(f, "w/conf.tmp", "new conf");
	assert_int_equal(rename(P(f, "w/conf.tmp"), P(f, "w/conf")), 0);
	sc_watcher_mark_pending();
	misses = cnt(&f->c->n->misses);
	assert_same_as_lstat(lk(f, P(f, "w/conf")), P(f, "w/conf"));
	assert_same_as_lstat(lk(f, P(f, "v/f")), P(f, "v/f"));
	assert_same_as_lstat(lk(f, P(f, "w/other")), P(f, "w/other"));
	assert_int_equal(cnt(&f->c->n->misses), misses + 1);   /* conf only */

	assert_int_equal(link(P(f, "v/f"), P(f, "w/g")), 0);
	fd = open(P(f, "w/g"), O_WRONLY | O_APPEND);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "xyz", 3), 3);
	close(fd);
	assert_int_equal(unlink(P(f, "w/g")), 0);
	sc_watcher_mark_pending();
	assert_same_as_lstat(lk(f, P(f, "v/f")), P(f, "v/f"));
	assert_int_equal(lk(f, P(f, "v/f"))->r.st.st_size, 4);
}

/* rmdir of a watched directory (Shellbox's temporary directories) drops
 * what was known in it, and nothing else; made again, it is seen afresh. */
static void a_removed_directory_drops_its_names_and_nothing_else(void **state)
{
	fx *f = *state;
	uint64_t misses;
	uint32_t epoch;

	fx_mkdir(f, "code");
	fx_write(f, "code/a.php", "abc");
	fx_mkdir(f, "tmp");
	fx_write(f, "tmp/in", "1");
	sc_watcher_mark_pending();
	assert_same_as_lstat(lk(f, P(f, "code/a.php")), P(f, "code/a.php"));
	assert_same_as_lstat(lk(f, P(f, "tmp/in")), P(f, "tmp/in"));
	assert_missing(lk(f, P(f, "tmp/out")), P(f, "tmp/out"), ENOENT);
	assert_missing(lk(f, P(f, "tmp/out/x")), P(f, "tmp/out/x"), ENOENT);
	epoch = sc_gen_epoch(sc_the_proc.gen);

	unlink(P(f, "tmp/in"));
	assert_int_equal(rmdir(P(f, "tmp")), 0);
	sc_watcher_mark_pending();
	misses = cnt(&f->c->n->misses);
	assert_same_as_lstat(lk(f, P(f, "code/a.php")), P(f, "code/a.php"));
	assert_int_equal(cnt(&f->c->n->misses), misses); /* still a hit */
	assert_int_equal(sc_gen_epoch(sc_the_proc.gen), epoch);
	assert_missing(lk(f, P(f, "tmp/in")), P(f, "tmp/in"), ENOENT);

	/* made again, with the names that were missing: a new directory */
	fx_mkdir(f, "tmp");
	fx_write(f, "tmp/out", "2");
	sc_watcher_mark_pending();
	assert_same_as_lstat(lk(f, P(f, "tmp/out")), P(f, "tmp/out"));
	assert_missing(lk(f, P(f, "tmp/out/x")), P(f, "tmp/out/x"), ENOTDIR);
	assert_missing(lk(f, P(f, "tmp/in")), P(f, "tmp/in"), ENOENT);
	/* and a name made in it later, by the watch armed on the new one */
	fx_write(f, "tmp/in", "3");
	sc_watcher_mark_pending();
	assert_same_as_lstat(lk(f, P(f, "tmp/in")), P(f, "tmp/in"));
}

static void a_path_under_a_regular_file_is_missing_with_enotdir(void **state)
{
	fx *f = *state;

	fx_write(f, "file", "x");
	assert_missing(lk(f, P(f, "file/x.php")), P(f, "file/x.php"), ENOTDIR);
	assert_missing(lk(f, P(f, "file/x/y")), P(f, "file/x/y"), ENOTDIR);
}

static void a_symlink_as_last_component_is_a_link(void **state)
{
	fx *f = *state;
	sc_entry *e;

	fx_write(f, "target.php", "x");
	assert_int_equal(symlink("target.php", P(f, "link.php")), 0);
	assert_int_equal(symlink("nowhere", P(f, "dangling")), 0);
	e = lk(f, P(f, "link.php"));
	assert_non_null(e);
	assert_int_equal(e->r.kind, SC_KIND_LINK);
	assert_true(S_ISLNK(e->r.st.st_mode));
	assert_same_as_lstat(e, P(f, "link.php"));
	e = lk(f, P(f, "dangling"));
	assert_non_null(e);
	assert_int_equal(e->r.kind, SC_KIND_LINK);
}

static void a_path_through_a_symlinked_directory_answers_as_its_target(void **state)
{
	fx *f = *state;
	sc_entry *e;

	fx_mkdir(f, "real");
	fx_write(f, "real/f.php", "x");
	assert_int_equal(symlink("real", P(f, "alias")), 0);
	e = lk(f, P(f, "alias/f.php"));
	assert_same_as_lstat(e, P(f, "alias/f.php"));
	assert_string_equal(e->key, P(f, "real/f.php"));
	assert_int_equal(cnt(&f->c->n->misses), 1);
	assert_ptr_equal(lk(f, P(f, "alias/f.php")), e);
	assert_int_equal(cnt(&f->c->n->hits), 1);
	assert_int_equal(cnt(&f->c->n->link_hits), 1);
	assert_int_equal(cnt(&f->c->n->bypassed), 0);
	/* the real spelling is the same result */
	assert_ptr_equal(lk(f, P(f, "real/f.php")), e);
	assert_int_equal(cnt(&f->c->n->link_hits), 1);
}

/* sc_hit(), the answers' first try, takes a spelling through a symlinked
 * directory too: the target's entry, marked via (for link_hits), while the
 * links it went through hold; once one is replaced, no hit (sc_lookup()
 * fills again, through the new link). */
static void a_path_through_a_symlinked_directory_is_a_hit_until_its_link_changes(void **state)
{
	fx *f = *state;
	sc_entry *e, *t;
	unsigned via = 0;
	char path[256], cmd[512];
	sc_proc_settings s = fx_default_settings;

	/* no watcher thread: another process's name in an ancestor (/tmp)
	 * would mark events pending, and sc_hit() leaves them to a lookup */
	s.test_watcher = 0;
	fx_restart(f, &s);
	fx_mkdir(f, "real");
	fx_mkdir(f, "other");
	fx_write(f, "real/f.php", "x");
	fx_write(f, "other/f.php", "longer");
	assert_int_equal(symlink("real", P(f, "alias")), 0);
	snprintf(path, sizeof(path), "%s", P(f, "alias/f.php"));
	e = lk(f, path);
	assert_non_null(e);
	assert_string_equal(e->key, P(f, "real/f.php"));
	t = sc_hit(f->c, path, strlen(path), &via);
	assert_ptr_equal(t, e);
	assert_int_equal(via, SC_HIT_VIA);
	/* a name not through a link leaves via alone */
	via = 0;
	assert_ptr_equal(sc_hit(f->c, P(f, "real/f.php"), strlen(P(f, "real/f.php")), &via), e);
	assert_int_equal(via, 0);
	/* the link replaced (another process: an event, then a drain) */
	snprintf(cmd, sizeof(cmd), "cd '%s' && ln -s other alias.new && mv -T alias.new alias", f->root);
	fx_sh(cmd);
	fx_nap_ms(50);
	while (!sc_watcher_drain()) {
	}
	via = 0;
	assert_null(sc_hit(f->c, path, strlen(path), &via));
	e = lk(f, path);
	assert_same_as_lstat(e, path);
	assert_string_equal(e->key, P(f, "other/f.php"));
	via = 0;
	assert_ptr_equal(sc_hit(f->c, path, strlen(path), &via), e);
	assert_int_equal(via, SC_HIT_VIA);
}

/* A file with two names is cached like any other (its own watch sees a
 * change through either name) and answered from the cache. */
static void a_regular_file_with_a_second_hard_link_is_cached(void **state)
{
	fx *f = *state;
	uint64_t hits;

	fx_write(f, "one.php", "x");
	assert_int_equal(link(P(f, "one.php"), P(f, "two.php")), 0);
	assert_same_as_lstat(lk(f, P(f, "one.php")), P(f, "one.php"));
	assert_same_as_lstat(lk(f, P(f, "two.php")), P(f, "two.php"));
	hits = cnt(&f->c->n->hits);
	assert_same_as_lstat(lk(f, P(f, "one.php")), P(f, "one.php"));
	assert_same_as_lstat(lk(f, P(f, "two.php")), P(f, "two.php"));
	assert_int_equal(cnt(&f->c->n->hits), hits + 2);
	assert_int_equal(cnt(&f->c->n->bypassed), 0);
}

/* link() by another process after caching, in a directory no lookup went
 * through, raises IN_ATTRIB on the inode only; the write through the new
 * name raises its events there and on the inode: the file's own watch sees
 * both, and the watcher thread's wake-up the next lookup drains. */
static void a_hard_link_another_process_makes_and_writes_through_is_seen(void **state)
{
	fx *f = *state;
	char cmd[512];

	fx_write(f, "one.php", "x");
	fx_mkdir(f, "elsewhere");
	assert_same_as_lstat(lk(f, P(f, "one.php")), P(f, "one.php"));
	snprintf(cmd, sizeof(cmd), "ln '%s' '%s' && echo more >> '%s' && chmod 600 '%s'", P(f, "one.php"),
		P(f, "elsewhere/two.php"), P(f, "elsewhere/two.php"), P(f, "elsewhere/two.php"));
	fx_sh(cmd);
	for (int i = 0; i < 200 && lk(f, P(f, "one.php"))->r.st.st_size != 6; i++) {
		fx_nap_ms(10);
	}
	assert_same_as_lstat(lk(f, P(f, "one.php")), P(f, "one.php"));
	assert_int_equal(lk(f, P(f, "one.php"))->r.st.st_size, 6);
	assert_int_equal(lk(f, P(f, "one.php"))->r.st.st_mode & 0777, 0600);
}

/* --- spellings ---------------------------------------------------------- */

static void a_dotdot_spelling_answers_as_the_canonical_path_and_hits_again(void **state)
{
	fx *f = *state;
	sc_entry *canon, *e;
	uint64_t hits;

	fx_mkdir(f, "d");
	fx_mkdir(f, "d/sub");
	fx_write(f, "d/f", "hello");
	canon = lk(f, P(f, "d/f"));
	assert_non_null(canon);
	e = lk(f, P(f, "d/sub/../f"));
	assert_ptr_equal(e, canon);
	assert_same_as_lstat(e, P(f, "d/f"));
	hits = cnt(&f->c->n->hits);
	e = lk(f, P(f, "d/sub/../f"));
	assert_ptr_equal(e, canon);
	assert_int_equal(cnt(&f->c->n->hits), hits + 1);
	/* the spelling depends on its ".." directory's name in its parent */
	{
		const char *sp = P(f, "d/sub/../f");
		sc_entry *alias = sc_table_find(&f->c->table, sp, strlen(sp), sc_table_hash(sp, strlen(sp)));
		sc_entry *d = lk(f, P(f, "d"));
		uint64_t misses = cnt(&f->c->n->misses);
		assert_non_null(alias);
		assert_non_null(d);
		assert_int_equal(alias->r.kind, SC_KIND_ALIAS);
		assert_ptr_equal(alias->r.target, canon);
		assert_int_equal(alias->r.ndeps, 1);
		assert_int_equal(alias->r.deps[0].slot, sc_gen_name_slot(sc_the_proc.gen, d->r.wd, "sub", 3));
		sc_gen_bump(sc_the_proc.gen, alias->r.deps[0].slot);
		assert_false(sc_result_valid(sc_the_proc.gen, &alias->r));
		assert_ptr_equal(lk(f, sp), canon);
		assert_int_equal(cnt(&f->c->n->misses), misses + 1);
	}
	/* "." and "//" spellings too */
	assert_ptr_equal(lk(f, P(f, "d/./f")), canon);
	assert_ptr_equal(lk(f, P(f, "d//f")), canon);
}

static void a_dotdot_spelling_stops_answering_when_its_directory_is_replaced(void **state)
{
	fx *f = *state;

	fx_mkdir(f, "d");
	fx_mkdir(f, "d/sub");
	fx_write(f, "d/f", "hello");
	assert_non_null(lk(f, P(f, "d/sub/../f")));
	/* d/sub becomes a symlink elsewhere: the kernel follows it, and so
	 * does the answer (o/x/.. is o) */
	fx_mkdir(f, "o");
	fx_mkdir(f, "o/x");
	fx_write(f, "o/f", "other file");
	assert_int_equal(rmdir(P(f, "d/sub")), 0);
	assert_int_equal(symlink("../o/x", P(f, "d/sub")), 0);
	sc_watcher_mark_pending();
	assert_same_as_lstat(lk(f, P(f, "d/sub/../f")), P(f, "d/sub/../f"));
	assert_int_equal(lk(f, P(f, "d/sub/../f"))->r.st.st_size, 10);
}

static void a_dotdot_after_a_missing_directory_fails_as_the_kernel_and_hits_again(void **state)
{
	fx *f = *state;
	sc_entry *e;
	uint64_t hits, misses;

	fx_mkdir(f, "d");
	fx_write(f, "d/f", "x");
	/* the kernel says ENOENT at "missing"; lexically it would be d/f */
	assert_same_as_lstat(lk(f, P(f, "d/missing/../f")), P(f, "d/missing/../f"));
	assert_same_as_lstat(lk(f, P(f, "d/missing/x/../../f")), P(f, "d/missing/x/../../f"));
	assert_int_equal(cnt(&f->c->n->bypassed), 0);
	hits = cnt(&f->c->n->hits);
	misses = cnt(&f->c->n->misses);
	e = lk(f, P(f, "d/missing/../f"));
	assert_non_null(e);
	assert_int_equal(e->r.kind, SC_KIND_MISSING);
	assert_int_equal(e->r.err, ENOENT);
	assert_int_equal(cnt(&f->c->n->hits), hits + 1);
	assert_int_equal(cnt(&f->c->n->misses), misses);
	/* the directory made: the spelling is d/f again */
	fx_mkdir(f, "d/missing");
	sc_watcher_mark_pending();
	assert_same_as_lstat(lk(f, P(f, "d/missing/../f")), P(f, "d/f"));
	assert_int_equal(lk(f, P(f, "d/missing/../f"))->r.kind, SC_KIND_FOUND);
	/* a missing directory before a real one still stops the kernel first */
	assert_same_as_lstat(lk(f, P(f, "d/gone/../missing/../f")), P(f, "d/gone/../missing/../f"));
}

static void a_dotdot_after_a_regular_file_fails_with_enotdir(void **state)
{
	fx *f = *state;

	fx_mkdir(f, "d");
	fx_write(f, "d/f", "x");
	fx_write(f, "d/file", "x");
	/* the kernel says ENOTDIR */
	assert_same_as_lstat(lk(f, P(f, "d/file/../f")), P(f, "d/file/../f"));
	assert_same_as_lstat(lk(f, P(f, "d/file/.")), P(f, "d/file/."));
	assert_int_equal(lk(f, P(f, "d/file/.."))->r.err, ENOTDIR);
	assert_int_equal(cnt(&f->c->n->bypassed), 0);
	/* the file replaced by a directory: d/f */
	assert_int_equal(unlink(P(f, "d/file")), 0);
	fx_mkdir(f, "d/file");
	sc_watcher_mark_pending();
	assert_same_as_lstat(lk(f, P(f, "d/file/../f")), P(f, "d/f"));
}

/* "dir/." and "dir/x/.." need search permission on dir: answered from the
 * cache where this process has it (asked of the kernel once: one
 * access(X_OK)), left to PHP (bypassed) where it has not, as a fresh
 * lstat() of the same spelling decides. */
static void a_dot_after_a_directory_this_process_may_not_search_is_bypassed(void **state)
{
	fx *f = *state;
	struct stat st;
	char dot[256], up[256];

	fx_mkdir(f, "d");
	fx_mkdir(f, "d/sub");
	fx_write(f, "d/f", "x");
	snprintf(dot, sizeof(dot), "%s", P(f, "d/sub/."));
	snprintf(up, sizeof(up), "%s", P(f, "d/sub/../f"));
	/* 0750, ours: the owner may search it (a user outside the group may
	 * not, and asks in a process of its own) */
	assert_int_equal(chmod(P(f, "d/sub"), 0750), 0);
	assert_non_null(lk(f, dot));
	assert_non_null(lk(f, up));
	assert_int_equal(cnt(&f->c->n->bypassed), 0);
	assert_int_equal(cnt(&f->c->n->access_calls), 1);
	assert_non_null(lk(f, up));
	assert_int_equal(cnt(&f->c->n->access_calls), 1);
	/* 0000: only a process that may override it searches it */
	assert_int_equal(chmod(P(f, "d/sub"), 0), 0);
	sc_watcher_mark_pending(); /* the sync point a chmod() through PHP is */
	if (lstat(dot, &st) == 0) {
		assert_non_null(lk(f, dot));
		assert_non_null(lk(f, up));
		assert_int_equal(cnt(&f->c->n->bypassed), 0);
	} else {
		assert_int_equal(errno, EACCES);
		assert_null(lk(f, dot));
		assert_null(lk(f, up));
		assert_int_equal(cnt(&f->c->n->bypassed), 2);
	}
	assert_int_equal(chmod(P(f, "d/sub"), 0755), 0);
	sc_watcher_mark_pending();
	assert_non_null(lk(f, up));
}

static void relative_trailing_slash_and_nul_spellings_are_bypassed(void **state)
{
	fx *f = *state;
	char p[256];

	fx_write(f, "f", "x");
	assert_null(lk(f, "f"));
	snprintf(p, sizeof(p), "%s/", f->root);
	assert_null(lk(f, p));
	assert_null(sc_lookup(f->c, "", 0));
	assert_int_equal(cnt(&f->c->n->bypassed), 3);
	/* a NUL inside: PHP refuses it, the cache must not answer for the prefix */
	snprintf(p, sizeof(p), "%s/f", f->root);
	assert_non_null(lk(f, p));
	{
		char nul[300];
		size_t n = strlen(p);
		memcpy(nul, p, n);
		memcpy(nul + n, "\0.php", 5);
		assert_null(sc_lookup(f->c, nul, n + 5));
		assert_null(sc_lookup(f->c, nul, n + 1));
	}
	assert_int_equal(cnt(&f->c->n->bypassed), 5);
}

/* --- invalidation ------------------------------------------------------- */

static void another_process_write_is_seen_through_the_watcher(void **state)
{
	fx *f = *state;
	sc_entry *e;
	char cmd[256];
	int waited = 0;

	fx_write(f, "grow.php", "a");
	e = lk(f, P(f, "grow.php"));
	assert_non_null(e);
	assert_int_equal(e->r.st.st_size, 1);
	snprintf(cmd, sizeof(cmd), "echo x >> '%s'", P(f, "grow.php"));
	fx_sh(cmd);
	/* no sync point of ours: only the watcher can tell */
	for (;;) {
		e = lk(f, P(f, "grow.php"));
		assert_non_null(e);
		if (e->r.st.st_size == 3) {
			break;
		}
		if (waited >= 2000) {
			fail_msg("the watcher did not reveal another process's write within 2 s");
		}
		fx_nap_ms(2);
		waited += 2;
	}
	assert_same_as_lstat(e, P(f, "grow.php"));
	assert_true(atomic_load(&sc_the_proc.watcher_wakeups) > 0);
	assert_true(atomic_load(&sc_the_proc.gen->drains) > 0);
	assert_true(atomic_load(&sc_the_proc.gen->events) > 0);
}

static void another_process_delete_is_seen_through_the_watcher(void **state)
{
	fx *f = *state;
	sc_entry *e;
	char cmd[256];
	int waited = 0;

	fx_mkdir(f, "d");
	fx_write(f, "d/gone.php", "a");
	assert_non_null(lk(f, P(f, "d/gone.php")));
	snprintf(cmd, sizeof(cmd), "rm '%s'", P(f, "d/gone.php"));
	fx_sh(cmd);
	for (;;) {
		e = lk(f, P(f, "d/gone.php"));
		assert_non_null(e);
		if (e->r.kind == SC_KIND_MISSING) {
			break;
		}
		if (waited >= 2000) {
			fail_msg("another process's unlink not seen within 2 s");
		}
		fx_nap_ms(2);
		waited += 2;
	}
	assert_missing(e, P(f, "d/gone.php"), ENOENT);
	/* the directory's own stat changed too (mtime, size) */
	assert_same_as_lstat(lk(f, P(f, "d")), P(f, "d"));
}

static void without_the_watcher_a_change_is_seen_only_after_a_sync_point(void **state)
{
	fx *f = *state;
	sc_proc_settings s = fx_default_settings;
	sc_entry *e;
	char cmd[256];

	s.test_watcher = 0;
	fx_restart(f, &s);
	fx_write(f, "grow.php", "a");
	e = lk(f, P(f, "grow.php"));
	assert_non_null(e);
	assert_int_equal(e->r.st.st_size, 1);
	snprintf(cmd, sizeof(cmd), "echo x >> '%s'", P(f, "grow.php"));
	fx_sh(cmd);
	/* the event is queued, nobody said so: the old answer stands */
	for (int i = 0; i < 20; i++) {
		e = lk(f, P(f, "grow.php"));
		assert_non_null(e);
		assert_int_equal(e->r.st.st_size, 1);
		fx_nap_ms(1);
	}
	assert_int_equal(atomic_load(&sc_the_proc.gen->drains), 0);
	sc_watcher_mark_pending();
	e = lk(f, P(f, "grow.php"));
	assert_non_null(e);
	assert_int_equal(e->r.st.st_size, 3);
	assert_same_as_lstat(e, P(f, "grow.php"));
}

static void forget_makes_the_next_lookup_ask_the_kernel(void **state)
{
	fx *f = *state;
	sc_proc_settings s = fx_default_settings;
	char cmd[256];
	const char *spelling;

	s.test_watcher = 0;
	fx_restart(f, &s);
	fx_mkdir(f, "d");
	fx_mkdir(f, "d/sub");
	fx_write(f, "d/f", "a");
	assert_int_equal(lk(f, P(f, "d/f"))->r.st.st_size, 1);
	spelling = P(f, "d/sub/../f");
	assert_int_equal(lk(f, spelling)->r.st.st_size, 1);
	snprintf(cmd, sizeof(cmd), "echo x >> '%s'", P(f, "d/f"));
	fx_sh(cmd);
	assert_int_equal(lk(f, spelling)->r.st.st_size, 1); /* no sync point yet */
	sc_forget(f->c, spelling, strlen(spelling));
	assert_int_equal(lk(f, spelling)->r.st.st_size, 3);
	assert_int_equal(lk(f, P(f, "d/f"))->r.st.st_size, 3);
	fx_sh(cmd);
	sc_forget(f->c, P(f, "d/f"), strlen(P(f, "d/f")));
	assert_int_equal(lk(f, spelling)->r.st.st_size, 5);
}

#define CHILDREN 200

static void renaming_a_directory_drops_every_cached_child(void **state)
{
	fx *f = *state;
	char rel[64];

	fx_mkdir(f, "big");
	for (int i = 0; i < CHILDREN; i++) {
		snprintf(rel, sizeof(rel), "big/f%d.php", i);
		fx_write(f, rel, "x");
	}
	for (int i = 0; i < CHILDREN; i++) {
		snprintf(rel, sizeof(rel), "big/f%d.php", i);
		assert_same_as_lstat(lk(f, P(f, rel)), P(f, rel));
	}
	assert_int_equal(rename(P(f, "big"), P(f, "big.old")), 0);
	fx_mkdir(f, "big");
	sc_watcher_mark_pending();
	for (int i = 0; i < CHILDREN; i++) {
		snprintf(rel, sizeof(rel), "big/f%d.php", i);
		assert_missing(lk(f, P(f, rel)), P(f, rel), ENOENT);
	}
	assert_same_as_lstat(lk(f, P(f, "big")), P(f, "big"));
	assert_same_as_lstat(lk(f, P(f, "big.old/f7.php")), P(f, "big.old/f7.php"));
}

/* Runs in a child without root's powers: returns 0 or the failing line. */
#define CHECK(x) do { if (!(x)) { return __LINE__; } } while (0)

static int access_body(void)
{
	char root[200], p[400], a[300], d[300];
	sc_cache *c;
	sc_entry *e;
	int rc = 0, fd;

	CHECK(sc_unit_mkdtemp(root, sizeof(root), "statcache-unit-access"));
	snprintf(a, sizeof(a), "%s/a", root);
	snprintf(d, sizeof(d), "%s/a/b", root);
	snprintf(p, sizeof(p), "%s/a/b/f.php", root);
	CHECK(mkdir(a, 0755) == 0 && mkdir(d, 0755) == 0);
	fd = open(p, O_WRONLY | O_CREAT, 0644);
	CHECK(fd >= 0);
	close(fd);
	CHECK(sc_watcher_startup(&fx_default_settings) == 0);
	c = sc_cache_new(65536, 0);
	CHECK(c);

	do {
		e = sc_lookup(c, p, strlen(p));
		if (!e || e->r.kind != SC_KIND_FOUND) { rc = __LINE__; break; }
		if (sc_access(c, e, R_OK) != 0) { rc = __LINE__; break; }
		if (sc_access(c, e, R_OK) != 0 || atomic_load(&c->n->access_calls) != 1) { rc = __LINE__; break; }
		if (sc_access(c, e, X_OK) == 0) { rc = __LINE__; break; }

		/* the file itself */
		chmod(p, 0);
		sc_watcher_mark_pending();
		e = sc_lookup(c, p, strlen(p));
		if (e && sc_access(c, e, R_OK) == 0) { rc = __LINE__; break; }
		chmod(p, 0644);
		sc_watcher_mark_pending();
		e = sc_lookup(c, p, strlen(p));
		if (!e || sc_access(c, e, R_OK) != 0) { rc = __LINE__; break; }

		/* an ancestor: access() now fails with EACCES */
		chmod(a, 0);
		sc_watcher_mark_pending();
		e = sc_lookup(c, p, strlen(p));
		if (e && sc_access(c, e, R_OK) == 0) { rc = __LINE__; break; }
		chmod(a, 0755);
		sc_watcher_mark_pending();
		e = sc_lookup(c, p, strlen(p));
		if (!e || sc_access(c, e, R_OK) != 0) { rc = __LINE__; break; }
	} while (0);

	sc_cache_delete(c);
	sc_watcher_shutdown();
	chmod(a, 0755);
	unlink(p);
	rmdir(d);
	rmdir(a);
	rmdir(root);
	return rc;
}

static void chmod_000_on_an_ancestor_changes_access(void **state)
{
	fx *f = *state;
	struct passwd *nobody;
	pid_t pid;
	int status;

	if (geteuid() != 0) {
		sc_watcher_shutdown();
		assert_int_equal(access_body(), 0);
		assert_int_equal(sc_watcher_startup(&f->set), 0);
		return;
	}
	/* root passes every permission check: drop it in a child */
	nobody = getpwnam("nobody");
	if (!nobody) {
		skip();
	}
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		sc_watcher_shutdown(); /* the parent's machine: the child starts its own */
		if (setgroups(0, NULL) != 0 || setgid(nobody->pw_gid) != 0 || setuid(nobody->pw_uid) != 0) {
			_exit(200);
		}
		int rc = access_body();
		if (rc) {
			fprintf(stderr, "access check failed at test_lookup.c:%d (as nobody)\n", rc);
		}
		_exit(rc ? 1 : 0);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	if (WEXITSTATUS(status) == 200) {
		skip();
	}
	assert_int_equal(WEXITSTATUS(status), 0);
}

/* --- caps and trust ----------------------------------------------------- */

#define OVER_CAP 3000

static void the_entry_cap_evicts_and_answers_stay_right(void **state)
{
	fx *f = *state;
	char rel[64];
	uint64_t hits_before;

	sc_cache_delete(f->c);
	f->c = sc_cache_new(2048, 0); /* full at 2048 - 128 entries; batches of 256 */
	assert_non_null(f->c);
	f->c->first_look = 0;
	fx_mkdir(f, "many");
	for (int i = 0; i < OVER_CAP; i++) {
		snprintf(rel, sizeof(rel), "many/%d", i);
		if (i % 3) {
			fx_write(f, rel, i % 2 ? "x" : "xy");
		}
	}
	for (int round = 0; round < 4; round++) {
		if (round == 3) {
			/* changes to files evicted, kept and never kept, all seen */
			for (int i = 0; i < OVER_CAP; i += 7) {
				snprintf(rel, sizeof(rel), "many/%d", i);
				if (i % 3) {
					fx_write(f, rel, "changed, longer");
				} else {
					fx_write(f, rel, "now here");
				}
			}
			sc_watcher_mark_pending();
		}
		for (int i = 0; i < OVER_CAP; i++) {
			snprintf(rel, sizeof(rel), "many/%d", i);
			sc_entry *e = lk(f, P(f, rel));
			/* over the cap a miss may be left to PHP; an answer is exact */
			if (e) {
				assert_same_as_lstat(e, P(f, rel));
			}
			assert_true(f->c->table.count <= 2048);
		}
	}
	/* what was kept keeps answering: a loop over 1.5 times what fits still hits */
	hits_before = cnt(&f->c->n->hits);
	for (int i = 0; i < OVER_CAP; i++) {
		snprintf(rel, sizeof(rel), "many/%d", i);
		lk(f, P(f, rel));
	}
	assert_true(cnt(&f->c->n->hits) - hits_before >= OVER_CAP / 3);
	assert_true(cnt(&f->c->n->evictions) >= 256);
	assert_true(cnt(&f->c->n->cap_bypassed) > 0);
	assert_int_equal(cnt(&f->c->n->flushes), 0);
	assert_true(strstr(fx_last_log, "max_entries") != NULL);
}

/* A name asked for once: one statx(), answered, not kept; its second
 * look arms its watch and keeps it; its third is a hit.  A missing name
 * is kept at once. */
static void a_first_look_answers_and_keeps_only_from_the_second(void **state)
{
	fx *f = *state;
	sc_entry *e;
	int watches;

	f->c->first_look = 1;
	fx_write(f, "once.php", "x");
	assert_same_as_lstat(lk(f, P(f, "warm-missing")), P(f, "warm-missing"));
	watches = sc_watcher_watch_count();
	e = lk(f, P(f, "once.php"));
	assert_same_as_lstat(e, P(f, "once.php"));
	assert_false(sc_result_valid(sc_the_proc.gen, &e->r));
	assert_int_equal(sc_watcher_watch_count(), watches); /* no watch of its own yet */
	e = lk(f, P(f, "once.php"));
	assert_same_as_lstat(e, P(f, "once.php"));
	assert_true(sc_result_valid(sc_the_proc.gen, &e->r));
	assert_int_equal(sc_watcher_watch_count(), watches + 1);
	assert_int_equal(cnt(&f->c->n->hits), 0);
	e = lk(f, P(f, "once.php"));
	assert_int_equal(cnt(&f->c->n->hits), 1);
	/* a change after the first look is seen by the second */
	fx_write(f, "twice.php", "x");
	e = lk(f, P(f, "twice.php"));
	fx_write(f, "twice.php", "longer now");
	assert_same_as_lstat(lk(f, P(f, "twice.php")), P(f, "twice.php"));
	/* missing: kept from the first look (its name's slot is all it needs) */
	e = lk(f, P(f, "never.php"));
	assert_same_as_lstat(e, P(f, "never.php"));
	assert_true(sc_result_valid(sc_the_proc.gen, &e->r));
	fx_write(f, "never.php", "x");
	sc_watcher_mark_pending();
	assert_same_as_lstat(lk(f, P(f, "never.php")), P(f, "never.php"));
}

/* With a staleness bound and no watcher thread (a php-fpm worker's
 * default): a name's looks in its first two requests are one statx() each
 * with nothing watched, not even the directories on the way, and no
 * inotify instance made; each answer holds until the next drain (here: a
 * sync point), so a repeat before it is a hit; its look in a third
 * request keeps it the watched way, as its ninth look in one does.
 * Names below a directory a first look found missing are answered from
 * it, and a first look's directory is never a walk's parent. */
/* A solo table of 64 slots that drains at sync points only: names share
 * slots at once, and every bump is this thread's. */
static void restart_solo_with_64_slots(fx *f)
{
	sc_proc_settings s = fx_default_settings;

	s.watcher = SC_WATCHER_LOOKUP;
	s.max_staleness_ms = 60000; /* drains at sync points only, here */
	s.slots = 64;
	fx_restart(f, &s);
	f->c->first_look = 0;
	assert_int_equal(sc_the_proc.gen->solo, 1);
}

/* Another process's 300 short-lived names, made and removed in turn in
 * dir_a and dir_b, then a sync point. */
static void a_neighbour_comes_and_goes(fx *f, const char *dir_a, const char *dir_b)
{
	char rel[64];

	for (int i = 0; i < 300; i++) {
		snprintf(rel, sizeof(rel), "%s/tmp%d", i % 2 ? dir_a : dir_b, i);
		fx_write(f, rel, "t");
		assert_int_equal(unlink(P(f, rel)), 0);
	}
	sc_watcher_mark_pending();
}

/* Another process's short-lived names in a directory the app reads, in a
 * table of 64 slots (every slot shared by many names): the cached names
 * stay hits (their slots moved for other keys only), and a change of
 * their own is still seen at once. */
static void a_neighbours_names_that_share_slots_cost_no_miss(void **state)
{
	fx *f = *state;
	char rel[32];
	uint64_t misses, hits;

	restart_solo_with_64_slots(f);
	fx_mkdir(f, "app");
	for (int i = 0; i < 8; i++) {
		snprintf(rel, sizeof(rel), "app/c%d.php", i);
		fx_write(f, rel, "x");
	}
	assert_same_as_lstat(lk(f, P(f, "app")), P(f, "app"));
	sc_watcher_mark_pending();
	for (int i = 0; i < 8; i++) {
		snprintf(rel, sizeof(rel), "app/c%d.php", i);
		assert_same_as_lstat(lk(f, P(f, rel)), P(f, rel));
		assert_same_as_lstat(lk(f, P(f, rel)), P(f, rel));
	}
	misses = cnt(&f->c->n->misses);
	hits = cnt(&f->c->n->hits);
	a_neighbour_comes_and_goes(f, "app", "app");
	for (int i = 0; i < 8; i++) {
		snprintf(rel, sizeof(rel), "app/c%d.php", i);
		assert_same_as_lstat(lk(f, P(f, rel)), P(f, rel));
	}
	assert_int_equal(cnt(&f->c->n->misses), misses);
	assert_int_equal(cnt(&f->c->n->hits), hits + 8);

	/* its own change among them: seen at once */
	fx_write(f, "app/tmpx", "t");
	fx_write(f, "app/c3.php", "changed");
	assert_int_equal(unlink(P(f, "app/tmpx")), 0);
	sc_watcher_mark_pending();
	assert_same_as_lstat(lk(f, P(f, "app/c3.php")), P(f, "app/c3.php"));
	assert_int_equal(cnt(&f->c->n->misses), misses + 1);
}

/* The same beside a symlinked directory and a deep tree: a spelling
 * through the link (its links' values) and the directories a fill walks
 * through (checked off the hit path) are rechecked too, so a neighbour's
 * names in the link's directory and in the tree cost no miss; a change to
 * the link itself is seen at once. */
static void a_neighbour_beside_links_and_deep_trees_costs_no_miss(void **state)
{
	fx *f = *state;
	char rel[64];
	uint64_t misses, hits;

	restart_solo_with_64_slots(f);
	fx_mkdir(f, "ext");
	fx_mkdir(f, "ext/real");
	fx_mkdir(f, "ext/other");
	fx_mkdir(f, "ext/real/a");
	fx_mkdir(f, "ext/real/a/b");
	for (int i = 0; i < 4; i++) {
		snprintf(rel, sizeof(rel), "ext/real/a/b/c%d.php", i);
		fx_write(f, rel, "x");
		snprintf(rel, sizeof(rel), "ext/other/c%d.php", i);
		fx_write(f, rel, "y");
	}
	assert_int_equal(symlink("real", P(f, "ext/link")), 0);
	sc_watcher_mark_pending();
	for (int round = 0; round < 2; round++) {
		for (int i = 0; i < 4; i++) {
			snprintf(rel, sizeof(rel), "ext/link/a/b/c%d.php", i);
			assert_same_as_lstat(lk(f, P(f, rel)), P(f, rel));
			snprintf(rel, sizeof(rel), "ext/real/a/b/c%d.php", i);
			assert_same_as_lstat(lk(f, P(f, rel)), P(f, rel));
		}
	}
	misses = cnt(&f->c->n->misses);
	hits = cnt(&f->c->n->hits);
	a_neighbour_comes_and_goes(f, "ext", "ext/real/a");
	for (int i = 0; i < 4; i++) {
		snprintf(rel, sizeof(rel), "ext/link/a/b/c%d.php", i);
		assert_same_as_lstat(lk(f, P(f, rel)), P(f, rel));
		snprintf(rel, sizeof(rel), "ext/real/a/b/c%d.php", i);
		assert_same_as_lstat(lk(f, P(f, rel)), P(f, rel));
	}
	assert_int_equal(cnt(&f->c->n->misses), misses);
	assert_int_equal(cnt(&f->c->n->hits), hits + 8);

	/* the link pointed elsewhere among a neighbour's names: seen at once */
	fx_write(f, "ext/tmpx", "t");
	assert_int_equal(unlink(P(f, "ext/link")), 0);
	assert_int_equal(symlink("other", P(f, "ext/link")), 0);
	assert_int_equal(unlink(P(f, "ext/tmpx")), 0);
	sc_watcher_mark_pending();
	fx_mkdir(f, "ext/other/a");
	fx_mkdir(f, "ext/other/a/b");
	fx_write(f, "ext/other/a/b/c0.php", "other, longer");
	sc_watcher_mark_pending();
	assert_same_as_lstat(lk(f, P(f, "ext/link/a/b/c0.php")), P(f, "ext/link/a/b/c0.php"));
	assert_int_equal(cnt(&f->c->n->misses), misses + 1);
}

/* The table's entry for a path, or NULL: a probe, no lookup. */
static sc_entry *find_entry(fx *f, const char *path)
{
	return sc_table_find(&f->c->table, path, strlen(path), sc_table_hash(path, strlen(path)));
}

static void first_looks_watch_nothing_and_hold_until_the_next_drain(void **state)
{
	fx *f = *state;
	sc_proc_settings s = fx_default_settings;
	sc_entry *e, *d, *u;

	s.watcher = SC_WATCHER_LOOKUP;
	s.max_staleness_ms = 60000; /* drains at sync points only, here */
	fx_restart(f, &s);
	f->c->first_look = 1;
	fx_mkdir(f, "pkg");
	fx_write(f, "pkg/a.php", "x");
	e = lk(f, P(f, "pkg/a.php"));
	assert_same_as_lstat(e, P(f, "pkg/a.php"));
	assert_true(sc_result_valid(sc_the_proc.gen, &e->r));
	assert_int_equal(sc_watcher_watch_count(), 0);
	assert_int_equal(atomic_load(&sc_the_proc.instance_ready), 0);
	assert_int_equal(cnt(&f->c->n->hits), 0);
	e = lk(f, P(f, "pkg/a.php"));
	assert_int_equal(cnt(&f->c->n->hits), 1); /* held: no drain since */
	/* this process's change: the sync point's drain ends the answer */
	fx_write(f, "pkg/a.php", "longer now");
	sc_watcher_mark_pending();
	e = lk(f, P(f, "pkg/a.php"));
	assert_same_as_lstat(e, P(f, "pkg/a.php"));
	assert_int_equal(cnt(&f->c->n->hits), 1);
	assert_int_equal(sc_watcher_watch_count(), 0); /* a second look, same request: none */
	f->c->request++;
	sc_watcher_mark_pending();
	e = lk(f, P(f, "pkg/a.php")); /* in a second request: none yet */
	assert_same_as_lstat(e, P(f, "pkg/a.php"));
	assert_int_equal(sc_watcher_watch_count(), 0);
	assert_int_equal(atomic_load(&sc_the_proc.instance_ready), 0);
	f->c->request++;
	sc_watcher_mark_pending();
	e = lk(f, P(f, "pkg/a.php")); /* in a third: kept, watched */
	assert_same_as_lstat(e, P(f, "pkg/a.php"));
	assert_int_equal(atomic_load(&sc_the_proc.instance_ready), 1);
	assert_true(sc_watcher_watch_count() > 0);
	d = sc_table_find(&f->c->table, P(f, "pkg"), strlen(P(f, "pkg")),
		sc_table_hash(P(f, "pkg"), strlen(P(f, "pkg"))));
	assert_non_null(d);
	assert_true(d->r.wd >= 0); /* its directory watched, not a first look's */
	fx_write(f, "pkg/a.php", "changed again");
	sc_watcher_mark_pending();
	assert_same_as_lstat(lk(f, P(f, "pkg/a.php")), P(f, "pkg/a.php"));

	/* a directory's first look, then a name below it: the name's own
	 * first look, not the directory's answer as its parent */
	fx_mkdir(f, "dir");
	fx_write(f, "dir/b.php", "x");
	e = lk(f, P(f, "dir"));
	assert_same_as_lstat(e, P(f, "dir"));
	assert_same_as_lstat(lk(f, P(f, "dir/b.php")), P(f, "dir/b.php"));

	/* below a missing directory: the first three missing names cost
	 * their own statx() only; the fourth has the lowest directory the
	 * table knows nothing of looked at, and the names below that missing
	 * directory are answered from it; the one above it is not looked at
	 * yet */
	assert_same_as_lstat(lk(f, P(f, "nodir/x/y.php")), P(f, "nodir/x/y.php"));
	assert_same_as_lstat(lk(f, P(f, "nodir/x/v.php")), P(f, "nodir/x/v.php"));
	assert_same_as_lstat(lk(f, P(f, "nodir/x/u.php")), P(f, "nodir/x/u.php"));
	d = find_entry(f, P(f, "nodir/x"));
	assert_true(d == NULL || d->r.kind == SC_KIND_EMPTY); /* not looked at yet */
	e = lk(f, P(f, "nodir/x/w.php"));
	assert_same_as_lstat(e, P(f, "nodir/x/w.php"));
	d = find_entry(f, P(f, "nodir/x"));
	assert_non_null(d);
	assert_int_equal(d->r.kind, SC_KIND_MISSING);
	u = find_entry(f, P(f, "nodir"));
	assert_true(u == NULL || u->r.kind == SC_KIND_EMPTY); /* the lowest only */
	e = lk(f, P(f, "nodir/x/z.php"));
	assert_same_as_lstat(e, P(f, "nodir/x/z.php"));
	assert_int_equal(e->r.deps[0].slot, SC_GLANCE_SLOT);
	assert_true(e->r.ndeps == d->r.ndeps && e->r.deps[0].val == d->r.deps[0].val); /* inherited */
	/* a name missing beside it: the directory above has reached four, and
	 * is now the lowest; below it, "." components or not, no syscall */
	assert_same_as_lstat(lk(f, P(f, "nodir/q/a.php")), P(f, "nodir/q/a.php"));
	u = find_entry(f, P(f, "nodir"));
	assert_non_null(u);
	assert_int_equal(u->r.kind, SC_KIND_MISSING);
	e = lk(f, P(f, "nodir/./q/./b.php"));
	assert_same_as_lstat(e, P(f, "nodir/./q/./b.php"));
	assert_true(e->r.ndeps == u->r.ndeps && e->r.deps[0].val == u->r.deps[0].val); /* inherited */
	/* "." components count in the same directory: three missing names
	 * spelled plainly and a fourth through "./" have "nodot/x" looked at */
	assert_same_as_lstat(lk(f, P(f, "nodot/x/a.php")), P(f, "nodot/x/a.php"));
	assert_same_as_lstat(lk(f, P(f, "nodot/x/b.php")), P(f, "nodot/x/b.php"));
	assert_same_as_lstat(lk(f, P(f, "nodot/x/c.php")), P(f, "nodot/x/c.php"));
	assert_same_as_lstat(lk(f, P(f, "nodot/./x/d.php")), P(f, "nodot/./x/d.php"));
	u = find_entry(f, P(f, "nodot/x"));
	assert_non_null(u);
	assert_int_equal(u->r.kind, SC_KIND_MISSING);
	/* made by this process: seen at once */
	fx_mkdir(f, "nodir");
	fx_mkdir(f, "nodir/x");
	fx_write(f, "nodir/x/z.php", "x");
	sc_watcher_mark_pending();
	assert_same_as_lstat(lk(f, P(f, "nodir/x/z.php")), P(f, "nodir/x/z.php"));
	/* below a file: ENOTDIR from the file's answer */
	assert_same_as_lstat(lk(f, P(f, "dir/b.php/c")), P(f, "dir/b.php/c"));

	/* one long request: kept at its ninth look */
	fx_write(f, "hot.php", "x");
	for (int i = 0; i < 8; i++) {
		sc_watcher_mark_pending();
		e = lk(f, P(f, "hot.php"));
		assert_int_equal(e->r.wd, -1);
		assert_int_equal(e->r.deps[0].slot, SC_GLANCE_SLOT);
	}
	sc_watcher_mark_pending();
	e = lk(f, P(f, "hot.php"));
	assert_same_as_lstat(e, P(f, "hot.php"));
	assert_false(sc_result_first_look(&e->r));
}

static void an_untrusted_cache_answers_nothing(void **state)
{
	fx *f = *state;

	sc_cache_delete(f->c);
	f->c = sc_cache_new(65536, 1);
	assert_non_null(f->c);
	fx_write(f, "f.php", "x");
	assert_null(lk(f, P(f, "f.php")));
	assert_null(lk(f, P(f, "f.php")));
	assert_null(lk(f, P(f, "missing")));
	assert_null(lk(f, "/"));
	assert_int_equal(cnt(&f->c->n->untrusted), 4);
	assert_int_equal(cnt(&f->c->n->bypassed), 0);
	assert_int_equal(cnt(&f->c->n->hits), 0);
	assert_int_equal(cnt(&f->c->n->misses), 0);
}

#define DEPTH 40

/* rel of level k (1-based): "d1/d2/.../dk" */
static const char *level(int k, const char *leaf)
{
	static char buf[2][512];
	static int at;
	char *p = buf[at++ % 2];
	size_t n = 0;
	for (int i = 1; i <= k; i++) {
		n += (size_t) snprintf(p + n, 512 - n, "%sd%d", i > 1 ? "/" : "", i);
	}
	if (leaf) {
		snprintf(p + n, 512 - n, "/%s", leaf);
	}
	return p;
}

static void the_watch_cap_flushes_and_answers_stay_equal_to_lstat(void **state)
{
	fx *f = *state;
	sc_proc_settings s = fx_default_settings;
	char cmd[256];

	s.max_watches = 16;
	fx_restart(f, &s);
	for (int k = 1; k <= DEPTH; k++) {
		fx_mkdir(f, level(k, NULL));
		fx_write(f, level(k, "f"), "x");
	}
	for (int k = 1; k <= DEPTH; k++) {
		assert_exact_or_left(lk(f, P(f, level(k, NULL))), P(f, level(k, NULL)));
		assert_exact_or_left(lk(f, P(f, level(k, "f"))), P(f, level(k, "f")));
	}
	assert_true(atomic_load(&sc_the_proc.gen->flushes) > 0);
	assert_true(sc_watcher_watch_count() <= 17);

	/* every file grows (another process), then every answer is checked */
	snprintf(cmd, sizeof(cmd), "find '%s' -name f -exec sh -c 'echo y >> \"$1\"' sh {} \\;", f->root);
	fx_sh(cmd);
	sc_watcher_mark_pending();
	for (int k = DEPTH; k >= 1; k--) {
		assert_exact_or_left(lk(f, P(f, level(k, "f"))), P(f, level(k, "f")));
	}
	for (int k = 1; k <= DEPTH; k++) {
		assert_exact_or_left(lk(f, P(f, level(k, "f"))), P(f, level(k, "f")));
		assert_exact_or_left(lk(f, P(f, level(k, NULL))), P(f, level(k, NULL)));
	}
}

/* The watch cap's trees: n files tree/f<i>, each with a second name in
 * out/, a directory no lookup goes through. */
static void watch_cap_tree(fx *f, int n)
{
	char rel[64], cmd[512];

	fx_mkdir(f, "tree");
	fx_mkdir(f, "out");
	for (int i = 0; i < n; i++) {
		snprintf(rel, sizeof(rel), "tree/f%d", i);
		fx_write(f, rel, "x");
	}
	snprintf(cmd, sizeof(cmd), "cd '%s' && for f in tree/f*; do ln \"$f\" out/\"${f#tree/}\"; done", f->root);
	fx_sh(cmd);
}

/* Every tree/f<i> looked up once (the last first when backwards), each
 * answer what lstat() says, and live watches never past max. */
static void watch_cap_round(fx *f, int n, bool backwards, int max)
{
	char rel[64];

	for (int k = 0; k < n; k++) {
		snprintf(rel, sizeof(rel), "tree/f%d", backwards ? n - 1 - k : k);
		assert_exact_or_left(lk(f, P(f, rel)), P(f, rel));
		assert_true(sc_watcher_watch_count() <= max);
	}
}

/* A shell command in out/ (a change through the files' second names),
 * then the sync point that has the next lookup drain. */
static void watch_cap_change(fx *f, const char *what)
{
	char cmd[512];

	snprintf(cmd, sizeof(cmd), "cd '%s/out' && %s", f->root, what);
	fx_sh(cmd);
	sc_watcher_mark_pending();
}

/* At max_watches the oldest files' watches are evicted, not everything:
 * directories keep theirs, nothing is flushed, and a file whose watch went
 * sees a change made through a hard link no lookup ever went through (its
 * watch's slot was bumped: it is filled again, with a new watch). */
static void the_watch_cap_evicts_files_watches_and_answers_stay_equal_to_lstat(void **state)
{
	fx *f = *state;
	sc_proc_settings s = fx_default_settings;
	uint64_t flushes;

	s.max_watches = 64;
	s.test_watcher = 0; /* only our sync points drain */
	fx_restart(f, &s);
	watch_cap_tree(f, 200);
	flushes = atomic_load(&sc_the_proc.gen->flushes);
	for (int round = 0; round < 2; round++) {
		watch_cap_round(f, 200, false, 64 + 1);
	}
	assert_true(atomic_load(&sc_the_proc.watch_evictions) >= 8);
	assert_int_equal(atomic_load(&sc_the_proc.gen->flushes), flushes);
	/* every file grows through its other name */
	watch_cap_change(f, "for f in f*; do echo more >> \"$f\"; done");
	watch_cap_round(f, 200, true, 64 + 1);
	assert_int_equal(atomic_load(&sc_the_proc.gen->flushes), flushes);
}

/* Past max_watches (less the room kept for directories) a file is
 * answered from a fresh statx() and not kept, rather than evicting
 * another file's watch on every miss: a round robin over twice what fits
 * keeps hitting the files that have watches (each round the same), a
 * batch of the oldest files' watches goes only every fifteen misses per
 * watch of a batch, and every answer, kept or not, is what lstat()
 * says, before and after every file changes through a name no lookup
 * goes through. */
static void past_the_watch_cap_a_file_is_answered_without_a_watch_and_hits_stay(void **state)
{
	fx *f = *state;
	sc_proc_settings s = fx_default_settings;
	uint64_t hits, evicted, skipped, flushes;
	const int n = 256;

	s.max_watches = 128; /* files stop at 128 - 32 live watches; batches of 8 */
	s.test_watcher = 0;  /* only our sync points drain */
	fx_restart(f, &s);
	watch_cap_tree(f, n);
	flushes = atomic_load(&sc_the_proc.gen->flushes);
	for (int round = 0; round < 4; round++) {
		watch_cap_round(f, n, false, 128);
	}
	hits = cnt(&f->c->n->hits);
	evicted = atomic_load(&sc_the_proc.watch_evictions);
	skipped = cnt(&f->c->n->watch_cap_bypassed);
	watch_cap_round(f, n, false, 128);
	hits = cnt(&f->c->n->hits) - hits;
	evicted = atomic_load(&sc_the_proc.watch_evictions) - evicted;
	skipped = cnt(&f->c->n->watch_cap_bypassed) - skipped;
	/* about 90 files have watches; a round evicts a batch or two */
	assert_true(hits >= (uint64_t) n / 4);
	assert_true(skipped >= (uint64_t) n / 3);
	assert_true(evicted <= 2 * 8 + 1);
	assert_int_equal(atomic_load(&sc_the_proc.gen->flushes), flushes);
	assert_true(strstr(fx_last_log, "max_watches") != NULL);

	/* every file grows through its other name, then some change mode
	 * and times */
	watch_cap_change(f, "for f in f*; do echo more >> \"$f\"; done");
	watch_cap_round(f, n, true, 128);
	watch_cap_change(f, "chmod 600 f1* && touch -d 2001-01-01 f2*");
	for (int round = 0; round < 2; round++) {
		watch_cap_round(f, n, false, 128);
	}
	assert_int_equal(atomic_load(&sc_the_proc.gen->flushes), flushes);
}

/* opcache's script records keep what they are given (sc_lookup_kept()):
 * past the watch cap, a file they ask for is watched and kept all the
 * same (over the files' part of the cap, into the directories' room). */
static void past_the_watch_cap_a_kept_lookup_still_keeps(void **state)
{
	fx *f = *state;
	sc_proc_settings s = fx_default_settings;
	char rel[64];
	sc_entry *e;

	s.max_watches = 64;
	s.test_watcher = 0;
	fx_restart(f, &s);
	fx_mkdir(f, "tree");
	for (int i = 0; i < 100; i++) {
		snprintf(rel, sizeof(rel), "tree/f%d", i);
		fx_write(f, rel, "x");
		assert_exact_or_left(lk(f, P(f, rel)), P(f, rel));
	}
	assert_true(cnt(&f->c->n->watch_cap_bypassed) > 0);
	fx_write(f, "tree/script.php", "<?php");
	e = sc_lookup_kept(f->c, P(f, "tree/script.php"), strlen(P(f, "tree/script.php")));
	assert_same_as_lstat(e, P(f, "tree/script.php"));
	assert_true(sc_result_valid(sc_the_proc.gen, &e->r));
}

/* The walk that crosses max_watches removes every watch, the one it just
 * added included; the file filled next in that walk must not be pinned to
 * the removed watch. */
static void a_file_below_the_watch_that_crossed_the_cap_sees_later_changes(void **state)
{
	fx *f = *state;
	sc_proc_settings s = fx_default_settings;
	char cmd[256];
	int k, crossed = 0;
	sc_entry *e;

	s.max_watches = 16;
	s.test_watcher = 0; /* only our sync point drains: no other epoch bump */
	fx_restart(f, &s);
	for (k = 1; k <= DEPTH; k++) {
		fx_mkdir(f, level(k, NULL));
		fx_write(f, level(k, "f"), "x");
	}
	/* one level deeper each time: each walk adds exactly one watch */
	for (k = 1; k <= DEPTH; k++) {
		uint64_t before = atomic_load(&sc_the_proc.gen->flushes);
		assert_exact_or_left(lk(f, P(f, level(k, "f"))), P(f, level(k, "f")));
		if (atomic_load(&sc_the_proc.gen->flushes) != before) {
			crossed = k;
			break;
		}
	}
	assert_int_not_equal(crossed, 0);

	snprintf(cmd, sizeof(cmd), "echo more >> '%s'", P(f, level(crossed, "f")));
	fx_sh(cmd);
	sc_watcher_mark_pending();
	e = lk(f, P(f, level(crossed, "f")));
	assert_same_as_lstat(e, P(f, level(crossed, "f")));
}

static void no_answer_before_startup_or_after_shutdown(void **state)
{
	fx *f = *state;

	fx_write(f, "f", "x");
	sc_watcher_shutdown();
	assert_null(lk(f, P(f, "f")));
	assert_int_equal(cnt(&f->c->n->bypassed), 1);
	assert_int_equal(sc_watcher_startup(&f->set), 0);
	sc_cache_reset(f->c);
	assert_same_as_lstat(lk(f, P(f, "f")), P(f, "f"));
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0); /* summary lines whole when stdout and stderr share a log */
#define T(name) cmocka_unit_test_setup_teardown(name, fx_setup, fx_teardown)
	const struct CMUnitTest tests[] = {
		T(an_existing_file_is_found_with_its_lstat),
		T(the_second_lookup_is_a_hit),
		T(a_missing_file_is_missing_with_enoent_and_then_a_negative_hit),
		T(a_path_under_a_missing_directory_is_found_once_created_and_synced),
		T(a_file_created_by_this_process_is_seen_after_the_sync_point),
		T(a_name_made_again_and_again_in_one_drain_keeps_other_results),
		T(a_link_gone_before_the_drain_drops_the_linked_file),
		T(a_removed_directory_drops_its_names_and_nothing_else),
		T(a_path_under_a_regular_file_is_missing_with_enotdir),
		T(a_symlink_as_last_component_is_a_link),
		T(a_path_through_a_symlinked_directory_answers_as_its_target),
		T(a_path_through_a_symlinked_directory_is_a_hit_until_its_link_changes),
		T(a_regular_file_with_a_second_hard_link_is_cached),
		T(a_hard_link_another_process_makes_and_writes_through_is_seen),
		T(a_dotdot_spelling_answers_as_the_canonical_path_and_hits_again),
		T(a_dotdot_spelling_stops_answering_when_its_directory_is_replaced),
		T(a_dotdot_after_a_missing_directory_fails_as_the_kernel_and_hits_again),
		T(a_dotdot_after_a_regular_file_fails_with_enotdir),
		T(a_dot_after_a_directory_this_process_may_not_search_is_bypassed),
		T(relative_trailing_slash_and_nul_spellings_are_bypassed),
		T(another_process_write_is_seen_through_the_watcher),
		T(another_process_delete_is_seen_through_the_watcher),
		T(without_the_watcher_a_change_is_seen_only_after_a_sync_point),
		T(forget_makes_the_next_lookup_ask_the_kernel),
		T(renaming_a_directory_drops_every_cached_child),
		T(chmod_000_on_an_ancestor_changes_access),
		T(the_entry_cap_evicts_and_answers_stay_right),
		T(a_first_look_answers_and_keeps_only_from_the_second),
		T(first_looks_watch_nothing_and_hold_until_the_next_drain),
		T(a_neighbours_names_that_share_slots_cost_no_miss),
		T(a_neighbour_beside_links_and_deep_trees_costs_no_miss),
		T(an_untrusted_cache_answers_nothing),
		T(the_watch_cap_flushes_and_answers_stay_equal_to_lstat),
		T(the_watch_cap_evicts_files_watches_and_answers_stay_equal_to_lstat),
		T(past_the_watch_cap_a_file_is_answered_without_a_watch_and_hits_stay),
		T(past_the_watch_cap_a_kept_lookup_still_keeps),
		T(a_file_below_the_watch_that_crossed_the_cap_sees_later_changes),
		T(no_answer_before_startup_or_after_shutdown),
	};
#undef T
	return cmocka_run_group_tests(tests, NULL, NULL);
}
