#!/usr/bin/env bash
# Instructions per call (callgrind) of scandir(), glob(), opendir()/readdir()
# and DirectoryIterator on an unchanged directory: statcache not loaded /
# loaded with listings off (statcache.max_listing_bytes=0) / on.
# Counts, not times: they do not depend on the machine's load.
#   bench/listings-callgrind.sh [--ext PATH] [--iters N]
# Per call = (instructions of a run with 5+N calls - those of one with 5) / N,
# so start-up and the first (filling) calls cancel out.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
iters=200 ext="" php=${PHP:-php}
while [ $# -gt 0 ]; do
	case $1 in
		--ext) ext=$2; shift 2 ;;
		--iters) iters=$2; shift 2 ;;
		*) echo "usage: $0 [--ext PATH] [--iters N]" >&2; exit 2 ;;
	esac
done
command -v valgrind >/dev/null || { echo "bench refused: valgrind is not installed" >&2; exit 2; }
[ -n "$ext" ] || ext=$here/../.build/nts/modules/statcache.so
[ -f "$ext" ] || { echo "bench refused: $ext not found (build it, or pass --ext PATH)" >&2; exit 2; }
data=$(mktemp -d /tmp/statcache-listings-bench.XXXXXX)
trap 'rm -rf "$data"' EXIT
for i in $(seq 0 19); do
	mkdir -p "$data/plugins/p$i/lang"
	echo '<?php' >"$data/plugins/p$i/p$i.php"
	for l in de_DE fr_FR it_IT es_ES nl_NL pt_BR ja ru_RU pl_PL sv_SE; do
		echo mo >"$data/plugins/p$i/lang/p$i-$l.mo"
		echo po >"$data/plugins/p$i/lang/p$i-$l.po"
	done
done
instr() { # config op calls
	local args=(-n)
	case $1 in
		loaded-off) args+=(-d "extension=$ext" -d statcache.enable_cli=1 -d statcache.max_listing_bytes=0) ;;
		on) args+=(-d "extension=$ext" -d statcache.enable_cli=1) ;;
	esac
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$php" "${args[@]}" \
		"$here/listings_callgrind.php" "$data" "$2" "$3" 2>&1 >/dev/null |
		sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
printf '%-18s %14s %14s %14s %8s\n' call "not loaded" "loaded, off" "on" "off/on"
for op in scandir glob glob_wp opendir DirectoryIterator; do
	row=()
	for cfg in not-loaded loaded-off on; do
		a=$(instr "$cfg" "$op" 5) b=$(instr "$cfg" "$op" $((5 + iters)))
		row+=($(((b - a) / iters)))
	done
	printf '%-18s %14s %14s %14s %7.1fx\n' "$op" "${row[0]}" "${row[1]}" "${row[2]}" \
		"$(echo "${row[1]} / ${row[2]}" | bc -l)"
done
