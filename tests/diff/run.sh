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
#
# More modes, each with its own control run (the same mode with an
# unrelated writer and the watcher off: it must report stale answers, or
# the mode could not see any):
#   rpcache  PHP's realpath cache on, at its default size and TTL, on both
#            sides: NTS own writes (the reference empties its cache where
#            PHP's unlink/rename/rmdir emptied the driver's), NTS and ZTS
#            child writes (a ZTS stat goes through the realpath cache, and
#            own writes fill the writer's cache as the reference's is not:
#            SC_DIFF_PLAIN=1 shows that model failing without statcache)
#   basedir  open_basedir (the tree's w/ and a scratch dir) on both sides,
#            set after both changed to the tree's root: own writes with no
#            realpath cache, child writes with the default one, NTS and ZTS
#   nobody   as user nobody (root only; SKIP when nobody cannot read the
#            tree or the builds): NTS child and mixed, ZTS own
#   mounts   root, under `unshare -m` (SKIP otherwise): files bind-mounted
#            onto files of the tree, then a FUSE (bindfs) mount with one of
#            its files bind-mounted into the tree and a FUSE directory in it
#   churn    ZTS threads started and ended during one host process
#            (sc_host -R rounds, -n requests), each new thread on the tree
#            the one before it left, next to a thread that reads the
#            others' trees while they write
#   links    changes made where no cached path goes (ops.inc): hard links
#            into and out of a directory nothing looks at, and changes
#            through them; descriptors kept across link() + unlink(),
#            O_TMPFILE + linkat() and a move out and back, written,
#            fchmod()ed, ftruncate()d, futimens()ed through; FIFOs, unix
#            sockets and (root) device nodes with two names.  By the
#            unrelated writer (the watcher alone), then by children and
#            the unrelated writer (the defaults), quiet and next to a
#            neighbour process making and removing short-lived names in a
#            directory the queries read; NTS, ZTS, two threads of the
#            embed host, and NTS as nobody (root only)
#   caps     statcache.max_entries=256 and statcache.max_watches=16: results
#            and files' watches evicted all along (each run must show both),
#            own writes, children and the unrelated writer, hard links and
#            kept descriptors; NTS and ZTS, and NTS in shared mode
# SC_DIFF_LONG=1: the long run of these modes, at least 50,000 operations
# per mode once every run passes (churn: 36 sessions of each writing
# thread); `SC_DIFF_LONG=1 tests/diff/run.sh rpcache basedir nobody mounts
# churn links`; the short runs of these modes take about 45 s of the diff
# step, links about 50 s more.
# SC_DIFF_PLAIN=1 (driver.php): both sides without statcache, a check of
# the tester's own model.
#   tests/diff/run.sh [nts] [zts] [threads] [realpath] [control]
#                     [rpcache] [basedir] [nobody] [mounts] [churn] [links] [caps]
#                     (default: all)
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
    local runs; runs=$(grep -cE '^(ok|FAIL) ' "$tmp/out")
    # several sessions (threads): their count and operations in all
    ((runs > 1)) && runs=" [$runs sessions, $(sed -n 's/^\(ok\|FAIL\) .* ops=\([0-9]*\) .*/\2/p' "$tmp/out" |
      awk '{s += $1} END {print s + 0}') operations compared]" || runs=
    echo "PASS $label ($((SECONDS - start))s): $(grep -E '^(ok|FAIL) ' "$tmp/out" | head -n 1)$runs"
    pass=$((pass + 1))
  else
    echo "FAIL $label (exit $rc, expected $want)"
    head -n 40 "$tmp/out" | sed 's/^/    /'
    head -n 20 "$tmp/err" | sed 's/^/    stderr: /'
    fail=$((fail + 1))
  fi
}

driver() { "$DIFF_PHP" "${DIFF_ARGS[@]}" "$@"; }
# caps_evicted LABEL: the last check's run evicted results and files'
# watches (else its caps were never reached, and it proved nothing)
caps_evicted() {
  if ! grep -qE ' evictions=[1-9][0-9]* watch_evictions=[1-9]' "$tmp/out"; then
    echo "FAIL $1: the caps were not reached ($(grep -oE 'evictions=[0-9]+ watch_evictions=[0-9]+' "$tmp/out" | head -n 1))"
    fail=$((fail + 1))
  fi
}
D=$diff_here/driver.php
parts=("$@"); ((${#parts[@]})) || parts=(nts zts threads realpath control rpcache basedir nobody mounts churn links caps)
long=${SC_DIFF_LONG:-0}
# n SHORT LONG: operations of a run in the short (default) or the long run
n() { if [[ $long == 1 ]]; then echo "$2"; else echo "$1"; fi; }
# the arguments with PHP's realpath cache at its default (size and TTL)
rp_default() {
  while (($#)); do
    if [[ $1 == -d && ${2:-} == realpath_cache_size=0 ]]; then shift 2; continue; fi
    printf '%s\0' "$1"; shift
  done
}
nobody=(setpriv --reuid=65534 --regid=65534 --clear-groups --)
# can_nobody PHP EXT: nobody can run PHP with EXT and read the tester and TMPDIR
can_nobody() {
  [[ $(id -u) == 0 ]] && command -v setpriv >/dev/null &&
    "${nobody[@]}" test -r "$D" -a -r "$2" -a -x "$1" -a -w "${TMPDIR:-/tmp}" -a -x "${TMPDIR:-/tmp}" &&
    "${nobody[@]}" "$1" -n -r 'exit(0);' 2>/dev/null
}
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
    rpcache)
      sc_diff_setup nts || { fail=$((fail + 1)); continue; }
      mapfile -d '' RP < <(rp_default "${DIFF_ARGS[@]}")
      check "nts own, realpath cache on" ok "$DIFF_PHP" "${RP[@]}" "${STRICT[@]}" "$D" --realpath-cache \
        --mode=own --seed=5001 --ops="$(n 3000 20000)" --label=nts-rpcache
      check "nts child, realpath cache on" ok "$DIFF_PHP" "${RP[@]}" "${STRICT[@]}" "$D" --realpath-cache \
        --mode=child --seed=5002 --ops="$(n 800 15000)" --queries=16 --label=nts-rpcache
      check "control, realpath cache on: stale answers are caught" FAIL "$DIFF_PHP" "${RP[@]}" "${STRICT[@]}" "$D" \
        --realpath-cache --mode=unrelated --seed=5003 --ops=2000 --max-delay-ms=0 --label=control-rpcache
      sc_diff_setup zts || { fail=$((fail + 1)); continue; }
      mapfile -d '' RP < <(rp_default "${DIFF_ARGS[@]}")
      check "zts child, realpath cache on" ok "$DIFF_PHP" "${RP[@]}" "${STRICT[@]}" "$D" --realpath-cache \
        --mode=child --seed=5004 --ops="$(n 800 15000)" --queries=16 --label=zts-rpcache ;;
    basedir)
      for fl in nts zts; do
        sc_diff_setup $fl || { fail=$((fail + 1)); continue; }
        mapfile -d '' RP < <(rp_default "${DIFF_ARGS[@]}")
        base=$([[ $fl == nts ]] && echo 5100 || echo 5200)
        check "$fl own, open_basedir" ok driver "${STRICT[@]}" "$D" --open-basedir --mode=own \
          --seed=$((base + 1)) --ops="$(n 3000 25000)" --label=$fl-basedir
        check "$fl child, open_basedir, realpath cache on" ok "$DIFF_PHP" "${RP[@]}" "${STRICT[@]}" "$D" \
          --open-basedir --realpath-cache --mode=child --seed=$((base + 2)) --ops="$(n 800 10000)" --queries=16 \
          --label=$fl-basedir-rpcache
      done
      check "control, open_basedir: stale answers are caught" FAIL driver "${STRICT[@]}" "$D" --open-basedir \
        --mode=unrelated --seed=5103 --ops=2000 --max-delay-ms=0 --label=control-basedir ;;
    nobody)
      for fl in nts zts; do
        sc_diff_setup $fl || { fail=$((fail + 1)); continue; }
        ext=${DIFF_ARGS[2]#extension=}
        if ! can_nobody "$DIFF_PHP" "$ext"; then
          echo "SKIP $fl as nobody (not root, no setpriv, or nobody cannot run $DIFF_PHP, read $D or $ext, or write ${TMPDIR:-/tmp})"
          continue
        fi
        base=$([[ $fl == nts ]] && echo 5300 || echo 5400)
        if [[ $fl == nts ]]; then
          check "nts child as nobody" ok "${nobody[@]}" "$DIFF_PHP" "${DIFF_ARGS[@]}" "${STRICT[@]}" "$D" \
            --mode=child --seed=$((base + 1)) --ops="$(n 800 15000)" --queries=16 --label=nts-nobody
          check "nts mixed as nobody" ok "${nobody[@]}" "$DIFF_PHP" "${DIFF_ARGS[@]}" "$D" \
            --mode=mixed --seed=$((base + 2)) --ops="$(n 1000 15000)" --queries=12 --label=nts-nobody
          check "control as nobody: stale answers are caught" FAIL "${nobody[@]}" "$DIFF_PHP" "${DIFF_ARGS[@]}" \
            "${STRICT[@]}" "$D" --mode=unrelated --seed=$((base + 3)) --ops=2000 --max-delay-ms=0 --label=control-nobody
        else
          check "zts own as nobody" ok "${nobody[@]}" "$DIFF_PHP" "${DIFF_ARGS[@]}" "${STRICT[@]}" "$D" \
            --mode=own --seed=$((base + 1)) --ops="$(n 3000 20000)" --label=zts-nobody
        fi
      done ;;
    mounts)
      if [[ $(id -u) != 0 ]] || ! unshare -m true 2>/dev/null; then
        echo "SKIP mounts (needs root and unshare -m)"; continue
      fi
      sc_diff_setup nts || { fail=$((fail + 1)); continue; }
      # the driver makes its mounts in a namespace of its own, and they go with it
      ns=(unshare -m --propagation private --)
      check "nts own, file bind mounts" ok "${ns[@]}" "$DIFF_PHP" "${DIFF_ARGS[@]}" "${STRICT[@]}" "$D" --mounts=bind \
        --mode=own --seed=5501 --ops="$(n 3000 25000)" --label=nts-bind
      check "nts mixed, file bind mounts" ok "${ns[@]}" "$DIFF_PHP" "${DIFF_ARGS[@]}" "$D" --mounts=bind \
        --mode=mixed --seed=5502 --ops="$(n 1000 10000)" --queries=12 --label=nts-bind
      check "control, file bind mounts: stale answers are caught" FAIL "${ns[@]}" "$DIFF_PHP" "${DIFF_ARGS[@]}" \
        "${STRICT[@]}" "$D" --mounts=bind --mode=unrelated --seed=5503 --ops=2000 --max-delay-ms=0 --label=control-bind
      if ! command -v bindfs >/dev/null || [[ ! -c /dev/fuse ]]; then
        echo "SKIP mounts, FUSE (no bindfs or no /dev/fuse)"; continue
      fi
      check "nts own, FUSE mounts" ok "${ns[@]}" "$DIFF_PHP" "${DIFF_ARGS[@]}" "${STRICT[@]}" "$D" --mounts=fuse \
        --mode=own --seed=5511 --ops="$(n 3000 25000)" --label=nts-fuse
      check "nts mixed, FUSE mounts" ok "${ns[@]}" "$DIFF_PHP" "${DIFF_ARGS[@]}" "$D" --mounts=fuse \
        --mode=mixed --seed=5512 --ops="$(n 1000 10000)" --queries=12 --label=nts-fuse
      check "control, FUSE mounts: stale answers are caught" FAIL "${ns[@]}" "$DIFF_PHP" "${DIFF_ARGS[@]}" \
        "${STRICT[@]}" "$D" --mounts=fuse --mode=unrelated --seed=5513 --ops=2000 --max-delay-ms=0 --label=control-fuse ;;
    churn)
      sc_diff_setup zts || { fail=$((fail + 1)); continue; }
      host=$(sc_diff_host) || { echo "FAIL churn (cannot build the host)"; fail=$((fail + 1)); continue; }
      ext=${DIFF_ARGS[2]#extension=}
      hostargs=(-r -d "extension=$ext" -d statcache.enable_cli=1 -d realpath_cache_size=0)
      # three threads a round (two writing and comparing, one reading their
      # trees), R rounds of N requests: 3*R*N threads' sessions in all
      rounds=$(n "-R 3 -n 2" "-R 6 -n 3")
      mkdir -p "$tmp/churn1" "$tmp/churn2" "$tmp/churn3"
      # shellcheck disable=SC2086
      SC_DIFF_PHP=$DIFF_PHP SC_DIFF_SEED=5601 SC_DIFF_OPS=$(n 400 1600) SC_DIFF_QUERIES=16 SC_DIFF_MODES=own,child,reader \
        SC_DIFF_CHURN=$tmp/churn1 \
        check "zts churn of threads, own+child" ok "$host" -t 3 $rounds "${hostargs[@]}" "${STRICT[@]}" \
        "$diff_here/threads.host.php"
      # shellcheck disable=SC2086
      SC_DIFF_PHP=$DIFF_PHP SC_DIFF_SEED=5701 SC_DIFF_OPS=$(n 600 2400) SC_DIFF_MODES=unrelated,own,reader \
        SC_DIFF_CHURN=$tmp/churn2 SC_DIFF_DELAYS=$tmp/delays \
        check "zts churn of threads, unrelated+own" ok "$host" -t 3 $rounds "${hostargs[@]}" "${WATCHER_ONLY[@]}" \
        "$diff_here/threads.host.php"
      cat "$tmp"/delays.t* >>"$tmp/delays" 2>/dev/null; rm -f "$tmp"/delays.t*
      SC_DIFF_PHP=$DIFF_PHP SC_DIFF_SEED=5801 SC_DIFF_OPS=600 SC_DIFF_MODES=unrelated,unrelated,reader \
        SC_DIFF_CHURN=$tmp/churn3 SC_DIFF_MAX_DELAY_MS=0 \
        check "control, churn of threads: stale answers are caught" FAIL "$host" -t 3 -R 2 -n 1 "${hostargs[@]}" \
        "${STRICT[@]}" "$diff_here/threads.host.php" ;;
    links)
      for fl in nts zts; do
        sc_diff_setup $fl || { fail=$((fail + 1)); continue; }
        base=$([[ $fl == nts ]] && echo 6000 || echo 6100)
        check "$fl unrelated, hard links and kept descriptors" ok driver "${WATCHER_ONLY[@]}" "$D" --links=quiet \
          --mode=unrelated --seed=$((base + 1)) --ops="$(n 5000 25000)" --label=$fl-links --delays="$tmp/delays"
        check "$fl unrelated, hard links and kept descriptors, a neighbour's short-lived names" ok driver \
          "${WATCHER_ONLY[@]}" "$D" --links=busy --mode=unrelated --seed=$((base + 2)) --ops="$(n 4000 25000)" \
          --label=$fl-links-busy --delays="$tmp/delays"
        check "$fl children and unrelated, hard links and kept descriptors" ok driver "$D" --links=quiet \
          --mode=mixed --seed=$((base + 3)) --ops="$(n 600 4000)" --queries=12 --label=$fl-links
        [[ $fl == nts ]] || continue
        if can_nobody "$DIFF_PHP" "${DIFF_ARGS[2]#extension=}"; then
          check "nts unrelated, hard links and kept descriptors, a neighbour's short-lived names, as nobody" ok \
            "${nobody[@]}" "$DIFF_PHP" "${DIFF_ARGS[@]}" "${WATCHER_ONLY[@]}" "$D" --links=busy --mode=unrelated \
            --seed=$((base + 4)) --ops="$(n 3000 15000)" --label=nts-links-nobody
          check "nts children and unrelated, hard links and kept descriptors, as nobody" ok "${nobody[@]}" \
            "$DIFF_PHP" "${DIFF_ARGS[@]}" "$D" --links=quiet --mode=mixed --seed=$((base + 5)) \
            --ops="$(n 600 3000)" --queries=12 --label=nts-links-nobody
        else
          echo "SKIP nts links as nobody (not root, no setpriv, or nobody cannot run $DIFF_PHP, read $D or the extension, or write ${TMPDIR:-/tmp})"
        fi
        check "control, links: stale answers are caught" FAIL driver "${STRICT[@]}" "$D" --links=quiet \
          --mode=unrelated --seed=$((base + 6)) --ops=2000 --max-delay-ms=0 --label=control-links
      done
      sc_diff_setup zts || { fail=$((fail + 1)); continue; }
      host=$(sc_diff_host) || { echo "FAIL links, threads (cannot build the host)"; fail=$((fail + 1)); continue; }
      ext=${DIFF_ARGS[2]#extension=}
      SC_DIFF_PHP=$DIFF_PHP SC_DIFF_SEED=6201 SC_DIFF_OPS=$(n 1200 10000) SC_DIFF_QUERIES=12 \
        SC_DIFF_MODES=unrelated,mixed SC_DIFF_LINKS=busy SC_DIFF_DELAYS=$tmp/delays \
        check "zts 2 threads unrelated+mixed, links, a neighbour's short-lived names" ok "$host" -r -t 2 \
        -d "extension=$ext" -d statcache.enable_cli=1 -d realpath_cache_size=0 "${WATCHER_ONLY[@]}" \
        "$diff_here/threads.host.php"
      cat "$tmp"/delays.t* >>"$tmp/delays" 2>/dev/null; rm -f "$tmp"/delays.t* ;;
    caps)
      # both caps small, so that the table evicts and files' watches are
      # evicted all along (each run must show evictions of both kinds)
      caps=(-d statcache.max_entries=256 -d statcache.max_watches=16)
      for fl in nts zts; do
        sc_diff_setup $fl || { fail=$((fail + 1)); continue; }
        base=$([[ $fl == nts ]] && echo 6300 || echo 6400)
        check "$fl own, small caps" ok driver "${STRICT[@]}" "${caps[@]}" "$D" --mode=own --seed=$((base + 1)) \
          --ops="$(n 3000 25000)" --label=$fl-caps
        caps_evicted "$fl own, small caps"
        check "$fl children and unrelated, small caps" ok driver "${caps[@]}" "$D" --mode=mixed \
          --seed=$((base + 2)) --ops="$(n 1200 10000)" --queries=12 --label=$fl-caps --delays="$tmp/delays"
        caps_evicted "$fl children and unrelated, small caps"
        check "$fl unrelated, hard links and kept descriptors, small caps" ok driver "${WATCHER_ONLY[@]}" \
          "${caps[@]}" "$D" --links=quiet --mode=unrelated --seed=$((base + 3)) --ops="$(n 3000 25000)" \
          --label=$fl-caps-links --delays="$tmp/delays"
        caps_evicted "$fl unrelated, hard links and kept descriptors, small caps"
      done
      # shared mode (one region and instance for the process and its
      # children, as a php-fpm pool's workers share them)
      if sc_diff_setup nts; then
        check "nts shared mode, children and unrelated, small caps" ok driver "${caps[@]}" -d statcache.shared=1 \
          "$D" --mode=mixed --seed=6601 --ops="$(n 1200 10000)" --queries=12 --label=nts-shared-caps \
          --delays="$tmp/delays"
        caps_evicted "nts shared mode, children and unrelated, small caps"
      else
        fail=$((fail + 1))
      fi
      check "control, small caps: stale answers are caught" FAIL driver "${STRICT[@]}" "${caps[@]}" "$D" \
        --mode=unrelated --seed=6501 --ops=2000 --max-delay-ms=0 --label=control-caps ;;
    *) echo "unknown part $part" >&2; exit 2 ;;
  esac
done
[[ -s $tmp/delays ]] && echo "unrelated writes, ack -> agreeing answer: $(sc_diff_percentiles "$tmp/delays")"
echo "diff: $pass passed, $fail failed"
((fail == 0))
