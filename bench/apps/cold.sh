#!/usr/bin/env bash
# Cold start: the syscalls of a new php-fpm worker's first requests, and of
# one CLI run of the app, statcache loaded-but-off vs on (counts: the
# machine's load does not move them).
#
#   bench/apps/cold.sh [--app NAME|NAME,NAME|all] [--passes P] [--requests N]
#                      [--opcache debian|vt0|both] [--no-cli] [--out DIR] [--short]
#                      [--ini KEY=VALUE]...
#
# Same app set-up, php.ini, nginx and URL list as run.sh. After one
# unmeasured round of the URL list from a plain worker (the app's own caches
# filled), per opcache mode, pass and configuration (off and on, the order
# alternating from pass to pass):
#   respawn  a worker serves one round of the URL list (opcache filled), then
#            is told to quit (SIGQUIT: it ends as at pm.max_requests); the
#            master starts a new one, and that worker's first N requests are
#            traced (strace -f, attached before its first request);
#   start    php-fpm started afresh (opcache empty as well): its worker's
#            first N requests, traced the same way;
#   cli      one run of the app's CLI entry (app_cli in its app.sh, as
#            www-data) under strace -f: php with the CLI's php.ini and
#            extension=statcache.so, statcache.enable_cli=0 (off) or 1 (on).
# Each accept() of the worker starts a request: request 1, requests 1-10 and
# requests 11-N (N = 30 by default) are counted apart: the stat family
# (access, stat, lstat, statx) and every syscall. Every response must be
# 200 and every body identical off and on (the app's normaliser); the CLI's
# output too. Writes DIR/<app>-cold-<date>.json (DIR: --out, default
# results/<today>/cold) and prints a Markdown table;
# --app all (or a list): every app in turn, then one table of them all
# (php bench/apps/summary.php --cold FILE... prints it again).
# Defaults: 2 passes, opcache debian; --short: 1 pass.
# --ini KEY=VALUE (repeatable): one more php.ini line for off and on alike
# (the worker's and the CLI's), kept in the result's env ("ini").
set -euo pipefail
. "$(cd "$(dirname "$0")" && pwd)/lib.sh"

app=dokuwiki passes=2 requests=30 opmodes=debian cli=1
out="" extra_ini=()
args=("$@")
while [ $# -gt 0 ]; do
	case $1 in
		--app) app=$2; shift 2 ;;
		--passes) passes=$2; shift 2 ;;
		--requests) requests=$2; shift 2 ;;
		--opcache) opmodes=$2; shift 2 ;;
		--no-cli) cli=0; shift ;;
		--out) out=$2; shift 2 ;;
		--short) passes=1; shift ;;
		--ini) [[ $2 == ?*=* ]] || sc_refuse "--ini takes KEY=VALUE, not '$2'"; extra_ini+=("$2"); shift 2 ;;
		*) sc_usage "$0" ;;
	esac
done
SC_EACH_APP_SUMMARY="php $SC_APPS_DIR/summary.php --cold" sc_each_app "$app" "$0" "${args[@]}"
[ -n "$out" ] || out=$SC_APPS_DIR/results/$SC_RESULTS_DATE/cold
[ "$opmodes" = both ] && opmodes="debian vt0"
for m in $opmodes; do
	case $m in debian|vt0) ;; *) sc_refuse "--opcache is debian, vt0 or both, not '$m'" ;; esac
done
[ "$requests" -ge 11 ] || sc_refuse "--requests must be at least 11 (requests 1-10 and 11-N are counted apart)"
sc_app_begin "$app" "$out" strace
nurls=$(grep -cv '^\s*\(#\|$\)' "$APP_URLS")
records=$SC_TMP/cold.jsonl; : > "$records"
[ "$cli" = 1 ] && ! declare -F app_cli >/dev/null && { sc_log "$app has no CLI entry (app_cli): no CLI run"; cli=0; }

# The CLI's php.ini as Debian's php would load it (its cli php.ini, then
# its conf.d but any statcache file of the system), then our lines; the
# CLI is run with PHP_INI_SCAN_DIR= so that conf.d is not read again.
cli_ini() { # out-file extra-lines...
	local o=$1 f; shift
	[ -r /etc/php/$SC_PHPV/cli/php.ini ] || sc_refuse "no /etc/php/$SC_PHPV/cli/php.ini"
	{
		cat /etc/php/$SC_PHPV/cli/php.ini
		for f in /etc/php/$SC_PHPV/cli/conf.d/*.ini; do
			case $f in *statcache*) continue ;; esac
			echo "; --- $f"; cat "$f"; echo
		done
		echo "; --- statcache apps bench (cold)"
		printf '%s\n' "$@"
	} > "$o"
	chmod 644 "$o"
}

# The traced requests of one worker: requests N, strace attached to it
# before its first; counts by request, body hashes, one JSON line.
trace_worker() { # opmode scenario cfg pass worker dir
	local opmode=$1 scen=$2 cfg=$3 pass=$4 w=$5 d=$6
	mkdir -p "$d"
	sc_strace_run "$w" "$d/strace" sc_requests "$APP_URLS" "$requests" "$d/traced"
	sc_alive; sc_alive_services
	[ "$(sc_fpm_worker)" = "$w" ] || sc_refuse "the fpm worker was respawned during $opmode/$scen/$cfg pass $pass"
	sc_body_hashes "$d/traced" "$APP_NORMALIZE" > "$d/hashes"
	sc_strace_counts_by_request "$d/strace" > "$d/counts"
	php "$SC_APPS_DIR/cold.php" record "$opmode" "$scen" "$cfg" "$pass" "$requests" "$d/counts" "$d/hashes" >> "$records"
	sc_log "$opmode $scen $cfg pass $pass: $(tail -n1 "$records" | php -r '$r = json_decode(fgets(STDIN), true);
		printf("request 1: %d stat-family, %d syscalls", $r["requests"][0]["stat_family"], $r["requests"][0]["total"]);')"
	[ -n "${SC_KEEP_TMP:-}" ] || rm -rf "$d/traced" "$d/strace"
}

measure() { # opmode cfg pass
	local opmode=$1 cfg=$2 pass=$3 ini=$SC_TMP/php-$1-$2.ini d=$SC_TMP/run/$1-$2-$3 lines=() w0 w i
	[ "$opmode" = vt0 ] && lines+=("opcache.validate_timestamps=0")
	lines+=("extension=$so" "statcache.enable=$([ "$cfg" = on ] && echo 1 || echo 0)" "${extra_ini[@]}")
	sc_php_ini "$ini" "${lines[@]}"
	# respawn: a new worker in a running pool, opcache filled
	sc_fpm_stop; sc_fpm_start "$ini"
	w0=$(sc_fpm_worker)
	sc_requests "$APP_URLS" "$nurls" "$d/respawn/warm"
	kill -QUIT "$w0"
	for i in $(seq 100); do
		w=$(sc_fpm_worker || true)
		[ -n "$w" ] && [ "$w" != "$w0" ] && ! kill -0 "$w0" 2>/dev/null && break
		sleep 0.1
	done
	[ -n "$w" ] && [ "$w" != "$w0" ] || sc_refuse "php-fpm started no new worker after its worker $w0 quit"
	# (the new worker waits in accept(): nothing of its own has run yet)
	sleep 0.2
	sc_pin "$w" "$SC_WORKER_CPU"
	trace_worker "$opmode" respawn "$cfg" "$pass" "$w" "$d/respawn"
	# start: a pool started afresh
	sc_fpm_stop; sc_fpm_start "$ini"
	trace_worker "$opmode" start "$cfg" "$pass" "$(sc_fpm_worker)" "$d/start"
	sc_fpm_stop
}

# one CLI run, traced (opcache is off in Debian's CLI: no mode of its own)
measure_cli() { # cfg pass
	local cfg=$1 pass=$2 ini=$SC_TMP/php-cli-$1.ini d=$SC_TMP/run/cli-$1-$2 rc=0
	mkdir -p "$d"
	cli_ini "$ini" "extension=$so" "statcache.enable_cli=$([ "$cfg" = on ] && echo 1 || echo 0)" "${extra_ini[@]}"
	(cd / && export PHP_INI_SCAN_DIR= && app_cli strace -f -qq -e signal=none -o "$d/strace" -u www-data php -c "$ini") \
		> "$d/stdout" 2> "$d/stderr" || rc=$?
	[ $rc = 0 ] || { tail -n 5 "$d/stderr" >&2; sc_refuse "$app's CLI entry failed (rc $rc, $cfg)"; }
	grep -q 'statcache' "$d/stderr" && { cat "$d/stderr" >&2; sc_refuse "$app's CLI run warned about statcache ($cfg)"; }
	sc_strace_counts "$d/strace" | sed 's/^/1 /' > "$d/counts"
	if [ -n "$APP_NORMALIZE" ]; then sed -f "$APP_NORMALIZE" "$d/stdout"; else cat "$d/stdout"; fi |
		sha256sum | { read -r h _; echo "cli $h"; } > "$d/hashes"
	php "$SC_APPS_DIR/cold.php" record cli cli "$cfg" "$pass" 1 "$d/counts" "$d/hashes" >> "$records"
	sc_log "cli $cfg pass $pass: $(tail -n1 "$records" | php -r '$r = json_decode(fgets(STDIN), true);
		printf("%d stat-family, %d syscalls", $r["requests"][0]["stat_family"], $r["requests"][0]["total"]);')"
	[ -n "${SC_KEEP_TMP:-}" ] || rm -f "$d/strace"
}

sc_nginx_start "$APP_DOCROOT"
started=$(date +%s)
# the app's own caches filled first (and its login, if it has one)
sc_php_ini "$SC_TMP/php-warm.ini" "extension=$so" "statcache.enable=0"
sc_app_login "$SC_TMP/php-warm.ini"
sc_fpm_start "$SC_TMP/php-warm.ini"
sc_requests "$APP_URLS" "$nurls" "$SC_TMP/run/warm-app"
sc_fpm_stop
sc_log "app=$app requests=$requests per worker passes=$passes opcache=[$opmodes] cli=$cli port=$SC_PORT"
for pass in $(seq 1 "$passes"); do
	if [ $((pass % 2)) -eq 1 ]; then order="off on"; else order="on off"; fi
	for opmode in $opmodes; do
		for cfg in $order; do measure "$opmode" "$cfg" "$pass"; done
	done
	if [ "$cli" = 1 ]; then
		for cfg in $order; do measure_cli "$cfg" "$pass"; done
	fi
done

json=$out/$app-cold-$(date +%Y%m%d-%H%M%S).json
php "$SC_APPS_DIR/cold.php" report "$records" "$json" "$app" "$so_built" "$so" "$(( $(date +%s) - started ))" "${extra_ini[@]}"
sc_each_app_result "$json"
sc_log "raw results: $json"
