#!/usr/bin/env bash
# The differential tester with fixed seeds (scripts/test.sh step `diff`):
# each mode (own, child, unrelated, mixed) for NTS and ZTS, the ZTS build
# also on several threads of the embed host, and a control run that must
# fail (the watcher off, no sync point: the comparison has to see the
# unrelated writer's changes as stale); as root, an NTS run as user nobody
# too (modes then deny traversal).  Prints "PASS ..."/"FAIL ..."/"SKIP ..."
# lines, the unrelated writes' delays, and "diff: N passed, N failed".
# A run with a realpath cache that holds nothing checks the replay of PHP's
# realpath walk (realpath() failures answered from cached answers).
#   tests/diff/run.sh [nts] [zts] [threads] [realpath] [control]   (default: all)
set -uo pipefail
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

# check LABEL EXPECT(ok|FAIL) CMD...: runs a driver, compares its verdict
check() {
  local label=$1 want=$2 rc=0 start=$SECONDS; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
  local got=ok; ((rc == 0)) || got=FAIL
  [[ $got == ok ]] && grep -q '^FAIL\|^MISMATCH' "$tmp/out" && got=FAIL
  if [[ $got == "$want" ]] && { [[ $want == ok ]] || grep -q '^MISMATCH' "$tmp/out"; }; then
    echo "PASS $label ($((SECONDS - start))s): $(grep -E '^(ok|FAIL) ' "$tmp/out" | head -n 1)"
    pass=$((pass + 1))
  else
    echo "FAIL $label (exit $rc, expected $want)"
    head -n 40 "$tmp/out" | sed 's/^/    /'
    head -n 20 "$tmp/err" | sed 's/^/    stderr: /'
    fail=$((fail + 1))
  fi
}

driver() { "$DIFF_PHP" "${DIFF_ARGS[@]}" "$@"; }
D=$diff_here/driver.php
parts=("$@"); ((${#parts[@]})) || parts=(nts zts threads realpath control)
for part in "${parts[@]}"; do
  case $part in
    nts|zts)
      sc_diff_setup "$part" || { fail=$((fail + 1)); continue; }
      base=$([[ $part == nts ]] && echo 1000 || echo 2000)
      check "$part own" ok driver "${STRICT[@]}" "$D" --mode=own --seed=$((base + 1)) --ops=3000 --label="$part"
      if [[ $part == nts && $(id -u) == 0 ]] && command -v setpriv >/dev/null; then
        # as another user, modes deny traversal and change access() answers
        nobody=(setpriv --reuid=65534 --regid=65534 --clear-groups --)
        if "${nobody[@]}" test -r "$D" -a -r "${DIFF_ARGS[2]#extension=}" -a -x "$DIFF_PHP"; then
          check "$part own as nobody" ok "${nobody[@]}" "$DIFF_PHP" "${DIFF_ARGS[@]}" "${STRICT[@]}" "$D" \
            --mode=own --seed=$((base + 11)) --ops=3000 --label="$part-nobody"
        else
          echo "SKIP $part own as nobody (nobody cannot read $D or the extension: a checkout under /root?)"
        fi
      fi
      check "$part child" ok driver "${STRICT[@]}" "$D" --mode=child --seed=$((base + 2)) --ops=1500 \
        --queries=16 --label="$part"
      check "$part unrelated" ok driver "${WATCHER_ONLY[@]}" "$D" --mode=unrelated --seed=$((base + 3)) \
        --ops=2000 --label="$part" --delays="$tmp/delays"
      check "$part mixed" ok driver "$D" --mode=mixed --seed=$((base + 4)) --ops=1500 --queries=12 \
        --label="$part" --delays="$tmp/delays" ;;
    threads)
      sc_diff_setup zts || { fail=$((fail + 1)); continue; }
      host=$(sc_diff_host) || { echo "FAIL threads (cannot build the host)"; fail=$((fail + 1)); continue; }
      ext=${DIFF_ARGS[2]#extension=}
      # four threads, own and child writes, exact; then two with the watcher
      SC_DIFF_PHP=$DIFF_PHP SC_DIFF_SEED=3001 SC_DIFF_OPS=1500 SC_DIFF_QUERIES=16 SC_DIFF_MODES=own,child \
        check "zts 4 threads own+child" ok "$host" -r -t 4 -d "extension=$ext" -d statcache.enable_cli=1 \
        -d realpath_cache_size=0 "${STRICT[@]}" "$diff_here/threads.host.php"
      SC_DIFF_PHP=$DIFF_PHP SC_DIFF_SEED=3101 SC_DIFF_OPS=1500 SC_DIFF_MODES=unrelated,mixed \
        SC_DIFF_DELAYS=$tmp/delays \
        check "zts 2 threads unrelated+mixed" ok "$host" -r -t 2 -d "extension=$ext" \
        -d statcache.enable_cli=1 -d realpath_cache_size=0 "${WATCHER_ONLY[@]}" "$diff_here/threads.host.php"
      cat "$tmp"/delays.t* >>"$tmp/delays" 2>/dev/null ;;
    realpath)
      # PHP's realpath cache on but too small to hold an entry: realpath()
      # failures are answered by statcache's replay of PHP's walk
      sc_diff_setup nts || { fail=$((fail + 1)); continue; }
      check "nts own, realpath replay" ok driver "${STRICT[@]}" -d realpath_cache_size=1 "$D" --mode=own \
        --seed=1021 --ops=3000 --label=nts-realpath ;;
    control)
      # no watcher, no staleness bound, no retry: unrelated changes stay
      # unseen, and the comparison must say so
      sc_diff_setup nts || { fail=$((fail + 1)); continue; }
      check "control: stale answers are caught" FAIL driver "${STRICT[@]}" "$D" --mode=unrelated --seed=4001 \
        --ops=2000 --max-delay-ms=0 --label=control ;;
    *) echo "unknown part $part" >&2; exit 2 ;;
  esac
done
[[ -s $tmp/delays ]] && echo "unrelated writes, ack -> agreeing answer: $(sc_diff_percentiles "$tmp/delays")"
echo "diff: $pass passed, $fail failed"
((fail == 0))
