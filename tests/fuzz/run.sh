#!/usr/bin/env bash
# Replays every committed input of each fuzz target (corpus/<target>/ and
# regressions/<target>/: a past crash stays a test), then fuzzes it for SECS
# seconds from that corpus.  New inputs go to a scratch directory, never to
# the committed corpus; a crash leaves its input in $FUZZ_OUT (default
# build/artifacts) and fails: add it to regressions/<target>/ once fixed.
#
#   tests/fuzz/run.sh SECS fuzz_path fuzz_events      (after make -C tests/fuzz)
# Prints "PASS <target> ..." or "FAIL <target> ..." per target; exit 1 on any FAIL.
set -uo pipefail
shopt -s nullglob

here=$(cd "$(dirname "$0")" && pwd)
secs=${1:?usage: run.sh SECS TARGET...}; shift
out=${FUZZ_OUT:-$here/build/artifacts}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
rc=0
for t in "$@"; do
  bin=$here/build/$t
  [[ -x $bin ]] || { echo "FAIL $t: $bin not built"; rc=1; continue; }
  mkdir -p "$out/$t"
  inputs=("$here/corpus/$t"/* "$here/regressions/$t"/*)
  if ! "$bin" "${inputs[@]}" >"$out/$t.replay.log" 2>&1; then
    echo "FAIL $t: a committed input crashes it; tail of $out/$t.replay.log:"
    tail -n 30 "$out/$t.replay.log"; rc=1; continue
  fi
  work=$(mktemp -d)
  dict=(); [[ -f $here/${t#fuzz_}.dict ]] && dict=(-dict="$here/${t#fuzz_}.dict")
  start=$SECONDS
  if "$bin" -max_total_time="$secs" -max_len=8448 -timeout=10 -rss_limit_mb=1024 -print_final_stats=1 \
       "${dict[@]}" -artifact_prefix="$out/$t/" "$work" "$here/corpus/$t" >"$out/$t.log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$t.log")
    echo "PASS $t: ${#inputs[@]} committed inputs replayed, $runs runs in $((SECONDS - start))s," \
      "$(find "$work" -type f | wc -l) new corpus inputs"
  else
    echo "FAIL $t: crash or failed invariant; input(s) in $out/$t/; tail of $out/$t.log:"
    tail -n 40 "$out/$t.log"; rc=1
  fi
  rm -rf "$work"
done
exit $rc
