#!/usr/bin/env bash
# Regenerate the arginfo headers from the stubs with PHP 8.2's own
# build/gen_stub.php:
#   statcache.stub.php      -> statcache_arginfo.h
#   statcache_test.stub.php -> statcache_test_arginfo.h
#
# Usage: scripts/gen-arginfo.sh           regenerate in place
#        scripts/gen-arginfo.sh --check   regenerate into a temp dir; exit 1
#                                         with a diff when the committed
#                                         headers differ (or are missing)
# Env:   STATCACHE_CACHE (default ~/.cache/statcache), SC_SRC (default repo root)
#
# gen_stub.php comes from the PHP 8.2 source scripts/zts-php.sh unpacks (or
# from its orig tarball in $CACHE/src, downloaded with apt-get source when
# absent). It wants nikic/PHP-Parser 4.15.x in <its dir>/PHP-Parser-4.15.1
# and would download it from github; instead Debian's php-parser package
# (/usr/share/php/PhpParser) is linked there, so this works offline.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SC_SRC=$(cd "${SC_SRC:-$ROOT}" && pwd)
CACHE=${STATCACHE_CACHE:-$HOME/.cache/statcache}
GEN=$CACHE/gen-stub
check=0
case ${1:-} in
  --check) check=1 ;;
  "") ;;
  -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

log() { echo "gen-arginfo: $*" >&2; }
die() { echo "gen-arginfo: ERROR: $*" >&2; exit 1; }

PHP=$(command -v php8.2 || command -v php || true)
if [[ -z $PHP ]] || [[ ! -d /usr/share/php/PhpParser ]]; then
  log "installing php8.2-cli php-parser"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q php8.2-cli php-parser >&2
  PHP=$(command -v php8.2 || command -v php)
fi
# tokenizer is a shared extension in Debian: run php with its php.ini (no -n).
"$PHP" -r 'exit(extension_loaded("tokenizer") ? 0 : 1);' ||
  die "$PHP has no tokenizer extension (Debian: php8.2-tokenizer is part of php8.2-common)"
[[ -f /usr/share/php/PhpParser/Parser.php ]] || die "/usr/share/php/PhpParser is incomplete"

# --- gen_stub.php ------------------------------------------------------------
mkdir -p "$GEN"
exec 9>"$GEN/.lock"
flock 9
if [[ ! -f $GEN/gen_stub.php ]]; then
  found=$(ls -1d "$CACHE"/build/php-8.2.*/build/gen_stub.php 2>/dev/null | sort -V | tail -1 || true)
  if [[ -n $found ]]; then
    cp "$found" "$GEN/gen_stub.php"
  else
    . "$(dirname "$0")/php-source.sh"
    tarball=$(php_source_tarball "$CACHE/src") || die "cannot get PHP's source"
    v=$(basename "$tarball" .orig.tar.xz); v=${v#php8.2_}
    log "extracting build/gen_stub.php from $tarball"
    tar -xJf "$tarball" -C "$GEN" --strip-components=2 "php-$v/build/gen_stub.php"
  fi
fi
[[ -f $GEN/gen_stub.php ]] || die "no gen_stub.php"
mkdir -p "$GEN/PHP-Parser-4.15.1/lib"
ln -sfn /usr/share/php/PhpParser "$GEN/PHP-Parser-4.15.1/lib/PhpParser"
exec 9>&-

# --- generate ------------------------------------------------------------------
stubs=(statcache.stub.php statcache_test.stub.php)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for s in "${stubs[@]}"; do
  [[ -f $SC_SRC/$s ]] || die "no $s in $SC_SRC"
  cp "$SC_SRC/$s" "$work/"
  # -f: regenerate even when the stub hash in an existing header matches.
  (cd "$work" && "$PHP" "$GEN/gen_stub.php" -f "$s" >"$work/${s%.stub.php}.gen.log" 2>&1) ||
    { cat "$work/${s%.stub.php}.gen.log" >&2; die "gen_stub.php failed on $s"; }
  out=${s%.stub.php}_arginfo.h
  [[ -f $work/$out ]] || { cat "$work/${s%.stub.php}.gen.log" >&2; die "gen_stub.php wrote no $out"; }
done

rc=0
for s in "${stubs[@]}"; do
  out=${s%.stub.php}_arginfo.h
  if ((check)); then
    if [[ ! -f $SC_SRC/$out ]]; then
      echo "gen-arginfo: $out is missing (run scripts/gen-arginfo.sh)"; rc=1
    elif ! diff -u --label "committed/$out" --label "generated/$out" "$SC_SRC/$out" "$work/$out" >"$work/diff" 2>&1; then
      echo "gen-arginfo: $out differs from what gen_stub.php makes of $s (run scripts/gen-arginfo.sh):"
      cat "$work/diff"; rc=1
    else
      echo "gen-arginfo: $out is up to date"
    fi
  else
    if cmp -s "$work/$out" "$SC_SRC/$out"; then
      echo "gen-arginfo: $out unchanged"
    else
      cp "$work/$out" "$SC_SRC/$out"; echo "gen-arginfo: wrote $out"
    fi
  fi
done
exit $rc
