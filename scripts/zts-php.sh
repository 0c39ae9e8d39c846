#!/usr/bin/env bash
# Build (once) a ZTS + debug PHP 8.2 from Debian bookworm's php8.2 source package
# and install it into $CACHE/php-zts. Reused while $CACHE/php-zts/bin/php exists
# and the stamp file records the same version + configure line.
#
# Usage: scripts/zts-php.sh [FLAVOUR]  -> prints the path of php-config on stdout
# FLAVOUR (or STATCACHE_PHP_FLAVOR; the argument wins):
#        (none)   the ZTS debug PHP the tests run on, in $CACHE/php-zts
#                 (with phar, zlib, bz2 and sockets, for php-src's suites);
#        tsan     the same PHP with ThreadSanitizer (-fsanitize=thread), in
#                 $CACHE/php-zts-tsan;
#        asan     the same with AddressSanitizer and UndefinedBehaviorSanitizer
#                 (PHP's own --enable-address-sanitizer
#                 --enable-undefined-sanitizer), in $CACHE/php-zts-asan,
#                 with phar, zlib, bz2 and sockets as the debug one;
#        release  the same PHP without --enable-debug (PHP's -O2, as
#                 FrankenPHP's and distributions' ZTS builds): what a hit
#                 costs in a ZTS server is measured there (bench/micro.sh
#                 --zts), in $CACHE/php-zts-release.
# Env:   STATCACHE_CACHE (default ~/.cache/statcache), JOBS (default 2)
#        STATCACHE_REBUILD=1 forces a rebuild.
# Progress goes to stderr; the only stdout line is the php-config path.
#
# The build uses the upstream tarball shipped in Debian's source package
# (php8.2_X.orig.tar.xz); Debian's patches are NOT applied (they need a full
# buildconf and mostly concern Debian's packaging layout).
set -euo pipefail

CACHE=${STATCACHE_CACHE:-$HOME/.cache/statcache}
JOBS=${JOBS:-2}
FLAVOR=${1:-${STATCACHE_PHP_FLAVOR:-}}
EXTRA_ENV=() EXTRA_CONFIGURE=() DEBUG=(--enable-debug)
# phar (which wraps the stat functions' handlers), zlib, bz2 and sockets:
# what php-src's own suites of files, streams and phar need
# (tests/phpsrc), in the PHPs those suites run on.
PHPSRC_EXTS=(--enable-phar --with-zlib --with-bz2 --enable-sockets)
case $FLAVOR in
  "") PREFIX=$CACHE/php-zts
      EXTRA_CONFIGURE=("${PHPSRC_EXTS[@]}") ;;
  tsan) PREFIX=$CACHE/php-zts-tsan
        # no IFUNC resolvers: the loader runs them before the TSan runtime
        # is up, and instrumented resolvers crash (seen in resolve_addslashes)
        EXTRA_ENV=("CFLAGS=-fsanitize=thread -g -O1 -fno-omit-frame-pointer" "LDFLAGS=-fsanitize=thread"
          ax_cv_have_func_attribute_ifunc=no) ;;
  # PHP's configure adds -fsanitize=address (with ZEND_TRACK_ARENA_ALLOC, so
  # that arena allocations are checked too) and -fsanitize=undefined.
  asan) PREFIX=$CACHE/php-zts-asan
        EXTRA_ENV=("CFLAGS=-g -O1 -fno-omit-frame-pointer")
        EXTRA_CONFIGURE=(--enable-address-sanitizer --enable-undefined-sanitizer "${PHPSRC_EXTS[@]}") ;;
  release) PREFIX=$CACHE/php-zts-release DEBUG=() ;;
  *) echo "zts-php: unknown flavour '$FLAVOR' (none, tsan, asan, release)" >&2; exit 2 ;;
esac
SRCDIR=$CACHE/src
STAMP=$PREFIX/.statcache-stamp
# The embed SAPI (libphp.so) is for the threaded host (tests/host), which
# no step runs on the ASan PHP.  Neither php-cgi nor phpdbg is used from
# these PHPs.
EMBED=(--enable-embed=shared)
[[ $FLAVOR != asan ]] || EMBED=()
CONFIGURE_ARGS=(--enable-zts ${DEBUG[@]+"${DEBUG[@]}"} --disable-all --enable-cli --disable-cgi --disable-phpdbg
  --enable-pcntl --enable-posix ${EMBED[@]+"${EMBED[@]}"} "--prefix=$PREFIX" ${EXTRA_CONFIGURE[@]+"${EXTRA_CONFIGURE[@]}"})

log() { echo "zts-php: $*" >&2; }
die() { echo "zts-php: ERROR: $*" >&2; exit 1; }

mkdir -p "$CACHE" "$SRCDIR"
exec 9>"$CACHE/.zts-php${FLAVOR:+-$FLAVOR}.lock"
flock 9   # serialise concurrent builds

. "$(dirname "$0")/php-source.sh"

tarball=$(php_source_tarball "$SRCDIR") || die "cannot get PHP's source"
version=$(basename "$tarball" .orig.tar.xz); version=${version#php8.2_}
want_stamp="php $version; configure ${CONFIGURE_ARGS[*]} ${EXTRA_ENV[*]}; pic-only"

if [[ -z "${STATCACHE_REBUILD:-}" && -x "$PREFIX/bin/php" && -f "$STAMP" &&
      "$(cat "$STAMP")" == "$want_stamp" ]]; then
  log "reusing $PREFIX (php $version)"
  echo "$PREFIX/bin/php-config"
  exit 0
fi

start=$SECONDS
build=$CACHE/build/php-$version${FLAVOR:+-$FLAVOR}
log "building ZTS ${DEBUG[*]:+debug }PHP $version${FLAVOR:+ ($FLAVOR)} in $build (log: $build.log)"
rm -rf "$build" "$PREFIX"
mkdir -p "$CACHE/build"
unpack=$(mktemp -d "$CACHE/build/unpack.XXXXXX")
tar -C "$unpack" -xJf "$tarball"
[[ -d "$unpack/php-$version" ]] || die "tarball did not extract to php-$version"
mv "$unpack/php-$version" "$build" && rmdir "$unpack"
(
  cd "$build"
  env "${EXTRA_ENV[@]}" ./configure "${CONFIGURE_ARGS[@]}"
  if ((${#EMBED[@]})); then
    # With a shared SAPI, libtool compiles each file twice: PIC for
    # libphp.so, non-PIC for the CLI.  Once is enough: no static objects,
    # and the CLI linked from the PIC ones (through libtool, which takes
    # a .lo's PIC object where it has no other).
    sed -i 's/^build_old_libs=yes$/build_old_libs=no/' libtool
    sed -i 's/:\.lo=\.o)/)/g' Makefile
    grep -q '^build_old_libs=no$' libtool
  fi
  make -j"$JOBS"
  make install
) >"$build.log" 2>&1 || { tail -n 60 "$build.log" >&2; die "build failed, see $build.log"; }
want_debug=$([[ ${#DEBUG[@]} -gt 0 ]] && echo true || echo false)
"$PREFIX/bin/php" -r "exit(PHP_ZTS && PHP_DEBUG == $want_debug ? 0 : 1);" || die "built php is not ZTS${DEBUG[*]:+ + debug}"

echo "$want_stamp" >"$STAMP"
# The source tree is kept (it has run-tests.php and is handy for debugging);
# remove it to save ~300 MB if wanted.
log "built in $((SECONDS - start))s"
echo "$PREFIX/bin/php-config"
