# The one php-fpm + nginx + Apache starter, for the shell tests that serve
# PHP on 127.0.0.1 (tests/fpm, tests/matrix/fpm-pools.sh,
# tests/matrix/apache.sh, tests/status, tests/install) and for the
# real-application benches (bench/apps/lib.sh).
# Everything runs as plain child processes from a private directory;
# nothing of the system's configuration is read or changed unless a caller
# says so.
# The caller sets TMP (its private directory, or srv_tmp makes it; SRV_DIR,
# if set, wins) and, for a test, sources tests/lib/report.sh.

FPM_BIN=${SC_FPM_BIN:-/usr/sbin/php-fpm8.2}
NGINX_BIN=${SC_NGINX_BIN:-/usr/sbin/nginx}
SRV_PIDS=() SRV_WHY=""
SRV_FPM_WRAP=()     # a command php-fpm runs under (valgrind); its workers are forked under it
SRV_NGINX_PREFIX=() # a command nginx runs under (taskset: the client's CPU)
SRV_NGINX_HTTP=""   # more lines of nginx's http block (include /etc/nginx/mime.types;)

srv_dir() { echo "${SRV_DIR:-${TMP:-}}"; }

# srv_install PKG...: apt-get install what is missing. Returns 1, with the
# reason in SRV_WHY, if that fails. A temporary policy-rc.d keeps postinst
# from starting nginx/php-fpm services. apt's output goes to SRV_INSTALL_LOG
# (default: nowhere).
srv_install() {
	local p missing=()
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	command -v apt-get >/dev/null || { SRV_WHY="packages missing (${missing[*]}) and no apt-get"; return 1; }
	[ "$(id -u)" = 0 ] || { SRV_WHY="packages missing (${missing[*]}) and not root"; return 1; }
	local policy=/usr/sbin/policy-rc.d ours=0 rc=0 log=${SRV_INSTALL_LOG:-/dev/null}
	{ apt-cache show "${missing[@]}" >/dev/null 2>&1 || apt-get update -qq || true; } >>"$log" 2>&1
	for p in "${missing[@]}"; do
		apt-cache show "$p" >/dev/null 2>&1 || { SRV_WHY="no package '$p' in the apt sources"; return 1; }
	done
	if [ ! -e $policy ]; then printf '#!/bin/sh\nexit 101\n' > $policy; chmod 755 $policy; ours=1; fi
	# --no-install-recommends: the php metapackage would otherwise be free
	# to pull apache2 + mod_php
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
		-o DPkg::Lock::Timeout=600 "${missing[@]}" >>"$log" 2>&1 || rc=$?
	[ $ours = 1 ] && rm -f $policy
	[ $rc = 0 ] || SRV_WHY="apt-get install ${missing[*]} failed (rc $rc)"
	return $rc
}

# srv_stop PID: TERM, up to 5 s, then KILL (safe under set -e).
srv_stop() {
	local pid=$1
	[ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 0
	kill -TERM "$pid" 2>/dev/null || true
	for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
	kill -KILL "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
	return 0
}
srv_stop_all() {
	local i
	for ((i = ${#SRV_PIDS[@]} - 1; i >= 0; i--)); do srv_stop "${SRV_PIDS[$i]}"; done
	SRV_PIDS=()
}

# srv_tmp NAME STOP [SUBDIR...]: TMP, the test's private directory
# /tmp/statcache-NAME.XXXXXX with those subdirectories, mode 755 (the
# servers' www-data processes reach into it), and the traps every server
# test needs, so that nothing it started outlives it: at exit the function
# STOP (srv_stop_all, or the test's own) ends the servers, then TMP goes
# unless SC_KEEP_TMP=1 keeps it for its logs; INT or TERM exits 130 that
# way.
srv_tmp() {
	local name=$1
	SRV_TMP_STOP=$2
	shift 2
	trap srv_tmp_cleanup EXIT
	trap 'exit 130' INT TERM
	TMP=$(mktemp -d "/tmp/statcache-$name.XXXXXX")
	chmod 755 "$TMP"
	[ $# -eq 0 ] || (cd "$TMP" && mkdir -p "$@")
}
# srv_tmp's EXIT trap: the test's STOP, then TMP unless SC_KEEP_TMP=1.
srv_tmp_cleanup() {
	"$SRV_TMP_STOP"
	[ -n "${TMP:-}" ] && [ -z "${SC_KEEP_TMP:-}" ] && rm -rf "$TMP"
	return 0
}

# srv_free_port FROM TO: the first port nobody listens on.
srv_free_port() {
	local p
	for p in $(seq "$1" "$2"); do ss -Hltn "sport = :$p" | grep -q . || { echo "$p"; return 0; }; done
	return 1
}

# srv_fpm_global [DAEMONIZE]: php-fpm's [global] section: its pid file,
# and the master's log in DIR/logs/fpm.log.
srv_fpm_global() {
	local d; d=$(srv_dir)
	printf '[global]\npid = %s\nerror_log = %s\ndaemonize = %s\n' "$d/fpm/fpm.pid" "$d/logs/fpm.log" "${1:-no}"
}

# srv_fpm_pool NAME USER GROUP WORKERS SOCKET [LINE...]: one static pool of
# WORKERS workers as USER:GROUP on SOCKET (a www-data nginx may connect),
# cwd /, never recycled. Each LINE ("key = value") replaces the line of that
# key or adds one.
srv_fpm_pool() {
	local name=$1 user=$2 group=$3 n=$4 sock=$5 l k
	shift 5
	local -A over=()
	for l in "$@"; do k=${l%%=*}; over[${k// /}]=1; done
	printf '[%s]\n' "$name"
	while IFS= read -r l; do
		k=${l%%=*}
		[ -n "${over[${k// /}]:-}" ] || printf '%s\n' "$l"
	done <<-POOL
	user = $user
	group = $group
	listen = $sock
	listen.owner = www-data
	listen.group = www-data
	listen.mode = 0660
	pm = static
	pm.max_children = $n
	pm.max_requests = 0
	chdir = /
	POOL
	if [ $# -gt 0 ]; then printf '%s\n' "$@"; fi
}

# srv_fpm_conf WORKERS [DAEMONIZE [LINE...]]: DIR/fpm/fpm.conf, one pool
# "www" as www-data on DIR/fpm/fpm.sock (the LINEs as srv_fpm_pool's).
srv_fpm_conf() {
	local n=$1 daemonize=${2:-no} d
	shift; [ $# -gt 0 ] && shift
	d=$(srv_dir)
	mkdir -p "$d/fpm" "$d/logs"
	{ srv_fpm_global "$daemonize"; srv_fpm_pool www www-data www-data "$n" "$d/fpm/fpm.sock" "$@"; } > "$d/fpm/fpm.conf"
}

# srv_fpm_start WORKERS DAEMONIZE FPM-ARGS...: starts php-fpm on
# DIR/fpm/fpm.conf (under SRV_FPM_WRAP, if set), waits for the socket of
# each of its pools and for WORKERS workers; sets FPM_MASTER. Returns 1,
# with the reason in SRV_WHY, if it does not come up.
FPM_MASTER=""
srv_fpm_start() {
	local n=$1 daemonize=$2 started d tries=100 sock socks up
	shift 2
	d=$(srv_dir)
	mapfile -t socks < <(sed -n 's/^listen *= *//p' "$d/fpm/fpm.conf")
	rm -f "${socks[@]}" "$d/fpm/fpm.pid"
	[ ${#SRV_FPM_WRAP[@]} -eq 0 ] || tries=1200   # valgrind starts slowly
	"${SRV_FPM_WRAP[@]}" "$FPM_BIN" -y "$d/fpm/fpm.conf" "$@" >>"$d/logs/fpm.out" 2>&1 &
	started=$!
	FPM_MASTER=""
	[ "$daemonize" = no ] && FPM_MASTER=$started
	for _ in $(seq $tries); do
		if [ -z "$FPM_MASTER" ] && [ -s "$d/fpm/fpm.pid" ]; then FPM_MASTER=$(cat "$d/fpm/fpm.pid"); fi
		up=1
		for sock in "${socks[@]}"; do [ -S "$sock" ] || up=0; done
		if [ -n "$FPM_MASTER" ] && [ $up = 1 ] && [ "$(pgrep -P "$FPM_MASTER" | wc -l)" -eq "$n" ]; then
			SRV_PIDS+=("$FPM_MASTER")
			return 0
		fi
		if [ "$daemonize" = no ] && ! kill -0 "$started" 2>/dev/null; then break; fi
		sleep 0.1
	done
	SRV_WHY="php-fpm did not start: $(tail -n 3 "$d/logs/fpm.log" "$d/logs/fpm.out" 2>/dev/null | tr '\n' '|' | cut -c1-400)"
	[ "$daemonize" = yes ] && wait "$started" 2>/dev/null
	[ -n "$FPM_MASTER" ] && srv_stop "$FPM_MASTER"
	FPM_MASTER=""
	return 1
}

# srv_nginx_server PORT DOCROOT SOCKET [FASTCGI-LINE...]: one server block on
# 127.0.0.1:PORT passing *.php to the php-fpm pool on SOCKET; each extra
# line (e.g. "fastcgi_param SC_DATA /x;") goes into its location.
srv_nginx_server() {
	local port=$1 docroot=$2 sock=$3 l
	shift 3
	printf '    server {\n        listen 127.0.0.1:%s;\n        root %s;\n' "$port" "$docroot"
	printf '        location ~ \\.php$ {\n'
	printf '            include /etc/nginx/fastcgi_params;\n'
	printf '            fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;\n'
	for l in "$@"; do printf '            %s\n' "$l"; done
	printf '            fastcgi_pass unix:%s;\n        }\n    }\n' "$sock"
}

# srv_nginx_run SERVER-BLOCK...: writes DIR/nginx/nginx.conf (nginx as
# www-data, one worker, its temp files and logs under DIR, SRV_NGINX_HTTP
# in its http block) with those server blocks, starts nginx (under
# SRV_NGINX_PREFIX) and waits until the first block's port answers; sets
# NGINX_PID. Returns 1, with the reason in SRV_WHY, if it fails (call it
# directly, not in $(...): it sets NGINX_PID and SRV_PIDS).
NGINX_PID=""
srv_nginx_run() {
	local port pid d
	d=$(srv_dir)
	mkdir -p "$d/nginx" "$d/logs"
	port=$(printf '%s\n' "$1" | sed -n 's/^ *listen 127\.0\.0\.1:\([0-9]*\);/\1/p' | head -n 1)
	{
		cat <<-CONF
		user www-data;
		worker_processes 1;
		pid $d/nginx/nginx.pid;
		error_log $d/logs/nginx-error.log warn;
		events { worker_connections 256; }
		http {
		    access_log off;
		    default_type text/html;
		    client_body_temp_path $d/nginx/body;
		    proxy_temp_path $d/nginx/proxy;
		    fastcgi_temp_path $d/nginx/fastcgi;
		    uwsgi_temp_path $d/nginx/uwsgi;
		    scgi_temp_path $d/nginx/scgi;
		CONF
		[ -z "$SRV_NGINX_HTTP" ] || printf '    %s\n' "$SRV_NGINX_HTTP"
		printf '%s\n' "$@"
		echo "}"
	} > "$d/nginx/nginx.conf"
	"$NGINX_BIN" -t -q -c "$d/nginx/nginx.conf" -g 'daemon off;' 2>"$d/logs/nginx-t.log" ||
		{ SRV_WHY="nginx config test failed: $(head -c 200 "$d/logs/nginx-t.log")"; return 1; }
	"${SRV_NGINX_PREFIX[@]}" "$NGINX_BIN" -c "$d/nginx/nginx.conf" -g 'daemon off;' >>"$d/logs/nginx.out" 2>&1 &
	pid=$!
	NGINX_PID=$pid
	SRV_PIDS+=("$pid")
	for _ in $(seq 50); do
		curl -s -m 60 -o /dev/null "http://127.0.0.1:$port/" && return 0
		kill -0 "$pid" 2>/dev/null || { SRV_WHY="nginx exited at start: $(tail -n 3 "$d/logs/nginx-error.log" 2>/dev/null | tr '\n' ' ')"; return 1; }
		sleep 0.1
	done
	SRV_WHY="nginx does not answer on 127.0.0.1:$port"
	return 1
}

# srv_nginx_start DOCROOT: nginx on 127.0.0.1:$PORT (picked here) passing
# *.php to DIR/fpm/fpm.sock. Returns 1, with the reason in SRV_WHY, if it
# fails (call it directly, not in $(...): it sets PORT and SRV_PIDS).
PORT=""
srv_nginx_start() {
	PORT=$(srv_free_port 18740 18790) || { SRV_WHY="no free TCP port in 18740-18790"; return 1; }
	srv_nginx_run "$(srv_nginx_server "$PORT" "$1" "$(srv_dir)/fpm/fpm.sock")"
}

# ---- Apache + mod_php ----------------------------------------------------------

APACHE_BIN=${SC_APACHE_BIN:-/usr/sbin/apache2}
APACHE_MODS=${SC_APACHE_MODS:-/usr/lib/apache2/modules}
APACHE_PHP_MOD=$APACHE_MODS/libphp8.2.so   # Debian's libapache2-mod-php8.2
APACHE_PARENT="" APACHE_CHILDREN=0 APACHE_PROBE=""

# srv_apache_conf CHILDREN DOCROOT PROBE [LINE...]: DIR/apache/httpd.conf,
# a private Apache 2.4 (ServerRoot, pid file, mutexes under DIR/apache, its
# error log DIR/logs/apache-error.log; nothing of /etc/apache2 read):
# mpm_prefork with CHILDREN children as www-data, no keep-alive, never
# recycled, *.php to mod_php, DOCROOT on 127.0.0.1:$PORT (picked here);
# each LINE (SetEnv, PHPINIDir ...) goes at the end. PROBE: the path (a
# script: mod_php must answer) a child answers, with a status below 400,
# once it serves. Returns 1, with the reason in SRV_WHY, if no port is free.
srv_apache_conf() {
	local n=$1 docroot=$2 d
	APACHE_CHILDREN=$n APACHE_PROBE=$3
	shift 3
	d=$(srv_dir)
	PORT=$(srv_free_port 18740 18790) || { SRV_WHY="no free TCP port in 18740-18790"; return 1; }
	mkdir -p "$d/apache/run" "$d/logs"
	{
		cat <<-CONF
		ServerRoot $d/apache
		ServerName 127.0.0.1
		Listen 127.0.0.1:$PORT
		PidFile $d/apache/run/apache.pid
		DefaultRuntimeDir $d/apache/run
		Mutex file:$d/apache/run default
		ErrorLog $d/logs/apache-error.log
		LogLevel warn
		LoadModule mpm_prefork_module $APACHE_MODS/mod_mpm_prefork.so
		LoadModule authz_core_module $APACHE_MODS/mod_authz_core.so
		LoadModule env_module $APACHE_MODS/mod_env.so
		LoadModule php_module $APACHE_PHP_MOD
		User www-data
		Group www-data
		StartServers $n
		MinSpareServers $n
		MaxSpareServers $((n + 1))
		ServerLimit $n
		MaxRequestWorkers $n
		MaxConnectionsPerChild 0
		KeepAlive Off
		DocumentRoot $docroot
		<Directory $docroot>
		    Require all granted
		</Directory>
		<FilesMatch "\.php\$">
		    SetHandler application/x-httpd-php
		</FilesMatch>
		CONF
		if [ $# -gt 0 ]; then printf '%s\n' "$@"; fi
	} > "$d/apache/httpd.conf"
}

# The children of the Apache parent, by pid.
srv_apache_children() { [ -n "$APACHE_PARENT" ] && pgrep -P "$APACHE_PARENT" | sort -n; }

# srv_apache_wait [OLD-PIDS]: up to 20 s for APACHE_CHILDREN children, none
# of them in OLD-PIDS (a graceful restart's new generation), and one of them
# answering APACHE_PROBE: a child that has started need not serve yet.
srv_apache_wait() {
	local old=${1:-} c
	for _ in $(seq 200); do
		c=$(srv_apache_children)
		if [ "$(wc -l <<<"$c")" -eq "$APACHE_CHILDREN" ] && [ -n "$c" ] &&
			! grep -qxFf <(tr ' ' '\n' <<<"$old" | grep .) <<<"$c" 2>/dev/null; then
			curl -sf -m 60 -o /dev/null "http://127.0.0.1:$PORT$APACHE_PROBE" && return 0
		fi
		sleep 0.1
	done
	return 1
}

# srv_apache_start: Apache on DIR/apache/httpd.conf, as `apache2 -k start`
# starts it (the parent daemonizes: not our child); waits for its pid file
# and srv_apache_wait; sets APACHE_PARENT. Returns 1, with the reason in
# SRV_WHY, if it does not come up.
srv_apache_start() {
	local d; d=$(srv_dir)
	rm -f "$d/apache/run/apache.pid"
	APACHE_PARENT=""
	if "$APACHE_BIN" -f "$d/apache/httpd.conf" -k start >"$d/logs/apache-start.log" 2>&1; then
		for _ in $(seq 100); do [ -s "$d/apache/run/apache.pid" ] && break; sleep 0.1; done
		APACHE_PARENT=$(cat "$d/apache/run/apache.pid" 2>/dev/null)
		[ -n "$APACHE_PARENT" ] && srv_apache_wait && return 0
	fi
	SRV_WHY="apache did not start: $(tail -n 5 "$d/logs/apache-start.log" "$d/logs/apache-error.log" 2>/dev/null | tr '\n' '|')"
	return 1
}

# srv_apache_graceful: `apache2 -k graceful` (the same parent runs the
# modules' shutdown and startup again and forks new children), then
# srv_apache_wait for a new generation. Returns 1, with the reason in
# SRV_WHY, if none serves or another parent took over.
srv_apache_graceful() {
	local d old; d=$(srv_dir)
	old=$(srv_apache_children | paste -sd' ')
	"$APACHE_BIN" -f "$d/apache/httpd.conf" -k graceful >>"$d/logs/apache-start.log" 2>&1
	srv_apache_wait "$old" ||
		{ SRV_WHY="no new children serving (error log: $(tail -n 3 "$d/logs/apache-error.log" | tr '\n' '|'))"; return 1; }
	[ "$(cat "$d/apache/run/apache.pid")" = "$APACHE_PARENT" ] || { SRV_WHY="a new parent"; return 1; }
}

# srv_apache_stop: TERM to the parent (it stops its children), up to 5 s,
# then KILL, to its children too.
srv_apache_stop() {
	[ -n "$APACHE_PARENT" ] || return 0
	srv_stop "$APACHE_PARENT"
	pkill -KILL -P "$APACHE_PARENT" 2>/dev/null
	APACHE_PARENT=""
}

# ---- /proc: what statcache holds in a php-fpm process (root reads it) ----------

inotify_fds() { # pid -> fd numbers of its inotify instances
	local l
	for l in /proc/"$1"/fd/*; do
		[ "$(readlink "$l" 2>/dev/null)" = anon_inode:inotify ] && echo "${l##*/}"
	done
}
watch_inos() { # pid fd -> watched inodes (decimal, sorted)
	sed -n 's/^inotify wd:[0-9a-f]* ino:\([0-9a-f]*\) .*/\1/p' "/proc/$1/fdinfo/$2" |
		while read -r h; do echo $((16#$h)); done | sort -n | paste -sd,
}
case $(uname -m) in  # kcmp(2)'s syscall number ("" if unknown: callers skip)
	x86_64) KCMP_NR=312 ;; aarch64) KCMP_NR=272 ;; *) KCMP_NR="" ;;
esac
same_file() { # pidA fdA pidB fdB: kcmp(KCMP_FILE) == 0, one open file description
	perl -e 'exit(syscall(0+$ARGV[4], 0+$ARGV[0], 0+$ARGV[2], 0, 0+$ARGV[1], 0+$ARGV[3]) == 0 ? 0 : 1)' "$@" "$KCMP_NR"
}
# The shared regions: MAP_SHARED anonymous mappings ("/dev/zero (deleted)"
# in /proc/PID/maps) of the size docs/how-it-works.md gives: the
# generation table (192 + 4 x shared_slots + shared_slots / 8 + 4 x
# shared_slots + 8 x 16,384 bytes of bump log, in whole 64-byte lines:
# sc_gen_size()) then 1024 x 320 bytes of worker slots (defaults:
# 897,024), rounded up to pages; opcache's is another /dev/zero mapping (128 MB).  The master maps
# one per tenant (statcache.shared_users, 8); a worker keeps its user's.
# region_inode prints the first one's inode, region_inodes every one's.
SHARED_USERS=8
REGION_BYTES=$(( ((192 + 4 * 65536 + 65536 / 8 + 4 * 65536 + 8 * 16384 + 63) / 64 * 64 + 1024 * 320 + 4095) / 4096 * 4096 ))
region_inodes() { # pid
	perl -ne 'print "$3\n" if m{^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ (\d+)\s+/dev/zero \(deleted\)} && hex($2) - hex($1) == $ARGV_SIZE;
		BEGIN { $ARGV_SIZE = shift @ARGV }' "$REGION_BYTES" "/proc/$1/maps"
}
region_inode() { # pid
	region_inodes "$1" | head -n1
}
