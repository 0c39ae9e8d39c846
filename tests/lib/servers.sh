# Shared by the shell tests that serve PHP through php-fpm behind nginx on
# 127.0.0.1 (tests/fpm/run.sh, tests/fpm/refused_settings_reach_the_fpm_log.sh,
# tests/matrix/fpm-pools.sh, tests/status/run.sh,
# tests/install/debian_readme_steps_load_statcache.sh).
# Everything runs as plain child processes from a temp dir; nothing of the
# system's configuration is read or changed unless a test says so.
# The caller sets: TMP (its temp dir), and defines ok/bad/skip/info.

FPM_BIN=${SC_FPM_BIN:-/usr/sbin/php-fpm8.2}
NGINX_BIN=${SC_NGINX_BIN:-/usr/sbin/nginx}
SRV_PIDS=()

# srv_install PKG...: apt-get install what is missing (returns 1 if that fails).
# A temporary policy-rc.d keeps postinst from starting nginx/php-fpm services.
srv_install() {
	local p missing=()
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	command -v apt-get >/dev/null || return 1
	[ "$(id -u)" = 0 ] || return 1
	local policy=/usr/sbin/policy-rc.d ours=0 rc=0
	if [ ! -e $policy ]; then printf '#!/bin/sh\nexit 101\n' > $policy; chmod 755 $policy; ours=1; fi
	{ apt-cache show "${missing[@]}" >/dev/null 2>&1 || apt-get update -qq; } >&2
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
		-o DPkg::Lock::Timeout=300 "${missing[@]}" >/dev/null 2>&1 || rc=$?
	[ $ours = 1 ] && rm -f $policy
	return $rc
}

# srv_stop PID: TERM, up to 5 s, then KILL.
srv_stop() {
	local pid=$1
	[ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 0
	kill -TERM "$pid" 2>/dev/null
	for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
	kill -KILL "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	return 0
}
srv_stop_all() {
	local i
	for ((i = ${#SRV_PIDS[@]} - 1; i >= 0; i--)); do srv_stop "${SRV_PIDS[$i]}"; done
	SRV_PIDS=()
}

# srv_free_port FROM TO: the first port nobody listens on.
srv_free_port() {
	local p
	for p in $(seq "$1" "$2"); do ss -Hltn "sport = :$p" | grep -q . || { echo "$p"; return 0; }; done
	return 1
}

# srv_fpm_conf WORKERS [DAEMONIZE [POOL-LINE...]]: $TMP/fpm/fpm.conf, a pool
# as www-data on $TMP/fpm/fpm.sock (each extra line added to the pool), the
# master's log in $TMP/logs/fpm.log.
srv_fpm_conf() {
	local n=$1 daemonize=${2:-no}
	shift; [ $# -gt 0 ] && shift
	mkdir -p "$TMP/fpm" "$TMP/logs"
	{ cat <<-CONF
	[global]
	pid = $TMP/fpm/fpm.pid
	error_log = $TMP/logs/fpm.log
	daemonize = $daemonize
	[www]
	user = www-data
	group = www-data
	listen = $TMP/fpm/fpm.sock
	listen.owner = www-data
	listen.group = www-data
	listen.mode = 0660
	pm = static
	pm.max_children = $n
	pm.max_requests = 0
	chdir = /
	CONF
	if [ $# -gt 0 ]; then printf "%s\n" "$@"; fi
	} > "$TMP/fpm/fpm.conf"
}

# srv_fpm_start WORKERS DAEMONIZE FPM-ARGS...: starts php-fpm, waits for its
# socket and WORKERS workers; sets FPM_MASTER. Returns 1 if it does not come up.
FPM_MASTER=""
srv_fpm_start() {
	local n=$1 daemonize=$2 started
	shift 2
	rm -f "$TMP/fpm/fpm.sock" "$TMP/fpm/fpm.pid"
	"$FPM_BIN" -y "$TMP/fpm/fpm.conf" "$@" >>"$TMP/logs/fpm.out" 2>&1 &
	started=$!
	FPM_MASTER=""
	[ "$daemonize" = no ] && FPM_MASTER=$started
	for _ in $(seq 100); do
		if [ -z "$FPM_MASTER" ] && [ -s "$TMP/fpm/fpm.pid" ]; then FPM_MASTER=$(cat "$TMP/fpm/fpm.pid"); fi
		if [ -n "$FPM_MASTER" ] && [ -S "$TMP/fpm/fpm.sock" ] && [ "$(pgrep -P "$FPM_MASTER" | wc -l)" -eq "$n" ]; then
			SRV_PIDS+=("$FPM_MASTER")
			return 0
		fi
		if [ "$daemonize" = no ] && ! kill -0 "$started" 2>/dev/null; then break; fi
		sleep 0.1
	done
	[ "$daemonize" = yes ] && wait "$started" 2>/dev/null
	[ -n "$FPM_MASTER" ] && srv_stop "$FPM_MASTER"
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

# srv_nginx_run SERVER-BLOCK...: writes $TMP/nginx/nginx.conf (nginx as
# www-data, its temp files and logs under $TMP) with those server blocks,
# starts nginx and waits until the first block's port answers; sets
# NGINX_PID. Returns 1, with the reason in SRV_WHY, if it fails (call it
# directly, not in $(...): it sets NGINX_PID and SRV_PIDS).
NGINX_PID="" SRV_WHY=""
srv_nginx_run() {
	local port pid
	mkdir -p "$TMP/nginx" "$TMP/logs"
	port=$(printf '%s\n' "$1" | sed -n 's/^ *listen 127\.0\.0\.1:\([0-9]*\);/\1/p' | head -n 1)
	{
		cat <<-CONF
		user www-data;
		worker_processes 1;
		pid $TMP/nginx/nginx.pid;
		error_log $TMP/logs/nginx-error.log warn;
		events { worker_connections 256; }
		http {
		    access_log off;
		    default_type text/html;
		    client_body_temp_path $TMP/nginx/body;
		    proxy_temp_path $TMP/nginx/proxy;
		    fastcgi_temp_path $TMP/nginx/fastcgi;
		    uwsgi_temp_path $TMP/nginx/uwsgi;
		    scgi_temp_path $TMP/nginx/scgi;
		CONF
		printf '%s\n' "$@"
		echo "}"
	} > "$TMP/nginx/nginx.conf"
	"$NGINX_BIN" -t -q -c "$TMP/nginx/nginx.conf" -g 'daemon off;' 2>"$TMP/logs/nginx-t.log" ||
		{ SRV_WHY="nginx config test failed: $(head -c 200 "$TMP/logs/nginx-t.log")"; return 1; }
	"$NGINX_BIN" -c "$TMP/nginx/nginx.conf" -g 'daemon off;' >>"$TMP/logs/nginx.out" 2>&1 &
	pid=$!
	NGINX_PID=$pid
	SRV_PIDS+=("$pid")
	for _ in $(seq 50); do
		curl -s -o /dev/null "http://127.0.0.1:$port/" && return 0
		kill -0 "$pid" 2>/dev/null || { SRV_WHY="nginx exited at start: $(tail -n 3 "$TMP/logs/nginx-error.log" 2>/dev/null | tr '\n' ' ')"; return 1; }
		sleep 0.1
	done
	SRV_WHY="nginx does not answer on 127.0.0.1:$port"
	return 1
}

# srv_nginx_start DOCROOT: nginx on 127.0.0.1:$PORT (picked here) passing
# *.php to $TMP/fpm/fpm.sock. Returns 1, with the reason in SRV_WHY, if it
# fails (call it directly, not in $(...): it sets PORT and SRV_PIDS).
PORT=""
srv_nginx_start() {
	PORT=$(srv_free_port 18740 18790) || { SRV_WHY="no free TCP port in 18740-18790"; return 1; }
	srv_nginx_run "$(srv_nginx_server "$PORT" "$1" "$TMP/fpm/fpm.sock")"
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
# generation table (128 + 4 x shared_slots + shared_slots / 8 + 4 x
# shared_slots bytes, in whole 64-byte lines) then 1024 x 320 bytes of
# worker slots (defaults: 860,288), rounded up to pages; opcache's is another /dev/zero mapping (128 MB).  The master maps
# one per tenant (statcache.shared_users, 8); a worker keeps its user's.
# region_inode prints the first one's inode, region_inodes every one's.
SHARED_USERS=8
REGION_BYTES=$(( ((128 + 4 * 65536 + 65536 / 8 + 4 * 65536 + 63) / 64 * 64 + 1024 * 320 + 4095) / 4096 * 4096 ))
region_inodes() { # pid
	perl -ne 'print "$3\n" if m{^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ (\d+)\s+/dev/zero \(deleted\)} && hex($2) - hex($1) == $ARGV_SIZE;
		BEGIN { $ARGV_SIZE = shift @ARGV }' "$REGION_BYTES" "/proc/$1/maps"
}
region_inode() { # pid
	region_inodes "$1" | head -n1
}
