#!/usr/bin/env bash
# statcache over its caps: is_file() round robin over a working set larger
# than statcache.max_entries (1.1x and 2x a cap of 4096, so that it runs
# in seconds) and over a tree of more files than statcache.max_watches
# (1,024, with room for every result).  For each, without the extension
# and with it: ns per call (side by side in one run, medians of the
# passes), user-space instructions per call (callgrind: R and 2R counted
# rounds, the difference over R rounds, so start-up and warm-up cancel
# out), and the cache's hits, evictions (of results, of files' watches)
# and the misses answered without keeping them (cap_bypassed: left to PHP
# at max_entries; watch_cap_bypassed: files answered without a watch at
# max_watches) in the counted rounds.  The claim checked: at or below PHP
# alone's cost per call, with hits kept.
#   bench/caps.sh [--passes N] [--rounds R] [--no-callgrind] [--ext PATH]
# Refuses to run (one line, exit 2) where the figures would be tainted.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"
passes=3 rounds=4 cg=1 ext="" php=${PHP:-php}
while [ $# -gt 0 ]; do
	case $1 in
		--passes) passes=$2; shift 2 ;;
		--rounds) rounds=$2; shift 2 ;;
		--no-callgrind) cg=0; shift ;;
		--ext) ext=$2; shift 2 ;;
		*) echo "usage: $0 [--passes N] [--rounds R] [--no-callgrind] [--ext PATH]" >&2; exit 2 ;;
	esac
done
command -v "$php" >/dev/null || refuse "no PHP binary '$php'"
[ "$cg" = 0 ] || command -v valgrind >/dev/null || refuse "valgrind is not installed (or pass --no-callgrind)"
ext=$(bench_ext "$ext")
data=$(bench_data_dir caps)
bench_check_fs "$data"
# 8,192 files, 100 a directory
if [ ! -f "$data/d81/f8191.php" ]; then
	for d in $(seq 0 81); do mkdir -p "$data/d$d"; done
	php -n -r 'for ($i = 0; $i < 8192; $i++) touch(sprintf("%s/d%d/f%d.php", $argv[1], intdiv($i, 100), $i));' "$data"
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# "label paths max_entries max_watches"
cases=("entries-1.1x 4506 4096 65536" "entries-2x 8192 4096 65536" "watches-2x 2048 65536 1024")
args_for() { # with|without max_entries max_watches
	if [ "$1" = without ]; then args=(); return; fi
	args=(-d extension="$ext" -d statcache.enable_cli=1 -d statcache.max_entries="$2" -d statcache.max_watches="$3")
}
printf '%-14s %7s %9s %9s %7s %9s %9s %9s %9s %12s %12s\n' case paths "ns off" "ns on" "hits%" "Ir off" "Ir on" evictions "watch_ev" "cap_byp" "watch_cap_byp"
for c in "${cases[@]}"; do
	read -r label n me mw <<<"$c"
	for pass in $(seq 1 "$passes"); do
		for w in without with; do
			args_for "$w" "$me" "$mw"
			"$php" -n "${args[@]}" "$here/caps.php" "$data" "$n" "$rounds" > "$tmp/$label.$w.$pass.json" || refuse "php failed: $label $w"
			bench_check_quiet "$tmp/$label.$w.$pass.json" "$label, pass $pass"
		done
	done
	ir_off=- ir_on=-
	if [ "$cg" = 1 ]; then
		for w in without with; do
			args_for "$w" "$me" "$mw"
			lo=$(cg_total "$tmp/cg.out" "$php" -n "${args[@]}" "$here/caps.php" "$data" "$n" 1)
			hi=$(cg_total "$tmp/cg.out" "$php" -n "${args[@]}" "$here/caps.php" "$data" "$n" 2)
			v=$(per_iter "$lo" "$hi" "$n")
			if [ "$w" = without ]; then ir_off=$v; else ir_on=$v; fi
		done
	fi
	php -n -r '
		[, $dir, $label, $n, $passes, $iroff, $iron] = $argv;
		$med = function (array $v) { sort($v); return $v[intdiv(count($v), 2)]; };
		$off = $on = []; $last = null;
		for ($p = 1; $p <= $passes; $p++) {
			$off[] = json_decode(file_get_contents("$dir/$label.without.$p.json"), true)["ns"];
			$last = json_decode(file_get_contents("$dir/$label.with.$p.json"), true);
			$on[] = $last["ns"];
		}
		$calls = $last["hits"] + $last["misses"] + $last["bypassed"];
		printf("%-14s %7d %9.0f %9.0f %6.1f%% %9s %9s %9d %9d %12d %12d\n", $label, $n, $med($off), $med($on),
			100 * $last["hits"] / max(1, $calls), $iroff, $iron, $last["evictions"], $last["watch_evictions"],
			$last["cap_bypassed"], $last["watch_cap_bypassed"]);
	' "$tmp" "$label" "$n" "$passes" "$ir_off" "$ir_on"
done
echo "(ns: medians of $passes passes over $rounds counted rounds; Ir: callgrind, user-space instructions per call; counts: the last pass's counted rounds)"
