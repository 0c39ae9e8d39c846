# shellcheck shell=bash
# Shared functions of the real-application benches (bench/apps/*).
# Sourced, not run. Needs root on Debian 12 with php8.2 (NTS).
#
# Every server is started here as a plain child process on 127.0.0.1 with a
# private config in a private temp dir ($SC_TMP): no systemd, no system
# config file is read or changed, nothing outlives the caller (sc_cleanup).
#
# Tainted environments are refused with ONE line on stderr and exit 2
# (see seed 000: a bench that runs on a bad environment publishes wrong
# numbers; refuse, don't document).

SC_APPS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SC_REPO=$(cd "$SC_APPS_DIR/../.." && pwd)
SC_PHPV=8.2
SC_FPM_BIN=/usr/sbin/php-fpm$SC_PHPV
SC_NGINX_BIN=/usr/sbin/nginx
SC_TMP=${SC_TMP:-}          # set by sc_tmp_init
SC_FPM_PID="" SC_NGINX_PID="" SC_STRACE_PID="" SC_PORT=""
SC_SERVICE_PIDS=()         # app services (MariaDB...), stopped by sc_cleanup
# Persistent app state (databases, generated vendor trees, installed wikis):
# kept between runs so that a run does not reinstall an app.
SC_STATE=${SC_STATE:-/var/lib/statcache-bench}
SC_WORKER_CPU="" SC_CLIENT_CPU="" SC_CLIENT_PIN=()
# Results go to results/<date>/<kind>/ (run, neighbour, cold, instructions)
# unless --out says otherwise; one date for every app of an --app all run.
export SC_RESULTS_DATE=${SC_RESULTS_DATE:-$(date +%Y-%m-%d)}
export DEBIAN_FRONTEND=noninteractive

sc_refuse() { echo "bench refused: $*" >&2; exit 2; }

# php-fpm and nginx are started by the tests' starter (tests/lib/servers.sh)
# in $SC_TMP.
# shellcheck source=../../tests/lib/servers.sh
. "$SC_REPO/tests/lib/servers.sh"

# --app all|A,B,...: runs SCRIPT once per app, with ARGS then --app A (a
# refusal does not stop the others; exit 2 at the end names them), then
# exits.  A single app returns, for the caller to run.
# SC_EACH_APP_SUMMARY (a command, set by the caller): each app's run appends
# its result file to $SC_EACH_APP_RESULTS (sc_each_app_result), and at the
# end the command gets those files, to print one table for all the apps.
sc_each_app() { # app script args...
	local app=$1 script=$2 list a failed=() results files rc=0; shift 2
	[ "$app" = all ] || [[ $app == *,* ]] || return 0
	if [ "$app" = all ]; then
		list=$(for a in "$SC_APPS_DIR"/*/app.sh; do basename "$(dirname "$a")"; done)
	else
		list=${app//,/ }
	fi
	results=$(mktemp "${TMPDIR:-/tmp}/statcache-apps-results.XXXXXX")
	for a in $list; do
		sc_log "=== $a ($(date +%T))"
		SC_EACH_APP_RESULTS=$results "$script" "$@" --app "$a" || failed+=("$a")
	done
	if [ -n "${SC_EACH_APP_SUMMARY:-}" ] && [ -s "$results" ]; then
		echo
		mapfile -t files < "$results"
		$SC_EACH_APP_SUMMARY "${files[@]}" || rc=$?
	fi
	rm -f "$results"
	[ ${#failed[@]} -eq 0 ] || { echo "bench: refused or failed: ${failed[*]}" >&2; exit 2; }
	exit "$rc"
}
# One app's run, under sc_each_app: its result file, for the summary.
sc_each_app_result() { # file
	[ -z "${SC_EACH_APP_RESULTS:-}" ] || echo "$1" >> "$SC_EACH_APP_RESULTS"
}
sc_log()    { echo "[apps $(date +%T)] $*" >&2; }
# An option the script does not take: its header comment (the usage) on
# stderr, exit 2, so that the usage is written once, where the script starts.
sc_usage() { # script
	sed -n '2,/^set -e/p' "$1" | sed 's/^# \{0,1\}//; /^set -e/d' >&2
	exit 2
}

# The start every bench/apps script makes for one app: its app.sh sourced
# (APP_* and app_setup...), the temp dir and the CPUs set up, the app
# installed and prepared (app_setup: its services started), the binaries
# checked, statcache.so found or built (so_built) and copied for the run
# (so), the directories checked, OUT made.
# What every app's folder holds is set here, before its app.sh: APP_DIR
# (bench/apps/<app>), APP_URLS (its urls.txt) and APP_NORMALIZE (its
# normalize.sed, for bodies with a per-request token; "" where it has none).
sc_app_begin() { # app out binary...
	local app=$1 out=$2; shift 2
	[ -f "$SC_APPS_DIR/$app/app.sh" ] || sc_refuse "no app '$app' (bench/apps/$app/app.sh)"
	[ "$(id -u)" = 0 ] || sc_refuse "must run as root (strace -p, php-fpm pool user www-data)"
	APP_DIR=$SC_APPS_DIR/$app
	APP_URLS=$APP_DIR/urls.txt
	APP_NORMALIZE=""
	[ ! -f "$APP_DIR/normalize.sed" ] || APP_NORMALIZE=$APP_DIR/normalize.sed
	. "$APP_DIR/app.sh"
	# one bench at a time per app: two runs would share its state (database,
	# generated trees) and see each other's files change (a second run waits)
	mkdir -p "$SC_STATE"
	exec {SC_APP_LOCK}>"$SC_STATE/.lock-$app"
	if ! flock -n "$SC_APP_LOCK"; then
		sc_log "another bench runs $app; waiting for it (up to ${SC_LOCK_WAIT:-7200} s)"
		flock -w "${SC_LOCK_WAIT:-7200}" "$SC_APP_LOCK" || sc_refuse "another bench still runs $app ($SC_STATE/.lock-$app)"
	fi
	sc_tmp_init
	sc_pin_init
	# installs what the app needs, prepares its state, starts its services (a
	# database: sc_mariadb_start, stopped by sc_cleanup)
	app_setup
	sc_need_bin "$SC_FPM_BIN" "$SC_NGINX_BIN" curl php sha256sum taskset "$@"
	so_built=$(sc_ext)
	so=$(sc_snapshot_ext "$so_built")
	sc_check_fs "$so" "$APP_DOCROOT" "$APP_DATA"
	mkdir -p "$out"
}

# --- environment checks ----------------------------------------------------

sc_need_bin() { # bin...
	local b
	for b; do command -v "$b" >/dev/null 2>&1 || sc_refuse "missing binary '$b'"; done
}

# Directories whose file system statcache would not trust (or whose latency
# would taint timings: 9p, NFS, fuse...) void a run: the docroot, the data
# dirs, the temp dir, our cwd and the fpm worker's cwd.
sc_check_fs() { # dir...
	local d fs
	for d; do
		[ -e "$d" ] || sc_refuse "$d does not exist"
		fs=$(stat -L -f -c %T "$d")
		case $fs in
			ext2/ext3|xfs|btrfs|tmpfs|overlayfs|zfs) ;;
			*) sc_refuse "$d is on '$fs', not a local file system statcache trusts" ;;
		esac
	done
}

# CPU frequency scaling makes CPU ms depend on the governor's mood, not on
# the work done: refuse a governor that can change the frequency (anything
# but "performance" with min < max). A VM without cpufreq in sysfs cannot
# tell: that is recorded ("not detectable"), not refused. Prints the state.
sc_check_cpufreq() {
	local g d gov min max
	g=$(ls /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor 2>/dev/null | head -n1 || true)
	if [ -z "$g" ]; then echo "not detectable (no cpufreq in sysfs)"; return; fi
	for g in /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor; do
		d=${g%/scaling_governor}; gov=$(cat "$g")
		min=$(cat "$d/scaling_min_freq" 2>/dev/null || echo 0); max=$(cat "$d/scaling_max_freq" 2>/dev/null || echo 0)
		if [ "$gov" != performance ] && [ "$min" != "$max" ]; then
			[ -n "${SC_ALLOW_FREQ_SCALING:-}" ] && { echo "scaling ($gov), allowed by SC_ALLOW_FREQ_SCALING"; return; }
			sc_refuse "CPU frequency scaling is on (${d%/cpufreq}: governor $gov, $min-$max kHz; cpupower frequency-set -g performance, or SC_ALLOW_FREQ_SCALING=1 to record it)"
		fi
	done
	echo "fixed (governor performance or min = max)"
}

# --- packages --------------------------------------------------------------

# Install the packages that are missing. Debian's postinst scripts call
# invoke-rc.d, which without systemd/init fails or starts daemons we do not
# want (nginx on :80): a policy-rc.d that denies every start is put in place
# for the install (101 = action forbidden) unless one already exists.
sc_install() { # pkg...
	local p missing=()
	for p; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	sc_log "installing: ${missing[*]}"
	SRV_INSTALL_LOG=/dev/stderr srv_install "${missing[@]}" || sc_refuse "$SRV_WHY"
}

# The apps of our own code on Composer's autoloader (composer, laravel),
# laid out as such projects are: bench/apps/<app>/app copied to APP_ROOT
# ($SC_STATE/<app>), its docroot public/, whose index.php (the front
# controller) gets every path that is not a file. Called by the app.sh as
# it is sourced (APP_DIR is set by then); sc_composer_app makes the copy.
sc_composer_layout() {
	APP_ROOT=$SC_STATE/${APP_DIR##*/}
	APP_DOCROOT=$APP_ROOT/public
	APP_INDEX=index.php
	APP_NGINX_LOCATIONS='location / { try_files $uri /index.php$is_args$args; }'
}
# In app_setup: a fresh copy of the app in APP_ROOT each run (root-owned:
# the www-data worker only reads it), then `composer dump-autoload` there,
# offline (the dependencies are Debian's packaged sources, mapped in its
# composer.json), not optimised: the default that real vendor trees have.
sc_composer_app() {
	rm -rf "$APP_ROOT" && mkdir -p "$APP_ROOT"
	cp -r "$APP_DIR/app/." "$APP_ROOT/"
	(cd "$APP_ROOT" && COMPOSER_ALLOW_SUPERUSER=1 COMPOSER_DISABLE_NETWORK=1 COMPOSER_HOME="$SC_TMP/composer-home" \
		composer dump-autoload --no-interaction --quiet) || sc_refuse "composer dump-autoload failed in $APP_ROOT"
}

sc_install_servers() {
	sc_install php$SC_PHPV-fpm php$SC_PHPV-cli php$SC_PHPV-opcache nginx strace curl procps util-linux "$@"
}

# --- the extension -----------------------------------------------------------

# Build (or bring up to date) the NTS extension. scripts/test.sh build-nts
# when it works (into $STATCACHE_BUILD/nts, default .build/nts: -Werror +
# dev flags); else phpize by hand as the README says, into
# $STATCACHE_BUILD/nts on a fresh checkout, or into $STATCACHE_BUILD/apps-nts
# when that exists, so that a half-finished test.sh build dir is never wiped
# by us. A private STATCACHE_BUILD keeps a shared checkout's builds apart.
# Prints the .so path.
sc_build() {
	sc_install php$SC_PHPV-dev php$SC_PHPV-cli build-essential autoconf
	local bd=${STATCACHE_BUILD:-$SC_REPO/.build}
	local so=$bd/nts/modules/statcache.so
	mkdir -p "$bd"
	if [ -x "$SC_REPO/scripts/test.sh" ] &&
		STATCACHE_BUILD=$bd "$SC_REPO/scripts/test.sh" build-nts >"$bd/apps-build.log" 2>&1 && [ -f "$so" ]; then
		rm -f "$bd/apps-build.log"; echo "$so"; return
	fi
	local b=$bd/nts
	[ -e "$b" ] && b=$bd/apps-nts
	sc_log "scripts/test.sh build-nts unavailable or failed; phpize by hand into $b"
	rm -rf "$b" && mkdir -p "$b"
	# the sources as the layout has them (root, src/<layer>/), from the one list
	local f
	"$SC_REPO/scripts/sources.sh" --build | while IFS= read -r f; do
		mkdir -p "$b/$(dirname "$f")" && cp "$SC_REPO/$f" "$b/$f"
	done
	[ -f "$b/config.m4" ] || sc_refuse "no sources copied into $b (scripts/sources.sh)"
	(cd "$b" && phpize && ./configure --enable-statcache && make -j2) >"$b/build.log" 2>&1 ||
		{ tail -n 20 "$b/build.log" >&2; sc_refuse "statcache build failed (log: $b/build.log)"; }
	rm -f "$bd/apps-build.log"
	echo "$b/modules/statcache.so"
}

# Path of statcache.so for a run: $STATCACHE_SO, else the checkout's own
# build, brought up to date first (a build left from older sources would
# measure them).
sc_ext() {
	local so=${STATCACHE_SO:-}
	[ -n "$so" ] || so=$(sc_build)
	[ -f "$so" ] || sc_refuse "statcache.so not found at $so"
	echo "$so"
}

# Load a private copy of the .so: make/libtool rewrite modules/statcache.so
# in place (same inode), and a php-fpm master that has it mapped then
# crashes with every worker it forks (met here: a rebuild by another
# engineer mid-run gave 37,000 SIGSEGV respawns). The copy also pins the
# binary under test for the whole run.
sc_snapshot_ext() { # so -> path of the copy
	cp "$1" "$SC_TMP/statcache.so" && chmod 644 "$SC_TMP/statcache.so"
	# (a copy taken while make writes it would be truncated: check it loads)
	php -n -d extension="$SC_TMP/statcache.so" -r 'exit(extension_loaded("statcache") ? 0 : 1);' 2>/dev/null ||
		sc_refuse "$1 does not load (being rebuilt?)"
	echo "$SC_TMP/statcache.so"
}

# --- private temp dir, cleanup -------------------------------------------------

sc_tmp_init() {
	# Not /tmp by default (SC_TMP_PARENT may point anywhere, checked like
	# every other dir): the worker watches every directory of the paths it
	# caches, the stats endpoint's and the apps' temp files' among them, and
	# a shared /tmp's own changes (a chmod of it, an overflow of the queue
	# by a busy neighbour) would drop the cache: the pass would count the
	# refills, not the application.
	local parent=${SC_TMP_PARENT:-/var/tmp}
	SC_TMP=$(mktemp -d "$parent/statcache-apps.XXXXXX")
	chmod 755 "$SC_TMP"      # nginx and the fpm worker run as www-data
	mkdir -p "$SC_TMP"/{nginx,fpm,sessions,stats,logs,phptmp}
	chown www-data:www-data "$SC_TMP/sessions" "$SC_TMP/phptmp"; chmod 700 "$SC_TMP/sessions" "$SC_TMP/phptmp"
	sc_check_fs "$SC_TMP" "$PWD"
	trap sc_cleanup EXIT
	trap 'exit 130' INT TERM
}

sc_cleanup() {
	sc_stop_pid "$SC_STRACE_PID"; sc_fpm_stop; sc_nginx_stop
	[ -z "$SC_NEIGHBOUR_PID" ] || { sc_stop_pid "$SC_NEIGHBOUR_PID"; rm -f "$SC_NEIGHBOUR_DIR"/.neighbour-"$SC_NEIGHBOUR_PID"-*; }
	local p
	for p in "${SC_SERVICE_PIDS[@]}"; do sc_stop_pid "$p"; done
	[ -n "$SC_TMP" ] && [ -z "${SC_KEEP_TMP:-}" ] && rm -rf "$SC_TMP"
	return 0
}

# Stop a process we started: TERM, wait up to 5 s, then KILL.
sc_stop_pid() { srv_stop "$1"; }

sc_free_port() {
	local from=${SC_PORT_BASE:-18480}
	srv_free_port "$from" $((from + 50)) || sc_refuse "no free TCP port on 127.0.0.1 from $from"
}

# --- CPU pinning -------------------------------------------------------------

# The fpm worker gets the last CPU, nginx + curl the first one, so that the
# client never competes with the worker for its CPU (it still competes with
# the rest of the machine: the figures are medians over alternating passes).
sc_pin_init() {
	local n; n=$(nproc)
	if command -v taskset >/dev/null && [ "$n" -ge 2 ]; then
		SC_WORKER_CPU=$((n - 1)) SC_CLIENT_CPU=0
		SC_CLIENT_PIN=(taskset -c "$SC_CLIENT_CPU")
	fi
}
sc_pin() { # pid cpu
	[ -n "$2" ] && taskset -a -p -c "$2" "$1" >/dev/null 2>&1 || true
}
# (a prefix, not a function: "func &" would fork a subshell and $! would be
# the subshell's pid, not the server's, so stopping it would orphan nginx)
sc_client() { "${SC_CLIENT_PIN[@]}" "$@"; }  # command... on the client CPU

# --- php-fpm -----------------------------------------------------------------

# php.ini as Debian's php-fpm would load it: its fpm php.ini, then every file
# of its conf.d in order (opcache, pdo, xml, ...), then our lines. The fpm is
# started with PHP_INI_SCAN_DIR= so that conf.d is not read a second time and
# nothing else on this machine changes what we measure.
sc_php_ini() { # out-file extra-lines...
	local out=$1 f; shift
	[ -r /etc/php/$SC_PHPV/fpm/php.ini ] || sc_refuse "no /etc/php/$SC_PHPV/fpm/php.ini"
	{
		cat /etc/php/$SC_PHPV/fpm/php.ini
		for f in /etc/php/$SC_PHPV/fpm/conf.d/*.ini; do
			echo "; --- $f"; cat "$f"; echo
		done
		echo "; --- statcache apps bench"
		# sessions in our temp dir: DokuWiki starts one per request (no cookie
		# jar), and those files must not pile up in /var/lib/php/sessions.
		echo "session.save_path = \"$SC_TMP/sessions\""
		# the apps' temporary files (sys_get_temp_dir(): MediaWiki's shellbox
		# directories, tempnam()) in our temp dir too, for the same reason
		echo "sys_temp_dir = \"$SC_TMP/phptmp\""
		printf '%s\n' "$@"
	} > "$out"
}

# Start php-fpm (one pool, one static worker, as www-data) on a unix socket.
# Master runs as root (so the pool can switch to www-data; no -R needed
# since no worker runs as root), daemonize=no, backgrounded by us.
# SC_FPM_WRAP: a command to run it under (valgrind: its worker is forked
# under the same tool), and a longer wait for its socket.
# SC_FPM_MAX_REQUESTS: the worker exits after that many (0: never).
SC_FPM_WRAP=() SC_FPM_MAX_REQUESTS=0
sc_fpm_start() { # php.ini
	local ini=$1 i w
	SRV_DIR=$SC_TMP SRV_FPM_WRAP=("${SC_FPM_WRAP[@]}")
	# the worker's cwd is on the hot path of every request (seed 000): /
	{
		srv_fpm_global no
		srv_fpm_pool bench www-data www-data 1 "$SC_TMP/fpm/fpm.sock" \
			"pm.max_requests = $SC_FPM_MAX_REQUESTS" "catch_workers_output = yes"
	} > "$SC_TMP/fpm/fpm.conf"
	PHP_INI_SCAN_DIR= srv_fpm_start 1 no -c "$ini" || sc_refuse "$SRV_WHY"
	SC_FPM_PID=$FPM_MASTER
	w=$(sc_fpm_worker)
	[ -n "$w" ] || sc_refuse "php-fpm started no worker"
	sc_check_fs "/proc/$w/cwd"
	sc_pin "$w" "$SC_WORKER_CPU"
}

# The single worker's pid (child of the master we started).
sc_fpm_worker() { pgrep -P "$SC_FPM_PID" 2>/dev/null | head -n1; }

sc_fpm_stop() { sc_stop_pid "$SC_FPM_PID"; SC_FPM_PID=""; }

# --- nginx -------------------------------------------------------------------

# Private nginx: one worker, our pid/log/temp paths, the app's docroot behind
# fastcgi, and one extra location /__statcache-stats.php served from
# $SC_TMP/stats (outside the app; never part of a measured URL list).
# The app may set APP_INDEX (index files), APP_NGINX_LOCATIONS (extra
# location blocks: front-controller routing, denials) and APP_FASTCGI_PARAMS
# (extra fastcgi_param lines: where its config lives).
sc_nginx_start() { # docroot
	local root=$1
	local idx=${APP_INDEX:-doku.php index.php} locs='location ~ ^/(data|conf|bin|inc|vendor)/ { deny all; }'
	[ -n "${APP_NGINX_LOCATIONS+set}" ] && locs=$APP_NGINX_LOCATIONS
	SC_PORT=$(sc_free_port)
	cat > "$SC_TMP/stats/statcache-stats.php" <<-'EOF'
	<?php
	header('Content-Type: application/json');
	$oc = function_exists('opcache_get_status') ? opcache_get_status(false) : false;
	echo json_encode([
	    'pid' => getmypid(),
	    'loaded' => extension_loaded('statcache'),
	    'enable' => ini_get('statcache.enable'),
	    'opcache' => $oc !== false && ($oc['opcache_enabled'] ?? false),
	    'validate_timestamps' => ini_get('opcache.validate_timestamps'),
	    'php' => PHP_VERSION, 'zts' => PHP_ZTS,
	    'stats' => function_exists('statcache_stats') ? statcache_stats() : null,
	    // opcache's own counters: compiles (misses), scripts, wasted memory, restarts
	    'opcache_stats' => $oc === false ? null : [
	        'compiles' => $oc['opcache_statistics']['misses'] ?? null,
	        'hits' => $oc['opcache_statistics']['hits'] ?? null,
	        'scripts' => $oc['opcache_statistics']['num_cached_scripts'] ?? null,
	        'wasted_memory' => $oc['memory_usage']['wasted_memory'] ?? null,
	        'used_memory' => $oc['memory_usage']['used_memory'] ?? null,
	        'oom_restarts' => $oc['opcache_statistics']['oom_restarts'] ?? null,
	        'hash_restarts' => $oc['opcache_statistics']['hash_restarts'] ?? null,
	        'manual_restarts' => $oc['opcache_statistics']['manual_restarts'] ?? null,
	    ],
	]), "\n";
	EOF
	local server
	server=$(cat <<-EOF
	    server {
	        listen 127.0.0.1:$SC_PORT;
	        root $root;
	        index $idx;
	        location = /__statcache-stats.php {
	            include /etc/nginx/fastcgi_params;
	            fastcgi_param SCRIPT_FILENAME $SC_TMP/stats/statcache-stats.php;
	            fastcgi_pass unix:$SC_TMP/fpm/fpm.sock;
	        }
	        $locs
	        location ~ \.php(/|\$) {
	            # (as Debian's snippets/fastcgi-php.conf: /rest.php/v1/... )
	            fastcgi_split_path_info ^(.+?\.php)(/.*)\$;
	            include /etc/nginx/fastcgi_params;
	            fastcgi_param SCRIPT_FILENAME \$document_root\$fastcgi_script_name;
	            fastcgi_param PATH_INFO \$fastcgi_path_info;
	            ${APP_FASTCGI_PARAMS:-}
	            fastcgi_pass unix:$SC_TMP/fpm/fpm.sock;
	            # (a request traced with strace -k takes minutes)
	            fastcgi_read_timeout 900s;
	        }
	    }
	EOF
	)
	SRV_DIR=$SC_TMP SRV_NGINX_PREFIX=("${SC_CLIENT_PIN[@]}") SRV_NGINX_HTTP="include /etc/nginx/mime.types;"
	srv_nginx_run "$server" || sc_refuse "$SRV_WHY"
	SC_NGINX_PID=$NGINX_PID
}

sc_nginx_stop() { sc_stop_pid "$SC_NGINX_PID"; SC_NGINX_PID=""; }

sc_alive() { # refuse unless both servers run and no worker ever crashed
	kill -0 "$SC_NGINX_PID" 2>/dev/null || sc_refuse "nginx is gone"
	kill -0 "$SC_FPM_PID" 2>/dev/null || sc_refuse "php-fpm is gone"
	local crash; crash=$(grep -m1 'exited on signal' "$SC_TMP/logs/fpm.log" || true)
	[ -z "$crash" ] || sc_refuse "php-fpm worker crashed: ${crash#*WARNING: }"
}

# --- requests ----------------------------------------------------------------

# sc_requests URLFILE N OUTDIR: N sequential requests cycling over the URL
# list (paths relative to the server root; "/" is the root itself), one curl process on one
# keep-alive connection. Writes OUTDIR/status (one "code index url" a line)
# and OUTDIR/body.I; refuses on any status but 200.
# APP_COOKIES (a file, set by an app that logs in: app_login): every request
# sends its cookies, and the cookies the app sets go back into it.
sc_requests() {
	local urls=$1 n=$2 out=$3 i=0 cfg
	mkdir -p "$out"; cfg=$out/curl.cfg
	mapfile -t list < <(grep -v '^\s*\(#\|$\)' "$urls")
	: > "$cfg"
	[ -z "${APP_COOKIES:-}" ] || printf 'cookie = "%s"\ncookie-jar = "%s"\n' "$APP_COOKIES" "$APP_COOKIES" >> "$cfg"
	while [ $i -lt "$n" ]; do
		printf 'url = "http://127.0.0.1:%s/%s"\noutput = "%s/body.%d"\n' \
			"$SC_PORT" "${list[$((i % ${#list[@]}))]#/}" "$out" "$i" >> "$cfg"
		i=$((i + 1))
	done
	# -m: a hung worker must void the run, not hang it
	sc_client curl -s -m 900 -K "$cfg" -w '%{http_code} %{url_effective}\n' > "$out/status" ||
		sc_refuse "curl failed (rc $?)"
	[ "$(wc -l < "$out/status")" -eq "$n" ] || sc_refuse "curl made $(wc -l < "$out/status") of $n requests"
	local bad; bad=$(grep -v '^200 ' "$out/status" | head -n1 || true)
	[ -z "$bad" ] || sc_refuse "non-200 response ($bad)"
}

# An app that serves its pages to a logged-in user defines app_login (a
# login through the servers, its cookies into APP_COOKIES): done once, from
# a worker with the cache off, before anything is measured; the session it
# opens is the app's own (in its database), so every later worker serves it.
sc_app_login() { # php.ini of that worker
	declare -F app_login >/dev/null || return 0
	sc_fpm_stop; sc_fpm_start "$1"
	app_login
	sc_fpm_stop
}

# --- a neighbour -------------------------------------------------------------

# Another process on the machine that makes and removes RATE short-lived
# files a second in DIR (bench/apps/neighbour.php: ".neighbour-PID-N", each
# removed two files later), as a database, a cache or a session store next
# to an app's files does. Pinned with the client, not on the worker's CPU.
# sc_neighbour_stop removes what it left and prints its achieved rate.
SC_NEIGHBOUR_PID="" SC_NEIGHBOUR_DIR=""
sc_neighbour_start() { # rate dir
	local rate=$1 dir=$2 i
	[ -d "$dir" ] || sc_refuse "neighbour directory $dir does not exist"
	SC_NEIGHBOUR_DIR=$dir
	rm -f "$SC_TMP/logs/neighbour.status"
	"${SC_CLIENT_PIN[@]}" php -n "$SC_APPS_DIR/neighbour.php" "$dir" "$rate" "$SC_TMP/logs/neighbour.status" \
		2>>"$SC_TMP/logs/neighbour.log" &
	SC_NEIGHBOUR_PID=$!
	for i in $(seq 50); do
		[ -s "$SC_TMP/logs/neighbour.status" ] && return 0
		kill -0 "$SC_NEIGHBOUR_PID" 2>/dev/null || sc_refuse "the neighbour exited at start ($(tail -n1 "$SC_TMP/logs/neighbour.log" 2>/dev/null))"
		sleep 0.1
	done
	sc_refuse "the neighbour made no file in $dir"
}
sc_neighbour_stop() { # -> "files seconds" (what it made, over how long)
	local pid=$SC_NEIGHBOUR_PID
	[ -n "$pid" ] || return 0
	kill -0 "$pid" 2>/dev/null || sc_refuse "the neighbour (pid $pid) died during the pass"
	sc_stop_pid "$pid"; SC_NEIGHBOUR_PID=""
	rm -f "$SC_NEIGHBOUR_DIR"/.neighbour-"$pid"-*
	cat "$SC_TMP/logs/neighbour.status"
}

# Per request, "url sha256" of the body after the app's normaliser (a sed
# script; empty: none), in request order.
sc_body_hashes() { # outdir normaliser.sed
	local out=$1 norm=$2 i=0 url
	while read -r _ url; do
		if [ -n "$norm" ]; then sed -f "$norm" "$out/body.$i"; else cat "$out/body.$i"; fi |
			sha256sum | { read -r h _; echo "${url#http://127.0.0.1:"$SC_PORT"/} $h"; }
		i=$((i + 1))
	done < "$out/status"
}

# --- measurement -------------------------------------------------------------

# CPU time of a process, all threads: utime+stime in ms (clock ticks) and the
# scheduler's on-CPU ns (/proc/PID/task/*/schedstat, finer than a tick).
sc_cpu_ticks_ms() { # pid
	local hz; hz=$(getconf CLK_TCK)
	# fields after the ")" of comm: utime is 14th, stime 15th of the line
	awk -v hz="$hz" '{ sub(/^.*\) /, ""); print ($12 + $13) * 1000 / hz }' "/proc/$1/stat"
}
# Per thread ("tid ns" lines): a thread that ends between two snapshots
# must not subtract its time from the process's (statcache runs a watcher
# thread in the worker), so deltas are taken per tid (sc_cpu_sched_delta).
sc_cpu_sched_snap() { # pid
	local t
	for t in /proc/"$1"/task/*; do
		[ -r "$t/schedstat" ] && echo "${t##*/} $(cut -d' ' -f1 "$t/schedstat")"
	done
}
sc_cpu_sched_delta() { # before-file after-file -> "ns threads_before threads_after"
	awk 'NR == FNR { b[$1] = $2; nb++; next }
	     { d += $2 - ($1 in b ? b[$1] : 0); na++ }
	     END { printf "%d %d %d\n", d, nb, na }' "$1" "$2"
}

# strace (all threads of the worker, every syscall unless OPTIONS say
# otherwise) attached to PID while the command runs, the raw trace in FILE:
# the tracer is attached before the command starts, and ended after it
# (sc_cleanup stops it on an early exit). The one tracer of both traces
# below: a plain trace and the attributing one differ in OPTIONS only.
sc_strace_around() { # pid file option... -- command...
	local pid=$1 file=$2 opts=() spid i; shift 2
	while [ "$1" != -- ]; do opts+=("$1"); shift; done
	shift
	strace -f -qq "${opts[@]}" -e signal=none -o "$file" -p "$pid" 2>>"$SC_TMP/logs/strace.log" &
	spid=$! SC_STRACE_PID=$!
	for i in $(seq 100); do
		[ "$(awk '/^TracerPid:/ {print $2}' /proc/"$pid"/status)" != 0 ] && break
		kill -0 "$spid" 2>/dev/null || sc_refuse "strace${opts[0]:+ ${opts[0]}} could not attach to $pid"
		sleep 0.05
	done
	"$@"
	kill -INT "$spid" 2>/dev/null || true
	wait "$spid" 2>/dev/null || true
	SC_STRACE_PID=""
}

# strace every syscall of the worker (all threads) while the command runs;
# writes the raw trace to FILE. Waits for the tracer to be attached first.
sc_strace_run() { # pid file command...
	local pid=$1 file=$2; shift 2
	sc_strace_around "$pid" "$file" -- "$@"
}

# Counts of the syscalls that matter, from a raw trace, one "name count" a
# line. glibc >= 2.33 makes stat(), lstat() and fstat() all newfstatat(): they
# are told apart by their arguments (AT_SYMLINK_NOFOLLOW: lstat; "" with
# AT_EMPTY_PATH: fstat on an fd; else stat).
sc_strace_counts() { # file
	awk -v by_request=0 "$SC_AWK_COUNTS" "$1"
}
# The same, request by request of a php-fpm worker: each accept() of the
# worker starts a request ("N name count" lines; N = 0: before the first).
sc_strace_counts_by_request() { # file
	awk -v by_request=1 "$SC_AWK_COUNTS" "$1"
}
SC_AWK_COUNTS='
	{
		line = $0; tid = $1; sub(/^[0-9]+ +/, "", line) # "-f" pid prefix
		# a call interrupted by another thread is split in two lines:
		# join them (newfstatat flags are in the second half)
		if (line ~ /<unfinished \.\.\.>$/) { sub(/<unfinished \.\.\.>$/, "", line); part[tid] = line; next }
		if (line ~ /^<\.\.\. [a-z0-9_]+ resumed>/) { sub(/^<\.\.\. [a-z0-9_]+ resumed>/, "", line); line = part[tid] line; delete part[tid] }
		if (!match(line, /^[a-z0-9_]+\(/)) next
		name = substr(line, 1, RLENGTH - 1)
		if (by_request && (name == "accept" || name == "accept4")) req++
		k = by_request ? (req + 0) " " : ""
		total[k]++
		if (name == "newfstatat" || name == "fstatat64") {
			if (line ~ /AT_EMPTY_PATH/) name = "fstat"
			else if (line ~ /AT_SYMLINK_NOFOLLOW/) name = "lstat"
			else name = "stat"
		} else if (name == "statx" && line ~ /AT_EMPTY_PATH/) name = "fstat"   # statx() of an fd
		else if (name == "faccessat" || name == "faccessat2") name = "access"
		else if (name == "readlinkat") name = "readlink"
		# an open of a missing name is a probe too (counted apart)
		if (name == "openat" && line ~ /= -1 ENOENT/) c[k "openat_enoent"]++
		c[k name]++
	}
	END {
		for (k in c) print k, c[k]
		if (!by_request) print "total", total[""] + 0
		else for (r in total) print r "total", total[r]
	}'

# --- memory ------------------------------------------------------------------

# The worker's memory and inotify use, as the kernel sees them (no help from
# the extension): "rss_kb N", then watches.php's lines: inotify instances and
# watches, the watches by the kind of inode each is on (directories, files,
# symlinks: /proc/PID/fdinfo's file handles opened again), and the kernel
# memory they hold (slab object sizes × watches).
sc_mem_snap() { # pid
	local pid=$1
	echo "rss_kb $(awk '/^VmRSS:/ {print $2}' "/proc/$pid/status")"
	php -n -d extension=ffi -d ffi.enable=1 "$SC_APPS_DIR/watches.php" "$pid" 2>/dev/null ||
		php -n "$SC_APPS_DIR/watches.php" "$pid" ||
		sc_refuse "bench/apps/watches.php could not read the watches of $pid"
}

# --- attribution ---------------------------------------------------------------

# strace of the stat-family syscalls (and readlink) of the worker (all
# threads) with the caller's stack (-k) and fd paths (-y), while the command
# runs: who asked
# (opcache, SQLite, statcache itself, PHP's realpath cache...) is read from
# the stack by report.php attribute. Much slower than a plain trace: used on
# one round of the URL list only, never for the figures.
sc_strace_attr_run() { # pid file command...
	local pid=$1 file=$2; shift 2
	sc_strace_around "$pid" "$file" -k -y \
		-e trace=access,faccessat,faccessat2,stat,lstat,newfstatat,statx,readlink,readlinkat -- "$@"
}

# --- MariaDB -------------------------------------------------------------------

# A private MariaDB server as a plain child process: DATADIR (created with
# mariadb-install-db when empty), no TCP (unix socket in $SC_TMP/mysql), no
# config file read (--no-defaults), small buffers (the machine is shared).
# Sets SC_MYSQL_SOCK; the pid goes to SC_SERVICE_PIDS (sc_cleanup stops it).
sc_mariadb_start() { # datadir
	local dd=$1 i sock
	sc_need_bin mariadbd mariadb-install-db mariadb
	mkdir -p "$SC_TMP/mysql" && chown mysql:mysql "$SC_TMP/mysql"
	sock=$SC_TMP/mysql/mysql.sock
	if [ ! -d "$dd/mysql" ]; then
		mkdir -p "$dd" && chown mysql:mysql "$dd" && chmod 750 "$dd"
		mariadb-install-db --no-defaults --datadir="$dd" --user=mysql --skip-test-db \
			--auth-root-authentication-method=socket >"$SC_TMP/logs/mariadb-install.log" 2>&1 ||
			{ tail -n5 "$SC_TMP/logs/mariadb-install.log" >&2; sc_refuse "mariadb-install-db failed"; }
	fi
	sc_check_fs "$dd"
	"${SC_CLIENT_PIN[@]}" mariadbd --no-defaults --user=mysql --datadir="$dd" --socket="$sock" \
		--skip-networking --pid-file="$SC_TMP/mysql/mariadb.pid" --log-error="$SC_TMP/logs/mariadb.log" \
		--innodb-buffer-pool-size=32M --performance-schema=OFF --skip-log-bin --innodb-flush-log-at-trx-commit=2 \
		>>"$SC_TMP/logs/mariadb.log" 2>&1 &
	SC_SERVICE_PIDS+=("$!")
	for i in $(seq 300); do
		[ -S "$sock" ] && mariadb --no-defaults -S "$sock" -u root -e 'SELECT 1' >/dev/null 2>&1 && break
		kill -0 "${SC_SERVICE_PIDS[-1]}" 2>/dev/null || { tail -n5 "$SC_TMP/logs/mariadb.log" >&2; sc_refuse "MariaDB exited at start"; }
		sleep 0.1
	done
	[ -S "$sock" ] || sc_refuse "MariaDB does not answer on $sock"
	SC_MYSQL_SOCK=$sock
}

# --- an IMAP server ------------------------------------------------------------

# A private Dovecot as a plain child process: IMAP on 127.0.0.1 (a free
# port: SC_IMAP_PORT), no TLS, one user USER with password PASSWORD
# (passwd-file in $SC_TMP), mail in MAILHOME/USER/Maildir owned by "mail";
# no config file of the system read. The pid goes to SC_SERVICE_PIDS.
sc_imap_start() { # mailhome user password
	local home=$1 user=$2 pw=$3 d=$SC_TMP/dovecot i port
	sc_need_bin dovecot
	mkdir -p "$d/run" "$d/state" && chmod 755 "$d" "$d/run"
	port=$(sc_free_port)
	printf '%s:{PLAIN}%s::::::\n' "$user" "$pw" > "$d/users"
	chown root:dovecot "$d/users" && chmod 640 "$d/users"
	cat > "$d/dovecot.conf" <<-EOF
	protocols = imap
	listen = 127.0.0.1
	base_dir = $d/run
	state_dir = $d/state
	log_path = $SC_TMP/logs/dovecot.log
	ssl = no
	disable_plaintext_auth = no
	auth_mechanisms = plain login
	first_valid_uid = $(id -u mail)
	first_valid_gid = $(id -g mail)
	mail_location = maildir:~/Maildir
	passdb {
	  driver = passwd-file
	  args = scheme=PLAIN username_format=%u $d/users
	}
	userdb {
	  driver = static
	  args = uid=mail gid=mail home=$home/%u
	}
	service imap-login {
	  inet_listener imap {
	    address = 127.0.0.1
	    port = $port
	  }
	  inet_listener imaps {
	    port = 0
	  }
	}
	EOF
	"${SC_CLIENT_PIN[@]}" dovecot -F -c "$d/dovecot.conf" >>"$SC_TMP/logs/dovecot.log" 2>&1 &
	SC_SERVICE_PIDS+=("$!")
	for i in $(seq 100); do
		ss -Hltn "sport = :$port" | grep -q . && { SC_IMAP_PORT=$port; return 0; }
		kill -0 "${SC_SERVICE_PIDS[-1]}" 2>/dev/null || { tail -n5 "$SC_TMP/logs/dovecot.log" >&2; sc_refuse "Dovecot exited at start"; }
		sleep 0.1
	done
	sc_refuse "Dovecot does not listen on 127.0.0.1:$port"
}

sc_alive_services() { # refuse unless every app service still runs
	local p
	for p in "${SC_SERVICE_PIDS[@]}"; do kill -0 "$p" 2>/dev/null || sc_refuse "an app service (pid $p) is gone"; done
}
