#!/usr/bin/env bash
# php-src's own test suites, run once without statcache and once with it:
# every test must end the same way both times.  PHP's tests of the stat
# family, the file and directory functions, streams, SPL's file classes,
# phar (which wraps the stat functions' handlers), include, opcache and the
# functions statcache makes sync points (mail, sockets, posix, pcntl) then
# saw PHP's own answers with the cache in the way.
#
#   tests/phpsrc/run.sh NAME [SUITE...]
#
# NAME labels the result lines (the PHP and the settings: nts, opcache,
# zts, asan).  A SUITE is a directory of PHP's source tree (its tests), or a
# directory and an extended glob of test files in it (e.g.
# "ext/phar/tests/*.phpt": that directory's own tests, not its
# subdirectories'), a directory followed by ":/ERE/": those of its tests
# (recursively) whose text matches the extended regular expression ERE, or
# a directory followed by ":calls": those of its tests that call a function or use a class statcache intercepts, answers through
# the plain-files wrapper or makes a sync point (the names are read from
# src/php/module/intercept_list.h, with the wrapper's: stat, opendir, unlink, ...,
# include and require), for a suite most of whose tests are about
# something else (SPL's data structures, opcache's JIT); default: all of the
# directories below that can run on SC_PHP.  The tests come from PHP's source
# tarball, unpacked afresh into the work directory on every run, with the
# run-tests.php of the same tarball; the two runs each get their own copy of
# the tree and their own TMPDIR, one after the other, with -j$JOBS.
#
# Env:
#   SC_PHP             the PHP to test
#   SC_EXT             statcache.so built for that PHP
#   SC_PHPSRC_TARBALL  PHP's source tarball (php8.2_X.orig.tar.xz)
#   SC_PHPSRC_WORK     the work directory (emptied first; default a mktemp dir)
#   SC_PHPSRC_SUITES   the SUITEs, when none is given as an argument
#   SC_PHPSRC_INI      "-d name=value ..." for both runs (opcache on, say)
#   SC_PHPSRC_INI_WITH "-d name=value ..." for the run with statcache only,
#                      after extension= and statcache.enable_cli=1
#   SC_PHPSRC_ARGS     more run-tests.php arguments for both runs (--asan)
#   SC_PHPSRC_TIMEOUT  run-tests.php's timeout per test (default 120 s)
#   JOBS               parallel test workers (default 2)
#   SC_PHPSRC_RECOMPARE=1  compare the runs already in SC_PHPSRC_WORK again
#                      (after a change to excluded.txt or expected.txt)
#
# Results are compared per test as run-tests.php's -W file gives them
# (PASSED, FAILED, SKIPPED, BORKED, WARNED, LEAKED, XFAILED, ...).  A test
# that fails both ways is compared further: the runs must agree on whether
# its output shows a crash (run-tests' "Termsig=") or a sanitizer report.
# tests/phpsrc/excluded.txt lists the tests left out, each with its reason
# (one "path # reason" per line): they do not run.
#
# Prints one line per suite: "PASS NAME SUITE: ..." when every test ended
# the same, "FAIL NAME SUITE: ..." naming the tests that did not, followed
# by what each run said of them (result lines, run-tests' diffs); one
# "SKIP NAME path (reason)" line per excluded test.  A run that leaves a
# test without a result, a suite none of whose tests ran without statcache,
# and a PHP on which statcache is not on in the run with it are failures.
# Exit status 1 on any failure.
set -euo pipefail
export LC_ALL=C   # sort and join agree on the order of paths

here=$(cd "$(dirname "$0")" && pwd)
name=${1:?usage: tests/phpsrc/run.sh NAME [SUITE...]}; shift
PHP=${SC_PHP:?SC_PHP: the PHP to test}
EXT=${SC_EXT:?SC_EXT: statcache.so}
TARBALL=${SC_PHPSRC_TARBALL:?SC_PHPSRC_TARBALL: PHP source tarball}
JOBS=${JOBS:-2}
TIMEOUT=${SC_PHPSRC_TIMEOUT:-120}
read -r -a INI <<<"${SC_PHPSRC_INI:-}"
read -r -a INI_WITH <<<"${SC_PHPSRC_INI_WITH:-}"
read -r -a RUN_ARGS <<<"${SC_PHPSRC_ARGS:-}"
RECOMPARE=${SC_PHPSRC_RECOMPARE:-}
EXCLUDED=$here/excluded.txt
EXPECTED=$here/expected.txt
start=$SECONDS

fail() { echo "FAIL $name $*"; exit 1; }
[[ -x $PHP ]] || fail "no PHP at $PHP"
[[ -f $EXT ]] || fail "no $EXT"
[[ -f $TARBALL ]] || fail "no PHP source tarball at $TARBALL"

# The suites; those of an extension the PHP cannot load are left out (the
# one line saying so is not a result: it does not count).
has_ext() { # has_ext EXT: built into $PHP or loadable from its extension_dir
  # (the list read whole first: grep -q's early exit would kill php with
  # SIGPIPE and, under pipefail, fail the test)
  local m
  if [[ $1 == opcache ]]; then
    m=$("$PHP" -n -d zend_extension=opcache -m 2>/dev/null) && grep -qx 'Zend OPcache' <<<"$m"
  else
    m=$("$PHP" -n -d "extension=$1" -m 2>/dev/null) && grep -qix "$1" <<<"$m"
  fi
}
SUITES=("$@")
# (-d '': the list may span lines; read stops at the end, and says so)
((${#SUITES[@]})) || read -r -d '' -a SUITES <<<"${SC_PHPSRC_SUITES:-}" || true
if ((${#SUITES[@]} == 0)); then
  SUITES=(ext/standard/tests/file ext/standard/tests/dir ext/standard/tests/streams
    ext/standard/tests/general_functions:calls ext/spl/tests:calls tests/basic:calls ext/standard/tests/mail)
  for s in phar opcache sockets posix pcntl; do
    if has_ext "$s"; then
      if [[ $s == phar ]]; then SUITES+=("ext/$s/tests"); else SUITES+=("ext/$s/tests:calls"); fi
    else echo "   ($name: no $s in $PHP: ext/$s/tests left out)"; fi
  done
fi

# The tree: the suites, run-tests.php, and the files tests include from
# beside them (skipif helpers, the FTP and CLI servers, certificates,
# LeakSanitizer's suppressions).
version=$(basename "$TARBALL" .orig.tar.xz); version=${version#php8.2_}
top=php-$version
SUPPORT=(ext/standard/tests ext/dl_test/tests ext/ftp/tests ext/openssl/tests sapi/cli/tests
  .github/lsan-suppressions.txt)
WORK=${SC_PHPSRC_WORK:-$(mktemp -d "${TMPDIR:-/tmp}/sc-phpsrc.XXXXXX")}
if [[ -z $RECOMPARE ]]; then
  rm -rf "$WORK"; mkdir -p "$WORK/without" "$WORK/with"
  members=("$top/run-tests.php")
  for p in "${SUITES[@]}" "${SUPPORT[@]}"; do
    [[ $p == *.phpt ]] && p=${p%/*}   # a pattern: its directory
    p=${p%%:*}                        # a filter: its directory
    members+=("$top/$p")
  done
  tar -C "$WORK/without" -xJf "$TARBALL" "${members[@]}" ||
    fail "cannot unpack ${SUITES[*]} from $TARBALL"
  cp -a "$WORK/without/$top" "$WORK/with/"
fi

# The tests, less the excluded ones.
declare -A why=()
while IFS= read -r line; do
  t=${line%%#*}; t=${t%"${t##*[![:space:]]}"}
  [[ -n $t ]] && why[$t]=${line#*# }
done <"$EXCLUDED"
# suite_tests SUITE: its tests, one path a line: a directory's, recursively,
# or those a pattern (an extended glob, its last component) names.
# The names a ":calls" suite's tests are chosen by: every function and
# class of statcache's intercept list, and what reaches the plain-files
# wrapper or its stdio stream ops statcache hooks.
INTERCEPTS=$here/../../src/php/module/intercept_list.h
calls_regex() {
  local f c
  [[ -f $INTERCEPTS ]] || fail "no $INTERCEPTS (a :calls suite needs it)"
  f=$(sed -n 's/^[[:space:]]*F([a-z]*, *\([A-Za-z_0-9]*\)).*/\1/p' "$INTERCEPTS" | sort -u | paste -sd'|')
  c=$(sed -n 's/^[[:space:]]*M([a-z]*, *\([A-Za-z_0-9]*\),.*/\1/p' "$INTERCEPTS" | sort -u | paste -sd'|')
  [[ -n $f && -n $c ]] || fail "no intercepts read from $INTERCEPTS"
  f+='|stat|lstat|opendir|scandir|dir|unlink|rename|mkdir|rmdir|file_put_contents|fwrite|fclose|ftruncate'
  c+='|SplFileObject|SplTempFileObject|DirectoryIterator|FilesystemIterator|RecursiveDirectoryIterator|GlobIterator'
  printf '(^|[^A-Za-z_0-9>:$])(%s)[[:space:]]*\\(|\\b(%s)\\b|\\b(include|require)(_once)?\\b' "$f" "$c"
}
CALLS_RE=
[[ " ${SUITES[*]} " != *":calls "* ]] || CALLS_RE=$(calls_regex) || { echo "$CALLS_RE"; exit 1; }
suite_tests() (
  cd "$WORK/without/$top" || exit 1
  if [[ $1 == *:calls ]]; then
    find "${1%:calls}" -name '*.phpt' -print0 | xargs -0 -r grep -liE "$CALLS_RE" || true
  elif [[ $1 == *:/*/ ]]; then
    local re=${1#*:/}; re=${re%/}
    find "${1%%:*}" -name '*.phpt' -print0 | xargs -0 -r grep -lE "$re" || true
  elif [[ $1 == *.phpt ]]; then
    shopt -s extglob nullglob
    # shellcheck disable=SC2206   # the pattern is meant to expand
    local tests=($1)
    ((${#tests[@]} == 0)) || printf '%s\n' "${tests[@]}"
  else
    find "$1" -name '*.phpt'
  fi | sort
)
: >"$WORK/all"; : >"$WORK/list"
for s in "${SUITES[@]}"; do
  while IFS= read -r t; do
    printf '%s\t%s\n' "$t" "$s" >>"$WORK/all"
    if [[ -n ${why[$t]:-} ]]; then echo "SKIP $name $t (excluded: ${why[$t]})"; else echo "$t" >>"$WORK/list"; fi
  done < <(suite_tests "$s")
done
[[ -s $WORK/list ]] || fail "no tests in ${SUITES[*]}"

# The run with statcache must have it on: the CLI needs enable_cli.
SC=(-d "extension=$EXT" -d statcache.enable_cli=1 "${INI_WITH[@]}")
on=$("$PHP" -n "${INI[@]}" "${SC[@]}" -r 'echo function_exists("statcache_stats") && statcache_stats()["enabled"] ? "on" : "off";' 2>&1) || true
[[ $on == on ]] || fail "statcache is not on in $PHP with ${SC[*]}: $on"
off=$("$PHP" -n "${INI[@]}" -r 'echo extension_loaded("statcache") ? "loaded" : "absent";' 2>&1) || true
[[ $off == absent ]] || fail "statcache is loaded in $PHP -n without extension=: $off"

# run SIDE ARGS...: run-tests.php over the list in SIDE's tree.
run() {
  local side=$1; shift
  mkdir -p "$WORK/$side/tmp"
  (cd "$WORK/$side/$top" &&
   TMPDIR=$WORK/$side/tmp TEST_PHP_EXECUTABLE=$PHP "$PHP" -n run-tests.php -n -p "$PHP" \
     -q --no-color --no-progress -j"$JOBS" --set-timeout "$TIMEOUT" --show-diff \
     "${INI[@]}" "$@" "${RUN_ARGS[@]}" -r "$WORK/list" -W "$WORK/$side.results") \
    >"$WORK/$side.log" 2>&1 || true
  echo "   ($name: run $side statcache: $(cut -f1 "$WORK/$side.results" 2>/dev/null | sort | uniq -c | xargs), $((SECONDS - t0))s)"
}
if [[ -z $RECOMPARE ]]; then
  t0=$SECONDS; run without
  t0=$SECONDS; run with "${SC[@]}"
fi

# What a side said of each test: its result, and for a failed test whether
# the output shows a crash or a sanitizer report.  run-tests.php runs a test
# it holds for timing-dependent (a FLAKY section, sleep() or microtime() in
# it, "timed out" or "address already in use" in its output) a second time
# when it fails, and calls a pass then WARNED: that is a pass here, and the
# tests it happened to are named.
outcomes() { # outcomes SIDE -> "path<TAB>outcome" lines, sorted
  local side=$1 r t mark
  declare -A retried=()
  while IFS= read -r t; do retried[$t]=1; done < <(
    sed -n 's/^WARN .*\[\([^]]*\.phpt\)\]  *(warn: Test passed on retry attempt).*/\1/p' "$WORK/$side.log")
  if ((${#retried[@]})); then
    echo "   ($name: passed on run-tests.php's second attempt $side statcache: ${!retried[*]})" >&2
  fi
  while IFS=$'\t' read -r r t; do
    mark=
    [[ $r == WARNED && -n ${retried[$t]:-} ]] && r=PASSED
    if [[ $r == FAILED && -f $WORK/$side/$top/${t%.phpt}.out ]]; then
      if grep -qE 'ERROR: (Address|Leak)Sanitizer|runtime error: |^Termsig=' "$WORK/$side/$top/${t%.phpt}.out"; then
        mark=" (crash or sanitizer report)"
      fi
    fi
    printf '%s\t%s%s\n' "$t" "$r" "$mark"
  done <"$WORK/$side.results" | sort
}
outcomes without 2>&1 >"$WORK/without.outcomes"
outcomes with 2>&1 >"$WORK/with.outcomes"
sort "$WORK/list" >"$WORK/list.sorted"
# "path<TAB>without<TAB>with<TAB>verdict": same, differs, or expected (a
# difference tests/phpsrc/expected.txt names for this run, as it names it).
join -t $'\t' -a1 -e 'no result' -o 0,2.2 "$WORK/list.sorted" "$WORK/without.outcomes" |
  join -t $'\t' -a1 -e 'no result' -o 0,1.2,2.2 - "$WORK/with.outcomes" |
  awk -F'\t' -v OFS='\t' -v run="$name" -v file="$EXPECTED" '
    BEGIN {
      while ((getline line < file) > 0) {
        sub(/#.*/, "", line); n = split(line, f, " ")
        if (n >= 4 && f[1] == run) { ea[f[2]] = f[3]; eb[f[2]] = f[4] }
      }
    }
    {
      v = ($2 == $3 && $2 != "no result") ? "same" : "differs"
      if ($1 in ea) v = ($2 == ea[$1] && $3 == eb[$1]) ? "expected" : "differs (expected: " ea[$1] " without, " eb[$1] " with)"
      print $1, $2, $3, v
    }' >"$WORK/compared"

# What SIDE's run said of test T: its result line and, for a failure, the diff.
said() {
  local side=$1 t=$2 d
  grep -F "[$t]" "$WORK/$side.log" | grep -E '^(PASS|FAIL|SKIP|BORK|WARN|LEAK|XFAIL|XLEAK)' |
    head -n 3 | cut -c1-300 | sed "s/^/       $side: /" || true
  d=$WORK/$side/$top/${t%.phpt}.diff
  [[ -f $d ]] && head -n 30 "$d" | cut -c1-240 | sed "s/^/       $side diff: /"
  return 0
}

rc=0
for s in "${SUITES[@]}"; do
  rows=$(awk -F'\t' -v s="$s" 'FNR == NR { if ($2 == s) in_suite[$1] = 1; next } $1 in in_suite' \
    "$WORK/all" "$WORK/compared")
  n=$(grep -c . <<<"$rows" || true)
  ((n > 0)) || { echo "SKIP $name $s (every test of it is excluded)"; continue; }
  differ=$(awk -F'\t' '$4 ~ /^differs/' <<<"$rows")
  expected=$(awk -F'\t' '$4 == "expected"' <<<"$rows")
  ran=$(awk -F'\t' '$2 != "SKIPPED" && $2 != "no result"' <<<"$rows" | grep -c . || true)
  counts=$(cut -f2 <<<"$rows" | sed 's/ (.*//' | sort | uniq -c | awk '{printf "%s%s %s", (NR > 1 ? ", " : ""), $1, $2}')
  while IFS=$'\t' read -r t a b _; do
    [[ -n $t ]] && echo "   ($name: $t: $a without statcache, $b with it, as tests/phpsrc/expected.txt says)"
  done <<<"$expected"
  if [[ -n $differ ]]; then
    echo "FAIL $name $s: $(grep -c . <<<"$differ") of $n tests end otherwise with statcache"
    k=0
    while IFS=$'\t' read -r t a b v; do
      echo "     $t: without statcache $a, with it $b${v#differs}"
      # what the runs said: for the first ten (the rest in the trees)
      if (((k += 1) <= 10)); then said without "$t"; said with "$t"; fi
    done <<<"$differ"
    rc=1
  elif ((ran == 0)); then
    echo "FAIL $name $s: none of its $n tests ran without statcache (all skipped: $counts)"
    rc=1
  else
    echo "PASS $name $s: $n tests end the same with statcache${expected:+ or as expected} (without it: $counts)"
  fi
done
echo "   ($name: $(wc -l <"$WORK/list") tests compared in $((SECONDS - start))s; logs and trees in $WORK)"
exit $rc
