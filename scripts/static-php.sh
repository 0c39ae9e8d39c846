#!/usr/bin/env bash
# Build (once) a ZTS PHP 8.2 with statcache compiled in statically: the
# in-tree build a distribution or static-php-cli would do. The extension is
# copied into ext/statcache of a fresh copy of the PHP source (the same
# Debian orig tarball scripts/zts-php.sh uses), then buildconf, configure,
# make, make install into $CACHE/php-static.
#
# Usage: scripts/static-php.sh         -> prints the path of the php binary on stdout
# Env:   STATCACHE_CACHE (default ~/.cache/statcache), JOBS (default 2),
#        SC_SRC (extension sources, default the repo root),
#        STATCACHE_REBUILD=1 forces a full rebuild.
# Progress goes to stderr; the only stdout line is the php binary's path.
#
# Reuse: the stamp records the PHP version, the configure line, the hash of
# config.m4 and the hash of every extension source file. Same stamp: nothing
# to do. Only sources changed (config.m4 not): they are copied into the kept
# tree and `make` rebuilds what changed. Otherwise: full rebuild.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SC_SRC=$(cd "${SC_SRC:-$ROOT}" && pwd)
CACHE=${STATCACHE_CACHE:-$HOME/.cache/statcache}
JOBS=${JOBS:-2}
PREFIX=$CACHE/php-static
BUILDROOT=$CACHE/static-build
SRCDIR=$CACHE/src
STAMP=$PREFIX/.statcache-stamp
# -O1 and no debug information: what this build proves is statcache
# compiled into PHP and its suite passing there; PHP's own -O2 is the
# release ZTS PHP's (zts-php.sh release), and -O1 compiles faster on the
# test command's path.
CONFIGURE_ARGS=(--enable-zts --disable-all --enable-cli --disable-cgi --disable-phpdbg --enable-pcntl --enable-posix
  --enable-statcache "--prefix=$PREFIX" CFLAGS=-O1)

log() { echo "static-php: $*" >&2; }
die() { echo "static-php: ERROR: $*" >&2; exit 1; }

mkdir -p "$CACHE" "$SRCDIR" "$BUILDROOT"
exec 9>"$CACHE/.static-php.lock"
flock 9

command -v autoconf >/dev/null || {
  log "installing autoconf"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q autoconf >&2
}

# The orig tarball: the one zts-php.sh downloaded, or download it the same way.
. "$(dirname "$0")/php-source.sh"
tarball=$(php_source_tarball "$SRCDIR") || die "cannot get PHP's source"
version=$(basename "$tarball" .orig.tar.xz); version=${version#php8.2_}
tree=$BUILDROOT/php-$version

# The extension's build inputs: its C sources and headers at the root and
# under src/<layer>/, config.m4, config.w32 (scripts/sources.sh).
# The stubs stay out: PHP's Makefile would try to run gen_stub.php (which
# downloads PHP-Parser) if a stub looked newer than its arginfo header.
ext_files() { SC_SRC=$SC_SRC "$ROOT/scripts/sources.sh" --build; }
mapfile -t files < <(ext_files)
((${#files[@]} > 0)) || die "no extension sources in $SC_SRC"
[[ -f $SC_SRC/config.m4 ]] || die "no config.m4 in $SC_SRC"
src_hash=$(cd "$SC_SRC" && md5sum -- "${files[@]}" | md5sum | cut -d' ' -f1)
m4_hash=$(md5sum <"$SC_SRC/config.m4" | cut -d' ' -f1)
config_stamp="php $version; configure ${CONFIGURE_ARGS[*]}; config.m4 $m4_hash"
want_stamp="$config_stamp; sources $src_hash"

check_binary() {
  "$PREFIX/bin/php" -n -m | grep -x statcache >/dev/null || die "$PREFIX/bin/php -m does not list statcache"
  "$PREFIX/bin/php" -n -r 'exit(PHP_ZTS ? 0 : 1);' || die "$PREFIX/bin/php is not ZTS"
}

if [[ -z "${STATCACHE_REBUILD:-}" && -x $PREFIX/bin/php && -f $STAMP &&
      "$(cat "$STAMP")" == "$want_stamp" ]]; then
  log "reusing $PREFIX (php $version, sources $src_hash)"
  check_binary
  echo "$PREFIX/bin/php"
  exit 0
fi

# Copy the files whose content differs, with a fresh mtime.
copy_ext() {
  local f d=$tree/ext/statcache
  mkdir -p "$d"
  for f in "${files[@]}"; do
    mkdir -p "$d/$(dirname "$f")"
    cmp -s "$SC_SRC/$f" "$d/$f" || cp -- "$SC_SRC/$f" "$d/$f"
  done
}

start=$SECONDS
blog=$tree.log
if [[ -z "${STATCACHE_REBUILD:-}" && -f $tree/Makefile && -f $tree/.sc-config-stamp &&
      "$(cat "$tree/.sc-config-stamp")" == "$config_stamp" ]]; then
  log "sources changed: incremental make in $tree (log: $blog)"
  copy_ext
  # Recompile all of statcache (a dozen files; mtimes alone would miss an edit
  # made while the previous build ran), then relink.
  find "$tree/ext/statcache" \( -name '*.o' -o -name '*.lo' -o -name '*.dep' \) -delete
  ( cd "$tree" && make -j"$JOBS" && make install ) >"$blog" 2>&1 ||
    { tail -n 60 "$blog" >&2; die "incremental build failed, see $blog"; }
else
  log "building static ZTS PHP $version + statcache in $tree (log: $blog)"
  rm -rf "$tree" "$PREFIX"
  tar -C "$BUILDROOT" -xJf "$tarball"
  [[ -d $tree ]] || die "tarball did not extract to $tree"
  copy_ext
  (
    cd "$tree"
    set -x
    ./buildconf --force
    ./configure "${CONFIGURE_ARGS[@]}"
    grep -q 'statcache' main/internal_functions_cli.c
    make -j"$JOBS"
    make install
  ) >"$blog" 2>&1 || { tail -n 60 "$blog" >&2; die "build failed, see $blog"; }
  echo "$config_stamp" >"$tree/.sc-config-stamp"
fi
check_binary
echo "$want_stamp" >"$STAMP"
log "built in $((SECONDS - start))s"
echo "$PREFIX/bin/php"
