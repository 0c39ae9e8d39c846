#!/usr/bin/env bash
# statcache on a real application: php-fpm (one static worker) behind nginx,
# cache loaded-but-off vs on (and not loaded), alternating, several passes.
#
#   bench/apps/run.sh [--app NAME|all|NAME,NAME] [--requests N | --rounds R]
#                     [--passes P] [--opcache debian|vt0|vt0inv|both|all|"MODE MODE"] [--no-baseline]
#                     [--no-attribute] [--neighbour [N]] [--out DIR] [--short]
#
# Apps: every bench/apps/*/app.sh (dokuwiki, wordpress, mediawiki, composer,
# laravel...); "all" runs them one after the other, going on after a
# refusal (exit 2 at the end names the apps that failed); then
# bench/apps/plot.sh draws the latest result of each. --short: 2 passes x 2 rounds of the URL
# list, no "not loaded" baseline, no attribution, the short table only.
# Defaults: 3 passes x 3 rounds of the URL list per run, baseline included.
#
# Per configuration and pass, from a freshly started worker, after three
# unmeasured rounds of the URL list (a worker keeps a name the watched way
# at the third request that asks it, statcache.first_look: a name one
# URL asks is kept in the third round; bench/apps/cold.sh measures the
# first requests), and with Debian's opcache defaults more rounds until
# the worker has run 7 s (opcache asks a script again once per
# revalidate_freq, 2 s: its third ask is kept):
#   a. syscalls per request: strace of the worker (all threads) over N
#      requests; stat(), lstat() and fstat() are told apart by arguments;
#   b. CPU ms per request: the worker's utime+stime (and scheduler on-CPU
#      time) over N more requests with no tracer attached;
#   c. sha256 of every body (after the app's normaliser): off and on must
#      give the same bodies;
#   d. memory: the worker's RSS and inotify instances/watches (from /proc:
#      directories and files apart, and the kernel memory they hold) and
#      statcache_stats() entries/memory after the warm-up rounds,
#      and RSS and watches again at the end of the pass;
#      statcache_stats() and opcache's counters (compiles, wasted memory)
#      after the warm-up and at the end of the pass: misses, hits, flushes a
#      request, and opcache's compiles a request after warm-up, which must be
#      the same off and on (report.php flags a difference, and any wasted
#      memory with the cache on);
#   e. (pass 1, on, validate_timestamps=0 with or without
#      opcache_invalidate) attribution: one more round traced with
#      strace -f -k -y on the stat family and readlink (opens of a
#      missing name are counted in a., not traced with stacks: MediaWiki
#      opens thousands of files a round); every call that
#      remains is put down to its cause from its stack and path
#      (report.php attribute; summary.php makes the README's tables).
# Medians across passes go to DIR/<app>-<date>.json and a Markdown table
# (DIR: --out, default results/<today>/run, or .../neighbour with --neighbour).
# Opcache: "debian" = Debian's php-fpm defaults (validate_timestamps=1,
# revalidate_freq=2), "vt0" = opcache.validate_timestamps=0, "vt0inv" = that
# and statcache.opcache_invalidate=1 (which does nothing where the cache is off);
# "both" = debian vt0, "all" = debian vt0 vt0inv.
# --neighbour [N]: another process makes and removes N files a second (100
# if N is not given; bench/apps/neighbour.php) in the app's APP_NEIGHBOUR_DIR
# (next to its code, data or sessions: each app.sh says which) during every
# pass of every configuration, from the worker's start to the pass's last
# statcache_stats(); the result file's name gets "-neighbour" (N is in its env), and
# summary.php --neighbour compares its misses a request with a run without.
# An app that serves logged-in pages (app_login) logs in once first.
# Any tainted environment (untrusted file system, non-200, missing binary or
# server, worker respawned) is refused with one line and exit 2.
set -euo pipefail
. "$(cd "$(dirname "$0")" && pwd)/lib.sh"

app=dokuwiki requests="" rounds="" passes="" opmodes=both baseline="" attribute="" short=0 neighbour=0
out=""
args=("$@")
while [ $# -gt 0 ]; do
	case $1 in
		--app) app=$2; shift 2 ;;
		--requests) requests=$2; shift 2 ;;
		--rounds) rounds=$2; shift 2 ;;
		--passes) passes=$2; shift 2 ;;
		--opcache) opmodes=$2; shift 2 ;;
		--no-baseline) baseline=0; shift ;;
		--no-attribute) attribute=0; shift ;;
		--out) out=$2; shift 2 ;;
		--short) short=1; shift ;;
		--neighbour)
			if [[ ${2:-} =~ ^[0-9]+$ ]]; then neighbour=$2; shift 2; else neighbour=100; shift; fi ;;
		*) sc_usage "$0" ;;
	esac
done
# several apps: one run each, in this order (a refusal does not stop the others)
sc_each_app "$app" "$0" "${args[@]}"
[ -n "$out" ] || out=$SC_APPS_DIR/results/$SC_RESULTS_DATE/$([ "$neighbour" = 0 ] && echo run || echo neighbour)
[ "$short" = 1 ] && : "${passes:=2}" "${rounds:=2}" "${baseline:=0}" "${attribute:=0}"
: "${passes:=3}" "${rounds:=3}" "${baseline:=1}" "${attribute:=1}"
[ "$opmodes" = both ] && opmodes="debian vt0"
[ "$opmodes" = all ] && opmodes="debian vt0 vt0inv"
for m in $opmodes; do
	case $m in debian|vt0|vt0inv) ;; *) sc_refuse "--opcache: no mode '$m' (debian, vt0, vt0inv, both, all)" ;; esac
done
cpufreq=$(sc_check_cpufreq)
sc_app_begin "$app" "$out" strace
nurls=$(grep -cv '^\s*\(#\|$\)' "$APP_URLS")
[ -n "$requests" ] || requests=$((rounds * nurls))
[ "$neighbour" = 0 ] || [ -n "${APP_NEIGHBOUR_DIR:-}" ] || sc_refuse "--neighbour: $app names no APP_NEIGHBOUR_DIR"
records=$SC_TMP/records.jsonl; : > "$records"
attrs=$SC_TMP/attribution.jsonl; : > "$attrs"

# One configuration, one pass: fresh worker, warm-up, a, b, c; one JSON line.
measure() { # opmode cfg pass
	local opmode=$1 cfg=$2 pass=$3 ini=$SC_TMP/php-$1-$2.ini w d=$SC_TMP/run/$1-$2-$3
	local lines=()
	[ "$opmode" = vt0 ] && lines+=("opcache.validate_timestamps=0")
	[ "$opmode" = vt0inv ] && lines+=("opcache.validate_timestamps=0" "statcache.opcache_invalidate=1")
	case $cfg in
		none) ;;
		off) lines+=("extension=$so" "statcache.enable=0") ;;
		on) lines+=("extension=$so" "statcache.enable=1") ;;
	esac
	sc_php_ini "$ini" "${lines[@]}"
	sc_fpm_stop; sc_fpm_start "$ini"
	w=$(sc_fpm_worker)
	[ "$neighbour" = 0 ] || sc_neighbour_start "$neighbour" "$APP_NEIGHBOUR_DIR"
	local t_warm=$SECONDS r=0
	sc_requests "$APP_URLS" "$((3 * nurls))" "$d/warm"
	# opcache with validate_timestamps=1 asks each script again once per
	# revalidate_freq (2 s): its third ask is the one kept, so a warm
	# worker has run for three of them, and one second more
	while [ "$opmode" = debian ] && [ $((SECONDS - t_warm)) -lt 7 ]; do
		r=$((r + 1)); sc_requests "$APP_URLS" "$nurls" "$d/warm-more.$r"
	done
	# d. memory after the warm-up
	sc_mem_snap "$w" > "$d/mem"
	curl -s "http://127.0.0.1:$SC_PORT/__statcache-stats.php" > "$d/stats-warm.json"
	sc_log "$opmode $cfg pass $pass: worker $w warm"
	# a. syscalls, traced
	sc_strace_run "$w" "$d/strace" sc_requests "$APP_URLS" "$requests" "$d/traced"
	# b. CPU, untraced
	local t0 t1 load
	load=$(cut -d' ' -f1 /proc/loadavg)
	t0=$(sc_cpu_ticks_ms "$w"); sc_cpu_sched_snap "$w" > "$d/sched0"
	sc_requests "$APP_URLS" "$requests" "$d/cpu"
	t1=$(sc_cpu_ticks_ms "$w"); sc_cpu_sched_snap "$w" > "$d/sched1"
	sc_alive; sc_alive_services
	[ "$(sc_fpm_worker)" = "$w" ] || sc_refuse "the fpm worker was respawned during $opmode/$cfg pass $pass"
	sc_mem_snap "$w" > "$d/mem-end"
	# statcache_stats() and the worker's real settings, from outside the app
	curl -s "http://127.0.0.1:$SC_PORT/__statcache-stats.php" > "$d/stats.json"
	local made=""
	[ "$neighbour" = 0 ] || made=$(sc_neighbour_stop)
	php -r '
		[$_, $cfg, $w] = $argv; $s = json_decode(file_get_contents("php://stdin"), true);
		if (!$s || $s["pid"] != $w) { echo "stats endpoint answered from another worker\n"; exit(1); }
		$ok = ["none" => !$s["loaded"], "off" => $s["loaded"] && !$s["stats"]["enabled"],
		       "on" => $s["loaded"] && $s["stats"]["enabled"]][$cfg];
		if (!$ok) { echo "worker is not in configuration $cfg: ", json_encode($s["stats"]["enabled"] ?? null), "\n"; exit(1); }
		if ($argv[3] === "vt0inv" && $cfg === "on" && ($s["stats"]["opcache_invalidate"] ?? null) !== true) {
			echo "statcache.opcache_invalidate is not on in the worker: ", $s["stats"]["opcache_off_reason"] ?? "", "\n"; exit(1);
		}
	' "$cfg" "$w" "$opmode" < "$d/stats.json" >&2 || sc_refuse "$opmode/$cfg pass $pass: worker state does not match"
	# c. bodies (traced and untraced requests alike)
	{ sc_body_hashes "$d/traced" "$APP_NORMALIZE"; sc_body_hashes "$d/cpu" "$APP_NORMALIZE"; } > "$d/hashes"
	sc_strace_counts "$d/strace" > "$d/counts"
	php "$SC_APPS_DIR/report.php" record "$opmode" "$cfg" "$pass" "$requests" "$load" \
		"$t0" "$t1" "$(sc_cpu_sched_delta "$d/sched0" "$d/sched1")" "$d/counts" "$d/hashes" "$d/stats.json" \
		"$d/mem" "$d/stats-warm.json" "$d/mem-end" "$made" >> "$records"
	# e. attribution: one more round with stacks (pass 1 of "on": what
	# remains; strace -k costs up to 0.1 s a call here, too slow for
	# "off"). Only with validate_timestamps=0 unless SC_ATTR_DEBIAN=1:
	# Debian's mode adds opcache's revalidation, whose size is the
	# difference of the two modes' measured figures (summary.php), while a
	# round under strace -k is slow enough to revalidate on every request.
	if [ "$attribute" = 1 ] && [ "$pass" = 1 ] && [ "$cfg" = on ] &&
		{ [ "$opmode" = vt0 ] || [ "$opmode" = vt0inv ] || [ -n "${SC_ATTR_DEBIAN:-}" ]; }; then
		curl -s "http://127.0.0.1:$SC_PORT/__statcache-stats.php" > "$d/attr-stats0.json"
		sc_log "$opmode $cfg pass $pass: attribution round (strace -k)"
		sc_strace_attr_run "$w" "$d/attr.trace" sc_requests "$APP_URLS" "$nurls" "$d/attr"
		curl -s "http://127.0.0.1:$SC_PORT/__statcache-stats.php" > "$d/attr-stats1.json"
		php "$SC_APPS_DIR/report.php" attribute "$opmode" "$cfg" "$nurls" "$d/attr.trace" \
			"$d/attr-stats0.json" "$d/attr-stats1.json" >> "$attrs"
		rm -rf "$d/attr" "$d/attr.trace"
	fi
	sc_log "$opmode $cfg pass $pass: $(tail -n1 "$records" | php -r '$r=json_decode(fgets(STDIN),true); printf("stat-family %.1f/req, on-CPU %.2f ms/req (schedstat)", $r["per_req"]["stat_family"], $r["cpu_sched_ms"]);')"
	[ -n "${SC_KEEP_TMP:-}" ] || rm -rf "$d"/{warm,warm-more.*,traced,cpu}   # bodies: hashes kept, files not needed
}

sc_nginx_start "$APP_DOCROOT"
sc_php_ini "$SC_TMP/php-login.ini" "extension=$so" "statcache.enable=0"
sc_app_login "$SC_TMP/php-login.ini"
# One round from a plain worker first: an app's first requests after its
# set-up fill its own caches (compiled views, rendered pages, its config
# cache), which the first measured worker alone would otherwise pay for;
# and opcache does not keep a script younger than
# opcache.file_update_protection (2 s): it would compile the new ones
# again at each request of that worker.
sc_fpm_start "$SC_TMP/php-login.ini"
sc_requests "$APP_URLS" "$nurls" "$SC_TMP/run/warm-app"
sc_fpm_stop
sleep 3
sc_log "app=$app requests=$requests ($nurls URLs) passes=$passes attribute=$attribute opcache=[$opmodes] port=$SC_PORT worker cpu=${SC_WORKER_CPU:-unpinned} client cpu=${SC_CLIENT_CPU:-unpinned}$([ "$neighbour" = 0 ] || echo " neighbour=$neighbour/s in $APP_NEIGHBOUR_DIR")"
started=$(date +%s)
for opmode in $opmodes; do
	for pass in $(seq 1 "$passes"); do
		# alternate the order so that drift hits every configuration alike
		if [ $((pass % 2)) -eq 1 ]; then order="off on"; else order="on off"; fi
		if [ $baseline = 1 ]; then
			if [ $((pass % 2)) -eq 1 ]; then order="none $order"; else order="$order none"; fi
		fi
		for cfg in $order; do measure "$opmode" "$cfg" "$pass"; done
	done
done

json=$out/$app-$([ "$short" = 1 ] && echo short-)$([ "$neighbour" = 0 ] || echo "neighbour-")$(date +%Y%m%d-%H%M%S).json
SC_NEIGHBOUR=$([ "$neighbour" = 0 ] || echo "$neighbour $APP_NEIGHBOUR_DIR") SC_CPUFREQ=$cpufreq SC_ATTRS=$attrs php "$SC_APPS_DIR/report.php" report "$records" "$json" "$app" "$so_built" "$so" "$SC_WORKER_CPU" \
	"$(( $(date +%s) - started ))" "$short"
sc_log "raw results: $json"
