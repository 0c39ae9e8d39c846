#!/usr/bin/env bash
# statcache staleness bench: the delay between an unrelated process's change
# and the first lookup that sees it, with both cores kept busy, for the
# watcher thread alone (statcache.max_staleness_ms=0), the watcher thread
# with bounds of 1, 5, 20 ms (statcache.watcher=thread), and no thread with
# the same bounds (statcache.watcher=lookup: the drains of the bound alone).
# Prints median, p99, p99.9 and max per configuration, and for each bound
# the lookups that began more than the bound after the change and still
# answered stale (must be 0; a non-zero count exits 1); configurations
# alternate across passes. The extension: --ext, else
# $STATCACHE_BUILD/nts (default .build/nts, scripts/test.sh build-nts).
#   bench/staleness.sh [--rounds N] [--passes N] [--ext PATH] [--idle]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
rounds=300 passes=3 ext="" busy=2
while [ $# -gt 0 ]; do
	case $1 in
		--rounds) rounds=$2; shift 2 ;;
		--passes) passes=$2; shift 2 ;;
		--ext) ext=$2; shift 2 ;;
		--idle) busy=0; shift ;;
		*) echo "usage: $0 [--rounds N] [--passes N] [--ext PATH] [--idle]" >&2; exit 2 ;;
	esac
done
refuse() { echo "bench refused: $*" >&2; exit 2; }
command -v php >/dev/null || refuse "no php binary"
[ -n "$ext" ] || ext=${STATCACHE_BUILD:-$here/../.build}/nts/modules/statcache.so
[ -f "$ext" ] || refuse "statcache.so not found at $ext (scripts/test.sh build-nts)"
data=${STATCACHE_BENCH_DIR:-/tmp/statcache-staleness}
mkdir -p "$data"
case $(stat -f -c %T "$data") in ext2/ext3|xfs|btrfs|tmpfs|overlayfs|zfs) ;; *) refuse "$data is not on a trusted local file system" ;; esac
tmp=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$tmp"; }
trap cleanup EXIT
for _ in $(seq 1 "$busy"); do sh -c 'while :; do :; done' & pids+=($!); done
configs="thread:0 thread:1 thread:5 thread:20 lookup:1 lookup:5 lookup:20"
for pass in $(seq 1 "$passes"); do
	for c in $configs; do
		w=${c%%:*} b=${c##*:}
		php -n -d extension="$ext" -d statcache.enable_cli=1 -d statcache.watcher="$w" -d statcache.max_staleness_ms="$b" \
			-r 'if (statcache_stats()["watcher"] !== $argv[1]) { fwrite(STDERR, "statcache.watcher=$argv[1] does not run here\n"); exit(2); }' \
			"$w" || refuse "statcache.watcher=$w is not what $ext runs (an older build?)"
		php -n -d extension="$ext" -d statcache.enable_cli=1 -d statcache.watcher="$w" -d statcache.max_staleness_ms="$b" \
			"$here/staleness.php" "$data/$w$b" "$rounds" "$([ "$w" = thread ] && [ "$b" = 0 ] && echo 0 || echo "$b")" > "$tmp/$w$b.$pass.json"
	done
	configs=$(echo "$configs" | tr ' ' '\n' | tac | tr '\n' ' ')
done
php -n -r '
$dir = $argv[1]; $passes = (int) $argv[2]; $busy = $argv[3];
echo "delay until a lookup sees another process'"'"'s change, microseconds ($busy busy loops on 2 cores)\n";
printf("%-32s %8s %9s %9s %9s %9s %s\n", "config", "samples", "median", "p99", "p99.9", "max", "  stale lookups begun past the bound");
$bad = 0;
foreach ([["thread", 0], ["thread", 1], ["thread", 5], ["thread", 20], ["lookup", 1], ["lookup", 5], ["lookup", 20]] as [$w, $b]) {
  $all = []; $stale = 0;
  for ($p = 1; $p <= $passes; $p++) {
    $r = json_decode(file_get_contents("$dir/$w$b.$p.json"), true);
    $all = array_merge($all, $r["delays"]); $stale += $r["stale_past_bound"];
  }
  $bad += $stale;
  sort($all); $n = count($all); $q = fn($x) => $all[min($n - 1, (int) floor($x * $n))];
  $label = $w === "thread" ? ($b ? "watcher thread + bound {$b} ms" : "watcher thread alone") : "no thread, bound {$b} ms";
  printf("%-32s %8d %9.0f %9.0f %9.0f %9.0f   %s\n", $label, $n, $q(0.5), $q(0.99), $q(0.999), $all[$n - 1], $b ? $stale : "- (no bound)"); }
echo "stale lookups begun past the bound, all bounds: $bad (must be 0)\n";
exit($bad ? 1 : 0);
' "$tmp" "$passes" "$busy"
