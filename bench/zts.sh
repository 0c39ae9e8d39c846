#!/usr/bin/env bash
# statcache ZTS bench: hit throughput of file_exists() in the threaded host
# (tests/host/sc_host, the embed SAPI of a ZTS PHP) at 1 and 2 threads,
# alternating, several passes, medians; and the same with the cache off.
#   bench/zts.sh [--passes N]
# Refuses (one line, exit 2) when the host, the ZTS build or a trusted
# file system for its data is missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/.." && pwd)
passes=5
[ "${1:-}" = --passes ] && passes=$2
refuse() { echo "bench refused: $*" >&2; exit 2; }
ext=$root/.build/zts/modules/statcache.so
[ -f "$ext" ] || refuse "no ZTS build at $ext (scripts/test.sh build-zts)"
pc=$("$root/scripts/zts-php.sh" 2>/dev/null) || refuse "no ZTS PHP (scripts/zts-php.sh)"
make -s -C "$root/tests/host" PHP_CONFIG="$pc" sc_host >/dev/null || refuse "cannot build tests/host/sc_host"
data=${STATCACHE_BENCH_DIR:-/tmp/statcache-micro}
mkdir -p "$data/vendor/composer"
for i in $(seq 0 199); do p=$data/src/Pkg$((i % 20)); mkdir -p "$p"; : > "$p/Class$i.php"; done
case $(stat -f -c %T "$data") in ext2/ext3|xfs|btrfs|tmpfs|overlayfs|zfs) ;; *) refuse "$data is not on a trusted local file system" ;; esac
export SC_BENCH_DIR=$data SC_BENCH_REQUESTS=3 SC_BENCH_HITS=${SC_BENCH_HITS:-400000}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
run() { # cfg threads
  local enable=1; [ "$1" = off ] && enable=0
  "$root/tests/host/sc_host" -r -t "$2" -n 3 -d "extension=$ext" -d "statcache.enable=$enable" "$here/zts_hits.php"
}
for p in $(seq 1 "$passes"); do
  for cfg in on off; do
    for t in 1 2; do run $cfg $t > "$tmp/$cfg.$t.$p"; done
  done
done
php -n -r '
$dir = $argv[1]; $passes = (int) $argv[2];
function med($a) { sort($a); $n = count($a); return $n % 2 ? $a[intdiv($n, 2)] : ($a[$n/2-1] + $a[$n/2]) / 2; }
printf("%-10s %8s %16s %12s %14s\n", "cache", "threads", "hits/s (total)", "ns per hit", "vs 1 thread");
foreach (["on", "off"] as $cfg) { $one = 0;
  foreach ([1, 2] as $t) { $tot = []; $ns = [];
    for ($p = 1; $p <= $passes; $p++) { $s = 0; $n = [];
      foreach (file("$dir/$cfg.$t.$p", FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $l) { [$r, $x] = explode(" ", $l); $s += $r; $n[] = $x; }
      $tot[] = $s; $ns[] = array_sum($n) / count($n); }
    $m = med($tot); if ($t === 1) $one = $m;
    printf("%-10s %8d %16.0f %12.1f %13.2fx\n", $cfg, $t, $m, med($ns), $m / $one); } }
' "$tmp" "$passes"
