/*
 * statcache: fopen() & co with the include path, run on the suffix of
 * include_path that starts at the first entry not known missing (or none:
 * see src/php/include/include.c, whose walk they share).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_statcache.h"

#if STATCACHE_HAVE_CACHE

#include "php/include/include.h"
#include "php/include/include_walk.h"
#include "php/module/intercept.h"
#include "php/module/orig.h"

/* Where each of them takes what: the name's and the flag's argument
 * numbers, the flag's bits (a bool flag: any), and the one type each
 * argument may have for the suffix to be used ('s' string, 'b' bool,
 * 'l' int, 'n' null: a context or length left at its default). */
typedef struct sc_ip_call {
	uint32_t name_arg, flag_arg;
	zend_long mask;
	const char *types;
	/* may run without the include path when every candidate is known
	 * missing: nothing it checks before its open sees the flag changed
	 * (gzopen() warns of a '+' mode first; SplFileObject asks is_dir()
	 * of the name, and throws), with an int flag only of these bits
	 * (file() refuses others first; 0: any) */
	bool flip;
	zend_long valid;
} sc_ip_call;

static const sc_ip_call sc_ip_fopen = { 1, 3, 0, "ssbn", true, 0 };
static const sc_ip_call sc_ip_file_get_contents = { 1, 2, 0, "sbnln", true, 0 };
static const sc_ip_call sc_ip_file = { 1, 2, 1 /* FILE_USE_INCLUDE_PATH */, "sln", true,
	1 | 2 | 4 | 16 /* and FILE_IGNORE_NEW_LINES, FILE_SKIP_EMPTY_LINES, FILE_NO_DEFAULT_CONTEXT */ };
static const sc_ip_call sc_ip_readfile = { 1, 2, 0, "sbn", true, 0 };
static const sc_ip_call sc_ip_get_meta_tags = { 1, 2, 0, "sb", true, 0 };
static const sc_ip_call sc_ip_gzopen = { 1, 3, -1, "ssl", false, 0 };
static const sc_ip_call sc_ip_gzfile = { 1, 2, -1, "sl", true, 0 };
static const sc_ip_call sc_ip_spl_file = { 1, 3, 0, "ssbn", false, 0 };

/* The suffix of include_path this call may run on, or NULL for PHP's own
 * walk: the include path asked for, arguments of exactly their types, a
 * plain name, and at least one entry known missing before the first that
 * is not.  *none: every candidate php_resolve_path() would try (each
 * entry, then the script's directory) is known missing, so it fails, and
 * the name is then opened as given (relative to the working directory):
 * the call may run without the include path. */
static const char *sc_ip_suffix(const sc_ip_call *k, zend_execute_data *execute_data, bool *none)
{
	char trypath[MAXPATHLEN];
	uint32_t n = ZEND_NUM_ARGS();
	const char *path = PG(include_path), *suffix;
	zval *name, *flag;
	sc_cache *c;
	sc_cwd cwd;
	zend_string *exec_filename;

	*none = false;
	if (n < k->flag_arg || n > strlen(k->types) || SCG(include_path_saved) || SCG(ip_flag_arg)
			|| !sc_ops_intact()) {
		return NULL;
	}
	for (uint32_t i = 0; i < n; i++) {
		zval *a = ZEND_CALL_ARG(execute_data, i + 1);
		bool ok;
		switch (k->types[i]) {
			case 's': ok = Z_TYPE_P(a) == IS_STRING; break;
			case 'b': ok = Z_TYPE_P(a) == IS_TRUE || Z_TYPE_P(a) == IS_FALSE; break;
			case 'l': ok = Z_TYPE_P(a) == IS_LONG; break;
			default: ok = Z_TYPE_P(a) == IS_NULL; break;
		}
		if (!ok) {
			return NULL;
		}
	}
	name = ZEND_CALL_ARG(execute_data, k->name_arg);
	flag = ZEND_CALL_ARG(execute_data, k->flag_arg);
	if (Z_TYPE_P(flag) == IS_LONG ? !(Z_LVAL_P(flag) & k->mask) : Z_TYPE_P(flag) != IS_TRUE) {
		return NULL;
	}
	c = sc_include_cache(Z_STRVAL_P(name), Z_STRLEN_P(name), path);
	if (!c || !sc_exec_plain(&exec_filename)) {
		return NULL;
	}
	cwd.asked = false;
	suffix = sc_walk_include_path(c, &cwd, Z_STRVAL_P(name), Z_STRLEN_P(name), path, NULL, none, NULL);
	if (*none && (!k->flip || (Z_TYPE_P(flag) == IS_LONG && k->valid
			&& (Z_LVAL_P(flag) < 0 || (Z_LVAL_P(flag) & ~k->valid))))) {
		*none = false;
	}
	if (*none) {
		*none = !sc_exec_candidate(exec_filename, Z_STRVAL_P(name), Z_STRLEN_P(name), trypath)
			|| sc_known_missing(c, &cwd, trypath, strlen(trypath), NULL);
		if (*none) {
			sc_count(&c->n->include_path_hits);
			return NULL;
		}
	}
	if (suffix == path) {
		return NULL; /* nothing to skip */
	}
	sc_count(&c->n->include_path_hits);
	return suffix;
}

void statcache_include_restore(void)
{
	if (SCG(include_path_saved)) {
		PG(include_path) = SCG(include_path_saved);
		SCG(include_path_saved) = NULL;
	}
	if (SCG(ip_flag_arg)) {
		ZVAL_COPY_VALUE(SCG(ip_flag_arg), &SCG(ip_flag_saved));
		SCG(ip_flag_arg) = NULL;
	}
}

/* Runs the function saved for id on the suffix, if any, or without the
 * include path when every candidate is known missing: its flag argument
 * (a bool, or an int whose flag bits are cleared) says "no include path"
 * from the call until the plain wrapper's opener runs, which puts it back
 * before any warning (an error handler's backtrace sees the call's own
 * arguments). */
static void sc_ip_run(const sc_ip_call *k, zif_handler orig, INTERNAL_FUNCTION_PARAMETERS)
{
	bool none;
	const char *suffix = sc_ip_suffix(k, execute_data, &none);

	if (none) {
		zval *flag = ZEND_CALL_ARG(execute_data, k->flag_arg);
		ZVAL_COPY_VALUE(&SCG(ip_flag_saved), flag);
		SCG(ip_flag_arg) = flag;
		if (Z_TYPE_P(flag) == IS_LONG) {
			Z_LVAL_P(flag) &= ~k->mask;
		} else {
			ZVAL_FALSE(flag);
		}
	} else if (!suffix) {
		orig(INTERNAL_FUNCTION_PARAM_PASSTHRU);
		return;
	} else {
		SCG(include_path_saved) = PG(include_path);
		PG(include_path) = (char *) suffix;
	}
	zend_try {
		orig(INTERNAL_FUNCTION_PARAM_PASSTHRU);
	} zend_catch {
		statcache_include_restore();
		zend_bailout();
	} zend_end_try();
	statcache_include_restore();
}

#define SC_IP_HANDLER(fname, spec) \
	void sc_##fname(INTERNAL_FUNCTION_PARAMETERS) \
	{ \
		sc_ip_run(&spec, sc_orig(SC_I_##fname), INTERNAL_FUNCTION_PARAM_PASSTHRU); \
	}

SC_IP_HANDLER(fopen, sc_ip_fopen)
SC_IP_HANDLER(file_get_contents, sc_ip_file_get_contents)
SC_IP_HANDLER(file, sc_ip_file)
SC_IP_HANDLER(readfile, sc_ip_readfile)
SC_IP_HANDLER(get_meta_tags, sc_ip_get_meta_tags)
SC_IP_HANDLER(gzopen, sc_ip_gzopen)
SC_IP_HANDLER(gzfile, sc_ip_gzfile)
SC_IP_HANDLER(readgzfile, sc_ip_gzfile)
SC_IP_HANDLER(splfileobject___construct, sc_ip_spl_file)

/* chdir(): the working directory the opcache hooks keep for the request
 * (src/php/opcache/opcache_name.c) is read again at the next relative include, as
 * opcache's own key for a relative name is after its chdir() hook. */
void sc_chdir(INTERNAL_FUNCTION_PARAMETERS)
{
	SCG(oc_cwd_known) = false;
	sc_orig(SC_I_chdir)(INTERNAL_FUNCTION_PARAM_PASSTHRU);
	SCG(oc_cwd_known) = false;
}

#endif
