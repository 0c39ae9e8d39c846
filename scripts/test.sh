#!/usr/bin/env bash
# statcache's test command. Runs as root on a fresh Debian 12.
#
#   scripts/test.sh                   the default tier: every step below but the
#                                     opt-in ones (what CI runs)
#   scripts/test.sh --full            the default tier, then the long confirmations:
#                                     full-size soak, restart loop, stress and fuzz
#                                     runs, the differential tester's long run and
#                                     the phpt suite under valgrind
#   scripts/test.sh --quick           the default tier without deps
#   scripts/test.sh --dev             the loop after each change (about a minute):
#                                     build-nts, unit, phpt-nts on Debian's PHP 8.2;
#                                     nothing else is built or installed
#   scripts/test.sh unit phpt-nts     only these steps (+ the builds they need)
#   scripts/test.sh --list            each step: tier, typical time on a fresh
#                                     2-core machine, what it proves
#
# The steps, their tiers, typical times and what each proves are one table,
# STEPS below; --list prints it. Every step prints one line when it starts
# (with its typical time) and one when it ends (result and seconds); build
# steps count as one test each, the others count their own tests. The last
# line printed is "N passed, N failed, N skipped"; the exit status is 1 on
# any failure.
#
# Env:
#   SC_SRC           extension source dir (default: the repo root)
#   STATCACHE_BUILD  out-of-tree build dir (default: $SC_SRC/.build)
#   STATCACHE_CACHE  what is built once: ZTS PHPs, PHP 8.4 headers, the 8.4 and 8.5
#                    chroots (default ~/.cache/statcache)
#   SC_EXT_NAME      extension name (default statcache)
#   SC_CONFIGURE     configure flags (default "--enable-statcache --enable-statcache-dev")
#   JOBS             make -j (default 2)
#   PHPT_ARGS        extra run-tests.php arguments (e.g. "-m" for valgrind)
#   PHPT_JOBS        run-tests.php workers (default JOBS; 1: one test at a time)
#   PHPT_TESTS       the phpt tests to run (default "tests": all of them)
# Logs of every step: $STATCACHE_BUILD/logs/<step>.log
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SC_SRC=$(cd "${SC_SRC:-$ROOT}" && pwd)
BUILD=${STATCACHE_BUILD:-$SC_SRC/.build}
EXT=${SC_EXT_NAME:-statcache}
JOBS=${JOBS:-2}
SC_CONFIGURE=${SC_CONFIGURE:---enable-$EXT --enable-$EXT-dev}
LOGS=$BUILD/logs
# The steps, in the order they run: name, tier (default: a plain run and CI;
# full: added by --full; optin: only when named), typical seconds on a fresh
# 2-core Debian 12 with an empty cache (builds included: a step that needs a
# PHP built first pays for it; measured on 2026-12-07 with other work on the
# machine: the default tier took 4,938 s from an empty cache, the package
# installs of a new machine about 90 s more, and about 2,200 s with its PHPs
# and chroots cached), and what the step proves.
STEPS=$(cat <<'TABLE'
deps          default    90 the Debian packages every step needs are installed (scripts/deps.sh)
build-nts     default    88 statcache builds for PHP 8.2 NTS with -Wall -Wextra -Werror
zts-php       default   428 a ZTS debug PHP 8.2 builds from Debian source (once, cached)
build-zts     default    42 statcache builds for that ZTS PHP with -Werror
compile84     default    69 every source compiles against PHP 8.4 headers, NTS, ZTS and compiled in, and without inotify; no global name clashes with PHP's
unit          default    29 the pure C core: cmocka tests (tests/unit)
phpt-nts      default    120 the phpt suite on PHP 8.2 NTS: answers and warnings as PHP gives them; the tests' PHP parses with no deprecation
phpsrc-nts full    300 php-src's own tests of files, dirs, streams, phar, and those of SPL, include, opcache and the sync points' functions that call what statcache intercepts (2,090) end test by test as without statcache, PHP 8.2 NTS
phpsrc-opcache full    70 with opcache on (validate_timestamps=0) and statcache.opcache_invalidate=1 against opcache alone: opcache's, streams', phar's includes (267)
phpt-zts      default    108 the phpt suite on the ZTS debug PHP
phpsrc-zts full    170 php-src's own tests of phpsrc-nts but opcache's with and without statcache on the ZTS debug PHP
host          default    30 the threaded host: many PHP threads in one process (tests/host)
host-valgrind default     5 thread start/end and cross-thread sync points under valgrind: no leak
fpm           default    29 shared mode in php-fpm behind nginx: SIGKILL, reload, daemonize; opcache invalidation (tests/fpm)
tsan          default   445 the threaded-host tests under ThreadSanitizer (PHP built with TSan, once)
stubs         default     5 the arginfo headers are what gen_stub.php makes of the stubs
package       default    72 composer.json, package.xml, versions, and a build from the pecl tarball alone
static        full      460 statcache compiled into a static ZTS PHP, then the phpt suite on it
matrix        default   283 next to opcache, Xdebug, APCu, uopz: answers compared, phpt suite rerun with each
apache        default   49 Apache prefork + mod_php, per worker and shared, graceful restarts leak nothing
fpm-pools     default     39 php-fpm with pools as www-data and nobody, per worker and shared
status        default     7 the status page in headless Chromium, from php-fpm: its numbers match statcache_stats()
cli-soak      default    47 a long-running CLI worker while others change its files: bound kept, RSS/fds flat
fuzz          default    68 libFuzzer targets: committed inputs replayed, then 30 s of fuzzing each
diff          default     96 the differential tester: random writes and queries against php -n, NTS/ZTS/threads
asan-php      default   390 a ZTS debug PHP built with ASan + UBSan (once, cached)
phpt-asan     default   374 the phpt suite under ASan + UBSan: no report, no leak
phpsrc-asan full    280 php-src's tests of phar's interception, directories and the stat family by name (229) with and without statcache under ASan + UBSan: same results, no report
php84-root    default   210 a Debian trixie chroot with Debian's PHP 8.4 NTS (once, cached; scripts/php84-chroot.sh)
build-84      default    43 statcache builds for PHP 8.4 in the chroot with -Werror
phpt-84       default     92 the phpt suite on PHP 8.4; the tests' PHP parses there with no deprecation
unit-84       default    22 the cmocka tests built and run in the chroot
fpm-84        default    24 shared mode in PHP 8.4's php-fpm behind nginx
diff-84       default     10 the differential tester on PHP 8.4 (NTS, realpath-cache run, control)
install       default    126 the README's install steps for Debian 13 (in the trixie chroot) and Debian 12, as written, load statcache in php-fpm and the CLI
php85-root    default   180 a Debian sid chroot with Debian's PHP 8.5 NTS from experimental (once, cached; scripts/php85-chroot.sh)
build-85      default    40 statcache builds for PHP 8.5 in the chroot with -Werror
phpt-85       default     98 the phpt suite on PHP 8.5; the tests' PHP parses there with no deprecation
unit-85       default    24 the cmocka tests built and run in the chroot
fpm-85        default    22 shared mode in PHP 8.5's php-fpm behind nginx
diff-85       default     11 the differential tester on PHP 8.5 (NTS, realpath-cache run, control)
phpt-long     full      150 the stress tests at full size (SC_LONG=1): 2,000 child waits per wait function
cli-soak-long full      620 the CLI soak for 10 minutes
apache-long   full      600 100 graceful Apache restarts, counts flat against a run without statcache
fuzz-long     full      620 5 minutes of fuzzing per libFuzzer target
diff-long     full      500 the differential tester's new modes at 50,000 operations or more each
phpt-valgrind full    2400 a subset of the phpt suite under valgrind: no memory error, no definite leak
zts-php-release optin   900 a release ZTS PHP 8.2 (the debug one's source and configure line without --enable-debug: PHP's -O2, as ZTS servers run it) builds once, cached, for bench/micro.sh --zts; opt-in: its -O2 compile takes several times the debug build's 175 s
build-zts-release optin  10 statcache builds for the release ZTS PHP with -Werror
phpt-zts-release optin   40 the phpt suite on the release ZTS PHP
host-release  optin      15 the threaded host on the release ZTS PHP (tests/host; its opcache tests skip: no opcache is built for it)
TABLE
)
step_names() { awk -v t="$1" 'NF && (t == "" || $2 == t) {print $1}' <<<"$STEPS"; }
step_field() { awk -v n="$1" -v f="$2" '$1 == n {if (f == 4) {$1 = $2 = $3 = ""; sub(/^ +/, ""); print; exit} print $f}' <<<"$STEPS"; }
mapfile -t ALL_STEPS < <(step_names default)
mapfile -t FULL_STEPS < <(step_names full)
mapfile -t OPTIN_STEPS < <(step_names optin)
DEV_STEPS=(build-nts unit phpt-nts)   # --dev: the loop after each change
export DEBIAN_FRONTEND=noninteractive NO_INTERACTION=1

PASSED=0 FAILED=0 SKIPPED=0
declare -A STEP_OK=()      # step -> 1 (ok) / 0 (failed)

say()  { printf '%s\n' "$*"; }
note() { printf '   %s\n' "$*"; }

# failed WHY [LOG [N]]: a check that could not run or failed as a whole
# counts as one failure: WHY, and the last N (20) lines of LOG. Returns 1.
failed() {
  note "$1"; [[ -z ${2:-} ]] || tail -n "${3:-20}" "$2" | sed 's/^/     /'
  FAILED=$((FAILED + 1)); return 1
}

# need_build FILE STEP: FILE (a module, a PHP) must exist, else STEP failed
# before: one failure counted, return 1.
need_build() {
  [[ -e $1 ]] || failed "no $1 ($2 failed or did not run?)"
}

# tally NAME LOG RC [SHOW]: add the "PASS x" / "FAIL x" / "SKIP x" lines of
# LOG to the totals and print "NAME: p passed, f failed, s skipped". SHOW is
# the grep -E pattern of the lines to repeat on the console (default: the
# failures and skips). A non-zero RC with no FAIL line counts as one failure
# (the script died before it could say which check failed). Returns 1 on any
# failure.
tally() {
  local name=$1 log=$2 rc=$3 show=${4:-'^(FAIL|SKIP) '} p f s
  p=$(grep -c '^PASS ' "$log" || true); f=$(grep -c '^FAIL ' "$log" || true)
  s=$(grep -c '^SKIP ' "$log" || true)
  grep -E "$show" "$log" | cut -c1-400 | sed 's/^/   /' || true
  if ((rc != 0 && f == 0)); then f=1; note "exit $rc without a FAIL line; tail of $log:"; tail -n 20 "$log" | sed 's/^/     /'; fi
  note "$name: $p passed, $f failed, $s skipped"
  PASSED=$((PASSED + p)) FAILED=$((FAILED + f)) SKIPPED=$((SKIPPED + s))
  ((f == 0))
}

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
  # a test renamed or removed in the sources must not run from an old copy
  local t
  while IFS= read -r -d '' t; do
    [[ -e "$SC_SRC/${t#"$dest"/}" ]] || rm -f "$t"
  done < <(find "$dest/tests" -name '*.phpt' -print0 2>/dev/null)
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
  # phpize's Makefile does not track headers: a changed header (a struct's
  # layout) would leave stale objects linked together, so rebuild them all.
  local headers; headers=$(SC_SRC=. "$ROOT/scripts/sources.sh" --h | xargs cat | md5sum)
  if [[ ! -f .sc-headers || "$(cat .sc-headers)" != "$headers" ]]; then
    make clean >/dev/null
    echo "$headers" >.sc-headers
  fi
  make -j"$JOBS" EXTRA_CFLAGS="-Wall -Wextra -Werror"
  [[ -f modules/$EXT.so ]] || { echo "no modules/$EXT.so after make"; return 1; }
}

# run-tests.php's workers for a phpt suite (the tests that must run alone
# say so: --CONFLICTS-- all).
PHPT_JOBS=${PHPT_JOBS:-$JOBS}
# The PHP that runs the project's own PHP scripts on the host.
HOST_PHP=$(command -v php8.2 || command -v php || echo php)

zts_php_config() { "$ROOT/scripts/zts-php.sh" 2>>"$LOGS/zts-php.stderr.log"; }
zts_release_config() { "$ROOT/scripts/zts-php.sh" release 2>>"$LOGS/zts-php-release.stderr.log"; }

# run_phpt DIR PHP: run DIR/tests with run-tests.php; counts results.
run_phpt() {
  local dir=$1 php=$2 log=$3 builtin=${4:-}   # builtin: $EXT is compiled into $php
  local allow=$SC_SRC/tests/expected-skips.txt
  local ext_args=(-d "extension=$dir/modules/$EXT.so"); [[ -z $builtin ]] || ext_args=()
  [[ -n $builtin ]] || need_build "$dir/modules/$EXT.so" "the build of $dir" || return 1
  [[ -n "$(find "$dir/tests" -name '*.phpt' -print -quit 2>/dev/null)" ]] ||
    { failed "no tests/**/*.phpt found"; return 1; }
  local rc=0 extra=()
  # Debian builds posix as a shared extension; tests of credentials need it.
  if ! "$php" -n -m 2>/dev/null | grep -x posix >/dev/null; then
    local posix_so; posix_so="$("$php" -n -r 'echo ini_get("extension_dir");')/posix.so"
    [[ -f $posix_so ]] && extra+=(-d "extension=$posix_so")
  fi
  # The tests' trees go under a directory of this build's instead of /tmp:
  # statcache watches every ancestor of a cached path, and another process's
  # short-lived files in a shared /tmp (a compiler's, say) are names gone
  # before their drain, which refill the files of that device (a hard link
  # may have come and gone): the tests that count syscalls in a window would
  # count those refills. World-writable and sticky, as /tmp, for the tests
  # that run a child as nobody.
  local tmp=$BUILD/tmp
  mkdir -p "$tmp" && chmod 1777 "$tmp"
  # shellcheck disable=SC2086
  local junit=${log%.log}.junit.xml
  rm -f "$junit"
  # -j: two workers; the tests that count syscalls or misses in a window,
  # or time the bound, say "--CONFLICTS-- all" and run alone at the end
  (cd "$dir" && TMPDIR=$tmp TEST_PHP_JUNIT=$junit TEST_PHP_EXECUTABLE=$php "$php" -n run-tests.php -n -q --no-color --no-progress --set-timeout 300 -j"$PHPT_JOBS" \
      -p "$php" "${extra[@]}" "${ext_args[@]}" --show-diff ${PHPT_ARGS:-} ${PHPT_TESTS:-tests}) \
      >"$log" 2>&1 || rc=$?
  count_phpt "$log" "$junit"
}

# count_phpt LOG JUNIT: the results of a run-tests.php run, read from its
# JUnit file (scripts/junit-results.php), added to the totals (a SKIP not
# listed in tests/expected-skips.txt fails); the diffs of failures shown,
# then the allowed skips. Returns 1 on any failure; no JUnit file (the
# run died) is one, with the tail of LOG.
count_phpt() {
  local log=$1 junit=$2 allow=$SC_SRC/tests/expected-skips.txt
  local p=0 f=0 s=0 result file title message skipped=() shown=0 line allowed
  local results; results=$(mktemp)
  if ! "$HOST_PHP" -n "$ROOT/scripts/junit-results.php" "$junit" >"$results" 2>>"$log"; then
    note "run-tests.php wrote no results ($junit); tail of $log:"
    tail -n 30 "$log" | sed 's/^/     /'
    rm -f "$results"
    FAILED=$((FAILED + 1))
    return 1
  fi
  allowed=$( [[ -f $allow ]] && sed 's/#.*//; s/[[:space:]]*$//' "$allow" | grep -v '^$' )
  while IFS= read -r line; do
    if [[ $line == "| "* ]]; then
      # a failure's diff: the first lines of the first few
      if ((shown < 120)); then note "  ${line:2:236}"; shown=$((shown + 1)); fi
      continue
    fi
    IFS=$'\t' read -r result file title message <<<"$line"
    case $result in
      PASS) p=$((p + 1)) ;;
      SKIP)
        if grep -qxF "$file" <<<"$allowed"; then
          s=$((s + 1)); skipped+=("$file: $message")
        else
          f=$((f + 1)); note "SKIP $title [$file] reason: $message  <- unexpected SKIP (not in tests/expected-skips.txt)"
        fi ;;
      *) f=$((f + 1)); note "$result $title [$file] ($message)" ;;
    esac
  done <"$results"
  rm -f "$results"
  if ((p + f + s == 0)); then
    note "run-tests.php ran no test; tail of $log:"
    tail -n 30 "$log" | sed 's/^/     /'
    f=1
  fi
  # the allowed skips last, a short line each: a failure's diff comes first
  ((${#skipped[@]} == 0)) || note "allowed skips (tests/expected-skips.txt):"
  for line in "${skipped[@]}"; do note "  ${line:0:200}"; done
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
step_zts-php-release()   { zts_release_config; }
step_build-zts-release() { build_ext "$BUILD/zts-release" "$(zts_release_config)"; }
# Without sys/inotify.h (any non-Linux system) the cache is compiled out and
# the rest must still build: the files that build there, syntax-checked with
# a config.h that defines none of HAVE_SYS_INOTIFY_H & co.
compile_nocache() {
  local cfg; cfg=$(mktemp -d)
  echo '/* no inotify, epoll or statfs headers */' >"$cfg/config.h"
  local pc; pc=$(command -v php-config8.2 || command -v php-config)
  local files; mapfile -t files < <(SC_SRC=$SC_SRC "$ROOT/scripts/check-sources.sh" --always)
  ((${#files[@]})) || { echo "config.m4 names no source built without inotify"; rm -rf "$cfg"; return 1; }
  for f in "${files[@]}"; do
    cc -fsyntax-only -std=gnu11 -Wall -Wextra -Werror -Wno-unused-parameter \
      -Wno-missing-field-initializers -DHAVE_CONFIG_H -I"$cfg" -I"$SC_SRC" -I"$SC_SRC/src" $("$pc" --includes) \
      "$SC_SRC/$f" || { rm -rf "$cfg"; return 1; }
  done
  rm -rf "$cfg"
  echo "compile without inotify: ok (${files[*]})"
}

# Compiled into PHP (the static step, full tier), the module's objects link
# with PHP's own: none of their global names may be one PHP defines. Checked
# on build-nts's objects against the PHP 8.2 binary's and libphp's symbols.
builtin_names() {
  local objs php names clash
  mapfile -t objs < <(find "$BUILD/nts" -path '*/tests' -prune -o -path '*/.libs/*.o' -print)
  ((${#objs[@]})) || { echo "builtin names: no objects under $BUILD/nts (build-nts failed?)"; return 1; }
  php=$(command -v php8.2 || command -v php)
  names=$(nm --defined-only -g "${objs[@]}" 2>/dev/null | awk 'NF == 3 {print $3}' | sort -u)
  clash=$(comm -12 <(printf '%s\n' "$names") <(nm -D --defined-only "$php" | awk '{print $NF}' | sort -u))
  [[ -z $clash ]] || { echo "builtin names: the module defines names PHP defines: $clash"; return 1; }
  echo "builtin names: ok ($(wc -l <<<"$names") global names, none of them PHP's)"
}

step_compile84() {
  compile_nocache || return 1
  builtin_names || return 1
  local files; mapfile -t files < <(SC_SRC=$SC_SRC "$ROOT/scripts/sources.sh" --c | sed "s#^#$SC_SRC/#")
  ((${#files[@]})) || { echo "no *.c files in $SC_SRC"; return 1; }
  local out rc=0 f missing=0
  out=$(SC_SRC=$SC_SRC EXT_NAME=$EXT "$ROOT/scripts/compile-check-84.sh" "${files[@]}") || rc=$?
  printf '%s\n' "$out"
  # every C source of scripts/sources.sh was checked, NTS, ZTS and compiled in
  while IFS= read -r f; do
    for mode in nts zts builtin; do
      grep -qxF "ok   php8.4-$mode $SC_SRC/$f" <<<"$out" ||
        { echo "compile84: $f was not checked as php8.4-$mode"; missing=1; }
    done
  done < <(SC_SRC=$SC_SRC "$ROOT/scripts/sources.sh" --c)
  ((rc == 0 && missing == 0))
}

step_unit() {
  local dir=$BUILD/nts log=$LOGS/unit.log rc=0
  sync_src "$dir"
  if [[ ! -f $dir/tests/unit/Makefile ]]; then
    failed "tests/unit/Makefile does not exist (yet): counted as 1 failure"; return 1
  fi
  # the fixtures' directories away from /tmp's churn (tests/unit/tmpdir.h)
  mkdir -p "$BUILD/tmp/unit"
  SC_UNIT_TMPDIR=$BUILD/tmp/unit make -j"$JOBS" -C "$dir/tests/unit" check \
    PHP_CONFIG="$(command -v php-config8.2 || command -v php-config)" >"$log" 2>&1 || rc=$?
  count_cmocka unit "$log" $rc
}

# count_cmocka NAME LOG RC: the "[  PASSED  ] n tests" / "[  FAILED  ] n"
# lines of a cmocka run added to the totals; a failed make without a failed
# test counts one failure.
count_cmocka() {
  local name=$1 log=$2 rc=$3 p f
  p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | awk '{s+=$1} END {print s+0}')
  f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | awk '{s+=$1} END {print s+0}')
  grep -E '^\[  (FAILED|ERROR)' "$log" | sed 's/^/   /' || true
  if ((rc != 0 && f == 0)); then
    note "make check failed (exit $rc) without reporting a failed test; tail of $log:"
    tail -n 30 "$log" | sed 's/^/     /'
    f=1
  fi
  note "$name: $p passed, $f failed"
  PASSED=$((PASSED + p)) FAILED=$((FAILED + f))
  ((f == 0))
}

# lint_list DIR: the PHP sources of the tree (.php, .inc, .phpt; the
# files sync_src copies), one a line relative to the tree, in
# DIR/.sc-lint-files, for tests/lint/lint.php.
lint_list() {
  local f
  mkdir -p "$1"
  if git -C "$SC_SRC" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    (cd "$SC_SRC" && git ls-files --cached --others --exclude-standard -- '*.php' '*.inc' '*.phpt')
  else
    (cd "$SC_SRC" && find . -path "./${BUILD#"$SC_SRC"/}" -prune -o -type f \( -name '*.php' -o -name '*.inc' -o -name '*.phpt' \) -print |
       sed 's#^\./##')
  fi | while IFS= read -r f; do [[ -e $SC_SRC/$f ]] && printf '%s\n' "$f"; done >"$1/.sc-lint-files"
}

# The phpt suite on PHP 8.2, after every PHP source of the tree parsed
# there without a deprecation, warning or notice (tests/lint/lint.php).
step_phpt-nts() {
  local php rc=0; php=$(command -v php8.2 || command -v php)
  lint_list "$BUILD"
  run_lines lint-82 "$LOGS/lint-82.log" "$php" -n "$SC_SRC/tests/lint/lint.php" "$BUILD/.sc-lint-files" "$SC_SRC" || rc=1
  run_phpt "$BUILD/nts" "$php" "$LOGS/phpt-nts.log" || rc=1
  return $rc
}
step_phpt-zts() {
  local pc; pc=$(zts_php_config)
  run_phpt "$BUILD/zts" "$("$pc" --prefix)/bin/php" "$LOGS/phpt-zts.log"
}

step_host() {
  local log=$LOGS/host.log rc=0 ext=$BUILD/zts/modules/$EXT.so
  need_build "$ext" build-zts || return 1
  local runner=$SC_SRC/tests/host/run.sh
  [[ -x $runner ]] || runner=$ROOT/tests/host/run.sh
  # The ZTS debug PHP has no opcache of its own: build one from the same
  # source so the threads' opcache tests run (they skip, saying so, if
  # that build fails).
  local oc=${SC_OPCACHE_SO:-}
  if [[ -z $oc ]]; then
    oc=$("$ROOT/scripts/zts-opcache.sh" "$BUILD/opcache-zts" 2>"$LOGS/zts-opcache.log") ||
      { note "opcache.so for the ZTS PHP did not build (log: $LOGS/zts-opcache.log): its host tests skip"; oc=""; }
  fi
  SC_OPCACHE_SO=$oc SC_EXT=$ext PHP_CONFIG=$(zts_php_config) "$runner" >"$log" 2>&1 || rc=$?
  tally host "$log" $rc '^(FAIL|SKIP) '
}

# The same suites on the release ZTS PHP, where the hit path is compiled
# as ZTS servers run it (-O2, no debug checks), with a host of its own.
step_phpt-zts-release() {
  local pc; pc=$(zts_release_config)
  run_phpt "$BUILD/zts-release" "$("$pc" --prefix)/bin/php" "$LOGS/phpt-zts-release.log"
}
step_host-release() {
  local log=$LOGS/host-release.log rc=0 ext=$BUILD/zts-release/modules/$EXT.so
  need_build "$ext" build-zts-release || return 1
  SC_HOST_BIN=$BUILD/zts-release/sc_host SC_EXT=$ext PHP_CONFIG=$(zts_release_config) \
    "$SC_SRC/tests/host/run.sh" >"$log" 2>&1 || rc=$?
  tally "host (release ZTS)" "$log" $rc '^(FAIL|SKIP) '
}

# Threads that start and end, and a cross-thread sync point, under valgrind
# on the ZTS debug build: no leak, no invalid access.
step_host-valgrind() {
  local log=$LOGS/host-valgrind.log rc=0 ext=$BUILD/zts/modules/$EXT.so
  need_build "$ext" build-zts || return 1
  SC_HOST_VALGRIND=1 SC_EXT=$ext PHP_CONFIG=$(zts_php_config) "$SC_SRC/tests/host/run.sh" \
    threads_start_and_end_repeatedly write_in_one_thread_is_seen_by_the_next >"$log" 2>&1 || rc=$?
  tally "host under valgrind" "$log" $rc
}

# Packaging: arginfo from the stubs, PIE/PECL metadata + a build from the PECL
# tarball, and the in-tree static build (counted as one test) + its phpt run.
step_stubs()   { SC_SRC=$SC_SRC "$ROOT/scripts/gen-arginfo.sh" --check; }
step_package() { SC_SRC=$SC_SRC JOBS=$JOBS "$ROOT/scripts/check-package.sh"; }
step_static() {
  local php dir=$BUILD/static blog=$LOGS/static-build.log
  if ! php=$(SC_SRC=$SC_SRC JOBS=$JOBS "$ROOT/scripts/static-php.sh" 2>"$blog") ||
     ! "$php" -n -m | grep -x "$EXT" >/dev/null; then
    failed "static build failed (or $EXT not compiled in); last lines of $blog:" "$blog" 30; return 1
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
  need_build "$ext" build-nts || return 1
  SC_EXT=$ext "$SC_SRC/tests/fpm/run.sh" >"$log" 2>&1 || rc=$?
  # refused settings reach the php-fpm master's log (foreground, daemonized)
  SC_EXT=$ext "$SC_SRC/tests/fpm/refused_settings_reach_the_fpm_log.sh" >>"$log" 2>&1 || rc=$?
  # statcache.opcache_invalidate: every worker serves the new code within the bound
  SC_EXT=$ext "$SC_SRC/tests/fpm/opcache_invalidate.sh" >>"$log" 2>&1 || rc=$?
  tally fpm "$log" $rc
}

# The threaded-host tests under ThreadSanitizer: the same ZTS PHP built with
# -fsanitize=thread (scripts/zts-php.sh, flavour tsan), the extension and
# the host too.  A report not covered by tests/host/tsan.supp (each entry
# says why) makes the host exit 66: that test fails.
step_tsan() {
  local log=$LOGS/tsan.log dir=$BUILD/tsan pc rc=0
  : >"$log"
  if ! pc=$(STATCACHE_PHP_FLAVOR=tsan "$ROOT/scripts/zts-php.sh" 2>>"$log"); then
    failed "building the TSan PHP failed; tail of $log:" "$log"; return 1
  fi
  # build_ext reconfigures when config.m4 changes (a new source file)
  if ! ( export CFLAGS="-fsanitize=thread -g -O1" LDFLAGS="-fsanitize=thread"
         build_ext "$dir" "$pc" ) >>"$log" 2>&1; then
    failed "building $EXT with TSan failed; tail of $log:" "$log"; return 1
  fi
  # PHP dlopen()s extensions with RTLD_DEEPBIND, which TSan refuses: a shim strips it
  cc -shared -fPIC -O1 -o "$dir/nodeepbind.so" "$SC_SRC/tests/host/nodeepbind.c" -ldl >>"$log" 2>&1 ||
    { failed "cannot build the nodeepbind shim"; return 1; }
  LD_PRELOAD=$dir/nodeepbind.so \
  TSAN_OPTIONS="halt_on_error=0 exitcode=66 report_signal_unsafe=0 second_deadlock_stack=1 suppressions=$SC_SRC/tests/host/tsan.supp" \
  SC_HOST_BIN=$dir/sc_host SC_HOST_CFLAGS=-fsanitize=thread SC_EXT=$dir/modules/$EXT.so PHP_CONFIG=$pc \
    "$SC_SRC/tests/host/run.sh" threads_answer_like_the_kernel write_in_one_thread_is_seen_by_the_next \
    threads_start_and_end_repeatedly sites_with_different_open_basedir >>"$log" 2>&1 || rc=$?
  grep -E 'WARNING: ThreadSanitizer' "$log" | sort | uniq -c | sed 's/^/   /' || true
  tally "host under TSan" "$log" $rc
}

# A script that prints PASS/FAIL/SKIP lines: its counts are the step's.
run_lines() {
  local name=$1 log=$2 rc=0; shift 2
  "$@" >"$log" 2>&1 || rc=$?
  tally "$name" "$log" $rc
}

# The differential tester with fixed seeds: each mode for NTS and ZTS, the
# threaded host, and a control run that must report a mismatch.
step_diff() {
  run_lines diff "$LOGS/diff-run.log" env SC_DIFF_BUILD="$BUILD" PHP_CONFIG_ZTS="$(zts_php_config)" \
    "$SC_SRC/tests/diff/run.sh"
}

# Coexistence: tests/matrix/coexist.sh, then the NTS phpt suite again with
# APCu, uopz and Xdebug (develop mode) each loaded next to statcache.  With
# Xdebug, the tests whose output Xdebug itself changes are left out (listed
# with their reason by tests/matrix/xdebug-tests.sh); coexist.sh compares
# answers and warnings with Xdebug alone instead.
step_matrix() {
  local ext=$BUILD/nts/modules/$EXT.so php rc=0 with args tests
  php=$(command -v php8.2 || command -v php)
  need_build "$ext" build-nts || return 1
  run_lines coexist "$LOGS/coexist.log" env SC_EXT="$ext" SC_PHP="$php" "$SC_SRC/tests/matrix/coexist.sh" || rc=1
  sync_src "$BUILD/nts"
  for with in apcu uopz xdebug; do
    case $with in
      apcu)   args="-d extension=apcu -d apc.enable_cli=1" ;;
      uopz)   args="-d extension=uopz -d uopz.exit=1" ;;   # uopz ignores exit() unless uopz.exit=1
      xdebug) args="-d zend_extension=xdebug -d xdebug.mode=develop" ;;
    esac
    # shellcheck disable=SC2086
    if ! "$php" -n $args -m 2>/dev/null | grep -ix "$with" >/dev/null; then
      note "SKIP phpt with $with ($with cannot be loaded by $php -n; apt-get install php8.2-$with)"
      SKIPPED=$((SKIPPED + 1)); continue
    fi
    tests=tests
    if [[ $with == xdebug ]]; then
      "$SC_SRC/tests/matrix/xdebug-tests.sh" >"$LOGS/phpt-xdebug-left-out.txt"
      tests=$(cd "$BUILD/nts" && find tests -name '*.phpt' | sort |
        grep -vxFf <(sed 's/ #.*//' "$LOGS/phpt-xdebug-left-out.txt") | tr '\n' ' ')
      note "with xdebug: $(wc -l <"$LOGS/phpt-xdebug-left-out.txt") tests left out (see $LOGS/phpt-xdebug-left-out.txt)"
    fi
    note "phpt with $with:"
    SC_PHPT_WITH=$with PHPT_ARGS="${PHPT_ARGS:-} $args" PHPT_TESTS=$tests \
      run_phpt "$BUILD/nts" "$php" "$LOGS/phpt-$with.log" || rc=1
  done
  return $rc
}

step_apache() {
  local ext=$BUILD/nts/modules/$EXT.so
  need_build "$ext" build-nts || return 1
  run_lines apache "$LOGS/apache-run.log" env SC_EXT="$ext" "$SC_SRC/tests/matrix/apache.sh"
}
step_fpm-pools() {
  local ext=$BUILD/nts/modules/$EXT.so
  need_build "$ext" build-nts || return 1
  run_lines fpm-pools "$LOGS/fpm-pools-run.log" env SC_EXT="$ext" "$SC_SRC/tests/matrix/fpm-pools.sh"
}
step_cli-soak() {
  local ext=$BUILD/nts/modules/$EXT.so
  need_build "$ext" build-nts || return 1
  run_lines cli-soak "$LOGS/cli-soak-run.log" env SC_EXT="$ext" "$SC_SRC/tests/matrix/cli-soak.sh"
}
# The README's install blocks, as written: Debian 13's (PHP 8.4) in the
# trixie chroot (scripts/php84-chroot.sh; a copy of the tree on /src),
# Debian 12's (PHP 8.2) here.
step_install() {
  local rc=0
  sync_src "$BUILD/install-src"
  run_lines install-debian13 "$LOGS/install-debian13.log" "$ROOT/scripts/php84-chroot.sh" run \
    -b "$BUILD/install-src:/src" -- /src/tests/install/debian_readme_steps_load_statcache.sh debian13 || rc=1
  run_lines install-debian12 "$LOGS/install-run.log" "$SC_SRC/tests/install/debian_readme_steps_load_statcache.sh" debian12 ||
    rc=1
  return $rc
}
step_status() {
  local ext=$BUILD/nts/modules/$EXT.so
  need_build "$ext" build-nts || return 1
  run_lines status "$LOGS/status-run.log" env SC_EXT="$ext" SC_STATUS_ARTIFACTS="$LOGS/status" \
    "$SC_SRC/tests/status/run.sh"
  note "screenshot: $LOGS/status/status-page.png"
}
# The phpt tests sized for run-tests' 60 s timeout by default, at the size
# SC_LONG=1 gives them (each says so in its title).
step_phpt-long() {
  local tests; tests=$(cd "$SC_SRC" && grep -rl 'SC_LONG' tests --include='*.phpt' | sort | tr '\n' ' ')
  SC_LONG=1 PHPT_TESTS=$tests run_phpt "$BUILD/nts" "$(command -v php8.2 || command -v php)" "$LOGS/phpt-long.log"
}
step_cli-soak-long() { SC_SOAK_S=${SC_SOAK_S:-600} step_cli-soak; }
step_apache-long() { SC_APACHE_RESTARTS=${SC_APACHE_RESTARTS:-100} step_apache; }

# --- sanitizers, valgrind, fuzzing -------------------------------------------

# The phpt suite under valgrind (memcheck) on the NTS build: run-tests.php -m
# runs each test's PHP under valgrind with --trace-children=yes, so the PHP
# children a test starts (with statcache loaded, or php -n) are checked too;
# tools that are not PHP are skipped (their own leaks are not ours).
# tests/valgrind/valgrind, first in PATH, gives each process its own log.
# A memory error or a definite leak not in tests/valgrind/phpt.supp fails
# the test (run-tests.php reports it as LEAK).
# The whole suite takes 1-5 min per test under valgrind on a busy 2-core
# machine (90+ min, and the heaviest, tests/compare's fixture runs, pass
# run-tests.php's fixed 300 s valgrind timeout): by default a subset that
# passes through each part of the module (INI and stats, argument checks,
# sync points, symlink aliases, queue overflow, verify_rate, shared mode,
# child waits, every fault of tests/faults).  PHPT_VALGRIND_TESTS="tests"
# runs them all.  PCRE2's JIT code reads 16 bytes at a time past a subject's
# end (a known valgrind false positive, seen here as "Invalid read of size
# 16" in unnamed code): the tests' PHP runs with pcre.jit=0, as php-src's
# own valgrind runs do.
VALGRIND_SKIP='*/sh,*/dash,*/bash,*/env,*/gcc,*/cc,*/cc1,*/as,*/ld,*/collect2,*/strace,*/ltrace,*/unshare,*/nsenter,*/setpriv,*/mount,*/umount,*/bindfs,*/fusermount*,*/timeout,*/sleep,*/cat,*/grep,*/rm,*/mkdir,*/ln,*/mv,*/cp,*/touch,*/chmod,*/chown,*/kill,*/true,*/ls,*/sed,*/sort,*/tr,*/head,*/tail,*/wc,*/id,*/stat,*/find,*/setsid,*/nginx,*/php-fpm*'
PHPT_VALGRIND_SUBSET=(
  module/info_shows_settings_and_mode module/stats_keys_and_types module/reset_makes_next_lookups_miss
  compare/bad_arguments_raise_what_php_raises compare/open_basedir_long_path_warns_once
  sync/rename_is_seen_at_once sync/replaced_ops_fall_back_to_draining
  invalidation/deploy_symlink_swap_is_seen
  trust/queue_overflow_flushes_and_stays_exact
  verify/verify_rate_catches_a_change_no_event_reports
  shared/php_master_shares_one_table_with_forked_workers
  children/exec_sees_the_childs_change
  faults/failing_calls_fall_back_to_php
)
step_phpt-valgrind() {
  command -v valgrind >/dev/null || { failed "valgrind is not installed"; return 1; }
  local tests=${PHPT_VALGRIND_TESTS:-}
  if [[ -z $tests ]]; then
    local t; for t in "${PHPT_VALGRIND_SUBSET[@]}"; do tests+=" tests/$t.phpt"; done
  fi
  sync_src "$BUILD/nts"
  local real; real=$(command -v valgrind)
  PATH="$SC_SRC/tests/valgrind:$PATH" SC_REAL_VALGRIND=$real \
  VALGRIND_OPTS="--leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite --num-callers=30 \
--suppressions=$SC_SRC/tests/valgrind/phpt.supp --trace-children-skip=$VALGRIND_SKIP" \
  PHPT_ARGS="-m --show-slow 30000 -d pcre.jit=0" PHPT_TESTS=$tests \
    run_phpt "$BUILD/nts" "$(command -v php8.2 || command -v php)" "$LOGS/phpt-valgrind.log"
}

# The ZTS debug PHP built with ASan + UBSan (scripts/zts-php.sh, flavour asan;
# ZTS so that the per-thread caches and the TSRM paths are checked too: the
# NTS build is what phpt-valgrind checks).  A full PHP build the first time.
asan_php_config() { STATCACHE_PHP_FLAVOR=asan "$ROOT/scripts/zts-php.sh" 2>>"$LOGS/asan-php.stderr.log"; }
step_asan-php() { asan_php_config; }

# asan_build STEP: the ASan PHP (ASAN_PC: its php-config) and statcache
# built with -fsanitize=address,undefined for it in $BUILD/asan; a failure
# of either counts one and returns 1.
ASAN_PC=
asan_build() {
  local blog=$LOGS/$1.build.log
  if ! ASAN_PC=$(asan_php_config); then
    failed "building the ASan PHP failed; tail of $LOGS/asan-php.stderr.log:" "$LOGS/asan-php.stderr.log"
    return 1
  fi
  if ! ( export CFLAGS="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g -O1" \
           LDFLAGS="-fsanitize=address,undefined"
         build_ext "$BUILD/asan" "$ASAN_PC" ) >"$blog" 2>&1; then
    failed "building $EXT with ASan failed; tail of $blog:" "$blog"
    return 1
  fi
}

# The phpt suite with that PHP and statcache built with
# -fsanitize=address,undefined.  Every process (the tests' PHP children too)
# writes its sanitizer reports to $LOGS/asan-reports/; a report fails the
# test that made it (halt_on_error: its output is cut short) and, should a
# test ignore a child's exit, the step (any file there is a failure).
step_phpt-asan() {
  local log=$LOGS/phpt-asan.log dir=$BUILD/asan pc reports=$LOGS/asan-reports
  asan_build phpt-asan || return 1
  pc=$ASAN_PC
  rm -rf "$reports"; mkdir -p "$reports"
  local rc=0
  local real_strace; real_strace=$(command -v strace || echo /usr/bin/strace)
  PATH="$SC_SRC/tests/asan:$PATH" SC_REAL_STRACE=$real_strace \
  ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:log_path=$reports/asan" \
  UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:log_path=$reports/ubsan" \
  PHPT_ARGS="--asan" run_phpt "$dir" "$("$pc" --prefix)/bin/php" "$log" || rc=1
  if [[ -n "$(ls -A "$reports")" ]]; then
    note "sanitizer reports in $reports:"
    head -n 30 "$reports"/* | sed 's/^/     /'
    FAILED=$((FAILED + 1)); rc=1
  fi
  return $rc
}

# libFuzzer (clang) targets of tests/fuzz: every committed input (seed corpus
# and past crashes) replayed, then FUZZ_SECS seconds of fuzzing each.
step_fuzz() {
  local log=$LOGS/fuzz.log dir=$BUILD/fuzz rc=0
  sync_src "$dir"
  if ! make -C "$dir/tests/fuzz" >"$log" 2>&1; then
    failed "building the fuzz targets failed (clang with libFuzzer?); tail of $log:" "$log"; return 1
  fi
  FUZZ_OUT=$LOGS/fuzz "$dir/tests/fuzz/run.sh" "${FUZZ_SECS:-30}" fuzz_path fuzz_events >>"$log" 2>&1 || rc=$?
  note "inputs of a crash: $LOGS/fuzz/<target>/"
  tally fuzz "$log" $rc '^(PASS|FAIL) '
}
step_diff-long() {
  run_lines diff-long "$LOGS/diff-long-run.log" env SC_DIFF_LONG=1 SC_DIFF_BUILD="$BUILD" \
    PHP_CONFIG_ZTS="$(zts_php_config)" "$SC_SRC/tests/diff/run.sh" rpcache basedir nobody mounts churn links
}
step_fuzz-long() { FUZZ_SECS=${FUZZ_SECS:-300} step_fuzz; }

# --- PHP 8.4 and 8.5 in Debian chroots ---------------------------------------
# scripts/php84-chroot.sh makes (once, cached under $STATCACHE_CACHE) a
# Debian trixie chroot with Debian's PHP 8.4 NTS, scripts/php85-chroot.sh a
# Debian sid chroot with Debian's PHP 8.5 NTS from the experimental suite;
# either runs commands in its chroot with proc, sysfs, /dev and a tmpfs on
# /tmp mounted for the run only (a private mount namespace, pivot_root).
# The steps below build statcache inside it (phpize, configure, make with
# -Wall -Wextra -Werror) and run there the phpt suite, the cmocka tests,
# shared mode under that PHP's php-fpm behind nginx and the NTS part of the
# differential tester.  $BUILD/php84 or $BUILD/php85 (the sources, synced
# there, and the build) is bound on /sc.  php8x-root and build-8x count as
# one test each.
PV_SC=/sc
# pv VER CMD...: CMD in VER's chroot with $BUILD/phpNN on /sc.
pv() { local v=$1; shift; "$ROOT/scripts/php${v/./}-chroot.sh" run -b "$BUILD/php${v/./}:$PV_SC" -- "$@"; }
pv_dir() { echo "$BUILD/php${1/./}"; }
step_php84-root() { "$ROOT/scripts/php84-chroot.sh"; }
step_php85-root() { "$ROOT/scripts/php85-chroot.sh"; }

# pv_build VER: the build inside the chroot, as build_ext does it on the
# host: phpize and configure again when config.m4, the PHP or the flags
# change, make clean when a header changes (phpize's Makefile does not
# track headers).
pv_build() {
  local v=$1
  sync_src "$(pv_dir "$v")"
  pv "$v" env V="$v" SC_CONFIGURE="$SC_CONFIGURE" JOBS="$JOBS" EXT="$EXT" bash -euc '
    cd /sc
    stamp="$(md5sum <config.m4) $(php-config$V --version) $SC_CONFIGURE"
    if [[ ! -f Makefile || ! -f .sc-configured || "$(cat .sc-configured)" != "$stamp" ]]; then
      rm -f .sc-configured
      phpize$V
      ./configure --with-php-config=/usr/bin/php-config$V $SC_CONFIGURE
      echo "$stamp" >.sc-configured
    fi
    headers=$(SC_SRC=. ./scripts/sources.sh --h | xargs cat | md5sum)
    if [[ ! -f .sc-headers || "$(cat .sc-headers)" != "$headers" ]]; then
      make clean >/dev/null; echo "$headers" >.sc-headers
    fi
    make -j"$JOBS" EXTRA_CFLAGS="-Wall -Wextra -Werror"
    [[ -f modules/$EXT.so ]] || { echo "no modules/$EXT.so after make"; exit 1; }
    php$V -n -d extension=$PWD/modules/$EXT.so -r "exit(extension_loaded(\"$EXT\") ? 0 : 1);"
    echo "built against PHP $(php-config$V --version)"'
}
step_build-84() { pv_build 8.4; }
step_build-85() { pv_build 8.5; }

# pv_ready VER: VER's module was built (else one failure counted, return 1),
# and the sources next to it are brought up to date.
pv_ready() { need_build "$(pv_dir "$1")/modules/$EXT.so" "build-${1/./}" && sync_src "$(pv_dir "$1")"; }

# pv_phpt VER: every PHP source of the tree parses on PHP VER without a
# deprecation, warning or notice (tests/lint/lint.php), then the whole
# phpt suite (or PHPT_TESTS) runs there, as run_phpt runs it.
pv_phpt() {
  local v=$1 nn=${1/./} rc=0
  pv_ready "$v" || return 1
  lint_list "$(pv_dir "$v")"
  run_lines "lint-$nn" "$LOGS/lint-$nn.log" pv "$v" "php$v" -n "$PV_SC/tests/lint/lint.php" "$PV_SC/.sc-lint-files" "$PV_SC" ||
    rc=1
  local log=$LOGS/phpt-$nn.log
  # shellcheck disable=SC2016
  rm -f "$(pv_dir "$v")/phpt.junit.xml"
  pv "$v" env V="$v" EXT="$EXT" PHPT_JOBS="$PHPT_JOBS" PHPT_ARGS="${PHPT_ARGS:-}" PHPT_TESTS="${PHPT_TESTS:-tests}" bash -c '
    cd /sc; php=/usr/bin/php$V extra=()
    # Debian builds posix as a shared extension; tests of credentials need it.
    "$php" -n -m | grep -qx posix || extra+=(-d "extension=posix")
    TEST_PHP_JUNIT=/sc/phpt.junit.xml TEST_PHP_EXECUTABLE=$php "$php" -n run-tests.php -n -q --no-color --no-progress \
      --set-timeout 300 -j"$PHPT_JOBS" -p "$php" "${extra[@]}" -d "extension=/sc/modules/$EXT.so" --show-diff $PHPT_ARGS $PHPT_TESTS' \
    >"$log" 2>&1 || true
  count_phpt "$log" "$(pv_dir "$v")/phpt.junit.xml" || rc=1
  return $rc
}
step_phpt-84() { pv_phpt 8.4; }
step_phpt-85() { pv_phpt 8.5; }

# pv_unit VER: the cmocka tests, built by the chroot's gcc against its
# libcmocka.
pv_unit() {
  local v=$1 nn=${1/./} rc=0
  local log=$LOGS/unit-$nn.log
  sync_src "$(pv_dir "$v")"
  pv "$v" make -j"$JOBS" -C "$PV_SC/tests/unit" check PHP_CONFIG="/usr/bin/php-config$v" >"$log" 2>&1 || rc=$?
  count_cmocka "unit-$nn" "$log" $rc
}
step_unit-84() { pv_unit 8.4; }
step_unit-85() { pv_unit 8.5; }

# pv_fpm VER: shared mode under Debian's php-fpm of VER (tests/fpm/run.sh),
# and statcache.opcache_invalidate per worker and shared.
pv_fpm() {
  local v=$1 nn=${1/./}
  pv_ready "$v" || return 1
  run_lines "fpm-$nn" "$LOGS/fpm-$nn.log" pv "$v" env SC_EXT="$PV_SC/modules/$EXT.so" SC_FPM_BIN="/usr/sbin/php-fpm$v" \
    bash -c '"$0/tests/fpm/run.sh"; rc=$?; "$0/tests/fpm/opcache_invalidate.sh" || rc=1; exit $rc' "$PV_SC"
}
step_fpm-84() { pv_fpm 8.4; }
step_fpm-85() { pv_fpm 8.5; }

# pv_diff VER: the differential tester's NTS parts on PHP VER: each mode,
# the run with a realpath cache that holds nothing, and the control run
# that must fail.
pv_diff() {
  local v=$1 nn=${1/./}
  pv_ready "$v" || return 1
  run_lines "diff-$nn" "$LOGS/diff-$nn-run.log" pv "$v" env SC_DIFF_EXT_NTS="$PV_SC/modules/$EXT.so" \
    "$PV_SC/tests/diff/run.sh" nts realpath control
}
step_diff-84() { pv_diff 8.4; }
step_diff-85() { pv_diff 8.5; }

# --- php-src's own test suites, with statcache and without ----------------
# tests/phpsrc/run.sh unpacks PHP's own tests of what statcache answers or
# syncs on (the stat family, files, directories, streams, SPL, phar,
# include, opcache; mail, sockets, posix, pcntl) from the PHP source tarball
# the ZTS build uses, runs them with that source's run-tests.php once
# without statcache and once with it, and fails on any test that ends
# otherwise; tests/phpsrc/excluded.txt names the tests left out and why.
# One counted line per suite.  Debian's /usr/bin/php may be a few patch
# releases past that tarball (its security updates): both runs use the same
# binary, so a test that fails from that fails both ways.
phpsrc_tarball() { ( . "$ROOT/scripts/php-source.sh"; php_source_tarball "${STATCACHE_CACHE:-$HOME/.cache/statcache}/src" ); }
# phpsrc NAME PHP EXT [VAR=value...]: the comparison on PHP (VARs for
# tests/phpsrc/run.sh), its lines counted; the FAIL lines come with the
# differing tests and what each run said of them.
phpsrc() {
  local name=$1 php=$2 ext=$3 log=$LOGS/phpsrc-$1.log tarball rc=0; shift 3
  need_build "$ext" "the build for $php" || return 1
  tarball=$(phpsrc_tarball 2>"$log") || { failed "no PHP source tarball; tail of $log:" "$log"; return 1; }
  env SC_PHP="$php" SC_EXT="$ext" SC_PHPSRC_TARBALL="$tarball" SC_PHPSRC_WORK="$BUILD/phpsrc/$name" JOBS="$JOBS" \
    "$@" "$SC_SRC/tests/phpsrc/run.sh" "$name" >>"$log" 2>&1 || rc=$?
  tally "phpsrc-$name" "$log" $rc '^(FAIL|SKIP) |^     '
}
step_phpsrc-nts() { phpsrc nts "$(command -v php8.2 || command -v php)" "$BUILD/nts/modules/$EXT.so"; }
# opcache on with validate_timestamps=0 both ways; the run with statcache
# has statcache.opcache_invalidate=1 (docs/opcache.md).  The tests that
# compile scripts from a stream wrapper (streams: user wrappers; phar's
# that include from phar:// or intercept the file functions), or that use
# what statcache intercepts among opcache's and the engine's own.
PHPSRC_OPCACHE_SUITES="ext/opcache/tests:calls tests/basic:calls ext/standard/tests/streams
  ext/phar/tests:/interceptFileFuncs|unlinkArchive|(include|require)(_once)?.{0,3}.phar:/"
step_phpsrc-opcache() {
  phpsrc opcache "$(command -v php8.2 || command -v php)" "$BUILD/nts/modules/$EXT.so" \
    SC_PHPSRC_SUITES="$PHPSRC_OPCACHE_SUITES" \
    SC_PHPSRC_INI="-d zend_extension=opcache -d opcache.enable_cli=1 -d opcache.validate_timestamps=0" \
    SC_PHPSRC_INI_WITH="-d statcache.opcache_invalidate=1"
}
step_phpsrc-zts() {
  local pc; pc=$(zts_php_config)
  phpsrc zts "$("$pc" --prefix)/bin/php" "$BUILD/zts/modules/$EXT.so"
}
# The ASan PHP and build of phpt-asan, a ZTS PHP too.  A sanitizer report
# goes to the test's output (run-tests.php reads stderr with stdout), so it
# fails that test.  Every PHP process of the ASan build costs about 20
# times one of the NTS build to start, so this run takes the tests where
# statcache's code meets memory it does not own: phar's that make phar
# wrap the stat functions' handlers (Phar::interceptFileFuncs(): phar frees
# what it passes them) or unlink an archive, the directory functions
# (statcache's listings), and the tests of the stat family's functions by
# name.
PHPSRC_ASAN_SUITES="ext/phar/tests:/interceptFileFuncs|unlinkArchive/ ext/standard/tests/dir
  ext/standard/tests/file/@(lstat|stat|is_|file_exists|filesize|filetype|fileperms|fileowner|filegroup|fileinode|filemtime|fileatime|filectime|realpath|readlink|clearstatcache|touch)*.phpt"
step_phpsrc-asan() {
  asan_build phpsrc-asan || return 1
  ASAN_OPTIONS="detect_leaks=1:halt_on_error=1" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
    phpsrc asan "$("$ASAN_PC" --prefix)/bin/php" "$BUILD/asan/modules/$EXT.so" \
      SC_PHPSRC_SUITES="$PHPSRC_ASAN_SUITES" SC_PHPSRC_ARGS=--asan
}

COUNTED_STEPS=" deps build-nts zts-php build-zts zts-php-release build-zts-release compile84 stubs package asan-php php84-root build-84 php85-root build-85 "

run_step() {
  local name=$1 start=$SECONDS rc=0 log=$LOGS/$1.log typical
  typical=$(step_field "$name" 3)
  say "== $name (typically ${typical:-?}s on a fresh machine): $(step_field "$name" 4)"
  if [[ $COUNTED_STEPS == *" $name "* ]]; then
    # Run in an async subshell so that `set -e` stays in force inside it.
    ( "step_$name" ) >"$log" 2>&1 &
    wait $! || rc=$?
    if ((rc == 0)); then
      PASSED=$((PASSED + 1))
    else
      failed "FAILED (exit $rc); last lines of $log:" "$log" 40 || true
    fi
  else
    "step_$name" || rc=$?
  fi
  STEP_OK[$name]=$((rc == 0))
  say "-- $name: $( ((rc == 0)) && echo ok || echo FAILED ) ($((SECONDS - start))s; log: $log)"
}

list_steps() {
  local tier
  say "dev tier (scripts/test.sh --dev, after each change): ${DEV_STEPS[*]}"
  for tier in default full optin; do
    case $tier in
      default) say "default tier (scripts/test.sh, what CI runs):" ;;
      full)    say "full tier (scripts/test.sh --full adds these):" ;;
      optin)   say "opt-in (run only when named):" ;;
    esac
    awk -v t=$tier 'NF && $2 == t {n = $1; s = $3; $1 = $2 = $3 = ""; sub(/^ +/, "");
      printf "  %-14s %5ss  %s\n", n, s, $0; tot += s} END {if (tot) printf "  %-14s %5ss  (typical total)\n", "", tot}' <<<"$STEPS"
    # the chroots' steps find them made: they were made beside the first
    # PHP build (prefetch_chroots), which the sum above counts twice
    [[ $tier != default ]] || say "  from an empty cache on 2 cores, the whole default tier: about 56 minutes (the chroots made beside the first PHP build)"
  done
}

# --- main ------------------------------------------------------------------

selected=() quick=0 full=0 dev=0
for a in "$@"; do
  case $a in
    --quick) quick=1 ;;
    --dev) dev=1 ;;
    --full) full=1 ;;
    --list) list_steps; exit 0 ;;
    -h|--help) sed -n '2,/^set -e/{/^set -e/!p}' "$0"; exit 0 ;;
    *) [[ " ${ALL_STEPS[*]} ${FULL_STEPS[*]} ${OPTIN_STEPS[*]} " == *" $a "* ]] || { echo "unknown step: $a (see --list)" >&2; exit 2; }
       selected+=("$a") ;;
  esac
done
if ((dev)); then
  ((${#selected[@]} == 0 && ! full)) || { echo "--dev takes no step names and no --full" >&2; exit 2; }
  # Debian's PHP 8.2 (php-config8.2), or the one PHP of a machine or an
  # official image (php-config), as build-nts and phpt-nts pick it
  { command -v php-config8.2 || command -v php-config; } >/dev/null && pkg-config --exists cmocka 2>/dev/null ||
    { echo "--dev needs php8.2-dev (or a php-config) and libcmocka-dev (scripts/deps.sh installs them)" >&2; exit 2; }
  selected=("${DEV_STEPS[@]}")
elif ((${#selected[@]} == 0)); then
  selected=("${ALL_STEPS[@]}")
  ((full)) && selected+=("${FULL_STEPS[@]}")
  ((quick)) && selected=("${selected[@]:1}")
fi
# Pull in the builds the selected steps need (make is incremental, so cheap).
want=" ${selected[*]} "
needs_nts=" phpt-nts phpsrc-nts phpsrc-opcache phpt-long diff-long fpm matrix apache apache-long fpm-pools status cli-soak cli-soak-long phpt-valgrind diff "
needs_zts=" phpt-zts phpsrc-zts host host-valgrind diff diff-long "
needs_zts_release=" phpt-zts-release host-release "
for s in "${selected[@]}"; do
  [[ $needs_nts == *" $s "* ]] && want+=" build-nts "
  [[ $needs_zts == *" $s "* ]] && want+=" build-zts "
  [[ $needs_zts_release == *" $s "* ]] && want+=" build-zts-release "
done
[[ $want == *" build-zts "* ]] && want+=" zts-php "
[[ $want == *" build-zts-release "* ]] && want+=" zts-php-release "
for nn in 84 85; do
  [[ $want == *" phpt-$nn "* || $want == *" fpm-$nn "* || $want == *" diff-$nn "* ]] && want+=" build-$nn "
  [[ $want == *" build-$nn "* || $want == *" unit-$nn "* ]] && want+=" php$nn-root "
done
steps=()
for s in "${ALL_STEPS[@]}" "${FULL_STEPS[@]}" "${OPTIN_STEPS[@]}"; do [[ $want == *" $s "* ]] && steps+=("$s"); done

# The chroots are mostly downloads and unpacking: in a run that makes one,
# each is started in the background once the packages are in (after deps),
# beside the first builds; its step then finds it made, or waits for it
# (scripts/php-chroot.sh's lock). Made already, it only prints its dir.
PREFETCH_PIDS=()
prefetch_chroots() {
  local nn
  for nn in 84 85; do
    [[ " ${steps[*]} " == *" php$nn-root "* ]] || continue
    "$ROOT/scripts/php$nn-chroot.sh" >"$LOGS/php$nn-root.prefetch.log" 2>&1 &
    PREFETCH_PIDS+=($!)
  done
}

mkdir -p "$LOGS"
say "statcache tests: src=$SC_SRC build=$BUILD"
say "steps: ${steps[*]}"
total_start=$SECONDS
[[ " ${steps[*]} " == *" deps "* ]] || prefetch_chroots
for s in "${steps[@]}"; do
  run_step "$s"
  [[ $s == deps ]] && prefetch_chroots
done
# (a step that was not run leaves its chroot's making to finish here)
((${#PREFETCH_PIDS[@]} == 0)) || wait "${PREFETCH_PIDS[@]}" 2>/dev/null || true
say "== total: $((SECONDS - total_start))s"
echo "$PASSED passed, $FAILED failed, $SKIPPED skipped"
((FAILED == 0))
