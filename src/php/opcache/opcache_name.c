/*
 * statcache: a relative include name resolved to its real path before
 * opcache is asked, kept in a name record (statcache.opcache_invalidate).
 *
 * opcache keys a relative name by the name, the working directory,
 * include_path and the including script's directory, and with
 * validate_timestamps=0 never resolves it again: under that key it would
 * serve a copy another process compiled (of a file changed since), or the
 * file the name meant before one appeared earlier in include_path.  The
 * outer hooks (src/php/opcache/opcache.c) hand opcache the real path instead, as
 * PHP itself does for include_once, so that what opcache looks up is a
 * script the records vouch for or invalidate.  The real path is what
 * php_resolve_path() resolves now (src/php/include/include.c's walk, from the
 * cache: no syscall when warm), kept in a name record
 * (src/engine/scripts.c) that depends on the lookups of every candidate
 * the walk passed over and of the one it chose: a file created or renamed
 * into an earlier include_path entry, or a symlink on the way swapped,
 * makes the next include walk again.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_statcache.h"

#if STATCACHE_HAVE_CACHE

#include "php/opcache/opcache_name.h"
#include "php/include/include.h"
#include "engine/scripts.h"
#include "Zend/zend_virtual_cwd.h"

/* The key's bytes: each part but the last as "length:part|", into key
 * (cap bytes, NUL-terminated); false when it does not fit.  At every
 * relative include: no printf. */
static bool sc_oc_key_put(char *key, size_t cap, const char *name, size_t nlen, const char *dir, size_t dlen,
	const char *cwd, size_t clen, const char *ip, size_t iplen)
{
	const char *part[3] = { name, dir, cwd };
	size_t plen[3] = { nlen, dlen, clen }, at = 0;

	for (int i = 0; i < 3; i++) {
		char digits[24];
		size_t nd = 0, v = plen[i];
		do {
			digits[nd++] = (char) ('0' + v % 10);
			v /= 10;
		} while (v);
		if (at + nd + 2 + plen[i] >= cap) {
			return false;
		}
		while (nd) {
			key[at++] = digits[--nd];
		}
		key[at++] = ':';
		memcpy(key + at, part[i], plen[i]);
		at += plen[i];
		key[at++] = '|';
	}
	if (at + iplen + 1 > cap) {
		return false;
	}
	memcpy(key + at, ip, iplen + 1);
	return true;
}

/* Everything the name's meaning depends on, as the record's key: the
 * name, the including script's directory, the working directory (only
 * when a candidate is relative to it) and include_path, each but the last
 * with its length (no two contexts spell one key).  false when it does not
 * fit in cap. */
static bool sc_oc_name_key(zend_string *name, char *key, size_t cap)
{
	const char *ip = PG(include_path) ? PG(include_path) : "", *dir = "", *p;
	zend_string *exec = zend_is_executing() ? zend_get_executed_filename_ex() : NULL;
	const char *cwd = "";
	size_t dlen = 0;
	bool need_cwd = !*ip || ZSTR_VAL(name)[0] == '.';

	for (p = ip; *p && !need_cwd;) {
		need_cwd = *p != '/'; /* a relative entry (".") or an empty one */
		p = strchr(p, DEFAULT_DIR_SEPARATOR);
		p = p ? p + 1 : "";
	}
	if (need_cwd) {
		/* once per request, and after a chdir() (src/php/include/include_calls.c):
		 * the same lifetime as opcache's own copy for its keys */
		if (!SCG(oc_cwd_known)) {
			if (!VCWD_GETCWD(SCG(oc_cwd), sizeof(SCG(oc_cwd)))) {
				return false;
			}
			SCG(oc_cwd_known) = true;
		}
		cwd = SCG(oc_cwd);
	}
	if (exec) {
		dir = ZSTR_VAL(exec);
		for (dlen = ZSTR_LEN(exec); dlen > 0 && dir[dlen - 1] != '/'; dlen--) {
		}
	}
	return sc_oc_key_put(key, cap, ZSTR_VAL(name), ZSTR_LEN(name), dir, dlen, cwd, strlen(cwd), ip, strlen(ip));
}

/* Would PHP's open of real pass open_basedir (asked quietly)? */
static bool sc_oc_basedir_allows(const char *real)
{
	return !PG(open_basedir) || !*PG(open_basedir) || php_check_open_basedir_ex(real, 0) == 0;
}

zend_string *sc_oc_name_real(sc_cache *c, zend_string *name)
{
	char key[3 * MAXPATHLEN + 64], real[SC_PATH_MAX];
	sc_include_seen *seen;
	zend_string *r = NULL;

	if (memchr(ZSTR_VAL(name), '\0', ZSTR_LEN(name)) || !sc_oc_name_key(name, key, sizeof(key))) {
		return NULL;
	}
	if (sc_scripts_name_real(key, real)) {
		/* a file open_basedir refuses: PHP's warnings name the name given */
		return sc_oc_basedir_allows(real) ? zend_string_init(real, strlen(real), 0) : NULL;
	}
	seen = emalloc(sizeof(*seen));
	if (sc_include_walk(ZSTR_VAL(name), ZSTR_LEN(name), seen, &r) && r && ZSTR_VAL(r)[0] == '/'
			&& ZSTR_LEN(r) < SC_PATH_MAX && VCWD_ACCESS(ZSTR_VAL(r), R_OK) == 0
			&& sc_scripts_name(c, key, ZSTR_VAL(r), seen->chosen[0] ? seen->chosen : NULL, seen->passed,
				seen->passed_len) && sc_oc_basedir_allows(ZSTR_VAL(r))) {
		efree(seen);
		return r;
	}
	/* not a regular file the cache answers for, not readable, or outside
	 * open_basedir: opcache and PHP answer the name as given (their
	 * warnings name it) */
	if (r) {
		zend_string_release(r);
	}
	efree(seen);
	return NULL;
}

#endif
