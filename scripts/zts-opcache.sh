#!/usr/bin/env bash
# Build opcache.so for the ZTS debug PHP of scripts/zts-php.sh (built with
# --disable-all: it has no opcache of its own), from the same PHP source
# tree, with phpize, into DIR (default .build/opcache-zts of this tree).
# Reused while DIR/src/modules/opcache.so is newer than the PHP.
#
#   scripts/zts-opcache.sh [DIR]   -> prints the path of opcache.so on stdout
#
# Then: SC_OPCACHE_SO=$(scripts/zts-opcache.sh) scripts/test.sh phpt-zts host
# runs the opcache tests (tests/opcache, tests/host/opcache_*) on ZTS too.
# Env: STATCACHE_CACHE as for scripts/zts-php.sh; JOBS (default 2).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DIR=${1:-$ROOT/.build/opcache-zts}
php_config=$("$ROOT/scripts/zts-php.sh")
prefix=$("$php_config" --prefix)
version=$("$php_config" --version)
CACHE=${STATCACHE_CACHE:-$HOME/.cache/statcache}
src=$CACHE/build/php-$version/ext/opcache
so=$DIR/src/modules/opcache.so
if [[ -f $so && $so -nt $prefix/bin/php ]]; then
  echo "$so"
  exit 0
fi
[[ -d $src ]] || { echo "zts-opcache: no $src (the ZTS PHP's source tree)" >&2; exit 1; }
rm -rf "$DIR/src"
mkdir -p "$DIR"
cp -r "$src" "$DIR/src"
(
  cd "$DIR/src"
  make distclean >/dev/null 2>&1 || true
  "$prefix/bin/phpize" >"$DIR/phpize.log" 2>&1
  ./configure --with-php-config="$php_config" --disable-opcache-jit >"$DIR/configure.log" 2>&1
  make -j"${JOBS:-2}" >"$DIR/make.log" 2>&1
) || { echo "zts-opcache: build failed; logs in $DIR" >&2; exit 1; }
mods=$("$prefix/bin/php" -n -d "zend_extension=$so" -m 2>/dev/null || true)
[[ $'\n'$mods$'\n' == *$'\nZend OPcache\n'* ]] ||
  { echo "zts-opcache: $so does not load into $prefix/bin/php" >&2; exit 1; }
echo "$so"
