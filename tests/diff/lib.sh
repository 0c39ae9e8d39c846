# Shared by tests/diff/run.sh and tests/diff/soak.sh (sourced).
#
# sc_diff_setup nts|zts   sets DIFF_PHP (the CLI PHP) and DIFF_ARGS (its
#                         arguments: -n, statcache, posix where shared,
#                         enable_cli, realpath_cache_size=0)
# STRICT: nothing but sync points applies events (a missing one shows);
# WATCHER_ONLY: the watcher alone, no staleness bound (its delay shows).
# Env: SC_DIFF_BUILD   the build dir holding nts/ and zts/ (default .build)
#      SC_DIFF_EXT_NTS, SC_DIFF_EXT_ZTS   statcache.so paths (default from it)
#      PHP_CONFIG_ZTS  the ZTS php-config (default: scripts/zts-php.sh)
diff_here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
diff_root=$(cd "$diff_here/../.." && pwd)
SC_DIFF_BUILD=${SC_DIFF_BUILD:-$diff_root/.build}
STRICT=(-d statcache.test_watcher=0 -d statcache.max_staleness_ms=0)
WATCHER_ONLY=(-d statcache.max_staleness_ms=0)

sc_diff_zts_config() {
  [[ -n ${PHP_CONFIG_ZTS:-} ]] || PHP_CONFIG_ZTS=$("$diff_root/scripts/zts-php.sh")
  echo "$PHP_CONFIG_ZTS"
}

sc_diff_setup() {
  local ext
  if [[ $1 == zts ]]; then
    DIFF_PHP=$("$(sc_diff_zts_config)" --prefix)/bin/php
    ext=${SC_DIFF_EXT_ZTS:-$SC_DIFF_BUILD/zts/modules/statcache.so}
  else
    DIFF_PHP=$(command -v php8.2 || command -v php)
    ext=${SC_DIFF_EXT_NTS:-$SC_DIFF_BUILD/nts/modules/statcache.so}
  fi
  [[ -f $ext ]] || { echo "no $ext (build it first)" >&2; return 1; }
  DIFF_ARGS=(-n -d "extension=$ext" -d statcache.enable_cli=1 -d realpath_cache_size=0)
  # Debian builds posix as a shared extension: the driver uses posix_kill()
  if ! "$DIFF_PHP" -n -m | grep -qx posix; then
    DIFF_ARGS+=(-d "extension=$("$DIFF_PHP" -n -r 'echo ini_get("extension_dir");')/posix.so")
  fi
}

# sc_diff_host: builds the threaded host for the ZTS PHP (once) and prints its path.
sc_diff_host() {
  local out=$SC_DIFF_BUILD/diff/sc_host
  mkdir -p "$(dirname "$out")"
  make -s -C "$diff_root/tests/host" PHP_CONFIG="$(sc_diff_zts_config)" OUT="$out" "$out" >&2 || return 1
  echo "$out"
}

# sc_diff_percentiles FILE: "n=.. p50=.. p90=.. p99=.. max=.." of the numbers in FILE.
sc_diff_percentiles() {
  sort -g "$1" | awk '{a[NR] = $1}
    function p(q,  i) { i = int(NR * q + 0.999999); if (i < 1) i = 1; return a[i] }
    END { if (NR == 0) { print "n=0"; exit }
          printf "n=%d p50=%.0f p90=%.0f p99=%.0f max=%.0f (us)\n", NR, p(.5), p(.9), p(.99), a[NR] }'
}
