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
# statcache.shared=0 and =1 (shared: watcher silenced, max_staleness_ms=20,
# so within a pool the shared pending flag alone makes a write visible at
# once, and another pool's, another user's, shows within the bound):
#   X-visible-in-own-pool    tests/fpm/client.php "visible" in each pool
#   a-write-seen-by-b        pool b's workers cache a file as missing, pool a
#                            writes it, pool b's workers answer true (other
#                            processes: shared, 50 ms later, past the bound;
#                            per worker, 20 ms later, after their own
#                            watchers saw it)
#   X-differential           100 random operations in each pool, every query
#                            compared with a fresh syscall
#   shared-a-region-per-pool  (shared) the two workers of a pool share one
#                            region and one inotify instance, the other
#                            pool's are others: neither lists a directory
#                            only the other pool's workers watch
#   shared-what-plain-php-in-one-pool-reaches  tests/matrix/peek.php in pool b:
#                            its own instance and region only, nothing of
#                            pool a's (no fd, no watched inode, no region)
#   shared-stopped-drainer-*  a worker of pool a stopped (SIGSTOP) while it
#                            holds a drain: the other worker of a answers
#                            the next change at once (it takes the drain
#                            over), pool b is not slowed, nobody spins
#   shared-ffi-in-one-pool-cannot-blind-another  FFI in pool a reads every
#                            event of the instance it holds; pool b still
#                            sees the change
# Prints PASS/FAIL/SKIP/INFO lines and "fpm-pools: N passed, N failed, N skipped (Ts)".
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=../lib/servers.sh
. "$root/tests/lib/servers.sh"
# shellcheck source=../lib/report.sh
. "$root/tests/lib/report.sh"
report_begin fpm-pools
TMP="" MASTER="" NGINX_PID=""

[ "$(id -u)" = 0 ] || skip "needs root (pools as www-data and nobody)"
for b in "$FPM_BIN" "$NGINX_BIN" php curl pgrep ss; do command -v "$b" >/dev/null || skip "missing $b"; done
id www-data >/dev/null 2>&1 && id nobody >/dev/null 2>&1 || skip "needs users www-data and nobody"
SO=${SC_EXT:-$root/.build/nts/modules/statcache.so}
[ -f "$SO" ] || { bad load "no $SO (build-nts first)"; exit 1; }
NOGROUP=$(id -gn nobody)
FFI_SO=$(php -n -r 'echo ini_get("extension_dir");')/ffi.so
[ -f "$FFI_SO" ] || FFI_SO=""

# the servers of the run (srv_tmp's STOP: at its end, or an early exit)
stop_all() { srv_stop "$MASTER"; srv_stop "$NGINX_PID"; }
srv_tmp pools stop_all www data nginx logs fpm
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

fpm_start() { # shared
	{
		echo "extension=$TMP/statcache.so"
		echo "statcache.shared=$1"
		# shared: every name kept at its first look, as
		# shared-a-region-per-pool counts the watches of each pool's own
		# directories in its own instance
		if [ "$1" = 1 ]; then echo "statcache.first_look=0"; fi
		if [ "$1" = 1 ]; then echo "statcache.test_watcher=0"; echo "statcache.max_staleness_ms=20"; echo "statcache.test_api=1"; fi
		# native code in a worker (check_ffi), where PHP has FFI
		if [ -n "$FFI_SO" ]; then echo "extension=$FFI_SO"; echo "ffi.enable=1"; fi
		echo "display_errors=0"
		echo "log_errors=1"
		echo "error_log=$TMP/logs/php.log"
	} >"$TMP/fpm/php.ini"
	{
		srv_fpm_global no
		srv_fpm_pool a www-data www-data 2 "$TMP/fpm/a.sock" "clear_env = no"
		srv_fpm_pool b nobody "$NOGROUP" 2 "$TMP/fpm/b.sock" "clear_env = no"
	} >"$TMP/fpm/fpm.conf"
	PHP_INI_SCAN_DIR='' srv_fpm_start 4 no -c "$TMP/fpm/php.ini" || return 1
	MASTER=$FPM_MASTER
	# the workers of each pool (static: all forked before the sockets open)
	[ "$(workers a | wc -l)" = 2 ] && [ "$(workers b | wc -l)" = 2 ]
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
# own_dirs POOL: every worker of the pool watches a directory of its own
# (and serves its first request: a worker keeps its user's region then);
# prints "pid:inode" lines
own_dirs() {
	local p r port
	port=$([ "$1" = a ] && echo "$PORT_A" || echo "$PORT_B")
	for p in $(workers "$1"); do
		for _ in $(seq 40); do
			r=$(curl -s -m 10 "http://127.0.0.1:$port/probe.php?op=own&want=$p")
			[[ $r == *'"skip":true'* ]] || break
		done
		echo "$p:$(stat -c %i "$TMP/data/own-$p" 2>/dev/null)"
	done
}
# check_tenants: one region and one instance per pool (user), none shared
check_tenants() {
	local own_a own_b w fd why="" desc="" first_a="" first_b="" ra rb
	own_a=$(own_dirs a) own_b=$(own_dirs b)
	for w in $(workers a) $(workers b); do
		local fds; fds=$(inotify_fds "$w" | paste -sd,)
		desc+=" $w: inotify fds $fds, regions $(region_inodes "$w" | paste -sd,), watches $(watch_inos "$w" "${fds%%,*}" | tr ',' '\n' | grep -c .);"
		[ "$(inotify_fds "$w" | wc -l)" = 1 ] || why+=" $w holds $(inotify_fds "$w" | wc -l) inotify fds;"
		[ "$(region_inodes "$w" | wc -l)" = 1 ] || why+=" $w maps $(region_inodes "$w" | wc -l) regions;"
	done
	for w in $(workers a); do fd=$(inotify_fds "$w" | head -n1)
		if [ -z "$first_a" ]; then first_a="$w:$fd"; ra=$(region_inode "$w")
		else same_file "${first_a%%:*}" "${first_a##*:}" "$w" "$fd" || why+=" pool a's workers hold different instances;"
			[ "$(region_inode "$w")" = "$ra" ] || why+=" pool a's workers map different regions;"; fi
	done
	for w in $(workers b); do fd=$(inotify_fds "$w" | head -n1)
		if [ -z "$first_b" ]; then first_b="$w:$fd"; rb=$(region_inode "$w")
		else same_file "${first_b%%:*}" "${first_b##*:}" "$w" "$fd" || why+=" pool b's workers hold different instances;"
			[ "$(region_inode "$w")" = "$rb" ] || why+=" pool b's workers map different regions;"; fi
	done
	same_file "${first_a%%:*}" "${first_a##*:}" "${first_b%%:*}" "${first_b##*:}" && why+=" pools a and b hold one instance;"
	[ -n "$ra" ] && [ "$ra" = "$rb" ] && why+=" pools a and b map one region;"
	local la lb e
	la=",$(watch_inos "${first_a%%:*}" "${first_a##*:}"),"; lb=",$(watch_inos "${first_b%%:*}" "${first_b##*:}"),"
	for e in $own_a; do [[ $la == *",${e##*:},"* ]] || why+=" a lacks its own-${e%%:*};"; [[ $lb == *",${e##*:},"* ]] && why+=" b lists a's own-${e%%:*};"; done
	for e in $own_b; do [[ $lb == *",${e##*:},"* ]] || why+=" b lacks its own-${e%%:*};"; [[ $la == *",${e##*:},"* ]] && why+=" a lists b's own-${e%%:*};"; done
	if [ -z "$why" ]; then
		ok shared-a-region-per-pool "each pool's 2 workers: one instance and one region, the other pool's are others, and neither lists the other's own directories;$desc"
	else
		bad shared-a-region-per-pool "$why$desc"
	fi
	OWN_A=$own_a
}
# check_peek: what plain PHP in pool b reaches of pool a's
check_peek() {
	local p e why=""
	p=$(curl -s "http://127.0.0.1:$PORT_B/peek.php?region_bytes=$REGION_BYTES")
	info "shared: pool b's reach: $p"
	[[ $p == *'"fd_reopen":false'* && $p == *'"php_fd":false'* && $p == *'"mem_read":false'* ]] || why+=" it reopens the inotify fd or reads its memory;"
	[[ $p == *'"inotify_fds":1,'* ]] || why+=" not exactly one inotify fd;"
	[[ $p == *'"regions":1'* ]] || why+=" not exactly one region;"
	local w; for w in $(workers a); do [[ $p == *"\"stats_pids\":"*"$w"* ]] && why+=" statcache_stats(true) lists pool a's worker $w;"; done
	[[ $p == *'"stats_pids":['*"$(workers b | head -n1)"* || $p == *'"stats_pids":['*"$(workers b | sed -n 2p)"* ]] || why+=" statcache_stats(true) lists none of its own pool's workers;"
	for e in $OWN_A; do [[ $p == *"[${e##*:},"* || $p == *",${e##*:},"* || $p == *",${e##*:}]"* || $p == *"[${e##*:}]"* ]] && why+=" it sees the inode of pool a's own-${e%%:*};"; done
	if [ -z "$why" ]; then
		ok shared-what-plain-php-in-one-pool-reaches "its own instance (fdinfo lists only its pool's watches) and region; it cannot open the fd again (/proc/self/fd, php://fd) nor read /proc/self/mem; nothing of pool a's"
	else
		bad shared-what-plain-php-in-one-pool-reaches "$why $p"
	fi
}
# check_ffi: native code in pool a reads every event of the instance it
# holds; pool b, which cached a name as missing, still sees it made
check_ffi() {
	local r
	[ -n "$FFI_SO" ] || { echo "SKIP shared-ffi-in-one-pool-cannot-blind-another (no ffi.so)"; return; }
	client b warm ffi-target ffi-b-caches-missing | relabel shared >"$TMP/out"; count <"$TMP/out"
	# pool a reads its instance for 600 ms; the name is made meanwhile
	curl -s -m 10 "http://127.0.0.1:$PORT_A/peek.php?op=ffi_drain&ms=600" >"$TMP/ffi.out" &
	sleep 0.3
	echo x >"$TMP/data/ffi-target"
	wait $!
	r=$(cat "$TMP/ffi.out")
	info "shared: pool a's FFI read its instance: $r"
	[[ $r == *'"read":'[1-9]* ]] || { bad shared-ffi-in-one-pool-cannot-blind-another "setup: pool a's FFI read nothing: $r"; return; }
	sleep 0.05
	client b expect ffi-target ffi-in-one-pool-cannot-blind-another | relabel shared >"$TMP/out"; count <"$TMP/out"
}
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null; }
# check_stopped_drainer: a worker of pool a stopped inside its drain
check_stopped_drainer() {
	local a1 a2 b1 hold t0 t1 r rb c0 c1 cb0 cb1 why=""
	a1=$(workers a | sed -n 1p) a2=$(workers a | sed -n 2p) b1=$(workers b | sed -n 1p)
	# a1 writes, then holds its drain 30 s after reading the queue
	curl -s -m 60 "http://127.0.0.1:$PORT_A/probe.php?op=holdwrite&f=held-by-a1&ms=30000&want=$a1" >"$TMP/hold.out" &
	hold=$!
	for _ in $(seq 50); do [ -e "$TMP/data/held-by-a1" ] && break; sleep 0.1; done
	sleep 0.3
	kill -STOP "$a1"
	# a2 writes a name and looks it up (its own write: a sync point, so it
	# must drain, which a1 holds); then another process (this shell) makes
	# a name a2 cached as missing, which a2 must see past the bound
	c0=$(cpu_ticks "$a2") cb0=$(cpu_ticks "$b1")
	t0=$(date +%s%N)
	r=$(curl -s -m 20 "http://127.0.0.1:$PORT_A/probe.php?op=writecheck&f=own-write-a2&want=$a2")
	t1=$(date +%s%N)
	[[ $r == *'"v":true'* ]] || why+=" a2's own write: $r;"
	php -n "$root/tests/fpm/client.php" "$PORT_A" "$TMP/data" "$a2" warm stop-target stopped-warm >/dev/null 2>&1
	echo x >"$TMP/data/stop-target"
	sleep 0.05
	r=$(php -n "$root/tests/fpm/client.php" "$PORT_A" "$TMP/data" "$a2" expect stop-target stopped-drainer-a2-sees-another-process-past-the-bound 2>&1)
	rb=$(client b visible b-while-a-stopped 2>&1 | grep -c '^FAIL')
	sleep 1
	c1=$(cpu_ticks "$a2") cb1=$(cpu_ticks "$b1")
	echo "$r" | relabel shared >"$TMP/out"; count <"$TMP/out"
	info "shared: worker $a1 stopped in its drain; pool a's answer took $(( (t1 - t0) / 1000000 )) ms; CPU ticks over that and 1 s idle: a2 $((c1 - c0)), b1 $((cb1 - cb0))"
	[ "$rb" = 0 ] || why+=" pool b's checks failed while a1 was stopped;"
	[ $(( (t1 - t0) / 1000000 )) -lt 5000 ] || why+=" pool a took $(( (t1 - t0) / 1000000 )) ms;"
	[ $((c1 - c0)) -lt 50 ] || why+=" a2 spent $((c1 - c0)) ticks;"
	kill -CONT "$a1"
	wait "$hold"
	[[ $(cat "$TMP/hold.out") == *'"v":true'* ]] || why+=" a1's own answer after it went on: $(cat "$TMP/hold.out");"
	if [ -z "$why" ]; then
		ok shared-stopped-drainer-nobody-waits "a drain held by a stopped worker delays nobody: pool a answers in $(( (t1 - t0) / 1000000 )) ms, pool b as usual, no spinning, and the stopped worker answers right when it goes on"
	else
		bad shared-stopped-drainer-nobody-waits "$why"
	fi
}
relabel() { sed -E "s/^(PASS|FAIL) /\1 $1-/" | grep -E '^(PASS|FAIL|INFO) '; }
# count < FILE: echo the lines, add them up (not in a pipeline: a subshell would lose the sums)
count() { local out; out=$(cat); echo "$out"; pass=$((pass + $(grep -c '^PASS ' <<<"$out"))); fail=$((fail + $(grep -c '^FAIL ' <<<"$out"))); }

run_mode() {
	local shared=$1 label pause
	label=$([ "$shared" = 1 ] && echo shared || echo per-worker)
	# within a pool, shared: at once (the shared pending flag, the watcher
	# silenced); across pools, and per worker, other processes: within the
	# bound (20 ms; per worker the watcher thread's wake-up)
	pause=$([ "$shared" = 1 ] && echo 0 || echo 20)
	xpause=$([ "$shared" = 1 ] && echo 50 || echo 20)
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
		sleep "0.0$xpause"
		client b expect "x-$label" a-write-seen-by-b
		client a warm "y-$label" a-caches-missing
		curl -s "http://127.0.0.1:$PORT_B/probe.php?op=write&f=y-$label" >/dev/null
		sleep "0.0$xpause"
		client a expect "y-$label" b-write-seen-by-a
	} | relabel "$label" >"$TMP/out"; count <"$TMP/out"
	SC_DIFF_PAUSE_MS=$pause client a diff 11 100 | relabel "$label-a" >"$TMP/out"; count <"$TMP/out"
	SC_DIFF_PAUSE_MS=$pause client b diff 12 100 | relabel "$label-b" >"$TMP/out"; count <"$TMP/out"
	if [ "$shared" = 1 ]; then
		check_tenants
		check_peek
		check_stopped_drainer
		check_ffi
	fi
	srv_stop "$MASTER"; MASTER=""
}
run_mode 0
run_mode 1
report_end
