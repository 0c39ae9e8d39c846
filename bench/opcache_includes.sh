#!/usr/bin/env bash
# What statcache.opcache_invalidate costs per include, in instructions
# (callgrind: noise-free): a CLI PHP with opcache (validate_timestamps=0)
# includes 100 small scripts R times, with the setting off and on, at two
# values of R; (instructions at R2 - at R1) / (100 x (R2 - R1)) is the cost
# of one include served from opcache, without start-up and compiles.
#
#   bench/opcache_includes.sh [--ext PATH] [--rounds R1,R2] [--relative]
#
# --relative: the scripts are included by their relative names, found in
# the second entry of include_path ".:lib" (the working directory first).
#
# Refuses to run (one line, exit 2) without valgrind, opcache or statcache.so,
# or when a run with the setting on saw a drain look at the records (events
# in the watched directories: the per-include figure would not be one).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
ext="" rounds=20,120 php=${PHP:-php} relative=
while [ $# -gt 0 ]; do
	case $1 in
		--ext) ext=$2; shift 2 ;;
		--rounds) rounds=$2; shift 2 ;;
		--relative) relative=relative; shift ;;
		*) echo "usage: $0 [--ext PATH] [--rounds R1,R2] [--relative]" >&2; exit 2 ;;
	esac
done
refuse() { echo "bench refused: $*" >&2; exit 2; }
command -v valgrind >/dev/null || refuse "no valgrind"
[ -n "$ext" ] || ext=$here/../.build/nts/modules/statcache.so
[ -f "$ext" ] || refuse "statcache.so not found (build it, or pass --ext PATH)"
. "$here/../tests/lib/opcache.sh"
oc_load=$(sc_opcache_load "$php")   # empty where opcache is compiled in
mods=$("$php" -n ${oc_load:+-d "$oc_load"} -m 2>/dev/null || true)
[[ $mods == *'Zend OPcache'* ]] || refuse "opcache cannot be loaded into $php"
r1=${rounds%,*} r2=${rounds#*,}
# not in /tmp: names others create and remove there (a compiler's temporary
# files) would make drains that look at every record, at random
# (by its real path: a spelling with "..", another record per script)
base=${STATCACHE_BENCH_DIR:-$here/../.build}
mkdir -p "$base"
base=$(realpath "$base")
dir=$(mktemp -d "$base/opcache-bench.XXXXXX")
trap 'rm -rf "$dir"' EXIT
sdir=$dir${relative:+/lib}
mkdir -p "$sdir"
for i in $(seq -w 1 100); do printf '<?php return %d;' "$((10#$i))" > "$sdir/s$i.php"; done
touch -d '2 days ago' "$sdir"/s*.php
ir() { # invalidate rounds -> instructions of the whole run
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$php" -n ${oc_load:+-d "$oc_load"} \
		-d opcache.enable_cli=1 -d opcache.validate_timestamps=0 -d opcache.jit=disable \
		-d extension="$ext" -d statcache.enable_cli=1 -d statcache.opcache_invalidate="$1" \
		"$here/opcache_includes.php" "$2" "$dir" $relative 2>"$dir/cg.err" >"$dir/out" ||
		refuse "the run failed: $(tail -n 3 "$dir/cg.err" | tr '\n' ' ')"
	if [ "$1" = 1 ] && ! grep -q 'opcache_invalidate true, scripts 101, events 0, flushes 0' "$dir/out"; then
		refuse "a run was not quiet or not on: $(cat "$dir/out")"
	fi
	sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$dir/cg.err"
}
printf '| statcache.opcache_invalidate | instructions, %d rounds | %d rounds | per include |\n|---|---|---|---|\n' "$r1" "$r2"
for inv in 0 1; do
	a=$(ir "$inv" "$r1"); b=$(ir "$inv" "$r2")
	printf '| %s | %s | %s | %s |\n' "$inv" "$a" "$b" "$(( (b - a) / (100 * (r2 - r1)) ))"
done
echo
echo "(callgrind; $(php -r 'echo PHP_VERSION;'), 100 scripts of one line each, include not _once${relative:+, by relative name through include_path .:lib}, opcache validate_timestamps=0; last run: $(cat "$dir/out"))"
