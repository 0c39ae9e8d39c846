#!/usr/bin/env bash
# statcache micro-benchmark, per call of the stat family over 200 cached
# files and Composer-style probes (bench/micro.php):
#  1. ns per call: cache not loaded / loaded but off / on / on with opcache's
#     tracing JIT (opcache.enable_cli=1 opcache.jit=tracing
#     opcache.jit_buffer_size=64M), alternating in one run, several passes,
#     medians; within a pass the cases take turns in 15 rounds, and each
#     case's figure is the median of its rounds; "x memo" is a call's ns
#     over isset($memo[$path])'s in the same process, the median of the
#     passes' ratios, without and with the JIT.
#  2. user-space instructions per call (valgrind --tool=callgrind), same
#     configurations: each case runs twice, N and 2N times over its 200
#     paths, and so does the same loop with an empty body; per call =
#     ((case 2N - case N) - (empty 2N - empty N)) / (N * 200).  PHP's
#     start-up, the filling call and the loop itself cancel out: what is
#     left is the call beyond an empty loop iteration, PHP's call overhead
#     included.  Counts, not times: the machine's load does not move them
#     (callgrind runs the program ~50x slower, so the staleness bound's
#     drains, which are timed, come ~50x more often per call than natively).
#   bench/micro.sh [--passes N] [--iters N] [--cg-iters N | --no-callgrind]
#                  [--ext PATH] [--json FILE] [--verify-rate N]
# --verify-rate N adds a configuration, the cache on with
# statcache.verify_rate=N, side by side with "cache on" (verify_rate=0), to
# the ns table; bench/verify_cost.sh gives it in instructions per hit.
# Refuses to run (one line, exit 2) where the figures would be tainted.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"
passes=7 iters=300 cgiters=20 ext="" json="" php=${PHP:-php} verify=0
while [ $# -gt 0 ]; do
	case $1 in
		--passes) passes=$2; shift 2 ;;
		--iters) iters=$2; shift 2 ;;
		--cg-iters) cgiters=$2; shift 2 ;;
		--no-callgrind) cgiters=0; shift ;;
		--ext) ext=$2; shift 2 ;;
		--json) json=$2; shift 2 ;;
		--verify-rate) verify=$2; shift 2 ;;
		*) echo "usage: $0 [--passes N] [--iters N] [--cg-iters N | --no-callgrind] [--ext PATH] [--json FILE] [--verify-rate N]" >&2; exit 2 ;;
	esac
done
command -v "$php" >/dev/null || refuse "no PHP binary '$php'"
[ "$cgiters" -eq 0 ] || command -v valgrind >/dev/null || refuse "valgrind is not installed (or pass --no-callgrind)"
ext=$(bench_ext "$ext")
jit=(-d zend_extension=opcache -d opcache.enable_cli=1 -d opcache.jit=tracing -d opcache.jit_buffer_size=64M)
"$php" -n "${jit[@]}" -r 'exit(opcache_get_status(false)["jit"]["on"] ?? false ? 0 : 1);' 2>/dev/null ||
	refuse "opcache's tracing JIT does not come on with ${jit[*]}"
data=$(bench_data_dir micro)
bench_check_fs "$data" "$PWD"
gov=/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor
if [ -r "$gov" ] && [ "$(cat "$gov")" != performance ]; then
	echo "note: CPU frequency governor is '$(cat "$gov")'; ratios below are side by side, absolute ns are not comparable across machines" >&2
fi
# the tree: 20 packages of 10 classes; the probes' parent directories are
# missing, the vendor/ probes' packages exist but not their class files
for i in $(seq 0 199); do
	p=$data/src/Pkg$((i % 20)); mkdir -p "$p"; : > "$p/Class$i.php"
done
for i in $(seq 0 19); do mkdir -p "$data/vendor/acme/pkg$i/src"; done
mkdir -p "$data/vendor/composer"

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cfg_args() { # configuration -> args (PHP's options for it)
	case $1 in
		none) args=() ;;
		off) args=(-d extension="$ext" -d statcache.enable=0) ;;
		on) args=(-d extension="$ext" -d statcache.enable_cli=1) ;;
		jit) args=("${jit[@]}" -d extension="$ext" -d statcache.enable_cli=1) ;;
		verify) args=(-d extension="$ext" -d statcache.enable_cli=1 -d statcache.verify_rate="$verify") ;;
	esac
}
run() { # configuration
	cfg_args "$1"
	"$php" -n "${args[@]}" "$here/micro.php" "$data" "$iters" > "$tmp/$1.$pass.json" || refuse "php failed for '$1'"
	bench_check_quiet "$tmp/$1.$pass.json" "$1, pass $pass"
}
for pass in $(seq 1 "$passes"); do
	# alternate the order each pass so drift hits every configuration alike
	if [ $((pass % 2)) -eq 1 ]; then order="none off on jit"; else order="jit on off none"; fi
	[ "$verify" -gt 0 ] && order="$order verify"
	for cfg in $order; do run "$cfg"; done
done

# instructions: "configuration<TAB>case<TAB>per call" lines
cgcfgs="none off on jit"
: > "$tmp/instr.tsv"
# CASE's instructions in $args's configuration, run N and 2N times: "lo hi"
cg_case() { # cfg case
	local lo hi
	lo=$(cg_total "$tmp/cg.out" "$php" -n "${args[@]}" "$here/micro.php" "$data" "$cgiters" "$2")
	bench_check_quiet "$tmp/cg.out" "$1, $2 (callgrind)"
	if [ "$1" = jit ]; then grep -q '"_jit":true' "$tmp/cg.out" || refuse "the JIT is not on under callgrind"; fi
	hi=$(cg_total "$tmp/cg.out" "$php" -n "${args[@]}" "$here/micro.php" "$data" $((2 * cgiters)) "$2")
	bench_check_quiet "$tmp/cg.out" "$1, $2 (callgrind)"
	echo "$lo $hi"
}
if [ "$cgiters" -gt 0 ]; then
	mapfile -t cases < <("$php" -n -r 'preg_match_all("/^\t\x27([^\x27]+)\x27 => \[function/m", file_get_contents($argv[1]), $m); echo implode("\n", $m[1]), "\n";' "$here/micro.php")
	[ "${#cases[@]}" -gt 2 ] || refuse "no cases found in micro.php"
	for cfg in $cgcfgs; do
		cfg_args "$cfg"
		e=$(cg_case "$cfg" "empty loop"); read -r e1 e2 <<< "$e"
		for c in "${cases[@]}"; do
			[ "$c" = "empty loop" ] && continue
			x=$(cg_case "$cfg" "$c"); read -r a b <<< "$x"
			printf '%s\t%s\t%s\n' "$cfg" "$c" "$(per_iter $((e2 - e1)) $((b - a)) $((cgiters * 200)))" >> "$tmp/instr.tsv"
		done
	done
fi

"$php" -n -r '
require $argv[6];
[$_, $dir, $passes, $json, $verify, $cgiters] = $argv; $passes = (int) $passes; $verify = (int) $verify;
$cfgs = $verify ? ["none", "off", "on", "jit", "verify"] : ["none", "off", "on", "jit"]; $r = [];
$memo = "isset(\$memo[\$path])";
foreach ($cfgs as $c) for ($p = 1; $p <= $passes; $p++) {
	$o = json_decode(file_get_contents("$dir/$c.$p.json"), true);
	foreach ($o as $k => $v) if ($k[0] !== "_") { $r[$k][$c][] = $v; $x[$k][$c][] = $v / $o[$memo]; }
	if ($c === "on") $stats = $o["_stats"];
	if ($c === "verify") $vstats = $o["_stats"];
	if ($c === "jit" && !$o["_jit"]) { fwrite(STDERR, "bench refused: the JIT was off in a JIT pass\n"); exit(2); }
}
printf("%-46s %8s %8s %8s %8s %7s %8s %7s", "ns per call (median of $passes)", "no ext", "ext off", "on", "speedup", "x memo", "on+JIT", "x memo");
if ($verify) printf(" %12s %7s", "verify=$verify", "/ on");
echo "\n";
$res = [];
foreach ($r as $k => $v) {
	$n = med($v["none"]); $f = med($v["off"]); $o = med($v["on"]); $j = med($v["jit"]);
	$res[$k] = ["none" => $n, "off" => $f, "on" => $o, "on_jit" => $j, "x_memo" => med($x[$k]["on"]), "x_memo_jit" => med($x[$k]["jit"])];
	printf("%-46s %8.1f %8.1f %8.1f %7.1fx %6.1fx %8.1f %6.1fx", $k, $n, $f, $o, $n / $o, $res[$k]["x_memo"], $j, $res[$k]["x_memo_jit"]);
	if ($verify) {
		$res[$k]["verify"] = $vf = med($v["verify"]);
		printf(" %12.1f %6.2fx", $vf, $vf / $o);
	}
	echo "\n";
}
printf("cache on: hits=%d misses=%d negative_hits=%d bypassed=%d drains=%d\n", $stats["hits"], $stats["misses"], $stats["negative_hits"], $stats["bypassed"], $stats["drains"]);
if ($verify) printf("verify=%d: hits=%d verify_checks=%d verify_stale=%d verify_mismatches=%d\n", $verify, $vstats["hits"], $vstats["verify_checks"], $vstats["verify_stale"] ?? 0, $vstats["verify_mismatches"]);
$ins = [];
foreach (file("$dir/instr.tsv", FILE_IGNORE_NEW_LINES) as $l) { [$c, $k, $v] = explode("\t", $l); $ins[$k][$c] = (float) $v; }
if ($ins) {
	printf("\n%-46s %8s %8s %8s %8s\n", "instructions per call (callgrind, N=$cgiters)", "no ext", "ext off", "on", "on+JIT");
	foreach ($ins as $k => $v) printf("%-46s %8.0f %8.0f %8.0f %8.0f\n", $k, $v["none"], $v["off"], $v["on"], $v["jit"]);
	echo "(beyond an empty loop iteration; the \"on\" column is the figure to quote: \"file_exists hit: ", round($ins["file_exists hit"]["on"]), " instructions\")\n";
	foreach ($res as $k => &$e) $e["instructions"] = $ins[$k] ?? null;
	unset($e);
}
if ($json !== "") file_put_contents($json, json_encode(["passes" => $passes, "verify_rate" => $verify, "callgrind_iterations" => (int) $cgiters, "results" => $res, "kernel" => php_uname("r"), "php" => PHP_VERSION, "zts" => PHP_ZTS], JSON_PRETTY_PRINT) . "\n");
' "$tmp" "$passes" "$json" "$verify" "$cgiters" "$here/common.php"
