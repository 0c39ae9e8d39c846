dnl statcache: the inotify-validated stat cache.

PHP_ARG_ENABLE([statcache],
  [whether to enable statcache],
  [AS_HELP_STRING([--enable-statcache],
    [Enable statcache, the stat cache kept valid by inotify (Linux)])],
  [no])

PHP_ARG_ENABLE([statcache-dev],
  [whether to build statcache with strict warnings],
  [AS_HELP_STRING([--enable-statcache-dev],
    [statcache: build with -Wall -Wextra -Werror (development)])],
  [no],
  [no])

if test "$PHP_STATCACHE" != "no"; then
  dnl Sources by layer (README "Where things are"): the module face at the
  dnl root; src/php (Zend-facing, one folder per concern) -> src/engine (the
  dnl lookup) -> src/core (pure C, no Zend).  Includes name the layer.
  statcache_sources="statcache.c hooks.c src/php/module/ini.c src/php/module/testapi.c src/php/module/log.c src/php/module/off_reason.c"
  statcache_have_cache=yes
  AC_CHECK_HEADERS([sys/inotify.h sys/epoll.h sys/statfs.h], [], [statcache_have_cache=no])

  if test "$statcache_have_cache" = "yes"; then
    statcache_core="src/core/gen.c src/core/events.c src/core/canon.c src/core/table.c src/core/fileid.c \
      src/core/trust.c src/core/log.c src/core/listing.c src/core/rpwalk.c"
    statcache_process="statcache_shared.c statcache_watcher.c"
    statcache_engine="src/engine/drain.c src/engine/resolve.c src/engine/follow.c src/engine/lookup.c src/engine/scripts.c src/engine/script_fill.c"
    statcache_php="src/php/module/threads.c src/php/module/orig.c \
      src/php/answers/answers.c src/php/answers/answers_avx2.c \
      src/php/sync/sync.c \
      src/php/include/include.c src/php/include/include_calls.c \
      src/php/listings/listing_hooks.c src/php/listings/glob_hooks.c \
      src/php/realpath/realpath.c src/php/realpath/realpath_cache.c src/php/realpath/realpath_open.c \
      src/php/opcache/opcache.c src/php/opcache/opcache_name.c src/php/opcache/opcache_call.c src/php/opcache/opcache_stat.c"
    statcache_sources="$statcache_sources $statcache_core $statcache_process $statcache_engine $statcache_php"
    AC_SEARCH_LIBS([pthread_create], [pthread])
    AC_SEARCH_LIBS([dladdr], [dl])
  else
    AC_MSG_WARN([statcache: no inotify/epoll/statfs headers; the cache is compiled out and reports enabled => false])
  fi

  dnl hidden: only get_module (ZEND_GET_MODULE) leaves the .so, so a call
  dnl from one file of the extension to another is a direct call, not one
  dnl through the PLT (the include and hit paths make several)
  statcache_cflags="-DZEND_ENABLE_STATIC_TSRMLS_CACHE=1 -fvisibility=hidden"
  if test "$PHP_STATCACHE_DEV" != "no"; then
    statcache_cflags="$statcache_cflags -Wall -Wextra -Werror -Wno-unused-parameter -Wno-missing-field-initializers"
  fi

  PHP_NEW_EXTENSION(statcache, $statcache_sources, $ext_shared,, $statcache_cflags)
  PHP_ADD_INCLUDE([$ext_srcdir])
  PHP_ADD_INCLUDE([$ext_srcdir/src])
  PHP_ADD_BUILD_DIR([$ext_builddir/src/core $ext_builddir/src/engine])
  PHP_ADD_BUILD_DIR([$ext_builddir/src/php/module $ext_builddir/src/php/answers $ext_builddir/src/php/sync])
  PHP_ADD_BUILD_DIR([$ext_builddir/src/php/include $ext_builddir/src/php/listings $ext_builddir/src/php/realpath])
  PHP_ADD_BUILD_DIR([$ext_builddir/src/php/opcache])
fi
