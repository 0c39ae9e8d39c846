#!/usr/bin/env bash
# statcache micro-benchmark, per call of the stat family over 200 cached
# files and Composer-style probes (bench/micro.php):
#  1. ns per call: cache not loaded / loaded but off / on / on with opcache's
#     tracing JIT (opcache.enable_cli=1 opcache.jit=tracing
#     opcache.jit_buffer_size=64M), alternating in one run, several passes,
#     medians; within a pass the cases take turns in 15 rounds, and each
#     case's figure is the median of its rounds; "x memo" is a call's ns
#     over isset($memo[$path])'s (a constant name) in the same process,
#     the median of the passes' ratios, without and with the JIT; a probe
#     that builds its name per call is also given over
#     isset($memo[name built per call]) (the same name built the same way
#     each call, then the memo), on a line of its own.
#  2. user-space instructions per call (valgrind --tool=callgrind), same
#     configurations: each case runs twice, N and 2N times over its 200
#     paths, and so does its baseline, the same loop without the call (an
#     empty body, or for the probe that builds its name per call the same
#     string building); per call = ((case 2N - case N) - (baseline 2N -
#     baseline N)) / (N * 200).  PHP's start-up, the warm-up and the loop
#     itself cancel out: what is left is the call beyond a loop iteration
#     without it, PHP's call overhead included.  Every run is warmed up the
#     same way (micro.php: fills, JIT traces, the tick counter calibrated
#     by two drains 100 ms apart) and runs under a 60 s staleness bound, so
#     no timed drain lands in the counted loop; a pair whose counted loops
#     differ in drains or in the staleness clock is run again, refused the
#     third time.  Counts, not times: the machine's load does not move them.
#   bench/micro.sh [--passes N] [--iters N] [--cg-iters N | --no-callgrind]
#                  [--ext PATH] [--json FILE] [--verify-rate N] [--clock] [--zts]
# --zts runs every case in the threaded host (tests/host/sc_host, one
# thread, one request) on the release ZTS PHP (scripts/zts-php.sh
# release, built once and cached), the way FrankenPHP runs PHP: no
# extension, statcache off and on (no JIT: opcache is not built for that
# PHP), with statcache.so built for it (default
# $STATCACHE_BUILD/zts-release, as scripts/test.sh build-zts-release
# leaves it, else --ext).
# --clock keeps the bound by CLOCK_MONOTONIC in every configuration with
# the cache on (statcache.test_clock=1), as where the kernel does not keep
# time with the TSC (a KVM guest on kvm-clock): the hit's other build
# (src/php/answers/hit.h), measured on any machine.
# --verify-rate N adds a configuration, the cache on with
# statcache.verify_rate=N, side by side with "cache on" (verify_rate=0), to
# the ns table; bench/verify_cost.sh gives it in instructions per hit.
# Refuses to run (one line, exit 2) where the figures would be tainted.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"
passes=7 iters=300 cgiters=20 ext="" json="" php=${PHP:-php} verify=0 clock=0 zts=0
while [ $# -gt 0 ]; do
	case $1 in
		--passes) passes=$2; shift 2 ;;
		--iters) iters=$2; shift 2 ;;
		--cg-iters) cgiters=$2; shift 2 ;;
		--no-callgrind) cgiters=0; shift ;;
		--ext) ext=$2; shift 2 ;;
		--json) json=$2; shift 2 ;;
		--verify-rate) verify=$2; shift 2 ;;
		--clock) clock=1; shift ;;
		--zts) zts=1; shift ;;
		*) echo "usage: $0 [--passes N] [--iters N] [--cg-iters N | --no-callgrind] [--ext PATH] [--json FILE] [--verify-rate N] [--clock] [--zts]" >&2; exit 2 ;;
	esac
done
command -v "$php" >/dev/null || refuse "no PHP binary '$php'"
[ "$cgiters" -eq 0 ] || command -v valgrind >/dev/null || refuse "valgrind is not installed (or pass --no-callgrind)"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
if [ "$zts" = 1 ]; then
	# the threaded host on the release ZTS PHP, and statcache built for it
	[ "$verify" -eq 0 ] || refuse "--verify-rate is not measured with --zts"
	zpc=$("$here/../scripts/zts-php.sh" release 2>"$tmp/zts-php.log") ||
		refuse "no release ZTS PHP (scripts/zts-php.sh release: $(tail -n 1 "$tmp/zts-php.log"))"
	"$("$zpc" --prefix)/bin/php" -n -r 'exit(PHP_ZTS && !PHP_DEBUG ? 0 : 1);' ||
		refuse "$zpc is not a release ZTS PHP"
	[ -n "$ext" ] || ext=${STATCACHE_BUILD:-$here/../.build}/zts-release/modules/statcache.so
	[ -f "$ext" ] || refuse "no statcache.so for the release ZTS PHP at $ext (scripts/test.sh build-zts-release, or --ext PATH)"
	make -s -C "$here/../tests/host" PHP_CONFIG="$zpc" OUT="$tmp/sc_host" "$tmp/sc_host" >/dev/null 2>&1 ||
		refuse "cannot build the threaded host (tests/host) for $zpc"
	"$tmp/sc_host" -r -d extension="$ext" "$here/../tests/host/four_threads_run_requests.host.php" >/dev/null 2>"$tmp/load.err" ||
		refuse "statcache.so does not load in the threaded host: $(head -n 1 "$tmp/load.err")"
	cgcfgs="none off on"
else
	ext=$(bench_ext "$ext")
	. "$here/../tests/lib/opcache.sh"
	oc_load=$(sc_opcache_load "$php")   # empty where opcache is compiled in
	jit=(${oc_load:+-d "$oc_load"} -d opcache.enable_cli=1 -d opcache.jit=tracing -d opcache.jit_buffer_size=64M)
	"$php" -n "${jit[@]}" -r 'exit(opcache_get_status(false)["jit"]["on"] ?? false ? 0 : 1);' 2>/dev/null ||
		refuse "opcache's tracing JIT does not come on with ${jit[*]}"
	cgcfgs="none off on jit"
fi
# The command that runs micro.php DATA ITERATIONS [CASE] with $args's
# settings, in cmd: PHP's CLI, or the threaded host (--zts), which passes
# a script no arguments (they go in SC_MICRO_ARGS, exported here: call it
# in the subshell that runs the command).
micro_cmd() { # iterations [case]
	if [ "$zts" = 1 ]; then
		export SC_MICRO_ARGS="$data"$'\t'"$1${2:+$'\t'$2}"
		cmd=("$tmp/sc_host" -r "${args[@]}" "$here/micro.php")
	else
		cmd=("$php" -n "${args[@]}" "$here/micro.php" "$data" "$@")
	fi
}
micro() { # iterations [case]
	(micro_cmd "$@"; "${cmd[@]}")
}
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

cfg_args() { # configuration -> args (PHP's options for it)
	case $1 in
		none) args=() ;;
		off) args=(-d extension="$ext" -d statcache.enable=0) ;;
		on) args=(-d extension="$ext" -d statcache.enable_cli=1) ;;
		jit) args=("${jit[@]}" -d extension="$ext" -d statcache.enable_cli=1) ;;
		verify) args=(-d extension="$ext" -d statcache.enable_cli=1 -d statcache.verify_rate="$verify") ;;
	esac
	if [ "$clock" = 1 ] && [ "$1" != none ] && [ "$1" != off ]; then args+=(-d statcache.test_clock=1); fi
	# the threaded host refuses any line PHP logs at startup, and "off"
	# logs why the cache is off (statcache.enable=0): into the void there
	if [ "$zts" = 1 ] && [ "$1" = off ]; then args+=(-d error_log=/dev/null); fi
}
run() { # configuration
	cfg_args "$1"
	micro "$iters" > "$tmp/$1.$pass.json" || refuse "php failed for '$1'"
	bench_check_quiet "$tmp/$1.$pass.json" "$1, pass $pass"
}
for pass in $(seq 1 "$passes"); do
	# alternate the order each pass so drift hits every configuration alike
	order=$cgcfgs
	if [ $((pass % 2)) -eq 0 ]; then order=$(echo "$cgcfgs" | tr ' ' '\n' | tac | xargs); fi
	[ "$verify" -gt 0 ] && order="$order verify"
	for cfg in $order; do run "$cfg"; done
done

# instructions: "configuration<TAB>case<TAB>per call" lines
: > "$tmp/instr.tsv"
# One run under callgrind of CASE, ITERATIONS times, in $args's
# configuration: its total on stdout; "drains clock_before clock_after" of
# the counted loop (micro.php's _counted) in $tmp/cg.counted.  The bound
# is 60 s here: the hit path is the same code (it compares the tick
# counter, or CLOCK_MONOTONIC where the counter is not trusted, with the
# bound's deadline either way), but no timed drain lands in the
# counted loop (callgrind runs ~50x slower, so at the default 5 ms drains
# would come every few thousand calls instead of every ~100,000).
cg_run() { # cfg case iterations
	local total
	args+=(-d statcache.max_staleness_ms=60000)
	micro_cmd "$3" "$2"
	total=$(cg_total "$tmp/cg.out" "${cmd[@]}")
	bench_check_quiet "$tmp/cg.out" "$1, $2 (callgrind)"
	if [ "$1" = jit ]; then grep -q '"_jit":true' "$tmp/cg.out" || refuse "the JIT is not on under callgrind"; fi
	"$php" -n -r '$o = json_decode(file_get_contents($argv[1]), true); $c = $o["_counted"] ?? null;
		echo $c === null ? "0 - -" : "$c[drains] $c[clock_before] $c[clock_after]", "\n";' "$tmp/cg.out" > "$tmp/cg.counted"
	echo "$total"
}
# CASE run N and 2N times: "lo hi".  The two runs differ only in the count
# (the same warm-up, calibration and drains before it); a pair where a
# drain or the tick counter's calibration landed in the counted loop of
# one run only is run again, and refused the third time.
cg_case() { # cfg case
	local lo hi c1 c2 try
	for try in 1 2 3; do
		lo=$(cg_run "$1" "$2" "$cgiters"); c1=$(cat "$tmp/cg.counted")
		hi=$(cg_run "$1" "$2" $((2 * cgiters))); c2=$(cat "$tmp/cg.counted")
		# a steady staleness clock: the calibrated tick counter, or the
		# clock where the kernel does not keep time with the counter (a
		# KVM guest on kvm-clock), which needs no calibration
		if [ "$c1" = "$c2" ] && { [ "$1" = none ] || [ "$1" = off ] || [ "$c1" = "0 ticks ticks" ] || [ "$c1" = "0 clock clock" ]; }; then
			echo "$lo $hi"; return
		fi
		echo "note: $1, $2: the counted loops differ (drains, staleness clock: N '$c1', 2N '$c2'); run again" >&2
	done
	refuse "$1, $2: a drain or the tick counter's calibration landed in the counted loop of one run only, three times (N '$c1', 2N '$c2')"
}
if [ "$cgiters" -gt 0 ]; then
	mapfile -t cases < <("$php" -n "$here/micro.php" "$data" 0 --list)
	[ "${#cases[@]}" -gt 2 ] || refuse "no cases found in micro.php"
	for cfg in $cgcfgs; do
		cfg_args "$cfg"
		declare -A base=()
		for line in "${cases[@]}"; do
			c=${line%%$'\t'*}; bl=${line#*$'\t'}
			if [ -z "${base[$bl]:-}" ]; then base[$bl]=$(cg_case "$cfg" "$bl"); fi
			read -r e1 e2 <<< "${base[$bl]}"
			x=$(cg_case "$cfg" "$c"); read -r a b <<< "$x"
			printf '%s\t%s\t%s\n' "$cfg" "$c" "$(per_iter $((e2 - e1)) $((b - a)) $((cgiters * 200)))" >> "$tmp/instr.tsv"
		done
		unset base
	done
fi

"$php" -n -r '
require $argv[6];
[$_, $dir, $passes, $json, $verify, $cgiters, , $zts] = $argv; $passes = (int) $passes; $verify = (int) $verify;
$zts = $zts === "1"; /* the threaded host on the release ZTS PHP: no JIT column */
$cfgs = array_merge(["none", "off", "on"], $zts ? [] : ["jit"], $verify ? ["verify"] : []); $r = [];
$memo = "isset(\$memo[\$path])"; $memob = "isset(\$memo[name built per call])";
foreach ($cfgs as $c) for ($p = 1; $p <= $passes; $p++) {
	$o = json_decode(file_get_contents("$dir/$c.$p.json"), true);
	foreach ($o as $k => $v) if ($k[0] !== "_") { $r[$k][$c][] = $v; $x[$k][$c][] = $v / $o[$memo]; $xb[$k][$c][] = $v / $o[$memob]; }
	if ($c === "on") $stats = $o["_stats"];
	if ($c === "verify") $vstats = $o["_stats"];
	if ($c === "jit" && !$o["_jit"]) { fwrite(STDERR, "bench refused: the JIT was off in a JIT pass\n"); exit(2); }
}
if ($zts) echo "threaded host (tests/host/sc_host, 1 thread), release ZTS PHP ", PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION, "\n";
printf("%-46s %8s %8s %8s %8s %7s", "ns per call (median of $passes)", "no ext", "ext off", "on", "speedup", "x memo");
if (!$zts) printf(" %8s %7s", "on+JIT", "x memo");
if ($verify) printf(" %12s %7s", "verify=$verify", "/ on");
echo "\n";
$res = [];
foreach ($r as $k => $v) {
	$n = med($v["none"]); $f = med($v["off"]); $o = med($v["on"]);
	$res[$k] = ["none" => $n, "off" => $f, "on" => $o, "x_memo" => med($x[$k]["on"])];
	printf("%-46s %8.1f %8.1f %8.1f %7.1fx %6.1fx", $k, $n, $f, $o, $n / $o, $res[$k]["x_memo"]);
	if (!$zts) {
		$res[$k] += ["on_jit" => $j = med($v["jit"]), "x_memo_jit" => med($x[$k]["jit"])];
		printf(" %8.1f %6.1fx", $j, $res[$k]["x_memo_jit"]);
	}
	if ($verify) {
		$res[$k]["verify"] = $vf = med($v["verify"]);
		printf(" %12.1f %6.2fx", $vf, $vf / $o);
	}
	echo "\n";
}
/* the probes that build their name per call, over the memo of a name
 * built the same way (same process; "x memo" above is over a constant
 * name, the string building included) */
foreach ($res as $k => &$e) {
	if ($k !== $memob && str_contains($k, "(name built per call)")) {
		$e["x_memo_built"] = med($xb[$k]["on"]);
		printf("%s over %s: %.1fx", $k, $memob, $e["x_memo_built"]);
		if (!$zts) printf(", with the JIT %.1fx", $e["x_memo_built_jit"] = med($xb[$k]["jit"]));
		echo "\n";
	}
}
unset($e);
printf("cache on: hits=%d misses=%d negative_hits=%d bypassed=%d drains=%d staleness_clock=%s\n", $stats["hits"], $stats["misses"], $stats["negative_hits"], $stats["bypassed"], $stats["drains"], $stats["staleness_clock"]);
if ($verify) printf("verify=%d: hits=%d verify_checks=%d verify_stale=%d verify_mismatches=%d\n", $verify, $vstats["hits"], $vstats["verify_checks"], $vstats["verify_stale"] ?? 0, $vstats["verify_mismatches"]);
$ins = [];
foreach (file("$dir/instr.tsv", FILE_IGNORE_NEW_LINES) as $l) { [$c, $k, $v] = explode("\t", $l); $ins[$k][$c] = (float) $v; }
if ($ins) {
	printf("\n%-46s %8s %8s %8s", "instructions per call (callgrind, N=$cgiters)", "no ext", "ext off", "on");
	echo $zts ? "\n" : sprintf(" %8s\n", "on+JIT");
	foreach ($ins as $k => $v) {
		printf("%-46s %8.0f %8.0f %8.0f", $k, $v["none"], $v["off"], $v["on"]);
		echo $zts ? "\n" : sprintf(" %8.0f\n", $v["jit"]);
	}
	echo "(beyond a loop iteration without the call: its baseline; the \"on\" column is the figure to quote: \"file_exists hit: ", round($ins["file_exists hit"]["on"]), " instructions\")\n";
	foreach ($res as $k => &$e) $e["instructions"] = $ins[$k] ?? null;
	unset($e);
}
if ($json !== "") file_put_contents($json, json_encode(["passes" => $passes, "verify_rate" => $verify, "callgrind_iterations" => (int) $cgiters, "results" => $res, "staleness_clock" => $stats["staleness_clock"], "kernel" => php_uname("r"), "php" => PHP_VERSION, "zts" => $zts ? "release, threaded host" : PHP_ZTS], JSON_PRETTY_PRINT) . "\n");
' "$tmp" "$passes" "$json" "$verify" "$cgiters" "$here/common.php" "$zts"
