#!/usr/bin/env bash
# statcache's test command. Runs as root on a fresh Debian 12.
#
#   scripts/test.sh                   all steps
#   scripts/test.sh --quick           all steps but deps
#   scripts/test.sh unit phpt-nts     only these steps (+ the builds they need)
#   scripts/test.sh --list            list the steps
#
# Steps: deps build-nts zts-php build-zts compile84 unit phpt-nts phpt-zts host host-valgrind fpm tsan
#        stubs package static diff
#   diff     the differential tester with fixed seeds (tests/diff/run.sh): random
#            writes (own, waited-for children, an unrelated process) and stat-family
#            queries compared with php -n, NTS, ZTS and 4+2 threads of the embed host
#   stubs    the arginfo headers are what PHP 8.2's gen_stub.php makes of the stubs
#            (scripts/gen-arginfo.sh --check)
#   fpm      shared mode in php-fpm behind nginx (tests/fpm/run.sh)
#   tsan     the threaded-host tests with PHP and statcache built with -fsanitize=thread
#   package  composer.json (PIE), package.xml (PECL), versions, and a build from
#            the `pecl package` tarball alone (scripts/check-package.sh)
#   static   statcache compiled into a static ZTS PHP, in-tree (scripts/static-php.sh;
#            a full PHP build the first time), then the phpt suite against it
# Each step is timed; build/compile steps count as one test each; unit, phpt
# and host steps count their individual tests. The last line printed is
# "N passed, N failed, N skipped"; the exit status is 1 on any failure.
#
# Env:
#   SC_SRC           extension source dir (default: the repo root)
#   STATCACHE_BUILD  out-of-tree build dir (default: $SC_SRC/.build)
#   STATCACHE_CACHE  ZTS PHP / PHP 8.4 headers cache (default ~/.cache/statcache)
#   SC_EXT_NAME      extension name (default statcache)
#   SC_CONFIGURE     configure flags (default "--enable-statcache --enable-statcache-dev")
#   JOBS             make -j (default 2)
#   PHPT_ARGS        extra run-tests.php arguments (e.g. "-m" for valgrind)
# Logs of every step: $STATCACHE_BUILD/logs/<step>.log
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SC_SRC=$(cd "${SC_SRC:-$ROOT}" && pwd)
BUILD=${STATCACHE_BUILD:-$SC_SRC/.build}
EXT=${SC_EXT_NAME:-statcache}
JOBS=${JOBS:-2}
SC_CONFIGURE=${SC_CONFIGURE:---enable-$EXT --enable-$EXT-dev}
LOGS=$BUILD/logs
ALL_STEPS=(deps build-nts zts-php build-zts compile84 unit phpt-nts phpt-zts host host-valgrind fpm tsan
  stubs package static diff)
export DEBIAN_FRONTEND=noninteractive NO_INTERACTION=1

PASSED=0 FAILED=0 SKIPPED=0
declare -A STEP_OK=()      # step -> 1 (ok) / 0 (failed)

say()  { printf '%s\n' "$*"; }
note() { printf '   %s\n' "$*"; }

# --- helpers ---------------------------------------------------------------

# Copy the extension sources (tracked + untracked non-ignored files) to $1,
# preserving mtimes so that make only rebuilds what changed.
sync_src() {
  local dest=$1
  mkdir -p "$dest"
  local skip=${BUILD#"$SC_SRC"/}   # the build dir, if it is inside SC_SRC
  [[ $skip == "$BUILD" ]] && skip=//none
  if git -C "$SC_SRC" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    (cd "$SC_SRC" && git ls-files -z --cached --others --exclude-standard |
       grep -zv -e "^$skip/" -e '^tests/host/sc_host$' |
       xargs -0 -r sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh |
       tar --null -T - -cf -) | tar -xf - -C "$dest"
  else
    (cd "$SC_SRC" && tar --exclude="./$skip" -cf - .) | tar -xf - -C "$dest"
  fi
}

# build_ext DIR PHP_CONFIG: phpize + configure (when needed) + make.
build_ext() {
  local dir=$1 phpconfig=$2 phpize
  phpize=$(dirname "$phpconfig")/phpize
  [[ -x $phpize ]] || phpize=$("$phpconfig" --prefix)/bin/phpize
  sync_src "$dir"
  cd "$dir"
  # Re-run phpize/configure when the build recipe or the PHP changed.
  local stamp
  stamp="$(cat config.m4 2>/dev/null | md5sum) $phpconfig $SC_CONFIGURE"
  if [[ ! -f Makefile || ! -f .sc-configured || "$(cat .sc-configured)" != "$stamp" ]]; then
    rm -f .sc-configured
    "$phpize"
    ./configure --with-php-config="$phpconfig" $SC_CONFIGURE
    echo "$stamp" >.sc-configured
  fi
  make -j"$JOBS" EXTRA_CFLAGS="-Wall -Wextra -Werror"
  [[ -f modules/$EXT.so ]] || { echo "no modules/$EXT.so after make"; return 1; }
}

zts_php_config() { "$ROOT/scripts/zts-php.sh" 2>>"$LOGS/zts-php.stderr.log"; }

# run_phpt DIR PHP: run DIR/tests with run-tests.php; counts results.
run_phpt() {
  local dir=$1 php=$2 log=$3 builtin=${4:-}   # builtin: $EXT is compiled into $php
  local allow=$SC_SRC/tests/expected-skips.txt
  local ext_args=(-d "extension=$dir/modules/$EXT.so"); [[ -z $builtin ]] || ext_args=()
  [[ -n $builtin || -f $dir/modules/$EXT.so ]] || { note "no $EXT.so in $dir (build failed?)"; FAILED=$((FAILED + 1)); return 1; }
  [[ -n "$(find "$dir/tests" -name '*.phpt' -print -quit 2>/dev/null)" ]] ||
    { note "no tests/**/*.phpt found"; FAILED=$((FAILED + 1)); return 1; }
  local rc=0 extra=()
  # Debian builds posix as a shared extension; tests of credentials need it.
  if ! "$php" -n -m 2>/dev/null | grep -x posix >/dev/null; then
    local posix_so; posix_so="$("$php" -n -r 'echo ini_get("extension_dir");')/posix.so"
    [[ -f $posix_so ]] && extra+=(-d "extension=$posix_so")
  fi
  # shellcheck disable=SC2086
  (cd "$dir" && TEST_PHP_EXECUTABLE=$php "$php" -n run-tests.php -n -q --no-color --no-progress --set-timeout 300 \
      -p "$php" "${extra[@]}" "${ext_args[@]}" --show-diff ${PHPT_ARGS:-} tests) \
      >"$log" 2>&1 || rc=$?
  local p=0 f=0 s=0 line result file
  while IFS= read -r line; do
    result=${line%% *}
    file=$(sed -n 's/.*\[\([^]]*\)\].*/\1/p' <<<"$line")
    case $result in
      PASS|XFAIL) p=$((p + 1)) ;;
      SKIP)
        if [[ -f $allow ]] && grep -qxF "$file" <(sed 's/#.*//; s/[[:space:]]*$//' "$allow"); then
          s=$((s + 1)); note "$line (allowed)"
        else
          f=$((f + 1)); note "$line  <- unexpected SKIP (not in tests/expected-skips.txt)"
        fi ;;
      FAIL|BORK|LEAK|LEAK\&FAIL|XLEAK|WARN) f=$((f + 1)); note "$line" ;;
    esac
  done < <(grep -E '^(PASS|XFAIL|SKIP|FAIL|BORK|LEAK|LEAK&FAIL|XLEAK|WARN) ' "$log")
  if ((p + f + s == 0)); then
    note "run-tests.php produced no results (exit $rc); tail of $log:"
    tail -n 30 "$log" | sed 's/^/     /'
    f=1
  fi
  if ((f > 0)); then
    # show the diffs run-tests printed (--show-diff)
    grep -E -A40 '^========DIFF========' "$log" | head -n 120 | cut -c1-240 | sed 's/^/     /' || true
  fi
  note "phpt: $p passed, $f failed, $s skipped (allowed)"
  PASSED=$((PASSED + p)) FAILED=$((FAILED + f)) SKIPPED=$((SKIPPED + s))
  ((f == 0))
}

# --- steps -----------------------------------------------------------------
# "counted" steps add one pass/fail; the others add their own counts.

step_deps()      { "$ROOT/scripts/deps.sh"; }
step_build-nts() { build_ext "$BUILD/nts" "$(command -v php-config8.2 || command -v php-config)"; }
step_zts-php()   { zts_php_config; }
step_build-zts() { build_ext "$BUILD/zts" "$(zts_php_config)"; }
# Without sys/inotify.h (any non-Linux system) the cache is compiled out and
# the rest must still build: the files that build there, syntax-checked with
# a config.h that defines none of HAVE_SYS_INOTIFY_H & co.
compile_nocache() {
  local cfg; cfg=$(mktemp -d)
  echo '/* no inotify, epoll or statfs headers */' >"$cfg/config.h"
  local pc; pc=$(command -v php-config8.2 || command -v php-config)
  for f in statcache.c hooks.c statcache_testapi.c; do
    cc -fsyntax-only -std=gnu11 -Wall -Wextra -Werror -Wno-unused-parameter \
      -Wno-missing-field-initializers -DHAVE_CONFIG_H -I"$cfg" -I"$SC_SRC" $("$pc" --includes) \
      "$SC_SRC/$f" || { rm -rf "$cfg"; return 1; }
  done
  rm -rf "$cfg"
  echo "compile without inotify: ok"
}

step_compile84() {
  compile_nocache || return 1
  local files=("$SC_SRC"/*.c)
  [[ -e ${files[0]} ]] || { echo "no *.c files in $SC_SRC"; return 1; }
  EXT_NAME=$EXT "$ROOT/scripts/compile-check-84.sh" "${files[@]}"
}

step_unit() {
  local dir=$BUILD/nts log=$LOGS/unit.log rc=0
  sync_src "$dir"
  if [[ ! -f $dir/tests/unit/Makefile ]]; then
    note "tests/unit/Makefile does not exist (yet): counted as 1 failure"
    FAILED=$((FAILED + 1)); return 1
  fi
  make -C "$dir/tests/unit" check PHP_CONFIG="$(command -v php-config8.2 || command -v php-config)" \
    >"$log" 2>&1 || rc=$?
  local p f
  p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | awk '{s+=$1} END {print s+0}')
  f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | awk '{s+=$1} END {print s+0}')
  grep -E '^\[  (FAILED|ERROR)' "$log" | sed 's/^/   /' || true
  if ((rc != 0 && f == 0)); then
    note "make check failed (exit $rc) without reporting a failed test; tail of $log:"
    tail -n 30 "$log" | sed 's/^/     /'
    f=1
  fi
  note "unit: $p passed, $f failed"
  PASSED=$((PASSED + p)) FAILED=$((FAILED + f))
  ((f == 0))
}

step_phpt-nts() { run_phpt "$BUILD/nts" "$(command -v php8.2 || command -v php)" "$LOGS/phpt-nts.log"; }
step_phpt-zts() {
  local pc; pc=$(zts_php_config)
  run_phpt "$BUILD/zts" "$("$pc" --prefix)/bin/php" "$LOGS/phpt-zts.log"
}

step_host() {
  local log=$LOGS/host.log rc=0 ext=$BUILD/zts/modules/$EXT.so
  [[ -f $ext ]] || { note "no $ext (build-zts failed?)"; FAILED=$((FAILED + 1)); return 1; }
  local runner=$SC_SRC/tests/host/run.sh
  [[ -x $runner ]] || runner=$ROOT/tests/host/run.sh
  SC_EXT=$ext PHP_CONFIG=$(zts_php_config) "$runner" >"$log" 2>&1 || rc=$?
  local p f s
  p=$(grep -c '^PASS ' "$log" || true); f=$(grep -c '^FAIL ' "$log" || true)
  s=$(grep -c '^SKIP ' "$log" || true)
  grep -vE '^(PASS|host:) ' "$log" | sed 's/^/   /' || true
  if ((rc != 0 && f == 0)); then f=1; fi
  note "host: $p passed, $f failed, $s skipped"
  PASSED=$((PASSED + p)) FAILED=$((FAILED + f)) SKIPPED=$((SKIPPED + s))
  ((f == 0))
}

# Threads that start and end, and a cross-thread sync point, under valgrind
# on the ZTS debug build: no leak, no invalid access.
step_host-valgrind() {
  local log=$LOGS/host-valgrind.log rc=0 ext=$BUILD/zts/modules/$EXT.so
  [[ -f $ext ]] || { note "no $ext (build-zts failed?)"; FAILED=$((FAILED + 1)); return 1; }
  SC_HOST_VALGRIND=1 SC_EXT=$ext PHP_CONFIG=$(zts_php_config) "$SC_SRC/tests/host/run.sh" \
    threads_start_and_end_repeatedly write_in_one_thread_is_seen_by_the_next >"$log" 2>&1 || rc=$?
  local p f
  p=$(grep -c '^PASS ' "$log" || true); f=$(grep -c '^FAIL ' "$log" || true)
  grep -vE '^(PASS|host:) ' "$log" | sed 's/^/   /' || true
  if ((rc != 0 && f == 0)); then f=1; fi
  note "host under valgrind: $p passed, $f failed"
  PASSED=$((PASSED + p)) FAILED=$((FAILED + f))
  ((f == 0))
}

# Packaging: arginfo from the stubs, PIE/PECL metadata + a build from the PECL
# tarball, and the in-tree static build (counted as one test) + its phpt run.
step_stubs()   { SC_SRC=$SC_SRC "$ROOT/scripts/gen-arginfo.sh" --check; }
step_package() { SC_SRC=$SC_SRC JOBS=$JOBS "$ROOT/scripts/check-package.sh"; }
step_static() {
  local php dir=$BUILD/static blog=$LOGS/static-build.log
  if ! php=$(SC_SRC=$SC_SRC JOBS=$JOBS "$ROOT/scripts/static-php.sh" 2>"$blog") ||
     ! "$php" -n -m | grep -x "$EXT" >/dev/null; then
    note "static build failed (or $EXT not compiled in); last lines of $blog:"
    tail -n 30 "$blog" | sed 's/^/     /'
    FAILED=$((FAILED + 1)); return 1
  fi
  PASSED=$((PASSED + 1)); note "$(tail -n 1 "$blog")"
  sync_src "$dir"
  cp "$(dirname "$php")/../lib/php/build/run-tests.php" "$dir/run-tests.php"
  run_phpt "$dir" "$php" "$LOGS/phpt-static.log" builtin
}

# Shared mode end to end: php-fpm (pm=static, 4 workers) behind nginx on
# 127.0.0.1, statcache.shared=1, daemonize yes and no, SIGKILL, reload
# (tests/fpm/run.sh; it skips, with a line, where php-fpm or nginx cannot run).
step_fpm() {
  local log=$LOGS/fpm.log rc=0 ext=$BUILD/nts/modules/$EXT.so
  [[ -f $ext ]] || { note "no $ext (build-nts failed?)"; FAILED=$((FAILED + 1)); return 1; }
  SC_EXT=$ext "$SC_SRC/tests/fpm/run.sh" >"$log" 2>&1 || rc=$?
  local p f s
  p=$(grep -c '^PASS ' "$log" || true); f=$(grep -c '^FAIL ' "$log" || true)
  s=$(grep -c '^SKIP ' "$log" || true)
  grep -E '^(FAIL|SKIP) ' "$log" | sed 's/^/   /' || true
  if ((rc != 0 && f == 0)); then f=1; tail -n 20 "$log" | sed 's/^/     /'; fi
  note "fpm: $p passed, $f failed, $s skipped"
  PASSED=$((PASSED + p)) FAILED=$((FAILED + f)) SKIPPED=$((SKIPPED + s))
  ((f == 0))
}

# The threaded-host tests under ThreadSanitizer: the same ZTS PHP built with
# -fsanitize=thread (scripts/zts-php.sh, flavour tsan), the extension and
# the host too.  A report not covered by tests/host/tsan.supp (each entry
# says why) makes the host exit 66: that test fails.
step_tsan() {
  local log=$LOGS/tsan.log dir=$BUILD/tsan pc rc=0
  : >"$log"
  if ! pc=$(STATCACHE_PHP_FLAVOR=tsan "$ROOT/scripts/zts-php.sh" 2>>"$log"); then
    note "building the TSan PHP failed; tail of $log:"; tail -n 20 "$log" | sed 's/^/     /'
    FAILED=$((FAILED + 1)); return 1
  fi
  # build_ext reconfigures when config.m4 changes (a new source file)
  if ! ( export CFLAGS="-fsanitize=thread -g -O1" LDFLAGS="-fsanitize=thread"
         build_ext "$dir" "$pc" ) >>"$log" 2>&1; then
    note "building $EXT with TSan failed; tail of $log:"; tail -n 20 "$log" | sed 's/^/     /'
    FAILED=$((FAILED + 1)); return 1
  fi
  # PHP dlopen()s extensions with RTLD_DEEPBIND, which TSan refuses: a shim strips it
  cc -shared -fPIC -O1 -o "$dir/nodeepbind.so" "$SC_SRC/tests/host/nodeepbind.c" -ldl >>"$log" 2>&1 ||
    { note "cannot build the nodeepbind shim"; FAILED=$((FAILED + 1)); return 1; }
  LD_PRELOAD=$dir/nodeepbind.so \
  TSAN_OPTIONS="halt_on_error=0 exitcode=66 report_signal_unsafe=0 second_deadlock_stack=1 suppressions=$SC_SRC/tests/host/tsan.supp" \
  SC_HOST_BIN=$dir/sc_host SC_HOST_CFLAGS=-fsanitize=thread SC_EXT=$dir/modules/$EXT.so PHP_CONFIG=$pc \
    "$SC_SRC/tests/host/run.sh" threads_answer_like_the_kernel write_in_one_thread_is_seen_by_the_next \
    threads_start_and_end_repeatedly sites_with_different_open_basedir >>"$log" 2>&1 || rc=$?
  local p f
  p=$(grep -c '^PASS ' "$log" || true); f=$(grep -c '^FAIL ' "$log" || true)
  grep -E '^FAIL |WARNING: ThreadSanitizer' "$log" | sort | uniq -c | sed 's/^/   /' || true
  if ((rc != 0 && f == 0)); then f=1; fi
  note "host under TSan: $p passed, $f failed"
  PASSED=$((PASSED + p)) FAILED=$((FAILED + f))
  ((f == 0))
}

# The differential tester with fixed seeds: each mode for NTS and ZTS, the
# threaded host, and a control run that must report a mismatch.
step_diff() {
  local log=$LOGS/diff.log rc=0
  SC_DIFF_BUILD=$BUILD PHP_CONFIG_ZTS=$(zts_php_config) "$SC_SRC/tests/diff/run.sh" >"$log" 2>&1 || rc=$?
  local p f s
  p=$(grep -c '^PASS ' "$log" || true); f=$(grep -c '^FAIL ' "$log" || true)
  s=$(grep -c '^SKIP ' "$log" || true)
  grep -vE '^(PASS|diff:|zts-php:) ' "$log" | head -n 60 | sed 's/^/   /' || true
  if ((rc != 0 && f == 0)); then f=1; tail -n 20 "$log" | sed 's/^/     /'; fi
  note "diff: $p passed, $f failed, $s skipped"
  PASSED=$((PASSED + p)) FAILED=$((FAILED + f)) SKIPPED=$((SKIPPED + s))
  ((f == 0))
}

COUNTED_STEPS=" deps build-nts zts-php build-zts compile84 stubs package "

run_step() {
  local name=$1 start=$SECONDS rc=0 log=$LOGS/$1.log
  say "== $name"
  if [[ $COUNTED_STEPS == *" $name "* ]]; then
    # Run in an async subshell so that `set -e` stays in force inside it.
    ( "step_$name" ) >"$log" 2>&1 &
    wait $! || rc=$?
    if ((rc == 0)); then
      PASSED=$((PASSED + 1))
    else
      FAILED=$((FAILED + 1))
      note "FAILED (exit $rc); last lines of $log:"
      tail -n 40 "$log" | sed 's/^/     /'
    fi
  else
    "step_$name" || rc=$?
  fi
  STEP_OK[$name]=$((rc == 0))
  say "-- $name: $( ((rc == 0)) && echo ok || echo FAILED ) ($((SECONDS - start))s)"
}

# --- main ------------------------------------------------------------------

selected=() quick=0
for a in "$@"; do
  case $a in
    --quick) quick=1 ;;
    --list) printf '%s\n' "${ALL_STEPS[@]}"; exit 0 ;;
    -h|--help) sed -n '2,/^set -e/{/^set -e/!p}' "$0"; exit 0 ;;
    *) [[ " ${ALL_STEPS[*]} " == *" $a "* ]] || { echo "unknown step: $a (see --list)" >&2; exit 2; }
       selected+=("$a") ;;
  esac
done
if ((${#selected[@]} == 0)); then
  selected=("${ALL_STEPS[@]}")
  ((quick)) && selected=("${selected[@]:1}")
fi
# Pull in the builds the selected steps need (make is incremental, so cheap).
want=" ${selected[*]} "
[[ $want == *" phpt-nts "* || $want == *" fpm "* ]] && want+=" build-nts "
[[ $want == *" diff "* ]] && want+=" build-nts build-zts "
[[ $want == *" phpt-zts "* || $want == *" host "* || $want == *" host-valgrind "* ]] && want+=" build-zts "
[[ $want == *" build-zts "* ]] && want+=" zts-php "
steps=()
for s in "${ALL_STEPS[@]}"; do [[ $want == *" $s "* ]] && steps+=("$s"); done

mkdir -p "$LOGS"
say "statcache tests: src=$SC_SRC build=$BUILD steps: ${steps[*]}"
total_start=$SECONDS
for s in "${steps[@]}"; do run_step "$s"; done
say "== total: $((SECONDS - total_start))s"
echo "$PASSED passed, $FAILED failed, $SKIPPED skipped"
((FAILED == 0))
