/*
 * statcache: the interface of PHP's realpath walk replayed without Zend:
 * the questions it asks its caller (src/php/realpath/ answers from the cache).
 *
 * PHP resolves every path it opens or includes (expand_filepath(),
 * tsrm_realpath()) with its own walk: one lstat() per component whose
 * prefix its realpath cache does not hold, one readlink() per symlink, and
 * it remembers each resolved prefix in that cache for realpath_cache_ttl
 * seconds.  A program that empties that cache (clearstatcache(true), as
 * MediaWiki does on every request) pays the walk again each time.
 *
 * The walk below takes the same steps in the same order (components taken
 * from the end, "." and ".." dropped as PHP drops them, relative link texts
 * read from the link's directory, at most 32 links, the same failures), but
 * asks its lstat() and readlink() of callbacks, and writes what it resolves
 * through an "add" callback: given the answers PHP's own syscalls would get,
 * it leaves in PHP's realpath cache exactly the entries PHP's walk would
 * leave, so that PHP's own call then finds the whole path there.  Where a
 * callback cannot say without the kernel, the walk gives up and PHP walks
 * (the entries added so far are the ones PHP's walk adds for the same
 * prefixes).  Pure C (no Zend): unit-tested with cmocka against realpath(3).
 */
#ifndef STATCACHE_RPWALK_H
#define STATCACHE_RPWALK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* MAXPATHLEN on Linux: the size of PHP's walk buffer. */
#define SC_RP_MAX 4096
/* zend_virtual_cwd.c's LINK_MAX: links followed in one resolution. */
#define SC_RP_LINK_MAX 32

/* How the path is resolved: virtual_file_ex()'s use_realpath values. */
typedef enum {
	SC_RP_EXPAND = 0,   /* CWD_EXPAND: lexical, nothing asked or saved */
	SC_RP_FILEPATH = 1, /* CWD_FILEPATH: a missing component is kept as spelled */
	SC_RP_REALPATH = 2  /* CWD_REALPATH: a missing component fails */
} sc_rp_mode;

/* What lstat_kind() says. */
enum {
	SC_RP_GIVE_UP = -2, /* cannot say without the kernel: PHP walks */
	SC_RP_FAILS = -1,   /* lstat() fails */
	SC_RP_OTHER = 0,    /* neither a directory nor a symlink */
	SC_RP_DIR = 1,
	SC_RP_LINK = 2
};

typedef struct sc_rp_io {
	/* lstat() of the NUL-terminated path, as one of the values above. */
	int (*lstat_kind)(void *ctx, const char *path, size_t len);
	/* readlink() of path into buf (size bytes, not terminated): the length,
	 * SC_RP_FAILS, or SC_RP_GIVE_UP. */
	ssize_t (*readlink)(void *ctx, const char *path, size_t len, char *buf, size_t size);
	/* PHP's realpath cache: true when it holds path (its realpath copied
	 * into out, SC_RP_MAX bytes, with its length and is_dir).  Asked only
	 * when caching is true.  *key: what the callback computed to look path
	 * up (PHP's hash of it), handed back to add() for the same spelling so
	 * that it is computed once per prefix. */
	bool (*find)(void *ctx, const char *path, size_t len, char *out, size_t *out_len, bool *is_dir,
		uint64_t *key);
	/* Remembers a resolved prefix (only when caching is true), with the key
	 * find() gave for it; false when it could not (the cache is full). */
	bool (*add)(void *ctx, const char *path, size_t len, uint64_t key, const char *real, size_t real_len,
		bool is_dir);
	void *ctx;
	bool caching;       /* realpath_cache_size_limit != 0 */
	int links;          /* links followed so far (start at 0) */
	bool gave_up;       /* set when a callback said SC_RP_GIVE_UP */
	bool kept;          /* set when the whole spelling (its trailing "/" and
	                     * "/." dropped) was found in the cache or added to it:
	                     * PHP's own walk of it would answer from that entry */
} sc_rp_io;

/* Resolves the absolute path in buf (len bytes; buf holds SC_RP_MAX) in
 * place, as tsrm_realpath_r() does with start 1: returns the resolved
 * length, or (size_t) -1 when PHP's walk fails, or when io->gave_up;
 * io->kept says whether PHP's walk would now take the result from the
 * cache. */
size_t sc_rp_walk(sc_rp_io *io, char *buf, size_t len, sc_rp_mode mode);

#endif
