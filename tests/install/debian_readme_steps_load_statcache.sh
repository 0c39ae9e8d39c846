#!/usr/bin/env bash
# The README's Debian install steps, as written there, load statcache in
# php-fpm (and in the CLI, where the README says the cache stays off):
# the lines of the README's ```sh block marked <!-- install:BLOCK ... -->
# are read from README.md itself and run one by one in a copy of the source
# tree; `systemctl restart php8.x-fpm` (no systemd here) is replaced by the
# unit's own ExecStart (Debian's php-fpm.conf and pool). nginx on
# 127.0.0.1 passes a probe page to that php-fpm, which answers with
# statcache_stats() and the ini files it scanned. Then the steps are undone
# (phpdismod, the ini removed, the installed .so removed) and checked gone.
#
#   tests/install/debian_readme_steps_load_statcache.sh [BLOCK]
#
# BLOCK is debian13 (Debian 13 and Ubuntu with PHP 8.4: run it on such a
# system, as scripts/test.sh install does in its Debian trixie chroot,
# scripts/php84-chroot.sh) or debian12 (Debian 12's PHP 8.2: the default).
# By default everything runs in a private mount namespace over copies of
# /etc/php, /usr/lib/php, /var/lib/php/modules and /run/php, so that other
# PHP processes on the machine never see the extension enabled meanwhile;
# SC_INSTALL_IN_PLACE=1 runs on the real system (a throwaway Debian VM).
# SC_KEEP_TMP=1 keeps the temp dir. Needs root and Debian's php8.x-fpm,
# php8.x-cli and nginx (installed with apt-get when missing); the README's
# own first line installs php8.x-dev. Prints PASS/FAIL/SKIP lines and
# "install: N passed, N failed, N skipped (Ts)".
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
BLOCK=${1:-debian12}
case $BLOCK in
	debian13) V=8.4 ;;
	debian12) V=8.2 ;;
	*) echo "usage: $0 [debian13|debian12]" >&2; exit 2 ;;
esac
# shellcheck source=../lib/report.sh
. "$root/tests/lib/report.sh"
report_begin "install-$BLOCK" "$BLOCK-"

[ "$(id -u)" = 0 ] || skip "needs root (the README's steps are run as root)"
[ -r /etc/debian_version ] || skip "not Debian"

if [ -z "${SC_INSTALL_IN_PLACE:-}" ] && [ -z "${SC_INSTALL_NS:-}" ]; then
	command -v unshare >/dev/null || skip "no unshare (or set SC_INSTALL_IN_PLACE=1)"
	# the packages first, on the real system: dpkg's state is not copied, so
	# a package installed inside (the README's php8.x-dev) would leave its
	# files under /usr/lib/php in the copy only; inside, that line is a no-op
	. "$root/tests/lib/servers.sh"
	srv_install php$V-fpm php$V-cli php$V-dev nginx curl || skip "php$V-fpm/php$V-dev/nginx not installed and apt-get install failed"
	SC_INSTALL_NS=1 exec unshare -m --propagation private "$0" "$@"
fi
# shellcheck source=../lib/servers.sh
. "$root/tests/lib/servers.sh"
srv_install php$V-fpm php$V-cli nginx curl || skip "php$V-fpm/nginx not installed and apt-get install failed"

TMP=$(mktemp -d /tmp/statcache-install.XXXXXX)
chmod 755 "$TMP"
mkdir -p "$TMP"/{src,www,logs}
made_log="" made_run=""
cleanup() {
	srv_stop_all
	[ -n "$made_log" ] && { umount "$made_log" 2>/dev/null; rm -f "$made_log"; }
	[ -n "$TMP" ] && [ -z "${SC_KEEP_TMP:-}" ] && rm -rf "$TMP"
	return 0
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---- private copies of what the steps change (the mount namespace dies with us)
if [ -n "${SC_INSTALL_NS:-}" ]; then
	for d in /etc/php /usr/lib/php /var/lib/php/modules /run/php; do
		[ -d "$d" ] || { [ "$d" = /run/php ] && mkdir -p /run/php && made_run=1; } || continue
		c="$TMP/ns${d//\//_}"
		mkdir -p "$c" && cp -a "$d/." "$c/" && mount --bind "$c" "$d" || { bad namespace "cannot bind a copy over $d"; exit 1; }
	done
	# php-fpm.conf's error_log: a private file over Debian's log path
	log=$(sed -n 's/^error_log[[:space:]]*=[[:space:]]*//p' /etc/php/$V/fpm/php-fpm.conf | head -n1)
	if [ -n "$log" ]; then
		[ -e "$log" ] || { touch "$log" && made_log=$log; }
		: > "$TMP/logs/fpm.log"
		mount --bind "$TMP/logs/fpm.log" "$log"
	fi
	info "private mount namespace: copies of /etc/php /usr/lib/php /var/lib/php/modules /run/php"
fi
[ -z "$made_run" ] || info "created /run/php (kept: Debian's php-fpm package expects it)"

# ---- the README's block ------------------------------------------------------------
mapfile -t steps < <(awk -v mark="<!-- install:$BLOCK " '
	index($0, mark) == 1  { want = 1; next }
	want && /^```sh/      { inblock = 1; next }
	inblock && /^```/     { exit }
	inblock               { print }' "$root/README.md")
[ ${#steps[@]} -gt 0 ] || { bad readme-block "README.md has no \`\`\`sh block after <!-- install:$BLOCK -->"; exit 1; }
ok readme-block "${#steps[@]} lines"
printf '%s\n' "${steps[@]}" | grep -q '^phpenmod .*fpm.* statcache' || bad readme-block "no phpenmod for fpm in the README's steps"

# the source tree as a user has it: the files git knows, without build
# products (where there is no git, as in a chroot, the tree is such a copy)
if git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	(cd "$root" && git ls-files --cached --others --exclude-standard -z | xargs -0 cp --parents -t "$TMP/src" 2>/dev/null)
else
	cp -a "$root/." "$TMP/src/"
fi || { bad source "cannot copy the source tree"; exit 1; }
ext_dir=$(php-config$V --extension-dir)
had_so=0; [ -e "$ext_dir/statcache.so" ] && had_so=1 && cp -a "$ext_dir/statcache.so" "$TMP/statcache.so.before"

FPM_CMD=""
for s in "${steps[@]}"; do
	[[ $s =~ ^[[:space:]]*(#|$) ]] && continue
	if [[ $s =~ ^systemctl[[:space:]]+(restart|reload|start)[[:space:]]+php${V/./\\.}-fpm ]]; then
		FPM_CMD=$(sed -n 's/^ExecStart=//p' "/lib/systemd/system/php$V-fpm.service" 2>/dev/null | head -n1)
		[ -n "$FPM_CMD" ] || FPM_CMD="/usr/sbin/php-fpm$V --nodaemonize --fpm-config /etc/php/$V/fpm/php-fpm.conf"
		info "step: $s  -> the unit's ExecStart: $FPM_CMD"
		continue
	fi
	t0=$SECONDS
	if (cd "$TMP/src" && bash -e -c "$s") >>"$TMP/logs/steps.log" 2>&1; then
		info "step: $s ($((SECONDS - t0))s)"
	else
		bad step "'$s' failed: $(tail -n 5 "$TMP/logs/steps.log" | tr '\n' ' ')"
		exit 1
	fi
done
ok readme-steps-run "every line exited 0"
[ -n "$FPM_CMD" ] || { bad readme-block "no 'systemctl restart php$V-fpm' step"; exit 1; }

# ---- php-fpm with Debian's config, nginx in front ------------------------------------
sock=$(sed -n 's/^listen[[:space:]]*=[[:space:]]*//p' "/etc/php/$V/fpm/pool.d/www.conf" | head -n1)
[[ $sock == /* ]] || { bad fpm "Debian's pool listens on '$sock', not a unix socket"; exit 1; }
# shellcheck disable=SC2086
$FPM_CMD >>"$TMP/logs/fpm.out" 2>&1 &
fpm_pid=$!
SRV_PIDS+=("$fpm_pid")
for _ in $(seq 100); do [ -S "$sock" ] && break; kill -0 "$fpm_pid" 2>/dev/null || break; sleep 0.1; done
[ -S "$sock" ] || { bad fpm "php-fpm did not start: $(tail -n 5 "$TMP/logs/fpm.out" | tr '\n' ' ')"; exit 1; }
mkdir -p "$TMP/fpm" && ln -s "$sock" "$TMP/fpm/fpm.sock"
cat > "$TMP/www/probe.php" <<'PHP'
<?php
header('Content-Type: application/json');
echo json_encode([
    'loaded' => extension_loaded('statcache'),
    'stats' => function_exists('statcache_stats') ? statcache_stats() : null,
    'scanned' => php_ini_scanned_files(),
    'sapi' => PHP_SAPI,
]), "\n";
PHP
chmod -R a+rX "$TMP/www"
srv_nginx_start "$TMP/www" || { bad nginx "$SRV_WHY"; exit 1; }
body=$(curl -sf "http://127.0.0.1:$PORT/probe.php") || { bad fpm-probe "no answer from php-fpm: $(tail -n 3 "$TMP/logs/nginx-error.log")"; exit 1; }
info "php-fpm answered: $(head -c 600 <<<"$body")"
res=$("php$V" -n -r '$d = json_decode($argv[1], true);
  $s = $d["stats"] ?? [];
  echo ($d["loaded"] ?? false) ? "loaded" : "not-loaded", " ",
       ($s["enabled"] ?? false) ? "enabled" : "off:" . strtr($s["off_reason"] ?? "?", " ", "_"), " ",
       strpos((string) ($d["scanned"] ?? ""), "/etc/php/$argv[2]/fpm/conf.d/20-statcache.ini") !== false ? "via-conf.d" : "not-via-conf.d", " ",
       $d["sapi"] ?? "?";' "$body" "$V")
[ "$res" = "loaded enabled via-conf.d fpm-fcgi" ] && ok fpm-loads-statcache "statcache_stats(): enabled, mode $("php$V" -n -r 'echo json_decode($argv[1], true)["stats"]["mode"];' "$body"), from /etc/php/$V/fpm/conf.d/20-statcache.ini" ||
	bad fpm-loads-statcache "$res"

# ---- the CLI, as the README says: loaded, the cache off without enable_cli ------------
cli=$("php$V" -r 'echo extension_loaded("statcache") ? "loaded " . (statcache_stats()["off_reason"] ?? "on") : "not-loaded";' 2>&1)
[ "$cli" = "loaded CLI without statcache.enable_cli=1" ] && ok cli-loads-statcache "php: $cli" || bad cli-loads-statcache "php: $cli"
ri=$("php$V" --ri statcache 2>&1)
grep -q 'statcache support => enabled' <<<"$ri" && ok cli-ri "php --ri statcache: $(grep -m1 '^Off because' <<<"$ri")" || bad cli-ri "$(head -c 200 <<<"$ri")"
cli_on=$("php$V" -d statcache.enable_cli=1 -r 'echo json_encode(statcache_stats()["enabled"]);' 2>&1)
[ "$cli_on" = true ] && ok cli-enable_cli "statcache.enable_cli=1 turns it on" || bad cli-enable_cli "$cli_on"
srv_stop_all

# ---- undo ------------------------------------------------------------------------------
phpdismod -v "$V" -s fpm statcache && phpdismod -v "$V" -s cli statcache && rm -f "/etc/php/$V/mods-available/statcache.ini"
if [ $had_so = 1 ]; then cp -a "$TMP/statcache.so.before" "$ext_dir/statcache.so"; else rm -f "$ext_dir/statcache.so"; fi
left=$(ls /etc/php/"$V"/*/conf.d/*statcache* "/etc/php/$V/mods-available/statcache.ini" 2>/dev/null)
gone=$("php$V" -m 2>&1 | grep -cx statcache)
[ -z "$left" ] && [ "$gone" = 0 ] && ok undone "phpdismod, ini removed, statcache.so $([ $had_so = 1 ] && echo restored || echo removed); php -m lists no statcache" ||
	bad undone "left: $left; php -m lists statcache $gone time(s)"

report_end
