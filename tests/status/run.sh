#!/usr/bin/env bash
# The status page (status/statcache-status.php) in a real browser: headless
# Chromium loads it from php-fpm (shared mode, 2 workers) behind nginx on
# 127.0.0.1, both started here from a temp dir, and tests/status/check_page.php
# checks the rendered numbers against statcache_stats(true) read through the
# page's JSON view just before and just after the browser ran, against the
# kernel's limits and the pool's worker pids read here, and that the chart
# was drawn from samples the browser polled. A screenshot is kept. The
# page's Prometheus output (?format=prometheus) passes `promtool check
# metrics` (Debian's prometheus package), has a series per worker of the
# shared pool, and its numbers lie between the two reads of the stats.
#
#   tests/status/run.sh
#
# Also checked: the page refuses to run (403, says how to enable it) when no
# wrapper defines STATCACHE_STATUS_ENABLED, and names no path.
# Env: SC_EXT=/abs/statcache.so (default .build/nts/modules/statcache.so),
#      SC_STATUS_ARTIFACTS=DIR where the screenshot and the dumped DOM go
#      (default .build/logs/status), SC_KEEP_TMP=1 keeps the temp dir.
# Needs root, chromium, promtool, php8.2-fpm, nginx, curl (installed with apt-get
# when missing). Prints PASS/FAIL/SKIP lines and "status: N passed, N failed, N skipped (Ts)".
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=../lib/report.sh
. "$root/tests/lib/report.sh"
report_begin status
TMP=""
# shellcheck source=../lib/servers.sh
. "$root/tests/lib/servers.sh"

[ "$(id -u)" = 0 ] || skip "needs root (php-fpm workers as www-data; chromium runs as root with --no-sandbox)"
srv_install php8.2-fpm php8.2-cli nginx curl chromium prometheus || skip "chromium/prometheus/php8.2-fpm/nginx not installed and apt-get install failed"
CHROMIUM=$(command -v chromium || true)
[ -n "$CHROMIUM" ] || skip "no chromium"
id www-data >/dev/null 2>&1 || skip "no www-data user"
SO=${SC_EXT:-$root/.build/nts/modules/statcache.so}
[ -f "$SO" ] || "$root/scripts/test.sh" --quick build-nts >&2 || { bad build "no $SO"; exit 1; }
ART=${SC_STATUS_ARTIFACTS:-$root/.build/logs/status}
mkdir -p "$ART"

srv_tmp status srv_stop_all www share data logs
fs=$(stat -f -c %T "$TMP/data")
case $fs in ext2/ext3|xfs|btrfs|tmpfs) ;; *) skip "$TMP is on '$fs', which statcache does not trust";; esac
cp "$SO" "$TMP/statcache.so"
cp "$root/status/statcache-status.php" "$TMP/share/statcache-status.php"
cp "$root/status/statcache-status.php" "$TMP/www/unwrapped.php"     # the file alone: must refuse
cat > "$TMP/www/status.php" <<PHP
<?php
define('STATCACHE_STATUS_ENABLED', true);
require '$TMP/share/statcache-status.php';
PHP
cat > "$TMP/www/work.php" <<PHP
<?php
// n lookups of one file: one miss (at most) and n-1 hits in this worker;
// n listings of its directory: one read (at most) and n-1 listing hits
\$f = '$TMP/data/f';
for (\$i = 0; \$i < (int) (\$_GET['n'] ?? 1); \$i++) { file_exists(\$f); scandir(dirname(\$f)); }
echo "done\n";
PHP
echo x > "$TMP/data/f"
chmod -R a+rX "$TMP"
{
	echo "extension=$TMP/statcache.so"
	echo "statcache.shared=1"
	echo "display_errors=0"
	echo "log_errors=1"
	echo "error_log=$TMP/logs/php.log"
} > "$TMP/php.ini"
chmod 777 "$TMP/logs"
srv_fpm_conf 2 no
PHP_INI_SCAN_DIR='' srv_fpm_start 2 no -c "$TMP/php.ini" ||
	{ bad fpm-start "$(tail -n 3 "$TMP/logs/fpm.log" "$TMP/logs/fpm.out" 2>/dev/null | tr '\n' ' ')"; exit 1; }
srv_nginx_start "$TMP/www" || skip "$SRV_WHY"
base="http://127.0.0.1:$PORT"
info "php-fpm master $FPM_MASTER, nginx on $base"

# ---- protection -----------------------------------------------------------------
code=$(curl -s -o "$TMP/refused.txt" -w '%{http_code}' "$base/unwrapped.php")
if [ "$code" = 403 ] && grep -qF "define('STATCACHE_STATUS_ENABLED', true);" "$TMP/refused.txt" && ! grep -qF "$TMP" "$TMP/refused.txt"; then
	ok status-refuses-unless-enabled "403, says: define('STATCACHE_STATUS_ENABLED', true) in a wrapper"
else
	bad status-refuses-unless-enabled "HTTP $code: $(head -c 300 "$TMP/refused.txt")"
fi
code=$(curl -s -o /dev/null -w '%{http_code}' "$base/unwrapped.php?format=json")
[ "$code" = 403 ] && ok status-json-refuses-unless-enabled || bad status-json-refuses-unless-enabled "HTTP $code"
code=$(curl -s -o /dev/null -w '%{http_code}' "$base/unwrapped.php?format=prometheus")
[ "$code" = 403 ] && ok status-prometheus-refuses-unless-enabled || bad status-prometheus-refuses-unless-enabled "HTTP $code"

# ---- the page in Chromium, between two reads of the stats ------------------------
# every worker looks the file up once, so that both have counters
for _ in 1 2 3 4 5 6; do curl -s -o /dev/null "$base/work.php?n=1"; done
curl -sf "$base/status.php?format=json" > "$TMP/a.json" || { bad status-json "no JSON view"; exit 1; }
workload=200
curl -sf -o /dev/null "$base/work.php?n=$workload" || bad status-workload "work.php failed"
chrome() {
	"$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$(mktemp -d "$TMP/chrome.XXXXXX")" "$@" 2>>"$TMP/logs/chromium.log"
}
t0=$SECONDS
chrome --virtual-time-budget=8000 --window-size=1280,1400 --dump-dom "$base/status.php?interval=1000" > "$ART/status-page.html"
t_dom=$((SECONDS - t0))
# the Prometheus view, between the two reads too
ctype=$(curl -sf -o "$TMP/metrics.txt" -w '%{content_type}' "$base/status.php?format=prometheus") ||
	bad status-prometheus "no Prometheus view"
case $ctype in
	"text/plain; version=0.0.4"*) ok status-prometheus-content-type "$ctype" ;;
	*) bad status-prometheus-content-type "got '$ctype', scrapers expect text/plain; version=0.0.4" ;;
esac
if command -v promtool >/dev/null; then
	if promtool check metrics < "$TMP/metrics.txt" > "$TMP/promtool.out" 2>&1; then
		ok status-promtool-check-metrics "$(grep -c '^# TYPE' "$TMP/metrics.txt") families, $(grep -vc '^#' "$TMP/metrics.txt") samples"
	else
		bad status-promtool-check-metrics "$(head -c 600 "$TMP/promtool.out" | tr '\n' ' ')"
	fi
else
	bad status-promtool-check-metrics "no promtool (Debian's prometheus package; scripts/deps.sh installs it)"
fi
cp "$TMP/metrics.txt" "$ART/status-metrics.txt"
curl -sf "$base/status.php?format=json" > "$TMP/c.json"
t0=$SECONDS
chrome --virtual-time-budget=8000 --window-size=1280,1400 --hide-scrollbars \
	--screenshot="$ART/status-page.png" "$base/status.php?interval=1000" >/dev/null
t_png=$((SECONDS - t0))
info "chromium: dump-dom ${t_dom}s, screenshot ${t_png}s"
[ -s "$ART/status-page.html" ] || { bad status-dom "chromium dumped no DOM: $(tail -n 3 "$TMP/logs/chromium.log" | tr '\n' ' ')"; exit 1; }

# ---- what the test knows itself ----------------------------------------------------
mapfile -t pids < <(pgrep -P "$FPM_MASTER" | sort -n)
# the answering worker's inotify fds, as the kernel lists them
answered=$(sed -n 's/.*data-key="pid">\([0-9]*\)<.*/\1/p' "$ART/status-page.html" | head -1)
fds=0
for l in /proc/"$answered"/fd/*; do [ "$(readlink "$l" 2>/dev/null)" = anon_inode:inotify ] && fds=$((fds + 1)); done
info "answering worker $answered has $fds inotify fd(s)"
version=$(php -n -d extension="$TMP/statcache.so" -r 'echo phpversion("statcache");')
printf '{"workload_hits":%d,"max_user_watches":%d,"max_user_instances":%d,"worker_pids":[%s],"worker_inotify_fds":%d,"version":"%s","tmp":"%s"}\n' \
	$((workload - 1)) "$(cat /proc/sys/fs/inotify/max_user_watches)" "$(cat /proc/sys/fs/inotify/max_user_instances)" \
	"$(IFS=,; echo "${pids[*]}")" "$fds" "$version" "$TMP" > "$TMP/facts.json"

while IFS= read -r line; do
	case $line in
		PASS\ *) pass=$((pass + 1)); echo "$line" ;;
		FAIL\ *) fail=$((fail + 1)); echo "$line" ;;
		*) echo "INFO $line" ;;
	esac
done < <(php -n "$here/check_page.php" "$ART/status-page.html" "$TMP/a.json" "$TMP/c.json" "$TMP/facts.json" "$TMP/metrics.txt" 2>&1)

if [ -s "$ART/status-page.png" ] && [ "$(head -c 8 "$ART/status-page.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; then
	ok status-screenshot "$ART/status-page.png"
else
	bad status-screenshot "no PNG written: $(tail -n 3 "$TMP/logs/chromium.log" | tr '\n' ' ')"
fi
[ -s "$TMP/logs/php.log" ] && info "php.log: $(head -c 400 "$TMP/logs/php.log" | tr '\n' '|')"

report_end
