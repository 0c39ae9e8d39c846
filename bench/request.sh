#!/usr/bin/env bash
# statcache on an app-like request (bench/request.php): each request does
# clearstatcache(), 300 require_once of absolute paths (generated class
# files under vendor/), 200 stat-family calls (hits, and Composer-style
# misses in packages that exist) and 20 fopen() for reading; PHP without
# the extension / loaded but off / on, in two modes of PHP's realpath cache:
#   kept     clearstatcache() without its flag: the request end's drop of
#            PHP's one-entry stat cache; the realpath cache stays, as in a
#            php-fpm worker (for realpath_cache_ttl, 120 s by default);
#   emptied  clearstatcache(true): the realpath cache is emptied each request,
#            so every name is resolved again (as the request of the report
#            this bench was made for did).
# A "request" is one call of request() in a CLI process: after the first,
# require_once of an included file is the name's resolution (the realpath
# cache, or statcache's replay) and a lookup in included_files, the part
# statcache changes; the compile a new php-fpm request adds is the same in
# every configuration and is left out.
# Figures:
#  - user-space instructions per warm request (valgrind --tool=callgrind):
#    one process runs 1 + N requests, another 1 + 2N; their difference / N
#    cancels start-up and the first (compiling, filling) request;
#  - wall time per request: one process per configuration and pass, 1 warm
#    request then R, each timed alone (the process reports their median);
#    configurations alternate order each pass; medians over the passes.
# Kernel time (the syscalls statcache saves) is in the wall time only.
#   bench/request.sh [--passes P] [--requests R] [--cg-requests N]
#                    [--opcache] [--ext PATH] [--json FILE]
# --opcache: opcache.enable_cli=1 in every configuration (no JIT).
# Refuses to run (one line, exit 2) where the figures would be tainted.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"
passes=7 requests=100 cgreq=10 ext="" json="" php=${PHP:-php} opc=()
while [ $# -gt 0 ]; do
	case $1 in
		--passes) passes=$2; shift 2 ;;
		--requests) requests=$2; shift 2 ;;
		--cg-requests) cgreq=$2; shift 2 ;;
		--opcache) opc=(-d opcache.enable_cli=1); shift ;;
		--ext) ext=$2; shift 2 ;;
		--json) json=$2; shift 2 ;;
		*) sed -n '2,/^set -e/p' "$0" | sed 's/^# \{0,1\}//; /^set -e/d' >&2; exit 2 ;;
	esac
done
command -v "$php" >/dev/null || refuse "no PHP binary '$php'"
command -v valgrind >/dev/null || refuse "valgrind is not installed"
[ "$cgreq" -gt 0 ] && [ "$requests" -gt 0 ] || refuse "--requests and --cg-requests must be at least 1"
ext=$(bench_ext "$ext")
if [ ${#opc[@]} -gt 0 ]; then
	. "$here/../tests/lib/opcache.sh"
	oc_load=$(sc_opcache_load "$php")   # empty where opcache is compiled in
	[ -z "$oc_load" ] || opc=(-d "$oc_load" "${opc[@]}")
	"$php" -n "${opc[@]}" -r 'exit(opcache_get_status(false)["opcache_enabled"] ?? false ? 0 : 1);' 2>/dev/null ||
		refuse "opcache does not come on with ${opc[*]}"
fi
data=$(bench_data_dir request)
bench_check_fs "$data" "$PWD"
# 30 packages of 10 classes, 20 templates
"$php" -n -r '
	$d = $argv[1];
	for ($i = 0; $i < 300; $i++) {
		$p = "$d/vendor/acme/pkg" . ($i % 30) . "/src";
		is_dir($p) || mkdir($p, 0755, true);
		$f = "$p/Class$i.php";
		$src = "<?php\nnamespace Acme\\Pkg" . ($i % 30) . ";\n\nclass Class$i\n{\n\tpublic function id(): int\n\t{\n\t\treturn $i;\n\t}\n}\n";
		is_file($f) && file_get_contents($f) === $src || file_put_contents($f, $src);
	}
	is_dir("$d/templates") || mkdir("$d/templates");
	for ($i = 0; $i < 20; $i++) is_file("$d/templates/t$i.html") || file_put_contents("$d/templates/t$i.html", "<p>$i</p>\n");
' "$data"

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cfg_args() { # configuration -> args
	case $1 in
		none) args=("${opc[@]}") ;;
		off) args=("${opc[@]}" -d extension="$ext" -d statcache.enable=0) ;;
		on) args=("${opc[@]}" -d extension="$ext" -d statcache.enable_cli=1) ;;
	esac
}
# every run's JSON must show the configuration it claims (a refusal names it)
check() { # json cfg mode
	"$php" -n -r '
		[$_, $f, $cfg, $mode] = $argv; $o = json_decode(file_get_contents($f), true);
		$bad = $o === null ? "no result" : ($o["included"] < 300 ? "only $o[included] files included" : null);
		if (!$bad && $mode === "kept" && $o["realpath_cache_entries_at_start"] < 300) $bad = "the realpath cache was not kept ($o[realpath_cache_entries_at_start] entries)";
		if (!$bad && $mode === "emptied" && $o["realpath_cache_entries_at_start"] !== 0) $bad = "the realpath cache was not emptied";
		if (!$bad && $cfg === "on" && (($o["_stats"]["hits"] ?? 0) === 0)) $bad = "statcache answered no hit";
		if (!$bad && $cfg !== "on" && ($o["_stats"]["hits"] ?? 0) !== 0) $bad = "statcache answered with the cache off";
		if ($bad) { fwrite(STDERR, "bench refused: $cfg/$mode: $bad\n"); exit(2); }
	' "$1" "$2" "$3"
	bench_check_quiet "$1" "$2/$3"
}

# instructions: N and 2N warm requests per configuration and mode
: > "$tmp/instr.tsv"
for mode in kept emptied; do
	for cfg in none off on; do
		cfg_args "$cfg"
		a=$(cg_total "$tmp/cg.json" "$php" -n "${args[@]}" "$here/request.php" "$data" "$cgreq" "$mode")
		check "$tmp/cg.json" "$cfg" "$mode"
		b=$(cg_total "$tmp/cg.json" "$php" -n "${args[@]}" "$here/request.php" "$data" $((2 * cgreq)) "$mode")
		check "$tmp/cg.json" "$cfg" "$mode"
		printf '%s\t%s\t%s\n' "$mode" "$cfg" "$(per_iter "$a" "$b" "$cgreq")" >> "$tmp/instr.tsv"
	done
done
# wall time: alternating passes
for pass in $(seq 1 "$passes"); do
	if [ $((pass % 2)) -eq 1 ]; then order="none off on"; else order="on off none"; fi
	for mode in kept emptied; do
		for cfg in $order; do
			cfg_args "$cfg"
			f=$tmp/t.$mode.$cfg.$pass.json
			"$php" -n "${args[@]}" "$here/request.php" "$data" "$requests" "$mode" > "$f" || refuse "php failed for $cfg/$mode"
			check "$f" "$cfg" "$mode"
		done
	done
done

"$php" -n -r '
require $argv[1];
[$_, $_, $dir, $passes, $requests, $cgreq, $json, $opc] = $argv;
$ins = [];
foreach (file("$dir/instr.tsv", FILE_IGNORE_NEW_LINES) as $l) { [$m, $c, $v] = explode("\t", $l); $ins[$m][$c] = (float) $v; }
$us = [];
foreach (["kept", "emptied"] as $m) foreach (["none", "off", "on"] as $c) for ($p = 1; $p <= $passes; $p++)
	$us[$m][$c][] = json_decode(file_get_contents("$dir/t.$m.$c.$p.json"), true)["ns_per_request"] / 1e3;
$label = ["kept" => "realpath cache kept", "emptied" => "realpath cache emptied"];
printf("app-like request: 300 require_once, 200 stat family, 20 fopen%s\n", $opc ? " (opcache on)" : "");
printf("%-24s | %-44s | %s\n", "", "instructions per request (callgrind, N=$cgreq)", "us per request (median of $passes x $requests)");
printf("%-24s | %9s %9s %9s %13s | %8s %8s %8s %13s\n", "", "no ext", "ext off", "on", "on vs no ext", "no ext", "ext off", "on", "on vs no ext");
$res = [];
foreach (["kept", "emptied"] as $m) {
	$i = $ins[$m]; $t = array_map("med", $us[$m]);
	$res[$m] = ["instructions" => $i, "us_median" => $t, "us_passes" => $us[$m]];
	$M = fn ($x) => number_format($x / 1e6, 3) . " M";
	printf("%-24s | %9s %9s %9s %+12.1f%% | %8.1f %8.1f %8.1f %+12.1f%%\n", $label[$m], $M($i["none"]), $M($i["off"]), $M($i["on"]),
		100 * ($i["on"] / $i["none"] - 1), $t["none"], $t["off"], $t["on"], 100 * ($t["on"] / $t["none"] - 1));
}
if ($json !== "") file_put_contents($json, json_encode(["passes" => (int) $passes, "requests" => (int) $requests, "callgrind_requests" => (int) $cgreq,
	"opcache" => (bool) $opc, "results" => $res, "kernel" => php_uname("r"), "php" => PHP_VERSION], JSON_PRETTY_PRINT) . "\n");
' "$here/common.php" "$tmp" "$passes" "$requests" "$cgreq" "$json" "${#opc[@]}"
