#!/usr/bin/env bash
# End-to-end tests of shared mode (statcache.shared=1) under php-fpm.
#
#   tests/fpm/run.sh
#
# A private php-fpm (Debian's php8.2-fpm, or SC_FPM_BIN's, pm=static, 4 workers, as
# www-data) behind a private nginx on 127.0.0.1, both started as plain
# child processes from a temp dir (no systemd, no system config read or
# changed; see bench/apps/lib.sh), with a private COPY of statcache.so
# (a rebuild in place crashes a running fpm). statcache.test_watcher=0 and
# statcache.max_staleness_ms=0: only the shared pending flag set by a sync
# point (a PHP write) can make a change visible to another worker (the
# "control" check proves it). Checks:
#   a  (daemonize=no and =yes) every worker caches a file as missing; one
#      worker writes it; every worker's next answer is true
#   b  one inotify instance for the pool (kcmp(2) KCMP_FILE, watch lists in
#      /proc/PID/fdinfo), and one per worker with statcache.shared=0
#   c  SIGKILL of a worker mid-traffic: respawned, the pool keeps serving,
#      answers stay right, the new worker sees the next write; c2: SIGKILL
#      inside a drain (strace injects it): another worker takes over
#   d  statcache_stats(true) sums the hits of every worker
#   e  differential: 300 random writes/deletes/mkdirs/queries through random
#      workers, each query compared with a fresh syscall (relative path)
#   f  reload (SIGUSR2, the master re-execs): a new region, it still works,
#      no inotify instance leaked
#   g  the default statcache.watcher (auto: no watcher thread on NTS with
#      the default bound) and staleness bound, shared: every worker has one
#      task and says "lookup"; one worker's write is seen at once by the
#      others; a file made outside the pool is seen by every worker through
#      the drains of the bound
#   h  small caps (statcache.max_entries=256, max_watches=16), shared:
#      every worker's table and the pool's files' watches past them, then
#      the differential check of e over 80 more names: every answer a fresh
#      syscall's, results and files' watches evicted along the way
#
# Env: SC_EXT=/abs/statcache.so (default .build/nts/modules/statcache.so,
#      built with scripts/test.sh --quick build-nts when missing)
#      SC_KEEP_TMP=1 keeps the temp dir (logs) after the run.
#      SC_FPM_BIN, SC_NGINX_BIN: the servers (default Debian's paths)
#      SC_FPM_PAUSE=SECONDS (debugging) sleep after check a of run 1, with
#      the port, data dir and pids printed, to poke at the pool by hand.
# Prints "PASS name" / "FAIL name" / "SKIP fpm (reason)" lines, INFO lines,
# and "fpm: N passed, N failed, N skipped (Ts)"; exits 1 if any check failed, 0 on skip.
# Needs root, php8.2-fpm, php8.2-cli, nginx (installed with apt-get when
# missing), curl, perl (kcmp(2) for "same instance"), strace (c2 only).
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=../lib/servers.sh
. "$root/tests/lib/servers.sh"
# shellcheck source=../lib/opcache.sh
. "$root/tests/lib/opcache.sh"
NWORKERS=4
# shellcheck source=../lib/report.sh
. "$root/tests/lib/report.sh"
report_begin fpm
TMP="" FPM_MASTER="" NGINX_PID="" LOOP_PID="" STRACE_PID="" PORT=""

# ---- environment ---------------------------------------------------------------

[ "$(id -u)" = 0 ] || skip "needs root (php-fpm workers as www-data, /proc of other users)"
[ "$(uname -s)" = Linux ] || skip "Linux only"
# the packages of SC_FPM_BIN's PHP (php-fpm8.4 in the PHP 8.4 chroot)
srv_install "php${FPM_BIN##*php-fpm}-fpm" "php${FPM_BIN##*php-fpm}-cli" nginx ||
	skip "php${FPM_BIN##*php-fpm}-fpm/nginx not installed and apt-get install failed"
for b in "$FPM_BIN" "$NGINX_BIN" php perl curl pgrep ss; do
	command -v "$b" >/dev/null || skip "missing $b"
done
id www-data >/dev/null 2>&1 || skip "no www-data user"

SO=${SC_EXT:-$root/.build/nts/modules/statcache.so}
if [ ! -f "$SO" ]; then
	[ -z "${SC_EXT:-}" ] || { bad build "SC_EXT=$SO does not exist"; exit 1; }
	"$root/scripts/test.sh" --quick build-nts >&2 || { bad build "scripts/test.sh --quick build-nts failed"; exit 1; }
fi

# ---- temp dir, cleanup -----------------------------------------------------------

# what the run started, last first (srv_tmp's STOP: at its end, or an early exit)
stop_all() {
	srv_stop "$LOOP_PID"
	srv_stop "$STRACE_PID"
	fpm_stop
	srv_stop "$NGINX_PID"
}
srv_tmp fpm stop_all www data nginx logs fpm
cp "$here/probe.php" "$TMP/www/probe.php"
chmod 644 "$TMP/www/probe.php"
chown www-data:www-data "$TMP/data" "$TMP/logs"
chmod 777 "$TMP/logs"
fs=$(stat -f -c %T "$TMP/data")
case $fs in ext2/ext3|xfs|btrfs|tmpfs) ;; *) skip "$TMP is on '$fs', which statcache does not trust";; esac
cp "$SO" "$TMP/statcache.so" && chmod 644 "$TMP/statcache.so"
php -n -d extension="$TMP/statcache.so" -r 'exit(extension_loaded("statcache") ? 0 : 1);' 2>/dev/null ||
	{ bad load "$SO does not load"; exit 1; }
client() { php -n "$here/client.php" "$PORT" "$TMP/data" "$(workers | paste -sd,)" "$@"; }

# ---- php-fpm -----------------------------------------------------------------------

# fpm_start SHARED DAEMONIZE [EXT [WATCHER]]: the pool as www-data on a unix
# socket; sets FPM_MASTER (from the pid file: with daemonize=yes the process
# we start exits after forking the master). EXT=none starts it without
# statcache. WATCHER=default keeps statcache.watcher, test_watcher and
# max_staleness_ms at their defaults (else: the watcher silenced, no bound).
# FPM_EXTRA_INI: more settings, NAME=VALUE separated by spaces.
fpm_start() {
	local shared=$1 daemonize=$2 ext=${3:-statcache} watcher=${4:-silenced}
	{
		[ "$ext" = none ] || echo "extension=$TMP/statcache.so"
		sc_opcache_load "$FPM_BIN"
		echo "opcache.enable=1"
		echo "statcache.shared=$shared"
		if [ "$watcher" != default ]; then
			echo "statcache.test_watcher=0"
			echo "statcache.max_staleness_ms=0"
		fi
		# shellcheck disable=SC2086 # one setting a word
		[ -z "${FPM_EXTRA_INI:-}" ] || printf '%s\n' $FPM_EXTRA_INI
		echo "display_errors=0"
		echo "log_errors=1"
		echo "error_log=$TMP/logs/php.log"
	} > "$TMP/fpm/php.ini"
	srv_fpm_conf $NWORKERS "$daemonize" "catch_workers_output = yes" "clear_env = no"
	PHP_INI_SCAN_DIR='' srv_fpm_start $NWORKERS "$daemonize" -c "$TMP/fpm/php.ini"
}
workers() { [ -n "$FPM_MASTER" ] && pgrep -P "$FPM_MASTER" | sort -n; }
fpm_stop() {
	# (with daemonize=yes the master is not our child: srv_stop's wait is a no-op)
	srv_stop "$FPM_MASTER"
	FPM_MASTER=""
}
# Starts the pool or ends the run: SKIP when php-fpm cannot start even
# without statcache, FAIL when only statcache's presence stops it.
fpm_start_or_end() { # shared daemonize [watcher]
	fpm_start "$1" "$2" statcache "${3:-silenced}" && return 0
	local log; log=$(tail -q -n 3 "$TMP/logs/fpm.log" "$TMP/logs/fpm.out" 2>/dev/null | tr '\n' ' ')
	fpm_stop
	if fpm_start "$1" "$2" none "${3:-silenced}"; then
		fpm_stop
		bad "fpm-starts-with-statcache(shared=$1,daemonize=$2)" "php-fpm starts without statcache but not with it: $log"
		exit 1
	fi
	fpm_stop
	skip "php-fpm does not start: $log"
}
wait_workers() { # pids-to-be-gone... : until NWORKERS workers, none of them listed
	local w ok
	for _ in $(seq 100); do
		mapfile -t cur < <(workers)
		ok=1
		[ ${#cur[@]} -eq $NWORKERS ] || ok=0
		for w in "$@"; do [[ " ${cur[*]} " == *" $w "* ]] && ok=0; done
		[ $ok = 1 ] && return 0
		sleep 0.1
	done
	return 1
}

# ---- nginx (one for the whole run; fpm's socket path does not change) ------------

PORT=$(srv_free_port 18680 18730) || skip "no free TCP port in 18680-18730"
srv_nginx_run "$(srv_nginx_server "$PORT" "$TMP/www" "$TMP/fpm/fpm.sock" \
	"fastcgi_param SC_DATA $TMP/data;" "fastcgi_keep_conn off;")" || skip "$SRV_WHY"

# ---- /proc: inotify instances ------------------------------------------------------

[ -n "$KCMP_NR" ] || skip "no kcmp(2) syscall number known for $(uname -m)"
# Prints "total distinct per-process-counts" over the master and its workers,
# and sets INST_LIST (pid:fd lines) and INST_DISTINCT (one pid:fd per instance).
count_instances() {
	local p fd d found
	INST_LIST=() INST_DISTINCT=()
	local counts=()
	for p in "$FPM_MASTER" $(workers); do
		local n=0
		for fd in $(inotify_fds "$p"); do
			n=$((n + 1)); INST_LIST+=("$p:$fd")
			found=0
			for d in "${INST_DISTINCT[@]}"; do
				same_file "$p" "$fd" "${d%%:*}" "${d##*:}" && { found=1; break; }
			done
			[ $found = 0 ] && INST_DISTINCT+=("$p:$fd")
		done
		counts+=("$p=$n")
	done
	echo "${#INST_LIST[@]} ${#INST_DISTINCT[@]} ${counts[*]}"
}
own_dirs() { # ask every worker to watch a directory of its own; prints "pid:inode" lines
	local p
	for p in $(workers); do
		curl -s -m 10 "http://127.0.0.1:$PORT/probe.php?op=own&want=$p" >/dev/null
	done
	# (retried until each worker answered: round-robin accept makes it cheap)
	for p in $(workers); do
		for _ in $(seq 40); do [ -d "$TMP/data/own-$p" ] && break
			curl -s -m 10 "http://127.0.0.1:$PORT/probe.php?op=own&want=$p" >/dev/null; done
		echo "$p:$(stat -c %i "$TMP/data/own-$p" 2>/dev/null)"
	done
}
# check b: shared=1 expects the master's instances (one per tenant), the
# workers sharing one of them, whose every list holds every worker's own dir; shared=0 expects no instance in the master, one per
# worker, each list holding only its own dir.
check_instances() { # name shared
	local name=$1 shared=$2 total distinct counts ownmap p fd list w ino okl=1 why=""
	mapfile -t ownmap < <(own_dirs)
	read -r total distinct counts <<< "$(count_instances)"
	local w1 w1fd; w1=$(workers | head -n1); w1fd=$(inotify_fds "$w1" | head -n1)
	for e in "${INST_LIST[@]}"; do
		p=${e%%:*} fd=${e##*:}
		# the master's other tenants' instances watch nothing of this pool
		[ "$shared" = 1 ] && [ "$p" = "$FPM_MASTER" ] && ! same_file "$p" "$fd" "$w1" "$w1fd" && continue
		list=",$(watch_inos "$p" "$fd"),"
		for w in "${ownmap[@]}"; do
			ino=${w##*:}
			if [ "$shared" = 1 ] || [ "${w%%:*}" = "$p" ]; then
				[[ $list == *",$ino,"* ]] || { okl=0; why+=" $p lacks own-${w%%:*}"; }
			else
				[[ $list == *",$ino,"* ]] && { okl=0; why+=" $p lists own-${w%%:*}"; }
			fi
		done
	done
	local regions; regions=$(for p in $(workers); do echo "$p=$(region_inode "$p")"; done | paste -sd' ')
	local nreg; nreg=$(for p in $(workers); do region_inodes "$p"; done | sort -u | grep -c .)
	local mregs; mregs=$(region_inodes "$FPM_MASTER" | paste -sd,)
	local desc="inotify fds: $total over master+workers ($counts), distinct instances (kcmp): $distinct; region inode per worker: $regions; the master's: $mregs"
	info "$name: $desc"
	if [ "$shared" = 1 ]; then
		# the master holds one instance and one region per tenant; the
		# workers (one user) share one of each, which the master holds too
		local mfds; mfds=$(inotify_fds "$FPM_MASTER" | wc -l)
		[[ $regions == *"= "* || $regions == *= ]] && { okl=0; why+=" a worker maps no shared region"; }
		[ "$nreg" = 1 ] || { okl=0; why+=" the workers map $nreg regions"; }
		[[ ",$mregs," == *",$(region_inode "$(workers | head -n1)"),"* ]] || { okl=0; why+=" the master does not map the workers' region"; }
		[ "$(region_inodes "$FPM_MASTER" | grep -c .)" = $SHARED_USERS ] || { okl=0; why+=" the master maps not $SHARED_USERS regions"; }
		if [ "$distinct" = $SHARED_USERS ] && [ "$total" = $((NWORKERS + SHARED_USERS)) ] && [ "$mfds" = $SHARED_USERS ] && [ $okl = 1 ]; then
			ok "$name" "$desc; the workers share one of the master's $SHARED_USERS instances, and every fd of it lists all $NWORKERS workers' own dirs"
		else
			bad "$name" "want $SHARED_USERS instances in the master, the workers sharing one of them; $desc;$why"
		fi
	else
		local mfds; mfds=$(inotify_fds "$FPM_MASTER" | wc -l)
		[ "$nreg" = 0 ] || { okl=0; why+=" a shared region is mapped"; }
		if [ "$distinct" = $NWORKERS ] && [ "$total" = $NWORKERS ] && [ "$mfds" = 0 ] && [ $okl = 1 ]; then
			ok "$name" "$desc; each lists only its own dir"
		else
			bad "$name" "want one instance per worker, none in the master; $desc;$why"
		fi
	fi
}
crashes() { grep -c 'exited on signal' "$TMP/logs/fpm.log" 2>/dev/null || true; }
run_client() { # prints the client's lines and counts PASS/FAIL
	local line
	while IFS= read -r line; do
		echo "$line"
		case $line in PASS\ *) pass=$((pass + 1)) ;; FAIL\ *) fail=$((fail + 1)) ;; esac
	done < <(client "$@" 2>&1)
}

# ---- run 1: shared, daemonize=no: a b c d e f --------------------------------------------

fpm_start_or_end 1 no
info "run 1: shared=1 daemonize=no, master $FPM_MASTER, workers $(workers | paste -sd,)"
run_client visible a-daemonize-no control
if [ -n "${SC_FPM_PAUSE:-}" ]; then echo "PAUSE port $PORT data $TMP/data master $FPM_MASTER workers $(workers | paste -sd,)"; sleep "$SC_FPM_PAUSE"; fi
check_instances b-one-instance-for-the-pool 1

# c: SIGKILL a worker while a loop of requests runs
before=$(workers | paste -sd,)
victim=$(workers | sed -n 2p)
crash0=$(crashes)
client loop 3 > "$TMP/logs/loop.out" 2>&1 &
LOOP_PID=$!
sleep 1
kill -KILL "$victim"
wait "$LOOP_PID"; LOOP_PID=""
loop=$(cat "$TMP/logs/loop.out")
info "c: killed worker $victim of $before; $loop"
if wait_workers "$victim"; then
	ok c-worker-respawned "workers now $(workers | paste -sd,)"
else
	bad c-worker-respawned "workers now $(workers | paste -sd,)"
fi
if [[ $loop =~ requests=([0-9]+)\ errors=([0-9]+)\ wrong=([0-9]+)\ last_error_at=(-?[0-9]+) ]]; then
	n=${BASH_REMATCH[1]} e=${BASH_REMATCH[2]} w=${BASH_REMATCH[3]} last=${BASH_REMATCH[4]}
	# at most the one request the victim was running may fail, and none at the end
	if [ "$e" -le 1 ] && [ "$n" -ge 40 ] && { [ "$last" -lt 0 ] || [ "$last" -lt $((n - 20)) ]; }; then
		ok c-pool-keeps-serving "$n requests, $e failed"
	else
		bad c-pool-keeps-serving "$loop"
	fi
	if [ "$w" = 0 ]; then ok c-answers-stay-right "0 wrong of $((n / 2)) checks"; else bad c-answers-stay-right "$loop"; fi
else
	bad c-pool-keeps-serving "loop client: $loop"
fi
run_client visible c-after-kill
crash1=$(crashes)
[ "$crash0" = "$crash1" ] || info "c: fpm.log reports $((crash1 - crash0)) worker(s) exited on signal (the SIGKILL counts)"

# c2: SIGKILL of a worker in the middle of a drain (strace injects the kill at
# the drain's poll() of its queue and the mount table): the next
# worker that waits for the drain sees its pid gone, drops everything (a
# flush) and takes over; nobody hangs, nobody answers from before the write.
c2_killed_mid_drain() {
	local victim r spid flushes0 flushes1
	if ! command -v strace >/dev/null; then echo "SKIP c2-killed-mid-drain (no strace)"; return; fi
	victim=$(workers | sed -n 3p)
	run_client warm c2-target c2-warm
	flushes0=$(curl -s -m 10 "http://127.0.0.1:$PORT/probe.php?op=stats" | sed -n 's/.*"flushes":\([0-9]*\).*/\1/p')
	# only the main thread (no -f): the request path calls poll() once on the
	# FastCGI socket, then the drain polls its queue and the mount table: the 2nd poll()
	strace -qq -o /dev/null -p "$victim" -e trace=poll -e inject=poll:signal=SIGKILL:when=2 2>/dev/null &
	spid=$! STRACE_PID=$!
	for _ in $(seq 50); do
		[ "$(awk '/^TracerPid:/ {print $2}' "/proc/$victim/status" 2>/dev/null)" = "$spid" ] && break; sleep 0.1
	done
	if [ "$(awk '/^TracerPid:/ {print $2}' "/proc/$victim/status" 2>/dev/null)" != "$spid" ]; then
		srv_stop "$spid"; STRACE_PID=""
		echo "SKIP c2-killed-mid-drain (strace cannot attach to worker $victim)"; return
	fi
	for _ in $(seq 40); do
		r=$(curl -s -m 10 "http://127.0.0.1:$PORT/probe.php?op=writecheck&f=c2-target&g=c2-target&want=$victim")
		[[ $r == *'"skip":true'* ]] || break
	done
	for _ in $(seq 30); do kill -0 "$victim" 2>/dev/null || break; sleep 0.1; done
	srv_stop "$spid"; STRACE_PID=""
	if kill -0 "$victim" 2>/dev/null || [ ! -e "$TMP/data/c2-target" ]; then
		bad c2-killed-mid-drain "setup: worker $victim alive=$(kill -0 "$victim" 2>/dev/null && echo yes || echo no), file written=$([ -e "$TMP/data/c2-target" ] && echo yes || echo no), answer: ${r:0:80}"
		return
	fi
	info "c2: worker $victim killed inside its drain after writing c2-target (its answer: $(echo "${r:0:40}" | tr -d '\n'))"
	wait_workers "$victim" || info "c2: no respawn yet"
	run_client expect c2-target c2-next-answers-after-killed-drainer
	flushes1=$(curl -s -m 10 "http://127.0.0.1:$PORT/probe.php?op=stats" | sed -n 's/.*"flushes":\([0-9]*\).*/\1/p')
	if [ -n "$flushes0" ] && [ -n "$flushes1" ] && [ "$flushes1" -gt "$flushes0" ]; then
		ok c2-takeover-flushes "pool flushes $flushes0 -> $flushes1"
	else
		bad c2-takeover-flushes "pool flushes $flushes0 -> $flushes1 (the drain the dead worker left was not taken over?)"
	fi
}
c2_killed_mid_drain

run_client stats
run_client diff 20240601 300

# f: reload
read -r total_b distinct_b counts_b <<< "$(count_instances)"
region_b=$(region_inode "$(workers | head -n1)")
old=$(workers)
master_b=$FPM_MASTER
kill -USR2 "$FPM_MASTER"
# shellcheck disable=SC2086
if wait_workers $old && [ -S "$TMP/fpm/fpm.sock" ]; then
	[ "$(cat "$TMP/fpm/fpm.pid" 2>/dev/null)" = "$master_b" ] || info "f: pid file now says $(cat "$TMP/fpm/fpm.pid" 2>/dev/null)"
	region_a=$(region_inode "$(workers | head -n1)")
	regions=$(for p in $(workers); do region_inode "$p"; done | sort -u | paste -sd,)
	read -r total_a distinct_a counts_a <<< "$(count_instances)"
	info "f: before reload $total_b inotify fds / $distinct_b instance(s) ($counts_b), region inode $region_b; after: workers $(workers | paste -sd,), region inode(s) $regions"
	if [ -n "$region_a" ] && [ "$region_a" != "$region_b" ] && [ "$regions" = "$region_a" ]; then
		ok f-reload-new-region "region /dev/zero inode $region_b -> $region_a, shared by every new worker"
	else
		bad f-reload-new-region "region inode before $region_b, after (per worker) $regions"
	fi
	run_client visible f-after-reload
	read -r total_a distinct_a counts_a <<< "$(count_instances)"
	if [ "$distinct_a" = "$distinct_b" ] && [ "$total_a" = "$total_b" ]; then
		ok f-reload-leaks-no-instance "inotify fds over master+workers: before $total_b ($distinct_b instance), after $total_a ($counts_a; $distinct_a instance)"
	else
		bad f-reload-leaks-no-instance "before $total_b fds/$distinct_b instances ($counts_b); after $total_a/$distinct_a ($counts_a)"
	fi
else
	bad f-reload "no $NWORKERS new workers after SIGUSR2 (workers: $(workers | paste -sd,); master alive: $(kill -0 "$master_b" 2>/dev/null && echo yes || echo no))"
	FPM_MASTER=$master_b
fi
n=$(crashes)
if [ "$n" -le 2 ]; then ok run1-no-crash "fpm.log: $n worker exit(s) on signal (the SIGKILLs of c and c2)"; else bad run1-no-crash "$(grep 'exited on signal' "$TMP/logs/fpm.log" | head -n 3 | tr '\n' ' ')"; fi
fpm_stop

# ---- run 2: shared, daemonize=yes: a b ---------------------------------------------------

: > "$TMP/logs/fpm.log"
fpm_start_or_end 1 yes
info "run 2: shared=1 daemonize=yes, master $FPM_MASTER (from the pid file), workers $(workers | paste -sd,)"
run_client visible a-daemonize-yes control
check_instances b-one-instance-daemonized 1
fpm_stop

# ---- run 3: per-worker (shared=0): b ---------------------------------------------------------

: > "$TMP/logs/fpm.log"
fpm_start_or_end 0 no
info "run 3: shared=0 daemonize=no, master $FPM_MASTER, workers $(workers | paste -sd,)"
check_instances b-one-instance-per-worker-when-not-shared 0
n=$(crashes)
[ "$n" = 0 ] || bad runs23-no-crash "$(grep 'exited on signal' "$TMP/logs/fpm.log" | head -n 3 | tr '\n' ' ')"
fpm_stop

# ---- run 4: shared, the default watcher and bound: g ------------------------------------

: > "$TMP/logs/fpm.log"
fpm_start_or_end 1 no default
info "run 4: shared=1 daemonize=no, statcache.watcher and max_staleness_ms at their defaults, master $FPM_MASTER, workers $(workers | paste -sd,)"
run_client warm g-outside g-warm
watcher_of() { # pid: statcache_stats()['watcher'] in that worker (retried until it answers)
	local r
	for _ in $(seq 200); do
		r=$(curl -s -m 10 "http://127.0.0.1:$PORT/probe.php?op=stats&want=$1")
		[[ $r == *'"skip":true'* ]] || break
	done
	sed -n 's/.*"watcher":"\([a-z]*\)".*/\1/p' <<<"$r"
}
tasks=$(for p in $(workers); do echo "$p:$(ls "/proc/$p/task" | wc -l):$(watcher_of "$p")"; done | paste -sd' ')
g_ok=1
for t in $tasks; do [[ $t == *:1:lookup ]] || g_ok=0; done
if [ $g_ok = 1 ]; then
	ok g-one-task-per-worker-no-watcher-thread "pid:tasks:watcher $tasks"
else
	bad g-one-task-per-worker-no-watcher-thread "want 1 task and watcher=lookup per worker; pid:tasks:watcher $tasks"
fi
run_client visible g-lookup
touch "$TMP/data/g-outside" && chmod 666 "$TMP/data/g-outside"
run_client eventually g-outside g-outside-write-seen-by-every-worker
n=$(crashes)
[ "$n" = 0 ] || bad run4-no-crash "$(grep 'exited on signal' "$TMP/logs/fpm.log" | head -n 3 | tr '\n' ' ')"
fpm_stop

# ---- run 5: shared, small caps: h ----------------------------------------------------------

: > "$TMP/logs/fpm.log"
FPM_EXTRA_INI="statcache.max_entries=256 statcache.max_watches=16" fpm_start_or_end 1 no
info "run 5: shared=1 daemonize=no, statcache.max_entries=256 statcache.max_watches=16, master $FPM_MASTER, workers $(workers | paste -sd,)"
run_client caps fill
run_client diff 20240605 600 40
run_client caps check
n=$(crashes)
[ "$n" = 0 ] || bad run5-no-crash "$(grep 'exited on signal' "$TMP/logs/fpm.log" | head -n 3 | tr '\n' ' ')"
fpm_stop

report_end
