#!/usr/bin/env bash
# A refused statcache setting and an "off because" reason reach php-fpm's
# own log (the [global] error_log of the master), once, when php.ini sets
# no error_log (Debian's php.ini: log_errors=On, display_errors=Off):
# php-fpm's master starts the modules before it opens its log, so a line
# written at that moment would only reach the master's stderr.
#
#   tests/fpm/refused_settings_reach_the_fpm_log.sh
#
# Checks (each with 2 workers, the master in the foreground and daemonized):
#   refused   statcache.enable=banana: fpm.log names it exactly once, and the
#             cache is on (the default kept: php-fpm -i is not needed, the
#             log says "using the default")
#   off       statcache.enable=0: fpm.log says "the cache is off in this
#             process: statcache.enable=0" once
#   error_log php.ini's error_log=FILE: the refusal is in FILE once, not in
#             fpm.log
# Env: SC_EXT=/abs/statcache.so (default .build/nts/modules/statcache.so),
#      SC_KEEP_TMP=1 keeps the temp dir. Needs root and php8.2-fpm (installed
#      with apt-get when missing). Prints PASS/FAIL/SKIP lines and a summary.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=../lib/report.sh
. "$root/tests/lib/report.sh"
report_begin fpm-log
TMP=""
# shellcheck source=../lib/servers.sh
. "$root/tests/lib/servers.sh"

[ "$(id -u)" = 0 ] || skip "needs root (php-fpm workers as www-data)"
srv_install php8.2-fpm || skip "php8.2-fpm not installed and apt-get install failed"
command -v "$FPM_BIN" >/dev/null || skip "missing $FPM_BIN"
id www-data >/dev/null 2>&1 || skip "no www-data user"
SO=${SC_EXT:-$root/.build/nts/modules/statcache.so}
[ -f "$SO" ] || "$root/scripts/test.sh" --quick build-nts >&2 || { bad build "no $SO"; exit 1; }

srv_tmp fpmlog srv_stop_all logs
cp "$SO" "$TMP/statcache.so" && chmod 644 "$TMP/statcache.so"

# run NAME DAEMONIZE INI-LINES...: php-fpm with these php.ini lines (after
# Debian's logging defaults), started, then stopped; its logs stay.
run() {
	local name=$1 daemonize=$2
	shift 2
	rm -f "$TMP"/logs/*
	{
		echo "extension=$TMP/statcache.so"
		echo "log_errors=On"
		echo "display_errors=Off"
		echo "display_startup_errors=Off"
		printf '%s\n' "$@"
	} > "$TMP/php.ini"
	srv_fpm_conf 2 "$daemonize"
	if ! PHP_INI_SCAN_DIR='' srv_fpm_start 2 "$daemonize" -c "$TMP/php.ini"; then
		bad "$name" "php-fpm did not start: $(tail -n 3 "$TMP/logs/fpm.log" "$TMP/logs/fpm.out" 2>/dev/null | tr '\n' ' ')"
		return 1
	fi
	srv_stop_all
	return 0
}
count() { [ -f "$1" ] || { echo 0; return; }; grep -c -F -- "$2" "$1" || true; }

for d in no yes; do
	if run "refused(daemonize=$d)" $d "statcache.enable=banana"; then
		n=$(count "$TMP/logs/fpm.log" "statcache.enable=banana refused")
		if [ "$n" = 1 ]; then ok "refused(daemonize=$d)" "$(grep -F 'statcache.enable=banana' "$TMP/logs/fpm.log")"
		else bad "refused(daemonize=$d)" "fpm.log names statcache.enable=banana $n times; fpm.log: $(tr '\n' '|' < "$TMP/logs/fpm.log"); stderr: $(tr '\n' '|' < "$TMP/logs/fpm.out")"; fi
	fi
	if run "off(daemonize=$d)" $d "statcache.enable=0"; then
		n=$(count "$TMP/logs/fpm.log" "the cache is off in this process: statcache.enable=0")
		if [ "$n" = 1 ]; then ok "off(daemonize=$d)"
		else bad "off(daemonize=$d)" "fpm.log says it $n times; fpm.log: $(tr '\n' '|' < "$TMP/logs/fpm.log")"; fi
	fi
done
if run "error_log" no "statcache.shared=maybe" "error_log=$TMP/logs/php.log"; then
	n=$(count "$TMP/logs/php.log" "statcache.shared=maybe refused")
	m=$(count "$TMP/logs/fpm.log" "statcache.shared=maybe refused")
	if [ "$n" = 1 ] && [ "$m" = 0 ]; then ok "error_log" "$(cat "$TMP/logs/php.log")"
	else bad "error_log" "php.log names it $n times, fpm.log $m times"; fi
fi

report_end
