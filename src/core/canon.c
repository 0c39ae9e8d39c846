/*
 * statcache: lexical canonicalization of absolute paths (see src/core/canon.h).
 */
#include "core/canon.h"

#include <string.h>

/* Remembers that the current prefix must be a real directory. */
static int sc_canon_require(sc_canon *c, size_t used)
{
	if (c->len <= 1) {
		return 0; /* "/" is always a directory */
	}
	if (c->nreq > 0 && c->req_len[c->nreq - 1] == c->len
			&& memcmp(c->req + c->req_off[c->nreq - 1], c->path, c->len) == 0) {
		return 0; /* "a/./." asks the same twice */
	}
	if (c->nreq == SC_CANON_MAX_REQS || used + c->len + 1 > SC_CANON_REQ_BYTES) {
		return -1;
	}
	c->req_off[c->nreq] = (uint16_t) used;
	c->req_len[c->nreq] = (uint16_t) c->len;
	memcpy(c->req + used, c->path, c->len);
	c->req[used + c->len] = '\0';
	c->nreq++;
	return 0;
}

sc_canon_result sc_canon_path(sc_canon *c, const char *path, size_t len)
{
	size_t i = 0, used = 0;
	int changed = 0;

	c->len = 0;
	c->nreq = 0;
	if (len == 0 || path[0] != '/' || len >= SC_PATH_MAX) {
		return SC_CANON_BYPASS;
	}
	if (len > 1 && path[len - 1] == '/') {
		return SC_CANON_BYPASS; /* PHP's own call: a trailing '/' asks for a directory */
	}

	/* the common spelling, with no "//" and no "." or ".." component, is its
	 * own canonical form: checked a component at a time with memchr()
	 * rather than by the byte loop below, which the rest takes */
	for (const char *p = path + 1, *e = path + len;;) {
		const char *slash = memchr(p, '/', (size_t) (e - p));
		size_t n = (size_t) ((slash ? slash : e) - p);
		if (n == 0 || n > SC_NAME_MAX || (p[0] == '.' && (n == 1 || (n == 2 && p[1] == '.')))) {
			break;
		}
		if (!slash) {
			memcpy(c->path, path, len);
			c->path[len] = '\0';
			c->len = len;
			return SC_CANON_SAME;
		}
		p = slash + 1;
	}

	c->path[0] = '/';
	c->len = 1;
	while (i < len) {
		size_t start, n;

		while (i < len && path[i] == '/') {
			if (i > 0 && path[i - 1] == '/') {
				changed = 1; /* "//" */
			}
			i++;
		}
		if (i == len) {
			break;
		}
		start = i;
		while (i < len && path[i] != '/') {
			i++;
		}
		n = i - start;
		if (n > SC_NAME_MAX) {
			return SC_CANON_BYPASS; /* ENAMETOOLONG, whatever follows */
		}
		if (n == 1 && path[start] == '.') {
			changed = 1;
			if (sc_canon_require(c, used) < 0) {
				return SC_CANON_BYPASS;
			}
			if (c->nreq) {
				used = c->req_off[c->nreq - 1] + c->req_len[c->nreq - 1] + 1u;
			}
			continue;
		}
		if (n == 2 && path[start] == '.' && path[start + 1] == '.') {
			changed = 1;
			if (sc_canon_require(c, used) < 0) {
				return SC_CANON_BYPASS;
			}
			if (c->nreq) {
				used = c->req_off[c->nreq - 1] + c->req_len[c->nreq - 1] + 1u;
			}
			c->len = sc_path_parent_len(c->path, c->len);
			if (c->len == 0) {
				c->len = 1; /* "/.." is "/" */
			}
			continue;
		}
		if (c->len > 1) {
			c->path[c->len++] = '/';
		}
		memcpy(c->path + c->len, path + start, n);
		c->len += n;
	}
	c->path[c->len] = '\0';
	return changed ? SC_CANON_CHANGED : SC_CANON_SAME;
}

size_t sc_path_parent_len(const char *path, size_t len)
{
	if (len <= 1) {
		return 0;
	}
	while (len > 0 && path[len - 1] != '/') {
		len--;
	}
	/* len now counts the '/' before the last name */
	return len > 1 ? len - 1 : 1;
}
