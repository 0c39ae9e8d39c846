#!/usr/bin/env bash
# statcache.opcache_invalidate under php-fpm: 4 static workers (as www-data),
# opcache.validate_timestamps=0, per worker (statcache.shared=0) and shared
# (statcache.shared=1).  The watcher is silenced (statcache.test_watcher=0)
# and statcache.max_staleness_ms=5: only the bound makes a worker drain.
# lib.php is changed by this shell (no PHP process takes part, no sync
# point); once the bound has passed every worker must serve the new code
# (the client sends one request per worker, all in flight at once).  Then
# the cases where one worker compiled a script the others never included:
# a deploy symlink swapped (current -> releases/2), a script replaced, and
# one included by a relative name through include_path replaced;
# the others' first include must not get the copy that worker compiled
# (PHP's realpath cache is off: with it PHP itself follows a swapped link
# only after realpath_cache_ttl).  The control
# (statcache.opcache_invalidate=0) must keep serving the old code.
#
#   tests/fpm/opcache_invalidate.sh      (scripts/test.sh fpm-opcache)
#
# Env: SC_EXT=/abs/statcache.so (default .build/nts/modules/statcache.so),
#      SC_FPM_BIN (default Debian's php-fpm8.2), SC_KEEP_TMP=1 keeps the temp dir.
# Prints PASS/FAIL/SKIP lines and "fpm-opcache: N passed, N failed, N skipped (Ts)"; exits 1
# if a check failed, 0 on skip.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
NWORKERS=4
TMP=""
# shellcheck source=../lib/report.sh
. "$root/tests/lib/report.sh"
report_begin fpm-opcache
# shellcheck source=../lib/servers.sh
. "$root/tests/lib/servers.sh"

[ "$(id -u)" = 0 ] || skip "needs root (workers as www-data)"
[ -x "$FPM_BIN" ] || skip "no $FPM_BIN"
id www-data >/dev/null 2>&1 || skip "no www-data user"
SO=${SC_EXT:-$root/.build/nts/modules/statcache.so}
[ -f "$SO" ] || skip "no $SO (scripts/test.sh build-nts)"

# the pool's master, at the end of each run and at exit (srv_tmp's STOP)
stop_master() { srv_stop "$FPM_MASTER"; FPM_MASTER=""; }
srv_tmp fpm-opcache stop_master www data fpm logs
chown www-data:www-data "$TMP/data" "$TMP/logs"
cp "$here/opcache_app.php" "$TMP/www/app.php"
cp "$SO" "$TMP/statcache.so"   # a private copy: a rebuild in place would crash the pool
chmod 644 "$TMP/www/app.php" "$TMP/statcache.so"
# shellcheck source=../lib/opcache.sh
. "$root/tests/lib/opcache.sh"
oc_load=$(sc_opcache_load "$FPM_BIN")   # empty where opcache is compiled in
mods=$("$FPM_BIN" -n ${oc_load:+-d "$oc_load"} -m 2>/dev/null)
[[ $mods == *'Zend OPcache'* ]] ||
	skip "opcache cannot be loaded into $FPM_BIN"

workers() { [ -n "$FPM_MASTER" ] && pgrep -P "$FPM_MASTER" | sort -n; }

start_pool() { # shared invalidate
	rm -rf "$TMP"/data/arrived-*   # the rounds' barriers: each pool starts without any
	cat > "$TMP/fpm/php.ini" <<-INI
	extension=$TMP/statcache.so
	$oc_load
	opcache.enable=1
	opcache.validate_timestamps=0
	opcache.file_update_protection=0
	opcache.jit=disable
	statcache.shared=$1
	statcache.opcache_invalidate=$2
	statcache.test_watcher=0
	statcache.max_staleness_ms=5
	display_errors=0
	log_errors=1
	error_log=$TMP/logs/php.log
	realpath_cache_size=0
	INI
	# the client (opcache_client.php) speaks FastCGI to the socket as root
	srv_fpm_conf $NWORKERS no "listen.owner = root" "listen.group = root" "listen.mode = 0600" \
		"catch_workers_output = yes" "clear_env = no"
	PHP_INI_SCAN_DIR='' srv_fpm_start $NWORKERS no -c "$TMP/fpm/php.ini"
}

client() { # cmd version -> PASS/FAIL line, counted
	local line
	line=$(php -n "$here/opcache_client.php" "$TMP/fpm/fpm.sock" "$TMP/www" "$(workers | paste -sd,)" "$@")
	echo "$line ${label}"
	case $line in PASS*) pass=$((pass + 1)) ;; *) fail=$((fail + 1)) ;; esac   # (a line that is not PASS fails)
}
lib() { # version: replaces lib.php by rename, as a deploy does
	printf '<?php return "%s";' "$1" > "$TMP/www/lib.php.tmp" && chmod 644 "$TMP/www/lib.php.tmp" &&
		mv "$TMP/www/lib.php.tmp" "$TMP/www/lib.php"
}
lib_in_place() { # version: rewrites lib.php in place, as an editor does
	printf '<?php return "%s";' "$1" > "$TMP/www/lib.php"
}
others() { # the scripts only one worker includes first: a release per version
	rm -rf "$TMP/www/releases" "$TMP/www/current" "$TMP/www/once.php" "$TMP/www/inc"
	mkdir -p "$TMP/www/releases/1" "$TMP/www/releases/2" "$TMP/www/inc"
	printf '<?php return "r1";' > "$TMP/www/releases/1/other.php"
	printf '<?php return "r2";' > "$TMP/www/releases/2/other.php"
	printf '<?php return "o1";' > "$TMP/www/once.php"
	printf '<?php return "i1";' > "$TMP/www/inc/rel.php"
	chmod -R a+rX "$TMP/www"
	ln -s releases/1 "$TMP/www/current"
}
deploy() { # the symlink swap, once.php and inc/rel.php replaced
	ln -s releases/2 "$TMP/www/current.tmp" && mv -T "$TMP/www/current.tmp" "$TMP/www/current"
	printf '<?php return "o2";' > "$TMP/www/once.php.tmp" && chmod 644 "$TMP/www/once.php.tmp" &&
		mv "$TMP/www/once.php.tmp" "$TMP/www/once.php"
	printf '<?php return "i2";' > "$TMP/www/inc/rel.php.tmp" && chmod 644 "$TMP/www/inc/rel.php.tmp" &&
		mv "$TMP/www/inc/rel.php.tmp" "$TMP/www/inc/rel.php"
}

for shared in 0 1; do
	label="[shared=$shared]"
	lib v1
	others
	start_pool "$shared" 1 || { bad "pool-starts $label" "$SRV_WHY"; continue; }
	client warm v1
	lib v2
	client expect v2
	lib_in_place v3
	client expect v3
	client one r1,o1,i1
	deploy
	client all r2,o2,i2
	stop_master
done

# the control: without the setting, opcache keeps what it compiled
label="[control: statcache.opcache_invalidate=0]"
lib v1
others
if start_pool 0 0; then
	client warm v1
	lib v2
	client expect v1
	client one r1,o1,i1
	deploy
	client all r1,o1,i1
	stop_master
else
	bad "pool-starts $label" "$SRV_WHY"
fi
# what the pool logged (a worker that died says so in fpm.log)
grep -h 'statcache\|signal\|WARNING\|Fatal\|error' "$TMP/logs/php.log" "$TMP/logs/fpm.log" 2>/dev/null |
	sed 's/^\[[^]]*\] //; s/^/INFO log: /' | sort | uniq -c | head -20
report_end
