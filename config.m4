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
  statcache_sources="statcache.c hooks.c statcache_testapi.c"
  statcache_have_cache=yes
  AC_CHECK_HEADERS([sys/inotify.h sys/epoll.h sys/statfs.h], [], [statcache_have_cache=no])

  if test "$statcache_have_cache" = "yes"; then
    dnl The cache itself: pure C parts first, then the process machine.
    statcache_sources="$statcache_sources statcache_sync.c statcache_gen.c statcache_events.c statcache_path.c \
      statcache_table.c statcache_trust.c statcache_log.c statcache_shared.c \
      statcache_watcher.c statcache_lookup.c statcache_include.c statcache_follow.c \
      statcache_listing.c statcache_listing_hooks.c statcache_rpwalk.c statcache_realpath.c"
    AC_SEARCH_LIBS([pthread_create], [pthread])
    AC_SEARCH_LIBS([dladdr], [dl])
  else
    AC_MSG_WARN([statcache: no inotify/epoll/statfs headers; the cache is compiled out and reports enabled => false])
  fi

  statcache_cflags="-DZEND_ENABLE_STATIC_TSRMLS_CACHE=1"
  if test "$PHP_STATCACHE_DEV" != "no"; then
    statcache_cflags="$statcache_cflags -Wall -Wextra -Werror -Wno-unused-parameter -Wno-missing-field-initializers"
  fi

  PHP_NEW_EXTENSION(statcache, $statcache_sources, $ext_shared,, $statcache_cflags)
fi
