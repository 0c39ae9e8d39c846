#!/usr/bin/env bash
# Apache 2.4 mpm_prefork + Debian's libapache2-mod-php8.2 with statcache.
#
#   tests/matrix/apache.sh
#
# A private Apache (started by tests/lib/servers.sh: ServerRoot, config,
# pid file, logs in a temp dir; no systemd, no apache2ctl environment, not
# -X: the real prefork parent with 3 children as www-data) on a free
# 127.0.0.1 port serves tests/fpm/probe.php
# through mod_php, with a private php.ini (PHP_INI_SCAN_DIR empty: nothing
# of /etc/php is read) that loads a private COPY of statcache.so.
# Checks, for statcache.shared=0 (per worker) and =1:
#   visible    every child caches a file as missing, one child writes it,
#              every child's next answer is true (per worker: 20 ms after the
#              write, the staleness bound's drains; shared: with the watcher
#              silenced and max_staleness_ms=0, so only the shared pending
#              flag can explain it: "control" shows a write by this script,
#              which is no sync point, stays unseen until then)
#   stats      statcache_stats(true) sums every child (shared only)
#   diff       200 (after the restarts 100) random writes/deletes/mkdirs/queries through random
#              children, each query compared with a fresh syscall (per
#              worker: 20 ms after a write, well over the 5 ms staleness
#              bound, since another child's write is seen by its watcher)
#   graceful   20 `apache2 -k graceful` restarts (MSHUTDOWN + MINIT in the
#              same parent): after each, children answer again (the checks
#              above rerun after the last) and the counts in /proc of the
#              parent and of each child (fds, inotify instances, threads,
#              mappings, /dev/zero shared mappings, VmSize) after restart 20
#              equal those after restart 1, or grew no more than the same 20
#              restarts grow them without statcache (the control run);
#              shared: every restart maps a new region (new /dev/zero inode)
# Prints "PASS name" / "FAIL name" / "SKIP apache (reason)" / "INFO" lines and
# "apache: N passed, N failed, N skipped (Ts)"; exits 1 if a check failed, 0 on skip.
# Env: SC_EXT (default .build/nts/modules/statcache.so), SC_KEEP_TMP=1,
#      SC_APACHE_RESTARTS (default 20).
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
RESTARTS=${SC_APACHE_RESTARTS:-20}
NCHILD=3
# shellcheck source=../lib/servers.sh
. "$root/tests/lib/servers.sh"
# shellcheck source=../lib/report.sh
. "$root/tests/lib/report.sh"
report_begin apache
TMP=""

[ "$(id -u)" = 0 ] || skip "needs root (children as www-data, /proc of other users)"
[ -x "$APACHE_BIN" ] || skip "no $APACHE_BIN (apt-get install apache2)"
[ -f "$APACHE_PHP_MOD" ] || skip "no $APACHE_PHP_MOD (apt-get install libapache2-mod-php8.2)"
[ -f "$APACHE_MODS/mod_mpm_prefork.so" ] || skip "no mod_mpm_prefork"
id www-data >/dev/null 2>&1 || skip "no www-data user"
for b in php curl ss pgrep; do command -v "$b" >/dev/null || skip "missing $b"; done
SO=${SC_EXT:-$root/.build/nts/modules/statcache.so}
[ -f "$SO" ] || { bad load "no $SO (build-nts first)"; exit 1; }

srv_tmp apache srv_apache_stop www data logs php
cp "$root/tests/fpm/probe.php" "$TMP/www/probe.php"
chown www-data:www-data "$TMP/data"
cp "$SO" "$TMP/statcache.so" && chmod 644 "$TMP/statcache.so"
fs=$(stat -f -c %T "$TMP/data")
case $fs in ext2/ext3|xfs|btrfs|tmpfs) ;; *) skip "$TMP is on '$fs', which statcache does not trust";; esac
srv_apache_conf $NCHILD "$TMP/www" "/probe.php?op=check&f=x" "SetEnv SC_DATA $TMP/data" "PHPINIDir $TMP/php" ||
	skip "$SRV_WHY"

# php_ini SHARED|none: the php.ini mod_php reads (and nothing else)
php_ini() {
	{
		echo "display_errors=0"
		echo "log_errors=1"
		echo "error_log=$TMP/logs/php.log"
		[ "$1" = none ] && return
		echo "extension=$TMP/statcache.so"
		echo "statcache.shared=$1"
		if [ "$1" = 1 ]; then
			# only the shared pending flag can make another child's write visible
			echo "statcache.test_watcher=0"
			echo "statcache.max_staleness_ms=0"
		fi
	} >"$TMP/php/php.ini"
}

client() { php -n "$root/tests/fpm/client.php" "$PORT" "$TMP/data" "$(srv_apache_children | paste -sd,)" "$@"; }

# sample PID: "fds inotify threads maps devzero vmsize_kB"
sample() {
	local p=$1
	local fds ino thr maps zero vm
	fds=$(ls "/proc/$p/fd" 2>/dev/null | wc -l)
	ino=$(find "/proc/$p/fd" -lname 'anon_inode:inotify' 2>/dev/null | wc -l)
	thr=$(awk '/^Threads:/ {print $2}' "/proc/$p/status")
	maps=$(wc -l <"/proc/$p/maps")
	zero=$(grep -c '/dev/zero (deleted)' "/proc/$p/maps")
	vm=$(awk '/^VmSize:/ {print $2}' "/proc/$p/status")
	echo "$fds $ino $thr $maps $zero $vm"
}
# the largest of each count over the children
sample_children() {
	local c
	for c in $(srv_apache_children); do sample "$c"; done |
		awk '{for (i = 1; i <= NF; i++) if ($i > m[i]) m[i] = $i} END {print m[1]+0, m[2]+0, m[3]+0, m[4]+0, m[5]+0, m[6]+0}'
}
zero_inodes() { # the /dev/zero shared mappings' inodes in the children
	local c
	for c in $(srv_apache_children); do awk '/\/dev\/zero \(deleted\)/ {print $5}' "/proc/$c/maps"; done | sort -u | paste -sd,
}
# Every child looks up a few files (per-worker mode starts its watcher then).
touch_children() {
	php -n -r 'for ($i = 0; $i < 12; $i++) { @file_get_contents("http://127.0.0.1:" . $argv[1] . "/probe.php?op=own"); }' "$PORT"
}

# restarts LABEL: RESTARTS graceful restarts; sets R1_P R1_C RN_P RN_C (samples)
restarts() {
	local label=$1 n inodes prev_inodes new_regions=0
	for n in $(seq "$RESTARTS"); do
		[ "$label" = shared ] && prev_inodes=$(zero_inodes)
		PHP_INI_SCAN_DIR='' srv_apache_graceful || { bad "$label-graceful" "restart $n: $SRV_WHY"; return 1; }
		touch_children
		if [ "$label" = shared ]; then
			inodes=$(zero_inodes)
			[ "$inodes" != "$prev_inodes" ] && new_regions=$((new_regions + 1))
		fi
		if [ "$n" = 1 ]; then R1_P=$(sample "$APACHE_PARENT"); R1_C=$(sample_children); fi
	done
	RN_P=$(sample "$APACHE_PARENT"); RN_C=$(sample_children)
	NEW_REGIONS=$new_regions
	return 0
}

# run_mode SHARED: one server, the checks, the restarts
declare -A GROWTH=()
run_mode() {
	local shared=$1 label tag
	label=$([ "$shared" = 1 ] && echo shared || echo per-worker)
	[ "$shared" = none ] && label=control
	php_ini "$shared"
	rm -rf "${TMP:?}/data/"*
	if ! PHP_INI_SCAN_DIR='' srv_apache_start; then
		bad "$label-start" "$SRV_WHY"
		srv_apache_stop; return
	fi
	info "$label: parent $APACHE_PARENT, children $(srv_apache_children | paste -sd' ')"
	if [ "$shared" != none ]; then
		local mode
		mode=$(php -n -r "echo json_decode(file_get_contents('http://127.0.0.1:$PORT/probe.php?op=stats'), true)['mode'] ?? 'none';")
		info "$label: statcache mode '$mode'"
		checks "$shared" "$label" first
	fi
	local before_p before_c
	touch_children
	before_p=$(sample "$APACHE_PARENT"); before_c=$(sample_children)
	info "$label: before restarts: parent [fds inotify threads maps devzero vmsize] $before_p, child max $before_c"
	if restarts "$label"; then
		info "$label: after restart 1: parent $R1_P, child max $R1_C"
		info "$label: after restart $RESTARTS: parent $RN_P, child max $RN_C"
		GROWTH[$label]="$(paste -d' ' <(tr ' ' '\n' <<<"$R1_P") <(tr ' ' '\n' <<<"$RN_P") | awk '{printf "%d ", $2 - $1}')|$(paste -d' ' <(tr ' ' '\n' <<<"$R1_C") <(tr ' ' '\n' <<<"$RN_C") | awk '{printf "%d ", $2 - $1}')"
		info "$label: growth over restarts 2..$RESTARTS (parent | child) ${GROWTH[$label]}"
		if [ "$shared" = 1 ]; then
			[ "$NEW_REGIONS" = "$RESTARTS" ] && ok shared-new-region-each-restart "$RESTARTS of $RESTARTS restarts mapped a new shared region" ||
				bad shared-new-region-each-restart "only $NEW_REGIONS of $RESTARTS restarts changed the children's /dev/zero mappings"
		fi
		[ "$shared" != none ] && checks "$shared" "$label" "after-$RESTARTS-restarts"
	fi
	srv_apache_stop
}

# checks SHARED LABEL WHEN: answers right, across children
checks() {
	local shared=$1 label=$2 when=$3 out
	if [ "$shared" = 1 ]; then
		out=$(client visible "$when" control; client stats)
	else
		# other children are other processes: seen by the bound's drains (5 ms)
		out=$(SC_VISIBLE_WAIT_MS=20 client visible "$when")
	fi
	out+=$'\n'$(SC_DIFF_PAUSE_MS=$([ "$shared" = 1 ] && echo 0 || echo 20) client diff 7 "$([ "$when" = first ] && echo 200 || echo 100)")
	sed -E -e "s/^(PASS|FAIL) (differential|stats)/\1 $when-\2/" -e "s/^(PASS|FAIL) /\1 $label-/" <<<"$out" | grep -E '^(PASS|FAIL|INFO) '
	pass=$((pass + $(grep -c '^PASS ' <<<"$out"))); fail=$((fail + $(grep -c '^FAIL ' <<<"$out")))
}

run_mode none
run_mode 0
run_mode 1

# flat: the counts of interest grew no more than without statcache
flat() {
	local label=$1 ctl=${GROWTH[control]:-} got=${GROWTH[$1]:-}
	[ -n "$got" ] && [ -n "$ctl" ] || { bad "$label-flat" "no samples (control '$ctl', $label '$got')"; return; }
	local names=(fds inotify threads maps devzero vmsize_kB) why="" side i a b tol
	for side in 1 2; do
		read -ra a <<<"$(cut -d'|' -f$side <<<"$ctl")"
		read -ra b <<<"$(cut -d'|' -f$side <<<"$got")"
		for i in 0 1 2 3 4 5; do
			# VmSize moves with where libphp is mapped again: 1 MB of slack, less
			# than one region (256 KB per worker, 450 KB shared) leaked per restart
			tol=$([ $i = 5 ] && echo 1024 || echo 0)
			if [ "${b[$i]}" -gt 0 ] && [ "${b[$i]}" -gt $((a[i] + tol)) ]; then
				why+=" $([ $side = 1 ] && echo parent || echo child) ${names[$i]} +${b[$i]} (control +${a[$i]})"
			fi
		done
	done
	[ -z "$why" ] && ok "$label-flat-over-$RESTARTS-graceful-restarts" "growth parent|child: $got; control $ctl" ||
		bad "$label-flat-over-$RESTARTS-graceful-restarts" "$why"
}
flat per-worker
flat shared

report_end
