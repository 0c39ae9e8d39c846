# shellcheck shell=bash
# Shared pieces of the CLI benches (bench/*.sh): the one-line refusal, the
# extension and file-system checks, and callgrind's instruction count.
# Sourced, not run.  (bench/apps/lib.sh is the real-application benches'.)

bench_here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# A bench that would publish tainted figures stops, in one line, exit 2.
refuse() { echo "bench refused: $*" >&2; exit 2; }

# The statcache.so to measure: $1 if given, else the worktree's NTS build.
bench_ext() { # [path]
	local c
	if [ -n "${1:-}" ]; then
		[ -f "$1" ] || refuse "statcache.so not found at $1"
		echo "$1"; return
	fi
	for c in "$bench_here/../.build/nts/modules/statcache.so" "$bench_here/../modules/statcache.so"; do
		[ -f "$c" ] && { echo "$c"; return; }
	done
	refuse "statcache.so not found (scripts/test.sh build-nts, or pass --ext PATH)"
}

# Refuse a directory on a file system statcache does not trust (its answers
# there are PHP's) or whose latency taints timings (9p, NFS, fuse...).
bench_check_fs() { # dir...
	local d fs
	for d; do
		fs=$(stat -L -f -c %T "$d")
		case $fs in
			ext2/ext3|xfs|btrfs|tmpfs|overlayfs|zfs) ;;
			*) refuse "$d is on '$fs', a file system statcache does not trust (or a networked one that taints timings)" ;;
		esac
	done
}

# A directory for a bench's tree: $STATCACHE_BENCH_DIR, else NAME under
# /var/lib/statcache-bench (where bench/apps keeps its state), not /tmp:
# statcache watches the tree's ancestors, and the names other programs
# create and remove in /tmp (and, on a shared machine, in /var/tmp) wake
# its watcher and the drain in the middle of a measurement.  A fixed path,
# so that the path hashing counted is the same from every checkout.
bench_data_dir() { # name
	local d=${STATCACHE_BENCH_DIR:-/var/lib/statcache-bench/$1}
	mkdir -p "$d" 2>/dev/null || refuse "cannot create $d (set STATCACHE_BENCH_DIR to a quiet directory of yours)"
	echo "$d"
}

# Refuse a run in which statcache saw inotify events: something wrote in
# the tree or beside it, in a directory it watches, while it was measured.
bench_check_quiet() { # json-file what
	php -n -r '
		$o = json_decode(file_get_contents($argv[1]), true); $s = $o["_stats"] ?? null;
		if ($s !== null && ($s["events"] ?? 0) > 0) {
			fwrite(STDERR, "bench refused: $argv[2]: statcache saw $s[events] inotify events while measuring (something writes in or beside the tree; STATCACHE_BENCH_DIR=a quiet directory)\n");
			exit(2);
		}
	' "$1" "$2"
}

# The user-space instructions callgrind counts for a command, every thread
# together (statcache's watcher included); the command's stdout goes to
# OUT.  Kernel work is not counted: syscalls cost nothing here.
cg_total() { # out command...
	local out=$1 prof ir; shift
	command -v valgrind >/dev/null || refuse "valgrind is not installed"
	prof=$(mktemp "${TMPDIR:-/tmp}/statcache-cg.XXXXXX")
	USE_ZEND_ALLOC=1 valgrind -q --tool=callgrind --callgrind-out-file="$prof" "$@" >"$out" ||
		{ rm -f "$prof"; refuse "a run under callgrind failed: $*"; }
	ir=$(awk '/^(summary|totals):/ { print $2; exit }' "$prof"); rm -f "$prof"
	[ -n "$ir" ] || refuse "callgrind wrote no instruction total for: $*"
	echo "$ir"
}

# (HI - LO) / N to one decimal: what one of the N extra iterations cost.
per_iter() { # lo hi n
	awk -v a="$1" -v b="$2" -v n="$3" 'BEGIN { printf "%.1f\n", (b - a) / n }'
}
