/*
 * statcache: PHP's realpath walk, replayed in pure C on answers its caller
 * hands it (see src/core/rpwalk.h).  Each step below names the behaviour of PHP's walk
 * it keeps; the order of the questions matters as much as the answers,
 * because each resolved prefix is remembered as it completes and a later
 * step may be answered from there.
 */
#include "core/rpwalk.h"

#include <string.h>

#define SC_RP_FAIL ((size_t) -1)

/* Nesting deeper than this gives up: each level keeps a copy of its
 * prefix on the stack, as PHP's walk does, and we run on top of PHP's own
 * frames.  Real paths nest a few dozen levels. */
#define SC_RP_MAX_DEPTH 128

typedef struct sc_rp_walker {
	sc_rp_io *io;
	char *buf;
	unsigned depth;
} sc_rp_walker;

static size_t sc_rp_step(sc_rp_walker *w, size_t len, sc_rp_mode mode, bool want_dir, int *is_dir_out);

/* Gives up for good: a callback could not say, or the walk is too deep. */
static size_t sc_rp_give_up(sc_rp_walker *w)
{
	w->io->gave_up = true;
	return SC_RP_FAIL;
}

/* "<prefix>/..": the prefix resolved as a directory, then its last
 * resolved component dropped (after the links in it were followed). */
static size_t sc_rp_dotdot(sc_rp_walker *w, size_t slash, sc_rp_mode mode, int *is_dir_out)
{
	size_t j;

	if (is_dir_out) {
		*is_dir_out = 1;
	}
	if (slash <= 2) {
		return 1; /* "/.." is "/" */
	}
	j = sc_rp_step(w, slash - 1, mode, true, NULL);
	if (j == SC_RP_FAIL || j <= 1) {
		return j;
	}
	j--;
	while (j > 1 && w->buf[j] != '/') {
		j--;
	}
	return j;
}

/* A symlink at buf[0, len) whose last component starts at name: its text
 * replaces it (relative texts after the link's own directory), and the
 * result is resolved again, with the same demand for a directory. */
static size_t sc_rp_follow(sc_rp_walker *w, const char *spelled, size_t name, sc_rp_mode mode,
	bool want_dir, int *is_dir_out)
{
	sc_rp_io *io = w->io;
	ssize_t n;
	size_t j;
	int directory = 0;

	if (++io->links > SC_RP_LINK_MAX) {
		return SC_RP_FAIL; /* ELOOP as PHP counts it */
	}
	n = io->readlink(io->ctx, spelled, strlen(spelled), w->buf, SC_RP_MAX);
	if (n == SC_RP_GIVE_UP) {
		return sc_rp_give_up(w);
	}
	if (n < 0 || (size_t) n >= SC_RP_MAX) {
		return SC_RP_FAIL;
	}
	w->buf[n] = '\0';
	if (w->buf[0] == '/') {
		j = sc_rp_step(w, (size_t) n, mode, want_dir, &directory);
	} else {
		if (name + (size_t) n >= SC_RP_MAX - 1) {
			return SC_RP_FAIL;
		}
		memmove(w->buf + name, w->buf, (size_t) n + 1);
		memcpy(w->buf, spelled, name - 1);
		w->buf[name - 1] = '/';
		j = sc_rp_step(w, name + (size_t) n, mode, want_dir, &directory);
	}
	if (j != SC_RP_FAIL && is_dir_out) {
		*is_dir_out = directory;
	}
	return j;
}

/* One level: resolves buf[0, len) in place; see sc_rp_walk(). */
static size_t sc_rp_step(sc_rp_walker *w, size_t len, sc_rp_mode mode, bool want_dir, int *is_dir_out)
{
	sc_rp_io *io = w->io;
	char *buf = w->buf;
	size_t name, j;
	bool save;
	int kind = SC_RP_OTHER, directory = 0;
	uint64_t key = 0; /* find()'s, for add() of the same spelling */

	if (++w->depth > SC_RP_MAX_DEPTH) {
		return sc_rp_give_up(w);
	}
	for (;;) {
		if (len <= 1) {
			if (is_dir_out) {
				*is_dir_out = 1;
			}
			j = 1;
			goto out;
		}
		name = len;
		while (name > 1 && buf[name - 1] != '/') {
			name--;
		}
		if (name == len || (name + 1 == len && buf[name] == '.')) {
			/* "//" and "/.": dropped, and what is left must be a directory */
			len = name - 1;
			want_dir = true;
			continue;
		}
		if (name + 2 == len && buf[name] == '.' && buf[name + 1] == '.') {
			j = sc_rp_dotdot(w, name, mode, is_dir_out);
			goto out;
		}
		break;
	}
	buf[len] = '\0';
	save = mode != SC_RP_EXPAND;

	if (save && io->caching) {
		size_t rlen;
		bool rdir;
		char real[SC_RP_MAX];
		if (io->find(io->ctx, buf, len, real, &rlen, &rdir, &key)) {
			if (want_dir && !rdir) {
				j = SC_RP_FAIL; /* a file where a directory must be */
				goto out;
			}
			if (is_dir_out) {
				*is_dir_out = rdir;
			}
			memcpy(buf, real, rlen + 1);
			j = rlen;
			io->kept |= w->depth == 1;
			goto out;
		}
	}
	if (save) {
		kind = io->lstat_kind(io->ctx, buf, len);
		if (kind == SC_RP_GIVE_UP) {
			j = sc_rp_give_up(w);
			goto out;
		}
		if (kind == SC_RP_FAILS) {
			if (mode == SC_RP_REALPATH) {
				j = SC_RP_FAIL;
				goto out;
			}
			save = false; /* kept as spelled, and not remembered */
		}
	}
	{
		char spelled[len + 1];
		memcpy(spelled, buf, len + 1);

		if (save && kind == SC_RP_LINK) {
			j = sc_rp_follow(w, spelled, name, mode, want_dir, &directory);
			if (j == SC_RP_FAIL) {
				goto out;
			}
			if (is_dir_out) {
				*is_dir_out = directory;
			}
		} else {
			if (save) {
				directory = kind == SC_RP_DIR;
				if (is_dir_out) {
					*is_dir_out = directory;
				}
				if (want_dir && !directory) {
					j = SC_RP_FAIL;
					goto out;
				}
			}
			if (name <= 2) {
				j = 1;
			} else {
				/* the directories above: a missing one is kept as spelled */
				j = sc_rp_step(w, name - 1, save ? SC_RP_FILEPATH : mode, true, NULL);
				if (j != SC_RP_FAIL && j > 1) {
					buf[j++] = '/';
				}
			}
			if (j == SC_RP_FAIL || j + len >= SC_RP_MAX - 1 + name) {
				j = SC_RP_FAIL;
				goto out;
			}
			memcpy(buf + j, spelled + name, len - name + 1);
			j += len - name;
		}
		if (save && io->caching && io->add(io->ctx, spelled, len, key, buf, j, directory != 0)) {
			io->kept |= w->depth == 1;
		}
	}
out:
	w->depth--;
	return j;
}

size_t sc_rp_walk(sc_rp_io *io, char *buf, size_t len, sc_rp_mode mode)
{
	sc_rp_walker w = { io, buf, 0 };

	io->kept = false;

	if (len == 0 || buf[0] != '/' || len >= SC_RP_MAX - 1) {
		return SC_RP_FAIL;
	}
	return sc_rp_step(&w, len, mode, false, NULL);
}
