#!/usr/bin/env bash
# System calls and user-space instructions (callgrind) per call of scandir(),
# glob(), opendir()/readdir() and DirectoryIterator on an unchanged
# directory: statcache not loaded / loaded with listings off
# (statcache.max_listing_bytes=0) / on.  Counts, not times: they do not
# depend on the machine's load.  callgrind sees user space only: what a
# listing saves is mostly the kernel's work, shown by the syscall columns.
#   bench/listings-callgrind.sh [--ext PATH] [--iters N]
# Per call = (instructions of a run with 5+N calls - those of one with 5) / N,
# so start-up and the first (filling) calls cancel out.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"
iters=200 ext="" php=${PHP:-php}
while [ $# -gt 0 ]; do
	case $1 in
		--ext) ext=$2; shift 2 ;;
		--iters) iters=$2; shift 2 ;;
		*) echo "usage: $0 [--ext PATH] [--iters N]" >&2; exit 2 ;;
	esac
done
command -v valgrind >/dev/null || refuse "valgrind is not installed"
command -v strace >/dev/null || refuse "strace is not installed"
ext=$(bench_ext "$ext")
data=$(mktemp -d /tmp/statcache-listings-bench.XXXXXX)
# strace's log goes elsewhere: written into a watched directory, it would
# raise events that wake the watcher, whose syscalls strace logs, ...
logs=$(mktemp -d /tmp/statcache-listings-bench-log.XXXXXX)
trap 'rm -rf "$data" "$logs"' EXIT
for i in $(seq 0 19); do
	mkdir -p "$data/plugins/p$i/lang"
	echo '<?php' >"$data/plugins/p$i/p$i.php"
	for l in de_DE fr_FR it_IT es_ES nl_NL pt_BR ja ru_RU pl_PL sv_SE; do
		echo mo >"$data/plugins/p$i/lang/p$i-$l.mo"
		echo po >"$data/plugins/p$i/lang/p$i-$l.po"
	done
done
php_args() { # config
	args=(-n)
	case $1 in
		loaded-off) args+=(-d "extension=$ext" -d statcache.enable_cli=1 -d statcache.max_listing_bytes=0) ;;
		on) args+=(-d "extension=$ext" -d statcache.enable_cli=1) ;;
	esac
}
instr() { # config op calls
	php_args "$1"
	cg_total /dev/null "$php" "${args[@]}" "$here/listings_callgrind.php" "$data" "$2" "$3"
}
syscalls() { # config op calls: every thread's (the watcher's included)
	php_args "$1"
	strace -f -c -o "$logs/strace.out" "$php" "${args[@]}" "$here/listings_callgrind.php" "$data" "$2" "$3" >/dev/null
	awk '$NF == "total" { print $4 }' "$logs/strace.out"
}
printf '%-18s | %27s | %34s\n' "" "syscalls per call" "user-space instructions per call"
printf '%-18s | %8s %8s %8s | %10s %10s %10s\n' call "no ext" "off" "on" "no ext" "off" "on"
for op in scandir glob glob_wp opendir DirectoryIterator; do
	sc=() ins=()
	for cfg in not-loaded loaded-off on; do
		a=$(syscalls "$cfg" "$op" 5) b=$(syscalls "$cfg" "$op" $((5 + iters)))
		sc+=("$(echo "scale=1; ($b - $a) / $iters" | bc -l)")
		a=$(instr "$cfg" "$op" 5) b=$(instr "$cfg" "$op" $((5 + iters)))
		ins+=($(((b - a) / iters)))
	done
	printf '%-18s | %8s %8s %8s | %10s %10s %10s\n' "$op" "${sc[@]}" "${ins[@]}"
done
