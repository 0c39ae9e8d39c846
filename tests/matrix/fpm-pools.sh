#!/usr/bin/env bash
# php-fpm with two pools running as different users, statcache per worker
# and shared.
#
#   tests/matrix/fpm-pools.sh
#
# One private php-fpm master (as tests/fpm/run.sh starts it: a temp dir,
# PHP_INI_SCAN_DIR empty, a private copy of statcache.so, daemonize=no) with
# pool "a" (www-data, 2 static workers) and pool "b" (nobody, 2 workers),
# each behind its own nginx server on 127.0.0.1; both pools serve
# tests/fpm/probe.php on ONE data directory (mode 0777).  For
# statcache.shared=0 and =1 (shared: watcher silenced, max_staleness_ms=0,
# so only the shared pending flag can make a write visible):
#   X-visible-in-own-pool    tests/fpm/client.php "visible" in each pool
#   a-write-seen-by-b        pool b's workers cache a file as missing, pool a
#                            writes it, pool b's workers answer true (shared:
#                            at once; per worker: 20 ms later, after their own
#                            watchers saw it)
#   X-differential           100 random operations in each pool, every query
#                            compared with a fresh syscall
#   shared-one-region-all-pools  (shared) every worker of both pools maps the
#                            same region and holds the same inotify instance
#                            (what one pool can learn about the other: README,
#                            "Shared mode", Isolation)
#   shared-what-plain-php-in-one-pool-reaches  tests/matrix/peek.php in pool b:
#                            exactly the reach the README states
# Prints PASS/FAIL/SKIP/INFO lines and "fpm-pools: N passed, N failed (Ts)".
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=../lib/servers.sh
. "$root/tests/lib/servers.sh"
start_s=$SECONDS
pass=0 fail=0
TMP="" MASTER="" NGINX_PID=""

skip() { echo "SKIP fpm-pools ($*)"; exit 0; }
ok()   { echo "PASS $1${2:+ ($2)}"; pass=$((pass + 1)); }
bad()  { echo "FAIL $1${2:+ ($2)}"; fail=$((fail + 1)); }
info() { echo "INFO $*"; }

[ "$(id -u)" = 0 ] || skip "needs root (pools as www-data and nobody)"
for b in "$FPM_BIN" "$NGINX_BIN" php curl pgrep ss; do command -v "$b" >/dev/null || skip "missing $b"; done
id www-data >/dev/null 2>&1 && id nobody >/dev/null 2>&1 || skip "needs users www-data and nobody"
SO=${SC_EXT:-$root/.build/nts/modules/statcache.so}
[ -f "$SO" ] || { bad load "no $SO (build-nts first)"; exit 1; }
NOGROUP=$(id -gn nobody)

cleanup() {
	srv_stop "$MASTER"
	srv_stop "$NGINX_PID"
	[ -n "$TMP" ] && [ -z "${SC_KEEP_TMP:-}" ] && rm -rf "$TMP"
	return 0
}
trap cleanup EXIT
trap 'exit 130' INT TERM

TMP=$(mktemp -d /tmp/statcache-pools.XXXXXX)
chmod 755 "$TMP"
mkdir -p "$TMP"/{www,data,nginx,logs,fpm}
cp "$root/tests/fpm/probe.php" "$root/tests/matrix/peek.php" "$TMP/www/"
chmod 644 "$TMP/www/probe.php" "$TMP/www/peek.php"
chmod 777 "$TMP/data" "$TMP/logs"
cp "$SO" "$TMP/statcache.so" && chmod 644 "$TMP/statcache.so"
fs=$(stat -f -c %T "$TMP/data")
case $fs in ext2/ext3|xfs|btrfs|tmpfs) ;; *) skip "$TMP is on '$fs', which statcache does not trust";; esac

PORT_A=$(srv_free_port 18800 18850) && PORT_B=$(srv_free_port $((PORT_A + 1)) 18851) ||
	skip "no free TCP ports from 18800"
srv_nginx_run "$(srv_nginx_server "$PORT_A" "$TMP/www" "$TMP/fpm/a.sock" "fastcgi_param SC_DATA $TMP/data;" "fastcgi_keep_conn off;")" \
	"$(srv_nginx_server "$PORT_B" "$TMP/www" "$TMP/fpm/b.sock" "fastcgi_param SC_DATA $TMP/data;" "fastcgi_keep_conn off;")" ||
	skip "$SRV_WHY"

pool() { # name user group
	cat <<-EOF
	[$1]
	user = $2
	group = $3
	listen = $TMP/fpm/$1.sock
	listen.owner = www-data
	listen.group = www-data
	listen.mode = 0660
	pm = static
	pm.max_children = 2
	pm.max_requests = 0
	chdir = /
	clear_env = no
	EOF
}
fpm_start() { # shared
	{
		echo "extension=$TMP/statcache.so"
		echo "statcache.shared=$1"
		if [ "$1" = 1 ]; then echo "statcache.test_watcher=0"; echo "statcache.max_staleness_ms=0"; fi
		echo "display_errors=0"
		echo "log_errors=1"
		echo "error_log=$TMP/logs/php.log"
	} >"$TMP/fpm/php.ini"
	{
		printf '[global]\npid = %s\nerror_log = %s\ndaemonize = no\n' "$TMP/fpm/fpm.pid" "$TMP/logs/fpm.log"
		pool a www-data www-data
		pool b nobody "$NOGROUP"
	} >"$TMP/fpm/fpm.conf"
	rm -f "$TMP"/fpm/*.sock
	PHP_INI_SCAN_DIR='' "$FPM_BIN" -y "$TMP/fpm/fpm.conf" -c "$TMP/fpm/php.ini" >>"$TMP/logs/fpm.out" 2>&1 &
	MASTER=$!
	for _ in $(seq 100); do
		[ -S "$TMP/fpm/a.sock" ] && [ -S "$TMP/fpm/b.sock" ] && [ "$(workers a | wc -l)" = 2 ] &&
			[ "$(workers b | wc -l)" = 2 ] && return 0
		kill -0 "$MASTER" 2>/dev/null || break
		sleep 0.1
	done
	return 1
}
workers() { # pool -> its workers' pids
	local u; u=$([ "$1" = a ] && echo www-data || echo nobody)
	pgrep -P "$MASTER" -u "$u" | sort -n
}
client() { # pool cmd args...
	local p=$1; shift
	php -n "$root/tests/fpm/client.php" "$([ "$p" = a ] && echo "$PORT_A" || echo "$PORT_B")" "$TMP/data" \
		"$(workers "$p" | paste -sd,)" "$@"
}
relabel() { sed -E "s/^(PASS|FAIL) /\1 $1-/" | grep -E '^(PASS|FAIL|INFO) '; }
# count < FILE: echo the lines, add them up (not in a pipeline: a subshell would lose the sums)
count() { local out; out=$(cat); echo "$out"; pass=$((pass + $(grep -c '^PASS ' <<<"$out"))); fail=$((fail + $(grep -c '^FAIL ' <<<"$out"))); }

run_mode() {
	local shared=$1 label pause
	label=$([ "$shared" = 1 ] && echo shared || echo per-worker)
	pause=$([ "$shared" = 1 ] && echo 0 || echo 20)
	rm -rf "${TMP:?}/data/"*
	if ! fpm_start "$shared"; then
		bad "$label-start" "php-fpm did not start: $(tail -n 3 "$TMP/logs/fpm.log" "$TMP/logs/fpm.out" | tr '\n' '|')"
		srv_stop "$MASTER"; return
	fi
	info "$label: master $MASTER, pool a (www-data) $(workers a | paste -sd' '), pool b (nobody) $(workers b | paste -sd' ')"
	# per worker, the pool's other workers are other processes: the bound's drains
	SC_VISIBLE_WAIT_MS=$pause client a visible a | relabel "$label" >"$TMP/out"; count <"$TMP/out"
	SC_VISIBLE_WAIT_MS=$pause client b visible b | relabel "$label" >"$TMP/out"; count <"$TMP/out"
	# across pools
	{
		client b warm "x-$label" b-caches-missing
		curl -s "http://127.0.0.1:$PORT_A/probe.php?op=write&f=x-$label" >/dev/null
		sleep "0.0$pause"
		client b expect "x-$label" a-write-seen-by-b
		client a warm "y-$label" a-caches-missing
		curl -s "http://127.0.0.1:$PORT_B/probe.php?op=write&f=y-$label" >/dev/null
		sleep "0.0$pause"
		client a expect "y-$label" b-write-seen-by-a
	} | relabel "$label" >"$TMP/out"; count <"$TMP/out"
	SC_DIFF_PAUSE_MS=$pause client a diff 11 100 | relabel "$label-a" >"$TMP/out"; count <"$TMP/out"
	SC_DIFF_PAUSE_MS=$pause client b diff 12 100 | relabel "$label-b" >"$TMP/out"; count <"$TMP/out"
	if [ "$shared" = 1 ]; then
		# one inotify instance (same watch list) and one region for every worker of both pools
		# (fpm maps one scoreboard per pool too: the region is the mapping all 4 share)
		local w fd lists="" zeros="" common
		for w in $(workers a) $(workers b); do
			fd=$(find "/proc/$w/fd" -lname 'anon_inode:inotify' -printf '%f\n' | head -n 1)
			lists+="$(grep -c '^inotify wd:' "/proc/$w/fdinfo/$fd") $(sed -n 's/^inotify wd:\([0-9a-f]*\) ino:\([0-9a-f]*\).*/\1:\2/p' "/proc/$w/fdinfo/$fd" | sort | md5sum | cut -c1-8)"$'\n'
			zeros+="$(awk '/\/dev\/zero \(deleted\)/ {print $5}' "/proc/$w/maps" | sort -u | paste -sd,)"$'\n'
		done
		common=$(grep . <<<"$zeros" | tr ',' '\n' | sort | uniq -c | awk '$1 == 4 {print $2}' | paste -sd,)
		if [ "$(sort -u <<<"$lists" | grep -c .)" = 1 ] && [ -n "$common" ]; then
			ok shared-one-region-all-pools "the 4 workers of both pools: one watch list ($(head -n 1 <<<"$lists" | cut -d' ' -f1) watches, both pools' directories) and shared mapping(s) $common in every worker"
		else
			bad shared-one-region-all-pools "watch lists: $(tr '\n' ';' <<<"$lists"), shared mappings: $(tr '\n' ';' <<<"$zeros")"
		fi
	fi
	if [ "$shared" = 1 ]; then
		# what plain PHP in pool b reaches of what it shares with pool a
		local p
		p=$(curl -s "http://127.0.0.1:$PORT_B/probe.php" >/dev/null; curl -s "http://127.0.0.1:$PORT_B/peek.php")
		info "shared: pool b's reach: $p"
		if [[ $p == *'"fd_visible":true'* && $p == *'"fd_reopen":false'* && $p == *'"php_fd":false'* &&
			$p == *'"mem_read":false'* && $p == *'"fdinfo":true'* ]]; then
			ok shared-what-plain-php-in-one-pool-reaches "as the README says: it cannot open the inherited inotify fd again (/proc/self/fd, php://fd) nor read /proc/self/mem (not dumpable after setuid), but /proc/self/fdinfo lists the inode numbers of every directory either pool watches"
		else
			bad shared-what-plain-php-in-one-pool-reaches "not what the README says: $p"
		fi
	fi
	srv_stop "$MASTER"; MASTER=""
}
run_mode 0
run_mode 1
echo "fpm-pools: $pass passed, $fail failed ($((SECONDS - start_s))s)"
[ $fail -eq 0 ]
