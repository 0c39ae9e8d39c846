#!/usr/bin/env bash
# User-space instructions per request of a real application's php-fpm
# worker (callgrind), statcache loaded-but-off vs on: the CPU figure that
# does not depend on the machine's load, for apps where run.sh's CPU ranges
# overlap (these VMs have no hardware counters for perf stat).
#
#   bench/apps/instructions.sh [--app NAME|NAME,NAME|all] [--passes P]
#                              [--rounds R] [--opcache vt0|vt0inv|debian]
#                              [--max-staleness-ms MS] [--out DIR]
#
# --app all (or a list): every bench/apps/*/app.sh in turn (a refusal does
# not stop the others; exit 2 at the end names them), then one table of the
# apps that ran.
# Same app set-up, php.ini, nginx, URL list and login (an app's app_login)
# as run.sh; the one worker
# runs under valgrind --tool=callgrind (its profile is written when it
# exits: pm.max_requests ends it).  After one unmeasured round of the URL
# list from a plain worker (the app's own caches filled), per
# configuration and pass, two
# workers: one serves one round of the URL list, the other that round and
# R more; the difference of their instruction totals over the R rounds'
# requests is the cost of a warm request (start-up and the first round
# cancel out).  Bodies must be identical off and on, every response 200.
# Syscalls are what callgrind does not see: run.sh counts them.
# --opcache: vt0 = opcache.validate_timestamps=0, vt0inv = that and
# statcache.opcache_invalidate=1 (the README's recommended setting; it does
# nothing where the cache is off), debian = Debian's php-fpm defaults.
# Each worker's statcache_stats() is read after its requests (one more
# request, to a page outside the app, in both workers: it cancels out), so
# the result says how many drains a warm request made.  Under callgrind a
# request runs some 50 times slower than natively, so the staleness bound
# (5 ms by default) runs out that much more often inside it, and a worker
# drains far more often than it would at native speed (run.sh's stats_per_req
# give the native count): --max-staleness-ms MS sets statcache.max_staleness_ms
# for both configurations; the result file records it.  So that the
# choice can be judged, one worker without callgrind, with the cache on and
# the default bound, then serves the same warm round and R rounds, and its
# drains a request are recorded beside the measured ones ("native").
# Defaults: 2 passes x 1 round, validate_timestamps=0.  Writes
# DIR/<app>-instructions-<date>.json (DIR: --out, default
# results/<today>/instructions) and prints a Markdown table.
set -euo pipefail
. "$(cd "$(dirname "$0")" && pwd)/lib.sh"

app=dokuwiki passes=2 rounds=1 opmode=vt0 bound=""
out=""
args=("$@")
while [ $# -gt 0 ]; do
	case $1 in
		--app) app=$2; shift 2 ;;
		--passes) passes=$2; shift 2 ;;
		--rounds) rounds=$2; shift 2 ;;
		--opcache) opmode=$2; shift 2 ;;
		--out) out=$2; shift 2 ;;
		--max-staleness-ms) bound=$2; shift 2 ;;
		*) sc_usage "$0" ;;
	esac
done
# several apps: one run each, then one table of all (summary.php --instructions)
SC_EACH_APP_SUMMARY="php $SC_APPS_DIR/summary.php --instructions" sc_each_app "$app" "$0" "${args[@]}"
[ -n "$out" ] || out=$SC_APPS_DIR/results/$SC_RESULTS_DATE/instructions
case $opmode in vt0|vt0inv|debian) ;; *) sc_refuse "--opcache is vt0, vt0inv or debian, not '$opmode'" ;; esac
case $bound in ""|[0-9]|[0-9][0-9]|[0-9][0-9][0-9]|[0-9][0-9][0-9][0-9]) ;; *) sc_refuse "--max-staleness-ms is a whole number of milliseconds (0-9999), not '$bound'" ;; esac
sc_app_begin "$app" "$out" valgrind
nurls=$(grep -cv '^\s*\(#\|$\)' "$APP_URLS")
requests=$((rounds * nurls))
records=$SC_TMP/instructions.tsv; : > "$records"

# The instruction total of a callgrind profile ("summary:" or "totals:").
ir_of() { awk '/^(summary|totals):/ { print $2; exit }' "$1"; }

# One worker's life under callgrind: it serves n requests (the first
# round of the URL list, then the rest into dir/measured, then the stats
# page) and exits; its instruction total goes to WORKER_IR, its drains to
# WORKER_DRAINS (no subshell: a refusal must reach the cleanup that stops
# the servers).
WORKER_IR="" WORKER_DRAINS=""
worker_ir() { # ini n dir
	local ini=$1 n=$2 dir=$3 w f i
	SC_FPM_WRAP=(valgrind -q --tool=callgrind --callgrind-out-file="$dir/cg.%p" --dump-line=no)
	SC_FPM_MAX_REQUESTS=$((n + 1))
	sc_fpm_stop; sc_fpm_start "$ini"
	w=$(sc_fpm_worker)
	sc_requests "$APP_URLS" "$nurls" "$dir/warm"
	[ "$n" -gt "$nurls" ] && sc_requests "$APP_URLS" "$((n - nurls))" "$dir/measured"
	curl -s --max-time 900 "http://127.0.0.1:$SC_PORT/__statcache-stats.php" > "$dir/stats.json"
	WORKER_DRAINS=$(php -r '$s = json_decode(file_get_contents($argv[1]), true);
		if (!$s || $s["pid"] != $argv[2]) { exit(1); } echo (int) ($s["stats"]["drains"] ?? 0);' "$dir/stats.json" "$w") ||
		sc_refuse "the stats page of worker $w did not answer from it (see $dir/stats.json)"
	# the worker exits after its last response, then callgrind writes
	for i in $(seq 600); do
		f=$dir/cg.$w
		[ -s "$f" ] && ! kill -0 "$w" 2>/dev/null && break
		sleep 0.1
	done
	[ -s "$f" ] && ! kill -0 "$w" 2>/dev/null || sc_refuse "worker $w left no callgrind profile in $dir"
	grep -q 'exited on signal' "$SC_TMP/logs/fpm.log" && sc_refuse "php-fpm worker crashed under callgrind"
	SC_FPM_WRAP=() SC_FPM_MAX_REQUESTS=0
	sc_fpm_stop
	WORKER_IR=$(ir_of "$f")
}

measure() { # cfg pass
	local cfg=$1 pass=$2 ini=$SC_TMP/php-$1.ini d=$SC_TMP/run/$1-$2 lines=() ir0 ir1 ir dr0 dr1
	mkdir -p "$d/short" "$d/long"
	chmod 777 "$d/short" "$d/long"    # the worker (www-data) writes its profile there
	# (PHP's time limit counts CPU time, which callgrind multiplies: MediaWiki's
	# first request in a new worker runs past 30 s under it, a 500)
	lines+=("max_execution_time=0")
	[ "$opmode" = vt0 ] && lines+=("opcache.validate_timestamps=0")
	[ "$opmode" = vt0inv ] && lines+=("opcache.validate_timestamps=0" "statcache.opcache_invalidate=1")
	[ -z "$bound" ] || lines+=("statcache.max_staleness_ms=$bound")
	case $cfg in
		off) lines+=("extension=$so" "statcache.enable=0") ;;
		on) lines+=("extension=$so" "statcache.enable=1") ;;
	esac
	sc_php_ini "$ini" "${lines[@]}"
	worker_ir "$ini" "$nurls" "$d/short"; ir0=$WORKER_IR dr0=$WORKER_DRAINS
	worker_ir "$ini" "$((nurls + requests))" "$d/long"; ir1=$WORKER_IR dr1=$WORKER_DRAINS
	[ -n "$ir0" ] && [ -n "$ir1" ] || sc_refuse "no instruction total in a callgrind profile of $cfg pass $pass"
	ir=$((ir1 - ir0))
	[ "$ir" -gt 0 ] || sc_refuse "$cfg pass $pass: the longer worker ran fewer instructions ($ir1 vs $ir0)"
	sc_body_hashes "$d/long/measured" "$APP_NORMALIZE" > "$d/hashes"
	printf '%s\t%s\t%s\t%s\t%s\n' "$cfg" "$pass" "$ir" "$(sha256sum < "$d/hashes" | cut -c1-16)" "$((dr1 - dr0))" >> "$records"
	sc_log "$cfg pass $pass: $(( ir / requests )) instructions/request, $((dr1 - dr0)) drains in $requests requests"
	[ -n "${SC_KEEP_TMP:-}" ] || rm -rf "$d"/{short,long}/{warm,measured}
}

sc_nginx_start "$APP_DOCROOT"
sc_log "app=$app requests=$requests per pass ($nurls URLs) passes=$passes opcache=$opmode (callgrind)"
started=$(date +%s)
# One round from a plain worker first: an app's first requests after its
# set-up fill its own caches (DokuWiki renders and stores every page, its
# search index...), which would land in the first measured short worker
# only and make it cost more than the long one.
sc_php_ini "$SC_TMP/php-warm.ini" "extension=$so" "statcache.enable=0"
sc_app_login "$SC_TMP/php-warm.ini"
sc_fpm_start "$SC_TMP/php-warm.ini"
sc_requests "$APP_URLS" "$nurls" "$SC_TMP/run/warm-app"
sc_fpm_stop
for pass in $(seq 1 "$passes"); do
	if [ $((pass % 2)) -eq 1 ]; then order="off on"; else order="on off"; fi
	for cfg in $order; do measure "$cfg" "$pass"; done
done

# The same requests natively (no callgrind, the default bound): drains a
# warm request, the count the measured workers are to be compared with.
# (no subshell: a refusal must reach the cleanup that stops the servers)
NATIVE=""
native_drains() { # -> NATIVE: drains in the R rounds' requests and the stats page's
	local ini=$SC_TMP/php-native.ini d=$SC_TMP/run/native lines=("max_execution_time=0")
	[ "$opmode" = vt0 ] && lines+=("opcache.validate_timestamps=0")
	[ "$opmode" = vt0inv ] && lines+=("opcache.validate_timestamps=0" "statcache.opcache_invalidate=1")
	sc_php_ini "$ini" "${lines[@]}" "extension=$so" "statcache.enable=1"
	sc_fpm_stop; sc_fpm_start "$ini"
	sc_requests "$APP_URLS" "$nurls" "$d/warm"
	curl -s --max-time 60 "http://127.0.0.1:$SC_PORT/__statcache-stats.php" > "$d/stats0.json"
	sc_requests "$APP_URLS" "$requests" "$d/measured"
	curl -s --max-time 60 "http://127.0.0.1:$SC_PORT/__statcache-stats.php" > "$d/stats1.json"
	sc_fpm_stop
	NATIVE=$(php -r '[$a, $b] = array_map(fn ($f) => json_decode(file_get_contents($f), true), [$argv[1], $argv[2]]);
		if (!$a || !$b || $a["pid"] != $b["pid"]) { exit(1); }
		echo $b["stats"]["drains"] - $a["stats"]["drains"];' "$d/stats0.json" "$d/stats1.json") ||
		sc_refuse "the native worker's stats page did not answer from one worker (see $d)"
}
native_drains
native=$NATIVE
sc_log "natively (no callgrind, the default bound): $native drains in $requests requests"

json=$out/$app-instructions-$(date +%Y%m%d-%H%M%S).json
php -r '
	[$_, $tsv, $json, $app, $requests, $opmode, $secs, $so, $bound, $native] = $argv;
	$by = ["off" => [], "on" => []]; $bodies = ["off" => [], "on" => []]; $drains = ["off" => [], "on" => []];
	foreach (file($tsv, FILE_IGNORE_NEW_LINES) as $l) {
		[$cfg, $pass, $ir, $h, $dr] = explode("\t", $l);
		$by[$cfg][] = $ir / $requests; $bodies[$cfg][$h] = true; $drains[$cfg][] = $dr / $requests;
	}
	$med = function (array $v) { sort($v); $n = count($v); return $n % 2 ? $v[intdiv($n, 2)] : ($v[$n / 2 - 1] + $v[$n / 2]) / 2; };
	$same = array_keys($bodies["off"]) === array_keys($bodies["on"]) && count($bodies["off"]) === 1;
	$off = $med($by["off"]); $on = $med($by["on"]);
	$r = ["app" => $app, "opcache" => $opmode, "requests_per_pass" => (int) $requests,
	      "passes" => count($by["off"]), "instructions_per_request" => ["off" => $by["off"], "on" => $by["on"]],
	      "median" => ["off" => $off, "on" => $on], "change" => $on / $off - 1, "bodies_identical" => $same,
	      "drains_per_request" => $drains["on"], "native_drains_per_request" => max(0, (int) $native) / $requests,
	      "max_staleness_ms" => $bound === "" ? null : (int) $bound,
	      "kernel" => php_uname("r"), "php" => PHP_VERSION, "statcache_so" => $so, "seconds" => (int) $secs];
	file_put_contents($json, json_encode($r, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES) . "\n");
	$m = fn ($x) => number_format($x / 1e6, 2) . " M";
	printf("%s (callgrind, %s%s, %d requests x %d passes per config)\n\n", $app, ["vt0" => "opcache.validate_timestamps=0", "vt0inv" => "opcache.validate_timestamps=0 + statcache.opcache_invalidate=1"][$opmode] ?? "Debian defaults",
		$bound === "" ? "" : ", statcache.max_staleness_ms=$bound", $requests, count($by["off"]));
	echo "| config | instructions/request (median) | passes | bodies identical |\n|---|---|---|---|\n";
	printf("| loaded, off | %s | %s | %s |\n", $m($off), implode(", ", array_map($m, $by["off"])), $same ? "yes" : "NO");
	printf("| on | %s | %s | %s |\n\n", $m($on), implode(", ", array_map($m, $by["on"])), $same ? "yes" : "NO");
	printf("off -> on: %+.1f %% instructions per request; drains a request, on: %s (natively: %.1f)\n", 100 * ($on / $off - 1),
		implode(", ", array_map(fn ($d) => number_format($d, 1), $drains["on"])), max(0, (int) $native) / $requests);
	exit($same ? 0 : 1);
' "$records" "$json" "$app" "$requests" "$opmode" "$(( $(date +%s) - started ))" "$so_built" "$bound" "$native" ||
	sc_refuse "bodies differ off and on (see $json)"
sc_each_app_result "$json"
sc_log "raw results: $json ($(( $(date +%s) - started )) s)"
