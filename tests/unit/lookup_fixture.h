/*
 * Shared fixture of the lookup tests: a fresh directory tree under /tmp, a
 * fresh process machine and a fresh cache per test.  Included by one test
 * file per binary (static functions only).
 */
#ifndef STATCACHE_LOOKUP_FIXTURE_H
#define STATCACHE_LOOKUP_FIXTURE_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <cmocka.h>

#include "engine/lookup.h"
#include "core/log.h"
#include "tmpdir.h"

typedef struct fx {
	char root[200];       /* the test's directory, e.g. /tmp/statcache-unit.XXXXXX */
	sc_cache *c;
	sc_proc_settings set;
} fx;

static const sc_proc_settings fx_default_settings = {
	.slots = 65536, .max_watches = 4096, .max_staleness_ms = 0,
	.shared = 0, .test_watcher = 1, .test_untrusted = 0,
};

/* Log lines are kept for the tests that look at them, not printed. */
static char fx_last_log[512];
static int fx_log_lines;

static inline void fx_log_sink(const char *line)
{
	snprintf(fx_last_log, sizeof(fx_last_log), "%s", line);
	fx_log_lines++;
}

static inline int fx_rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void) st;
	(void) ftw;
	if (flag == FTW_DP) {
		return rmdir(path);
	}
	return unlink(path);
}

static inline void fx_rm_tree(const char *root)
{
	char cmd[300];
	if (!root[0]) {
		return;
	}
	/* a test may have left a directory without permissions */
	snprintf(cmd, sizeof(cmd), "chmod -R u+rwx '%s' 2>/dev/null", root);
	if (system(cmd) != 0) {
		/* nothing to do: nftw reports what it cannot remove */
	}
	nftw(root, fx_rm_one, 32, FTW_DEPTH | FTW_PHYS);
}

/* A fresh machine with these settings; the previous one is shut down. */
static inline void fx_restart(fx *f, const sc_proc_settings *s)
{
	sc_watcher_shutdown();
	f->set = *s;
	assert_int_equal(sc_watcher_startup(s), 0);
	/* results of the old machine must not meet the new one's counters */
	sc_cache_reset(f->c);
}

static inline int fx_setup_with(void **state, const sc_proc_settings *s, uint32_t max_entries, int untrusted)
{
	fx *f = calloc(1, sizeof(*f));
	if (!f) {
		return -1;
	}
	if (!sc_unit_mkdtemp(f->root, sizeof(f->root), "statcache-unit")) {
		free(f);
		return -1;
	}
	sc_log_sink = fx_log_sink;
	sc_log_reset();
	fx_log_lines = 0;
	fx_last_log[0] = '\0';
	f->set = *s;
	if (sc_watcher_startup(s) != 0) {
		fx_rm_tree(f->root);
		free(f);
		return -1;
	}
	f->c = sc_cache_new(max_entries, untrusted);
	if (!f->c) {
		sc_watcher_shutdown();
		fx_rm_tree(f->root);
		free(f);
		return -1;
	}
	/* every lookup fills and keeps, as a name's second look does: the
	 * tests of a first look turn it back on */
	f->c->first_look = 0;
	*state = f;
	return 0;
}

static inline int fx_setup(void **state)
{
	return fx_setup_with(state, &fx_default_settings, 65536, 0);
}

static inline int fx_teardown(void **state)
{
	fx *f = *state;
	if (!f) {
		return 0;
	}
	sc_cache_delete(f->c);
	sc_watcher_shutdown();
	fx_rm_tree(f->root);
	free(f);
	*state = NULL;
	return 0;
}

/* f->root + "/" + rel, in a static ring of buffers (several per expression). */
static inline const char *P(const fx *f, const char *rel)
{
	static char ring[8][4096];
	static unsigned at;
	char *p = ring[at++ % 8];
	if (rel[0] == '\0') {
		snprintf(p, 4096, "%s", f->root);
	} else {
		snprintf(p, 4096, "%s/%s", f->root, rel);
	}
	return p;
}

static inline void fx_mkdir(const fx *f, const char *rel)
{
	if (mkdir(P(f, rel), 0755) != 0) {
		fail_msg("mkdir %s: %s", P(f, rel), strerror(errno));
	}
}

static inline void fx_write(const fx *f, const char *rel, const char *data)
{
	int fd = open(P(f, rel), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	size_t n = strlen(data);
	if (fd < 0) {
		fail_msg("open %s: %s", P(f, rel), strerror(errno));
	}
	assert_int_equal(write(fd, data, n), (ssize_t) n);
	close(fd);
}

static inline sc_entry *lk(fx *f, const char *path)
{
	return sc_lookup(f->c, path, strlen(path));
}

static inline uint64_t cnt(_Atomic uint64_t *c)
{
	return atomic_load_explicit(c, memory_order_relaxed);
}

/* The entry says what a fresh lstat() says. */
static inline void assert_same_as_lstat(const sc_entry *e, const char *path)
{
	struct stat st;
	if (!e) {
		fail_msg("%s: bypassed, expected an answer", path);
	}
	if (lstat(path, &st) < 0) {
		if (e->r.kind != SC_KIND_MISSING || e->r.err != errno) {
			fail_msg("%s: lstat fails with %d, cache says kind %d err %d",
				path, errno, e->r.kind, e->r.err);
		}
		return;
	}
	if (e->r.kind != (S_ISLNK(st.st_mode) ? SC_KIND_LINK : SC_KIND_FOUND)) {
		fail_msg("%s: exists, cache says kind %d err %d", path, e->r.kind, e->r.err);
	}
	if (e->r.st.st_ino != st.st_ino || e->r.st.st_dev != st.st_dev
			|| e->r.st.st_mode != st.st_mode || e->r.st.st_nlink != st.st_nlink
			|| e->r.st.st_size != st.st_size || e->r.st.st_uid != st.st_uid
			|| e->r.st.st_mtim.tv_sec != st.st_mtim.tv_sec
			|| e->r.st.st_mtim.tv_nsec != st.st_mtim.tv_nsec
			|| e->r.st.st_ctim.tv_sec != st.st_ctim.tv_sec
			|| e->r.st.st_ctim.tv_nsec != st.st_ctim.tv_nsec) {
		fail_msg("%s: stale: cache size %lld ino %llu, lstat size %lld ino %llu", path,
			(long long) e->r.st.st_size, (unsigned long long) e->r.st.st_ino,
			(long long) st.st_size, (unsigned long long) st.st_ino);
	}
}

/* Over a cap the cache may leave a name to PHP (NULL), whose own call is
 * exact; an answer it gives says what a fresh lstat() says. */
static inline void assert_exact_or_left(const sc_entry *e, const char *path)
{
	if (e) {
		assert_same_as_lstat(e, path);
	}
}

static inline void assert_missing(const sc_entry *e, const char *path, int err)
{
	if (!e) {
		fail_msg("%s: bypassed, expected MISSING", path);
	}
	if (e->r.kind != SC_KIND_MISSING || e->r.err != err) {
		fail_msg("%s: kind %d err %d, expected MISSING err %d", path, e->r.kind, e->r.err, err);
	}
}

/* Runs a shell command in another process (its changes raise events that
 * this process did not cause) and waits for it. */
static inline void fx_sh(const char *cmd)
{
	int status;
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		execl("/bin/sh", "sh", "-c", cmd, (char *) NULL);
		_exit(127);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
}

static inline void fx_nap_ms(long ms)
{
	struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L };
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR) {
	}
}

#endif
