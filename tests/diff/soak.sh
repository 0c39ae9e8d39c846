#!/usr/bin/env bash
# The differential tester's soak: sessions of every mode, NTS and ZTS
# (CLI, and the threaded host), with consecutive seeds, until --ops
# operations (writes + queries) or --seconds have passed.
#
#   tests/diff/soak.sh [--ops 10000000] [--seconds N] [--seed 100000]
#                      [--flavors "nts zts"] [--out DIR]
#
# Each session's line goes to DIR/soak.log, each mismatch to
# DIR/mismatch-SEED.txt; DIR/summary.txt (rewritten after every session)
# has operations and failures per configuration and the unrelated writes'
# delays (acknowledgement -> agreeing answer) per configuration.
# Configurations: own and child with nothing but sync points
# (test_watcher=0, max_staleness_ms=0: exact or a bug; own also as user
# nobody when run as root, so that modes deny traversal), own with the
# defaults, unrelated with the watcher alone and with the defaults, mixed
# with the defaults, and (ZTS) four host threads of own and child writes.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
ops_goal=10000000 seconds=0 seed=100000 flavors="nts zts" out=$SC_DIFF_BUILD/soak
while (($#)); do
  case $1 in
    --ops) ops_goal=$2; shift ;; --seconds) seconds=$2; shift ;; --seed) seed=$2; shift ;;
    --flavors) flavors=$2; shift ;; --out) out=$2; shift ;;
    *) echo "usage: $0 [--ops N] [--seconds N] [--seed N] [--flavors 'nts zts'] [--out DIR]" >&2; exit 2 ;;
  esac
  shift
done
mkdir -p "$out"
D=$diff_here/driver.php
declare -A OPS=() FAILS=() RUNS=()
total=0 failures=0 start=$SECONDS first_seed=$seed

summary() {
  {
    echo "soak: seeds $first_seed..$((seed - 1)), $total operations, $failures failed sessions, $((SECONDS - start))s"
    local k
    while IFS= read -r k; do
      [[ -n $k ]] && printf '  %-28s sessions=%-5d ops=%-10d failed=%d\n' "$k" "${RUNS[$k]}" "${OPS[$k]}" "${FAILS[$k]:-0}"
    done < <(printf '%s\n' "${!OPS[@]}" | sort)
    for f in "$out"/delays-*.txt; do
      [[ -s $f ]] && echo "  delays $(basename "$f" .txt): $(sc_diff_percentiles "$f")"
    done
  } >"$out/summary.txt"
}

# session CONFIG FLAVOR CMD...: runs one driver/host, records its counts
session() {
  local cfg=$1 rc=0; shift
  "$@" >"$out/last.out" 2>&1 || rc=$?
  cat "$out/last.out" >>"$out/soak.log"
  local n; n=$(sed -n 's/^\(ok\|FAIL\) .* ops=\([0-9]*\) .*/\2/p' "$out/last.out" | awk '{s+=$1} END {print s+0}')
  OPS[$cfg]=$(( ${OPS[$cfg]:-0} + n )); RUNS[$cfg]=$(( ${RUNS[$cfg]:-0} + 1 ))
  total=$((total + n))
  if ((rc != 0)) || grep -q '^MISMATCH\|^FAIL' "$out/last.out"; then
    FAILS[$cfg]=$(( ${FAILS[$cfg]:-0} + 1 )); failures=$((failures + 1))
    cp "$out/last.out" "$out/mismatch-$seed.txt"
  fi
  seed=$((seed + 1))
  summary
}

done_yet() { ((total >= ops_goal)) || { ((seconds > 0)) && ((SECONDS - start >= seconds)); }; }

while ! done_yet; do
  for fl in $flavors; do
    sc_diff_setup "$fl" || exit 1
    run() { "$DIFF_PHP" "${DIFF_ARGS[@]}" "$@"; }
    session "$fl own strict" run "${STRICT[@]}" "$D" --mode=own --seed=$seed --ops=150000 --label="$fl"
    done_yet && break 2
    session "$fl own defaults" run "$D" --mode=own --seed=$seed --ops=150000 --label="$fl"
    if [[ $fl == nts && $(id -u) == 0 ]] && command -v setpriv >/dev/null; then
      # modes matter for another user: traversal and access() answers (NTS
      # only: the ZTS PHP lives under root's 0700 home)
      session "$fl own strict nobody" setpriv --reuid=65534 --regid=65534 --clear-groups -- "$DIFF_PHP" \
        "${DIFF_ARGS[@]}" "${STRICT[@]}" "$D" --mode=own --seed=$seed --ops=60000 --label="$fl-nobody"
    fi
    session "$fl child strict" run "${STRICT[@]}" "$D" --mode=child --seed=$seed --ops=3000 \
      --queries=24 --label="$fl"
    session "$fl unrelated watcher" run "${WATCHER_ONLY[@]}" "$D" --mode=unrelated --seed=$seed \
      --ops=30000 --label="$fl" --delays="$out/delays-$fl-watcher-alone.txt"
    session "$fl unrelated defaults" run "$D" --mode=unrelated --seed=$seed --ops=30000 --label="$fl" \
      --delays="$out/delays-$fl-defaults.txt"
    session "$fl mixed defaults" run "$D" --mode=mixed --seed=$seed --ops=10000 --queries=12 \
      --label="$fl" --delays="$out/delays-$fl-defaults.txt"
    if [[ $fl == zts ]] && host=$(sc_diff_host); then
      SC_DIFF_PHP=$DIFF_PHP SC_DIFF_SEED=$seed SC_DIFF_OPS=20000 SC_DIFF_QUERIES=16 SC_DIFF_MODES=own,child,own,own \
        session "zts 4 threads strict" "$host" -r -t 4 -d "${DIFF_ARGS[2]}" -d statcache.enable_cli=1 \
        -d realpath_cache_size=0 "${STRICT[@]}" "$diff_here/threads.host.php"
      seed=$((seed + 3))
    fi
    done_yet && break 2
  done
done
summary
cat "$out/summary.txt"
((failures == 0))
