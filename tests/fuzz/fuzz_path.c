/*
 * libFuzzer target for sc_canon_path() (src/core/canon.c).
 *
 * The input is a path (cut at its first NUL: the module never passes one
 * with a NUL inside).  Besides crashes and out-of-bounds accesses (ASan,
 * UBSan), it checks what the lookup relies on:
 *   - the canonical form equals a plain stack-of-names model of "." and "..",
 *     is absolute, has no "//", "." or ".." and no trailing '/', and is never
 *     longer than the input (so never PATH_MAX or more);
 *   - canonicalization is idempotent: the canonical form is SAME, as it is;
 *   - SAME means the input was already canonical and needs nothing;
 *   - every required directory (a prefix the walk passed a "." or ".."
 *     after) is NUL-terminated, inside the requirement buffer, canonical,
 *     never "/", and needs nothing itself.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/canon.h"

#define CHECK(cond) do { if (!(cond)) { \
	fprintf(stderr, "fuzz_path: invariant failed: %s (line %d)\n", #cond, __LINE__); abort(); } } while (0)

/* The reference: a stack of names, "." dropped, ".." pops (at "/" too). */
static size_t model(const char *in, size_t len, char *out)
{
	size_t olen = 0, i = 0;

	while (i < len) {
		size_t start, n;
		while (i < len && in[i] == '/') {
			i++;
		}
		start = i;
		while (i < len && in[i] != '/') {
			i++;
		}
		n = i - start;
		if (n == 0 || (n == 1 && in[start] == '.')) {
			continue;
		}
		if (n == 2 && in[start] == '.' && in[start + 1] == '.') {
			while (olen > 0 && out[olen - 1] != '/') {
				olen--;
			}
			if (olen > 0) {
				olen--; /* the '/' before the popped name */
			}
			continue;
		}
		out[olen++] = '/';
		memcpy(out + olen, in + start, n);
		olen += n;
	}
	if (olen == 0) {
		out[olen++] = '/';
	}
	out[olen] = '\0';
	return olen;
}

static int has_name(const char *p, size_t len, const char *name)
{
	size_t n = strlen(name), i = 0;
	while (i < len) {
		size_t start = ++i; /* past the '/' */
		while (i < len && p[i] != '/') {
			i++;
		}
		if (i - start == n && memcmp(p + start, name, n) == 0) {
			return 1;
		}
	}
	return 0;
}

static void check_canonical(const char *p, size_t len)
{
	CHECK(len >= 1 && len < SC_PATH_MAX);
	CHECK(p[0] == '/' && p[len] == '\0' && strlen(p) == len);
	CHECK(memmem(p, len, "//", 2) == NULL);
	CHECK(len == 1 || p[len - 1] != '/');
	CHECK(!has_name(p, len, ".") && !has_name(p, len, ".."));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static sc_canon c, again;
	static char ref[2 * SC_PATH_MAX + 2];
	const char *nul = memchr(data, '\0', size);
	size_t len = nul ? (size_t) (nul - (const char *) data) : size;
	/* a block of exactly len bytes: ASan catches any read past the path */
	char *in = malloc(len ? len : 1);
	sc_canon_result r;

	if (!in || len > 2 * SC_PATH_MAX) {
		free(in);
		return 0;
	}
	memcpy(in, data, len);
	r = sc_canon_path(&c, in, len);
	CHECK(r == SC_CANON_SAME || r == SC_CANON_CHANGED || r == SC_CANON_BYPASS);
	if (r == SC_CANON_BYPASS) {
		free(in);
		return 0;
	}
	CHECK(len > 0 && in[0] == '/' && len < SC_PATH_MAX);
	check_canonical(c.path, c.len);
	CHECK(c.len <= len);
	CHECK(model(in, len, ref) == c.len && memcmp(ref, c.path, c.len) == 0);
	if (r == SC_CANON_SAME) {
		CHECK(c.len == len && memcmp(c.path, in, len) == 0 && c.nreq == 0);
	} else {
		CHECK(c.len < len); /* something ("//", ".", "..") was dropped */
	}
	CHECK(c.nreq <= SC_CANON_MAX_REQS);
	for (unsigned i = 0; i < c.nreq; i++) {
		size_t rlen;
		const char *q = sc_canon_req(&c, i, &rlen);
		CHECK(q >= c.req && q + rlen < c.req + SC_CANON_REQ_BYTES);
		CHECK(q[rlen] == '\0' && strlen(q) == rlen);
		check_canonical(q, rlen);
		CHECK(rlen > 1); /* "/" is never required */
		/* each requirement is a directory the walk went through; it is
		 * canonical itself and needs nothing when looked up again */
		CHECK(sc_canon_path(&again, q, rlen) == SC_CANON_SAME && again.len == rlen);
	}
	/* idempotence */
	CHECK(sc_canon_path(&again, c.path, c.len) == SC_CANON_SAME);
	CHECK(again.len == c.len && memcmp(again.path, c.path, c.len) == 0 && again.nreq == 0);
	/* the parent of a canonical path is a canonical prefix ending before a '/' */
	{
		size_t pl = sc_path_parent_len(c.path, c.len);
		CHECK(pl <= c.len);
		CHECK(c.len == 1 ? pl == 0 : (pl >= 1 && (pl == 1 || c.path[pl] == '/')));
	}
	free(in);
	return 0;
}
