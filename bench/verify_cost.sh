#!/usr/bin/env bash
# What statcache.verify_rate=N costs per hit, in figures a busy machine does
# not taint: user-space instructions per is_file() hit (callgrind), and the
# re-checks (one lstat() each) per hit, for verify_rate=0 and =N side by side.
# Each configuration runs bench/verify_cost.php twice, with LO and HI
# iterations over 200 cached files; the difference of the two runs divides
# out PHP's start-up and the cache's fill, leaving the hits alone.
#   bench/verify_cost.sh [--rate N] [--ext PATH] [--lo N] [--hi N]
# Callgrind counts no kernel work: the lstat() of a re-check is in the
# "re-checks per hit" column, its user-space side in the instructions.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"
rate=1000 ext="" lo=20 hi=120 php=${PHP:-php}
while [ $# -gt 0 ]; do
	case $1 in
		--rate) rate=$2; shift 2 ;;
		--ext) ext=$2; shift 2 ;;
		--lo) lo=$2; shift 2 ;;
		--hi) hi=$2; shift 2 ;;
		*) echo "usage: $0 [--rate N] [--ext PATH] [--lo N] [--hi N]" >&2; exit 2 ;;
	esac
done
command -v valgrind >/dev/null || refuse "valgrind is not installed"
ext=$(bench_ext "$ext")
data=$(bench_data_dir verify-cost)
for i in $(seq 0 199); do
	p=$data/src/Pkg$((i % 20)); mkdir -p "$p"; : > "$p/Class$i.php"
done
bench_check_fs "$data"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# run RATE ITERS -> "instructions hits verify_checks"
run() {
	local ir
	ir=$(cg_total "$tmp/json.$1.$2" "$php" -n -d extension="$ext" -d statcache.enable_cli=1 -d statcache.verify_rate="$1" \
		"$here/verify_cost.php" "$data" "$2")
	"$php" -n -r '$s = json_decode(file_get_contents($argv[1]), true);
		echo $argv[2], " ", $s["hits"], " ", $s["verify_checks"], "\n";' "$tmp/json.$1.$2" "$ir"
}
printf '%-28s %14s %18s %16s\n' "is_file() hit" "instr per hit" "re-checks per hit" "lstat per 1e6 hits"
for r in 0 "$rate"; do
	read -r ir1 h1 v1 < <(run "$r" "$lo")
	read -r ir2 h2 v2 < <(run "$r" "$hi")
	"$php" -n -r 'printf("%-28s %14.1f %18.5f %16.0f\n", "verify_rate=" . $argv[1], ($argv[2] - $argv[3]) / ($argv[4] - $argv[5]),
		($argv[6] - $argv[7]) / ($argv[4] - $argv[5]), 1e6 * ($argv[6] - $argv[7]) / ($argv[4] - $argv[5]));' \
		"$r" "$ir2" "$ir1" "$h2" "$h1" "$v2" "$v1"
done
