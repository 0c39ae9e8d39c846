/*
 * statcache: lexical canonicalization of absolute paths.
 *
 * /a/b/../c is /a/c only when /a/b is a real directory: the kernel fails with
 * ENOENT for missing/.., ENOTDIR for file/.. and file/., and follows a
 * symlink before its "..".  So canonicalization also returns the prefixes
 * that must be real, watched directories for the canonical form to answer
 * for the spelling; the lookup checks them in the cache and gives the call
 * to PHP when one is not.  Pure C: unit-tested with cmocka, fuzzed.
 */
#ifndef STATCACHE_PATH_H
#define STATCACHE_PATH_H

#include <stddef.h>
#include <stdint.h>

#define SC_PATH_MAX 4096      /* PATH_MAX on Linux, NUL included */
#define SC_NAME_MAX 255       /* NAME_MAX */
#define SC_CANON_MAX_REQS 16
#define SC_CANON_REQ_BYTES 8192

typedef enum {
	SC_CANON_SAME = 0,   /* already canonical: look it up as it is */
	SC_CANON_CHANGED,    /* canonical form in c->path, with requirements */
	SC_CANON_BYPASS      /* not ours to answer: relative, trailing '/', too long, ... */
} sc_canon_result;

typedef struct sc_canon {
	char path[SC_PATH_MAX];
	size_t len;
	unsigned nreq;
	uint16_t req_off[SC_CANON_MAX_REQS];
	uint16_t req_len[SC_CANON_MAX_REQS];
	char req[SC_CANON_REQ_BYTES];   /* the required directories, NUL-separated */
} sc_canon;

/* Canonicalizes an absolute path of len bytes (no NUL inside: the caller
 * checked).  Paths PHP or the kernel would treat specially are BYPASS. */
sc_canon_result sc_canon_path(sc_canon *c, const char *path, size_t len);

static inline const char *sc_canon_req(const sc_canon *c, unsigned i, size_t *len)
{
	*len = c->req_len[i];
	return c->req + c->req_off[i];
}

/* Length of the parent of a canonical path ("/a/b" -> 2, "/a" -> 1, "/" -> 0). */
size_t sc_path_parent_len(const char *path, size_t len);

#endif
