#!/usr/bin/env bash
# Build tests/host/sc_host and run every tests/host/*.host.php with it.
#
#   tests/host/run.sh [NAME...]        NAME = test file name without .host.php
#
# Test file format: the first lines after "<?php" may be "// key: value"
# header comments (parsing stops at the first line that is not one):
#   // threads: 4              worker threads            (default 1)
#   // requests: 50            requests per thread       (default 1)
#   // rounds: 20              start/join the threads N times (default 1)
#   // ini: name=value         INI setting, repeatable   (passed as -d)
#   // requires: ext           needs SC_EXT; SKIP when SC_EXT is unset
#   // requires: opcache       needs SC_EXT and SC_OPCACHE_SO (an opcache.so
#                              built for this ZTS PHP, which has none): loads
#                              it, and names the SAPI "frankenphp" (opcache
#                              refuses the embed SAPI's own name)
#   // status: 1               expected sc_host exit status (default 0)
# The host's stdout (thread outputs in thread order, lines prefixed "[tN] ")
# must equal NAME.expect exactly, and its exit status must match.
#
# Env: SC_EXT=/abs/path/statcache.so  loaded with -d extension=$SC_EXT
#      SC_OPCACHE_SO=/abs/opcache.so  for the tests that require opcache
#      PHP_CONFIG                     ZTS php-config (default: scripts/zts-php.sh)
#      SC_HOST_WRAPPER                command prefix for sc_host, e.g. "strace -f"
#      SC_HOST_VALGRIND=1             run sc_host under valgrind (leak check,
#                                     USE_ZEND_ALLOC=0, tests/host/valgrind.supp)
# Prints "PASS name" / "FAIL name" / "SKIP name" and a final
# "host: N passed, N failed, N skipped (Ts)" line; exits 1 if any test failed.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
PHP_CONFIG=${PHP_CONFIG:-$("$root/scripts/zts-php.sh")}
export PHP_CONFIG

# SC_HOST_BIN: where the host binary goes (one per PHP build; the TSan step
# builds its own with SC_HOST_CFLAGS=-fsanitize=thread)
SC_HOST_BIN=${SC_HOST_BIN:-$here/sc_host}
export SC_HOST_BIN
make -s -C "$here" PHP_CONFIG="$PHP_CONFIG" OUT="$SC_HOST_BIN" EXTRA_CFLAGS="${SC_HOST_CFLAGS:-}" \
  EXTRA_LDFLAGS="${SC_HOST_CFLAGS:-}" "$SC_HOST_BIN" >&2

if (($# > 0)); then
  tests=()
  for n in "$@"; do
    n=${n%.host.php}
    if [[ -f "$here/$n.host.php" ]]; then tests+=("$here/$n.host.php"); else tests+=("$root/tests/adversarial/$n.host.php"); fi
  done
else
  # tests/adversarial keeps the threaded cases of its classes next to the others
  shopt -s nullglob; tests=("$here"/*.host.php "$root"/tests/adversarial/*.host.php)
fi

ext_args=()
if [[ -n "${SC_EXT:-}" ]]; then
  [[ -f "$SC_EXT" ]] || { echo "host: SC_EXT=$SC_EXT does not exist" >&2; exit 1; }
  SC_EXT="$(cd "$(dirname "$SC_EXT")" && pwd)/$(basename "$SC_EXT")"
  export SC_EXT
  ext_args=(-d "extension=$SC_EXT")
fi
# shellcheck disable=SC2206
wrapper=(${SC_HOST_WRAPPER:-})
if [[ -n "${SC_HOST_VALGRIND:-}" ]]; then
  export USE_ZEND_ALLOC=0
  wrapper=(valgrind -q --suppressions="$here/valgrind.supp" --leak-check=full
    --show-leak-kinds=definite,indirect,possible
    --errors-for-leak-kinds=definite,indirect,possible --error-exitcode=99 "${wrapper[@]}")
fi

# shellcheck source=../lib/report.sh
. "$root/tests/lib/report.sh"
report_begin host
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/php-tmp"
export TMPDIR=$tmp/php-tmp  # the tests' trees go away with the run
for t in "${tests[@]}"; do
  name=$(basename "$t" .host.php)
  threads=1 requests=1 rounds=1 status=0 requires="" ini=()
  while IFS= read -r line; do
    [[ $line == "<?php"* ]] && continue
    [[ $line =~ ^//\ *([a-z-]+):\ *(.*[^[:space:]])[[:space:]]*$ ]] || break
    key=${BASH_REMATCH[1]} val=${BASH_REMATCH[2]}
    case $key in
      threads) threads=$val ;; requests) requests=$val ;; status) status=$val ;;
      rounds) rounds=$val ;;
      ini) ini+=(-d "$val") ;; requires) requires=$val ;;
    esac
  done <"$t"
  if [[ -n $requires && -z "${SC_EXT:-}" ]]; then
    skip_check "$name" "requires $requires; SC_EXT not set"; continue
  fi
  if [[ $requires == opcache ]]; then
    if [[ -z "${SC_OPCACHE_SO:-}" ]]; then
      skip_check "$name" "requires opcache: this ZTS PHP has none; SC_OPCACHE_SO not set"; continue
    fi
    ini=(-s frankenphp -d "zend_extension=$SC_OPCACHE_SO" "${ini[@]}")
  fi
  expect=${t%.host.php}.expect
  if [[ ! -f $expect ]]; then
    bad "$name" "missing $name.expect"; continue
  fi
  rc=0
  "${wrapper[@]}" "$SC_HOST_BIN" -t "$threads" -n "$requests" -R "$rounds" "${ext_args[@]}" "${ini[@]}" "$t" \
    >"$tmp/out" 2>"$tmp/err" || rc=$?
  if [[ $rc == "$status" ]] && cmp -s "$tmp/out" "$expect"; then
    ok "$name"
  else
    bad "$name" "exit $rc, expected $status"
    diff -u "$expect" "$tmp/out" | head -n 40 | sed 's/^/    /' || true
    head -n 20 "$tmp/err" | sed 's/^/    stderr: /'
  fi
done
# Scripted checks (*.test.sh) measure the host from outside (ltrace, strace,
# /proc); each prints PASS/FAIL/SKIP lines of its own.
if (($# == 0)); then
  for t in "$here"/*.test.sh; do
    [[ -e $t ]] || continue
    rc=0
    SC_EXT=${SC_EXT:-} "$t" >"$tmp/script" 2>&1 || rc=$?
    f=$(grep -c '^FAIL ' "$tmp/script" || true)
    report_count "$(cat "$tmp/script")"
    if ((rc != 0 && f == 0)); then
      bad "$(basename "$t" .test.sh)" "exit $rc"
    fi
  done
fi
report_end
