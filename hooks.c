/*
 * statcache: where PHP is intercepted, the one installer of every
 * interception: the table of intercepted functions and methods
 * (src/php/module/intercept_list.h), the plain-files wrapper's and stdio ops,
 * zend_error_cb, the glob:// wrapper and zend_resolve_path.  Each handler
 * lives in the file of its concern (src/php/answers/answers.c, sync.c,
 * listing_hooks.c, glob_hooks.c, include.c) and calls what was installed
 * before, which is saved here once (src/php/module/orig.h) and put back at
 * shutdown unless someone replaced us since.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_statcache.h"
#include "statcache_hooks.h"

#if STATCACHE_HAVE_CACHE

#include "main/php_streams.h"
#include <dlfcn.h>
#include "main/streams/php_stream_plain_wrapper.h"
#include "main/streams/php_stream_glob_wrapper.h"
#include "php/module/intercept_list.h"
#include "php/module/orig.h"
#include "php/answers/answers.h"
#include "php/include/include.h"
#include "php/listings/listing_hooks.h"
#include "php/listings/glob_hooks.h"
#include "php/sync/sync.h"
#include "php/module/intercept.h"

typedef struct sc_intercept {
	const char *cls;          /* NULL: a function */
	const char *name;
	zif_handler handler;
	bool installed;
} sc_intercept;

/* The table of every intercept (src/php/module/intercept_list.h). */
#define SC_TABLE_F(owner, name) [SC_I_##name] = { NULL, #name, SC_HANDLER(owner, name), false },
#define SC_TABLE_M(owner, cls, name) [SC_I_##cls##_##name] = { #cls, #name, SC_HANDLER(owner, cls##_##name), false },

static sc_intercept sc_intercepts[SC_I_COUNT + 1] = {
	SC_INTERCEPTS(SC_TABLE_F, SC_TABLE_M)
	[SC_I_COUNT] = { NULL, NULL, NULL, false }
};

/* Where the handler saved for an intercept of the table is kept. */
static inline zif_handler *sc_orig_of(const sc_intercept *i)
{
	return &sc_orig_fn[i - sc_intercepts];
}

/* Replaces handler `from` by `to` in a class's method and in every internal
 * subclass that inherited it (each holds its own copy of the function). */
static void sc_swap_method(const sc_intercept *i, zif_handler from, zif_handler to)
{
	zend_class_entry *base = zend_hash_str_find_ptr(CG(class_table), i->cls, strlen(i->cls)), *ce;
	char lc[64];

	if (!base) {
		return;
	}
	zend_str_tolower_copy(lc, i->name, MIN(strlen(i->name), sizeof(lc) - 1));
	ZEND_HASH_FOREACH_PTR(CG(class_table), ce) {
		zend_function *m;
		if (ce->type != ZEND_INTERNAL_CLASS || !instanceof_function(ce, base)) {
			continue;
		}
		m = zend_hash_str_find_ptr(&ce->function_table, lc, strlen(lc));
		if (m && m->type == ZEND_INTERNAL_FUNCTION && m->internal_function.handler == from) {
			m->internal_function.handler = to;
		}
	} ZEND_HASH_FOREACH_END();
}

/* Saves what the base class has installed, then patches it everywhere. */
static void sc_patch_method(sc_intercept *i)
{
	zend_class_entry *base = zend_hash_str_find_ptr(CG(class_table), i->cls, strlen(i->cls));
	zend_function *fn;
	char lc[64];

	if (!base) {
		return;
	}
	zend_str_tolower_copy(lc, i->name, MIN(strlen(i->name), sizeof(lc) - 1));
	fn = zend_hash_str_find_ptr(&base->function_table, lc, strlen(lc));
	if (!fn || fn->type != ZEND_INTERNAL_FUNCTION) {
		return;
	}
	*sc_orig_of(i) = fn->internal_function.handler;
	sc_swap_method(i, *sc_orig_of(i), i->handler);
	i->installed = true;
}

static void sc_install_functions(void)
{
	for (sc_intercept *i = sc_intercepts; i->name; i++) {
		if (i->installed) {
			continue;
		}
		if (i->cls) {
			sc_patch_method(i);
		} else {
			/* an answer's AVX2 twin where the CPU has it: it stays the
			 * handler this entry installs and puts back */
			i->handler = sc_answer_fast(i->handler);
			zend_function *fn = zend_hash_str_find_ptr(CG(function_table), i->name, strlen(i->name));
			if (fn && fn->type == ZEND_INTERNAL_FUNCTION) {
				*sc_orig_of(i) = fn->internal_function.handler;
				fn->internal_function.handler = i->handler;
				i->installed = true;
			}
		}
	}
}

static void sc_uninstall_functions(void)
{
	for (sc_intercept *i = sc_intercepts; i->name; i++) {
		if (!i->installed) {
			continue;
		}
		if (i->cls) {
			sc_swap_method(i, i->handler, *sc_orig_of(i));
		} else {
			zend_function *fn = zend_hash_str_find_ptr(CG(function_table), i->name, strlen(i->name));
			/* put back only what is still ours: a later hook stays */
			if (fn && fn->type == ZEND_INTERNAL_FUNCTION && fn->internal_function.handler == i->handler) {
				fn->internal_function.handler = *sc_orig_of(i);
			}
		}
		/* orig stays: a hook installed after ours (opcache's file override)
		 * still calls our handler, which must go on calling what it saved */
		i->installed = false;
	}
}

/* ---- the plain-files wrapper's and stdio ops (src/php/sync/sync.c, the answers
 * above, src/php/listings/listing_hooks.c) ---------------------------------------- */

/* Are a and b in the same loaded object (dladdr())?  false when unsure. */
static bool sc_same_object(const void *a, const void *b)
{
	Dl_info ia, ib;

	return dladdr(a, &ia) && dladdr(b, &ib) && ia.dli_fbase && ia.dli_fbase == ib.dli_fbase;
}

static void sc_install_ops(void)
{
	atomic_store(&sc_ops_replaced, 0);
	sc_orig_wops = php_plain_files_wrapper.wops;
	/* a handed open may skip PHP's opener only where that opener is PHP's
	 * own (src/php/realpath/realpath_open.c), not another extension's before us */
	sc_orig_opener_php = sc_orig_wops->stream_opener
		&& sc_same_object((const void *) (uintptr_t) sc_orig_wops->stream_opener,
			(const void *) &php_plain_files_wrapper);
	sc_wops = *sc_orig_wops;
	sc_wops.url_stat = sc_url_stat;
	sc_wops.stream_opener = sc_stream_opener;
	/* an op the plain wrapper has is wrapped; one it lacks stays NULL */
#define SC_WRAP_OP(op, ours) if (sc_orig_wops->op) { sc_wops.op = ours; }
	SC_WRAP_OP(unlink, sc_unlink)
	SC_WRAP_OP(rename, sc_rename)
	SC_WRAP_OP(stream_mkdir, sc_mkdir)
	SC_WRAP_OP(stream_rmdir, sc_rmdir)
	SC_WRAP_OP(stream_metadata, sc_metadata)
	SC_WRAP_OP(dir_opener, sc_listing_dir_opener) /* src/php/listings/listing_hooks.c */
#undef SC_WRAP_OP
	php_plain_files_wrapper.wops = &sc_wops;

	sc_orig_stdio = php_stream_stdio_ops;
	php_stream_stdio_ops.write = sc_stdio_write;
	php_stream_stdio_ops.close = sc_stdio_close;
	php_stream_stdio_ops.flush = sc_stdio_flush;
	if (sc_orig_stdio.set_option) {
		php_stream_stdio_ops.set_option = sc_stdio_set_option;
	}
	sc_stdio_ours = php_stream_stdio_ops;
}

static void sc_uninstall_ops(void)
{
	if (!sc_orig_wops) {
		return;
	}
	if (php_plain_files_wrapper.wops == &sc_wops) {
		php_plain_files_wrapper.wops = sc_orig_wops;
		sc_orig_wops = NULL;
	}
	/* else someone installed theirs over ours and may still call ours:
	 * sc_wops and what it calls stay as they are */
	if (php_stream_stdio_ops.write == sc_stdio_write) {
		php_stream_stdio_ops.write = sc_orig_stdio.write;
	}
	if (php_stream_stdio_ops.close == sc_stdio_close) {
		php_stream_stdio_ops.close = sc_orig_stdio.close;
	}
	if (php_stream_stdio_ops.flush == sc_stdio_flush) {
		php_stream_stdio_ops.flush = sc_orig_stdio.flush;
	}
	if (php_stream_stdio_ops.set_option == sc_stdio_set_option) {
		php_stream_stdio_ops.set_option = sc_orig_stdio.set_option;
	}
}

uint64_t statcache_hooks_ops_replaced(void)
{
	return atomic_load_explicit(&sc_ops_replaced, memory_order_relaxed);
}

/* ---- zend_error_cb (src/php/sync/sync.c) --------------------------------------- */

static void sc_install_error_cb(void)
{
	if (!sc_prev_error_cb && zend_error_cb) {
		sc_prev_error_cb = zend_error_cb;
		zend_error_cb = sc_error_cb;
	}
}

static void sc_uninstall_error_cb(void)
{
	if (sc_prev_error_cb && zend_error_cb == sc_error_cb) {
		zend_error_cb = sc_prev_error_cb;
		sc_prev_error_cb = NULL;
	}
	/* else a callback installed after ours may still call ours, which goes
	 * on calling what it saved */
}

/* ---- glob:// (src/php/listings/glob_hooks.c) --------------------------------------- */

#ifdef SC_GLOB_STREAM
static php_stream_wrapper_ops sc_glob_wops;
static php_stream_wrapper sc_glob_wrapper;
#endif

static void sc_install_glob_wrapper(void)
{
#ifdef SC_GLOB_STREAM
	HashTable *h = php_stream_get_url_stream_wrappers_hash_global();
	php_stream_wrapper *w = zend_hash_str_find_ptr(h, "glob", sizeof("glob") - 1);

	/* only PHP's own: another extension's glob:// is theirs */
	if (w != &php_glob_stream_wrapper || !w->wops->dir_opener) {
		return;
	}
	sc_glob_orig = w;
	sc_glob_wops = *w->wops;
	sc_glob_wops.dir_opener = sc_glob_opener;
	sc_glob_wrapper = *w;
	sc_glob_wrapper.wops = &sc_glob_wops;
	zend_hash_str_update_ptr(h, "glob", sizeof("glob") - 1, &sc_glob_wrapper);
#endif
}

static void sc_uninstall_glob_wrapper(void)
{
#ifdef SC_GLOB_STREAM
	HashTable *h = php_stream_get_url_stream_wrappers_hash_global();

	if (sc_glob_orig && zend_hash_str_find_ptr(h, "glob", sizeof("glob") - 1) == &sc_glob_wrapper) {
		zend_hash_str_update_ptr(h, "glob", sizeof("glob") - 1, (void *) sc_glob_orig);
	}
#endif
}

/* open_basedir's INI handler, wrapped: the hit path does not look at
 * open_basedir (sc_hook_probe()); its gate opens only while none is in force
 * (sc_hook_lookup()), and every change of the setting (ini_set(), a pool's
 * php_admin_value, the restore at the end of a request) goes through this
 * handler, which shuts the gate.  (PHP writes PG(open_basedir) directly
 * only at start-up and around opcache's preloading, before any request's
 * RINIT shuts the gate anyway.) */
static ZEND_INI_MH((*sc_prev_basedir_mh));
static zend_ini_entry *sc_basedir_entry;

static ZEND_INI_MH(sc_basedir_mh)
{
	/* shut first: nothing looks up between here and the change (the
	 * gate is this thread's) */
	statcache_hit_gate_shut();
	return sc_prev_basedir_mh(entry, new_value, mh_arg1, mh_arg2, mh_arg3, stage);
}

static void sc_install_basedir_hook(void)
{
	sc_basedir_entry = zend_hash_str_find_ptr(EG(ini_directives), "open_basedir", sizeof("open_basedir") - 1);
	if (sc_basedir_entry && sc_basedir_entry->on_modify) {
		sc_prev_basedir_mh = sc_basedir_entry->on_modify;
		sc_basedir_entry->on_modify = sc_basedir_mh;
	} else {
		sc_basedir_entry = NULL;
	}
}

static void sc_uninstall_basedir_hook(void)
{
	if (sc_basedir_entry && sc_basedir_entry->on_modify == sc_basedir_mh) {
		sc_basedir_entry->on_modify = sc_prev_basedir_mh;
	}
	sc_basedir_entry = NULL;
}

/* ---- zend_resolve_path (src/php/include/include.c) -------------------------------- */

static void sc_install_resolve_path(void)
{
	if (zend_resolve_path != sc_resolve_path) {
		sc_prev_resolve_path = zend_resolve_path;
		zend_resolve_path = sc_resolve_path;
	}
}

static void sc_uninstall_resolve_path(void)
{
	/* put back only what is still ours: a later hook stays (and keeps
	 * calling us until it is removed: sc_prev_resolve_path stays valid) */
	if (zend_resolve_path == sc_resolve_path) {
		zend_resolve_path = sc_prev_resolve_path;
	}
}

/* Functions of extensions loaded after us (pcntl, posix) exist only once
 * every module has started: install from the post-startup callback. */
static zend_result (*sc_prev_post_startup)(void);

static zend_result sc_post_startup(void)
{
	if (sc_prev_post_startup && sc_prev_post_startup() != SUCCESS) {
		return FAILURE;
	}
	sc_install_functions();
	sc_install_resolve_path();
	return SUCCESS;
}

/* RINIT: the request starts on PHP's global wrapper table, the hit path
 * shut until a lookup the whole way opens it (src/php/module/intercept.h). */
void statcache_hooks_rinit(void)
{
	SCG(wrappers_seen) = SC_WRAPPERS_UNSEEN;
	SCG(file_wrapper_plain) = false;
	statcache_hit_gate_shut();
}

void statcache_hooks_startup(void)
{
	sc_install_ops();
	sc_install_glob_wrapper();
	sc_install_functions();
	sc_install_error_cb();
	sc_install_basedir_hook();
	sc_prev_post_startup = zend_post_startup_cb;
	zend_post_startup_cb = sc_post_startup;
}

void statcache_hooks_shutdown(void)
{
	if (zend_post_startup_cb == sc_post_startup) {
		zend_post_startup_cb = sc_prev_post_startup;
	}
	sc_uninstall_resolve_path();
	sc_uninstall_basedir_hook();
	sc_uninstall_error_cb();
	sc_uninstall_functions();
	sc_uninstall_glob_wrapper();
	sc_uninstall_ops();
}

#else /* !STATCACHE_HAVE_CACHE */

void statcache_hooks_rinit(void)
{
	statcache_hit_gate_shut();
}

void statcache_hooks_startup(void)
{
}

void statcache_hooks_shutdown(void)
{
}

uint64_t statcache_hooks_ops_replaced(void)
{
	return 0;
}

#endif
