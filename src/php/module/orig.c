/*
 * statcache: the handlers and wrapper ops installed before us, saved and
 * put back, and whether file:// is still PHP's own wrapper (see
 * src/php/module/orig.h).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_statcache.h"

#if STATCACHE_HAVE_CACHE

#include "php/module/orig.h"
#include "ext/standard/file.h"
#include "core/log.h"

zif_handler sc_orig_fn[SC_I_COUNT];
const php_stream_wrapper_ops *sc_orig_wops;
bool sc_orig_opener_php;
php_stream_ops sc_orig_stdio;
php_stream_wrapper_ops sc_wops;
php_stream_ops sc_stdio_ours;
const php_stream_wrapper *sc_glob_orig;
void (*sc_prev_error_cb)(int type, zend_string *error_filename, const uint32_t error_lineno,
	zend_string *message);
zend_string *(*sc_prev_resolve_path)(zend_string *filename);
_Atomic uint64_t sc_ops_replaced;

bool sc_ops_found_replaced(void)
{
	if (atomic_fetch_add_explicit(&sc_ops_replaced, 1, memory_order_relaxed) == 0) {
		sc_log_once(SC_LOG_OPS_REPLACED, "statcache: the plain-files wrapper or stdio ops were "
			"replaced at run time (Swoole file hooks?); every lookup now drains the event queue first");
	}
	return false;
}

/* Tests (statcache_test_restore_ops()): PHP's original ops back over the
 * patched structs, as Swoole's file hooks copy theirs at run time. */
void sc_orig_put_back(void)
{
	if (sc_orig_wops) {
		php_plain_files_wrapper.wops = sc_orig_wops;
		php_stream_stdio_ops = sc_orig_stdio;
	}
}


/* ---- the request's wrapper table ---------------------------------------- */

/* sc_file_wrapper_plain() after the table changed: searched once, then a
 * pointer compare per lookup until the next change. */
bool sc_file_wrapper_recheck(void)
{
	HashTable *ht = FG(stream_wrappers);
	bool plain = true;

	if (ht) {
		plain = zend_hash_str_find_ptr(ht, "file", sizeof("file") - 1) == &php_plain_files_wrapper;
	}
	SCG(wrappers_seen) = ht;
	SCG(file_wrapper_plain) = plain;
	return plain;
}

#endif
