#!/usr/bin/env bash
# statcache micro-benchmark: ns per call, cache not loaded / loaded but off /
# on, alternating in one run, several passes, medians (bench/micro.php).
#   bench/micro.sh [--passes N] [--iters N] [--ext PATH] [--json FILE] [--verify-rate N]
# --verify-rate N adds a fourth configuration, the cache on with
# statcache.verify_rate=N, side by side with "cache on" (verify_rate=0);
# bench/verify_cost.sh gives the same comparison in instructions per hit.
# Refuses to run (one line, exit 2) where the figures would be tainted.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
passes=7 iters=300 ext="" json="" php=${PHP:-php} verify=0
while [ $# -gt 0 ]; do
	case $1 in
		--passes) passes=$2; shift 2 ;;
		--iters) iters=$2; shift 2 ;;
		--ext) ext=$2; shift 2 ;;
		--json) json=$2; shift 2 ;;
		--verify-rate) verify=$2; shift 2 ;;
		*) echo "usage: $0 [--passes N] [--iters N] [--ext PATH] [--json FILE] [--verify-rate N]" >&2; exit 2 ;;
	esac
done
refuse() { echo "bench refused: $*" >&2; exit 2; }
command -v "$php" >/dev/null || refuse "no PHP binary '$php'"
if [ -z "$ext" ]; then
	for c in "$here/../.build/nts/modules/statcache.so" "$here/../modules/statcache.so"; do
		[ -f "$c" ] && { ext=$c; break; }
	done
fi
[ -f "$ext" ] || refuse "statcache.so not found (build it, or pass --ext PATH)"
data=${STATCACHE_BENCH_DIR:-/tmp/statcache-micro}
mkdir -p "$data"
for d in "$data" "$PWD"; do
	fs=$(stat -f -c %T "$d")
	case $fs in
		ext2/ext3|xfs|btrfs|tmpfs|overlayfs|zfs) ;;
		*) refuse "$d is on '$fs', a file system statcache does not trust (or a networked one that taints timings)" ;;
	esac
done
gov=/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor
if [ -r "$gov" ] && [ "$(cat "$gov")" != performance ]; then
	echo "note: CPU frequency governor is '$(cat "$gov")'; ratios below are side by side, absolute ns are not comparable across machines" >&2
fi
# the tree: 20 packages of 10 classes; probes' parent directories are missing
for i in $(seq 0 199); do
	p=$data/src/Pkg$((i % 20)); mkdir -p "$p"; : > "$p/Class$i.php"
done
mkdir -p "$data/vendor/composer"

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
run() { # name, php args...
	local name=$1; shift
	"$php" -n "$@" "$here/micro.php" "$data" "$iters" > "$tmp/$name.$pass.json" || refuse "php failed for '$name'"
}
for pass in $(seq 1 "$passes"); do
	# alternate the order each pass so drift hits every configuration alike
	if [ $((pass % 2)) -eq 1 ]; then order="none off on"; else order="on off none"; fi
	[ "$verify" -gt 0 ] && order="$order verify"
	for cfg in $order; do
		case $cfg in
			none) run none ;;
			off) run off -d extension="$ext" -d statcache.enable=0 ;;
			on) run on -d extension="$ext" -d statcache.enable_cli=1 ;;
			verify) run verify -d extension="$ext" -d statcache.enable_cli=1 -d statcache.verify_rate="$verify" ;;
		esac
	done
done
"$php" -n -r '
$dir = $argv[1]; $passes = (int) $argv[2]; $json = $argv[3]; $verify = (int) $argv[4];
$cfgs = $verify ? ["none", "off", "on", "verify"] : ["none", "off", "on"]; $r = [];
foreach ($cfgs as $c) for ($p = 1; $p <= $passes; $p++) {
	$o = json_decode(file_get_contents("$dir/$c.$p.json"), true);
	foreach ($o as $k => $v) if ($k[0] !== "_") $r[$k][$c][] = $v;
	if ($c === "on") $stats = $o["_stats"];
	if ($c === "verify") $vstats = $o["_stats"];
}
function med(array $a) { sort($a); $n = count($a); return $n % 2 ? $a[intdiv($n, 2)] : ($a[$n/2-1] + $a[$n/2]) / 2; }
$memo = med($r["isset(\$memo[\$path])"]["on"]);
printf("%-36s %10s %10s %10s %9s %9s", "ns per call (median of $passes)", "no ext", "ext off", "cache on", "speedup", "x memo");
if ($verify) printf(" %12s %9s", "verify=$verify", "/ on");
echo "\n";
$res = [];
foreach ($r as $k => $v) {
	$n = med($v["none"]); $f = med($v["off"]); $o = med($v["on"]);
	$res[$k] = ["none" => $n, "off" => $f, "on" => $o];
	printf("%-36s %10.1f %10.1f %10.1f %8.1fx %8.1fx", $k, $n, $f, $o, $n / $o, $o / $memo);
	if ($verify) {
		$res[$k]["verify"] = $vf = med($v["verify"]);
		printf(" %12.1f %8.2fx", $vf, $vf / $o);
	}
	echo "\n";
}
printf("cache on: hits=%d misses=%d negative_hits=%d bypassed=%d drains=%d\n", $stats["hits"], $stats["misses"], $stats["negative_hits"], $stats["bypassed"], $stats["drains"]);
if ($verify) printf("verify=%d: hits=%d verify_checks=%d verify_stale=%d verify_mismatches=%d\n", $verify, $vstats["hits"], $vstats["verify_checks"], $vstats["verify_stale"] ?? 0, $vstats["verify_mismatches"]);
if ($json !== "") file_put_contents($json, json_encode(["passes" => $passes, "verify_rate" => $verify, "results" => $res, "kernel" => php_uname("r"), "php" => PHP_VERSION, "zts" => PHP_ZTS], JSON_PRETTY_PRINT) . "\n");
' "$tmp" "$passes" "$json" "$verify"
