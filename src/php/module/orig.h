/*
 * statcache: the originals every handler hands on to: what was installed
 * before us, saved once by hooks.c (the one installer) and called by every handler for what it does not answer; and
 * whether ours are still in place.  Below every handler: they include
 * this, never the installer.
 */
#ifndef STATCACHE_ORIG_H
#define STATCACHE_ORIG_H

#include "php.h"
#include "main/php_streams.h"
#include "main/streams/php_stream_plain_wrapper.h"
#include "php/module/intercept_list.h"

#include <stdatomic.h>

/* The handler each intercepted function or method had before ours (PHP's
 * own or another extension's), by intercept id. */
extern zif_handler sc_orig_fn[SC_I_COUNT];

/* What was installed before us for intercept id. */
static inline zif_handler sc_orig(sc_intercept_id id)
{
	return sc_orig_fn[id];
}

/* The plain-files wrapper's ops and the stdio stream ops before ours, and
 * ours as installed (sc_wops: the patched copy of the wrapper's ops;
 * sc_stdio_ours: the stdio ops as patched in place). */
extern const php_stream_wrapper_ops *sc_orig_wops;
/* Is sc_orig_wops's opener PHP's own (in the object that defines
 * php_plain_files_wrapper), not another extension's installed before us?
 * Set with sc_orig_wops (hooks.c). */
extern bool sc_orig_opener_php;
extern php_stream_ops sc_orig_stdio;
/* hidden: the hit path compares against them at a fixed offset, not
 * through the GOT */
#if defined(__GNUC__) && !defined(_WIN32)
# define SC_HIDDEN __attribute__((visibility("hidden")))
#else
# define SC_HIDDEN
#endif
extern SC_HIDDEN php_stream_wrapper_ops sc_wops;
extern SC_HIDDEN php_stream_ops sc_stdio_ours;

/* PHP's glob:// wrapper, where a copy of it with our opener replaced it. */
extern const php_stream_wrapper *sc_glob_orig;

/* zend_error_cb and zend_resolve_path before ours. */
extern void (*sc_prev_error_cb)(int type, zend_string *error_filename, const uint32_t error_lineno,
	zend_string *message);
extern zend_string *(*sc_prev_resolve_path)(zend_string *filename);

/* Times our patched ops were found replaced at run time (Swoole's hooks). */
extern _Atomic uint64_t sc_ops_replaced;

/* sc_ops_intact()'s answer once it found our ops gone: logged once,
 * counted every time; false. */
bool sc_ops_found_replaced(void);

/* Are our patched ops still in place?  Swoole's file hooks copy their own
 * ops over both structs at run time, with nothing to tell us; then every
 * lookup drains first, which stays exact without our sync points
 * (src/php/sync/sync.c).  Asked on every lookup (the hit path included), so
 * inline: three compares. */
static zend_always_inline bool sc_ops_ours(void)
{
	return php_plain_files_wrapper.wops == &sc_wops && php_stream_stdio_ops.write == sc_stdio_ours.write
		&& php_stream_stdio_ops.close == sc_stdio_ours.close;
}

static zend_always_inline bool sc_ops_intact(void)
{
	return EXPECTED(sc_ops_ours()) || sc_ops_found_replaced();
}

/* Tests: puts PHP's original ops back over the patched structs. */
void sc_orig_put_back(void);

/* The request's wrapper table searched again for file:// after it changed
 * (sc_file_wrapper_plain() in intercept.h): whether file:// is still PHP's
 * plain-files wrapper, remembered with the table it was read from. */
bool sc_file_wrapper_recheck(void);

#endif
