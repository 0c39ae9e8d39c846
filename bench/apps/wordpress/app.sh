# shellcheck shell=bash
# WordPress from Debian's package (bookworm: 6.1) with the block theme
# twentytwentythree and every plugin Debian packages (akismet, bundled;
# wordpress-plugin-http-authentication, wordpress-shibboleth,
# wordpress-xrds-simple), on a private MariaDB that the bench starts, as a
# plain child process, on a unix socket in its temp dir. Sourced by run.sh.
#   docroot  /usr/share/wordpress
#   content  /var/lib/wordpress/wp-content (Debian: plugins/ and themes/
#            hold symlinks to /usr/share/wordpress/wp-content/...)
#   config   /etc/wordpress/config-statcache-bench.php, chosen by Debian's
#            wp-config.php from the WORDPRESS_CONFIG fastcgi param (written
#            once; the DB socket and the host come from each request)
#   database $SC_STATE/wordpress/mysql (MariaDB datadir, kept between runs)

APP_DOCROOT=/usr/share/wordpress
APP_STATE=$SC_STATE/wordpress
APP_DATA=/var/lib/wordpress/wp-content
# Neighbour (run.sh --neighbour): wp-content, which holds plugins/, themes/
# and uploads/, and whose drop-ins WordPress looks for by name.
APP_NEIGHBOUR_DIR=$APP_DATA
APP_INDEX=index.php
APP_NGINX_LOCATIONS='location / { try_files $uri $uri/ /index.php$is_args$args; }
	        location ~ ^/wp-content/ { root /var/lib/wordpress; }'
WP_CONFIG=/etc/wordpress/config-statcache-bench.php

app_setup() {
	sc_install_servers wordpress wordpress-theme-twentytwentythree wordpress-plugin-http-authentication \
		wordpress-shibboleth wordpress-xrds-simple mariadb-server php$SC_PHPV-mysql
	[ -f "$APP_DOCROOT/wp-settings.php" ] || sc_refuse "no $APP_DOCROOT/wp-settings.php after installing wordpress"
	mkdir -p "$APP_STATE" && chmod 755 "$SC_STATE" "$APP_STATE"
	sc_check_fs "$APP_DOCROOT" "$APP_DATA" "$APP_STATE" /etc/wordpress
	sc_mariadb_start "$APP_STATE/mysql"
	APP_FASTCGI_PARAMS="fastcgi_param WORDPRESS_CONFIG statcache-bench; fastcgi_param STATCACHE_BENCH_DB_SOCKET $SC_MYSQL_SOCK;"
	local pwf=$APP_STATE/db-password pw
	[ -s "$pwf" ] || { od -An -N12 -tx1 /dev/urandom | tr -d ' \n' > "$pwf"; chmod 600 "$pwf"; }
	pw=$(cat "$pwf")
	mariadb --no-defaults -S "$SC_MYSQL_SOCK" -u root <<-SQL || sc_refuse "MariaDB: creating the wordpress database failed"
	CREATE DATABASE IF NOT EXISTS wordpress CHARACTER SET utf8mb4;
	CREATE USER IF NOT EXISTS 'wordpress'@'localhost' IDENTIFIED BY '$pw';
	GRANT ALL ON wordpress.* TO 'wordpress'@'localhost';
	SQL
	if [ ! -f "$WP_CONFIG" ] || ! grep -q 'statcache bench' "$WP_CONFIG"; then
		[ -e "$WP_CONFIG" ] && sc_refuse "$WP_CONFIG exists and is not the bench's"
		local salts k
		salts=$(for k in AUTH_KEY SECURE_AUTH_KEY LOGGED_IN_KEY NONCE_KEY AUTH_SALT SECURE_AUTH_SALT LOGGED_IN_SALT NONCE_SALT; do
			printf "define('%s', '%s');\n" "$k" "$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')"; done)
		cat > "$WP_CONFIG" <<-PHP
		<?php
		// statcache bench (bench/apps/wordpress/app.sh): selected by Debian's
		// wp-config.php through the WORDPRESS_CONFIG fastcgi param.
		define('DB_NAME', 'wordpress');
		define('DB_USER', 'wordpress');
		define('DB_PASSWORD', '$pw');
		define('DB_HOST', 'localhost:' . (\$_SERVER['STATCACHE_BENCH_DB_SOCKET'] ?? '/nonexistent'));
		define('WP_HOME', 'http://' . \$_SERVER['HTTP_HOST']);
		define('WP_SITEURL', 'http://' . \$_SERVER['HTTP_HOST']);
		// no cron, updates or outgoing requests inside a measured request
		define('DISABLE_WP_CRON', true);
		define('AUTOMATIC_UPDATER_DISABLED', true);
		define('WP_HTTP_BLOCK_EXTERNAL', true);
		$salts
		PHP
		chown root:www-data "$WP_CONFIG"; chmod 640 "$WP_CONFIG"
	fi
	local log
	# (copied: the worktree need not be readable by www-data)
	mkdir -p "$SC_TMP/wp-install" && cp "$APP_DIR/install.php" "$APP_DIR/content.json" "$SC_TMP/wp-install/"
	chmod -R a+rX "$SC_TMP/wp-install"
	log=$(runuser -u www-data -- php "$SC_TMP/wp-install/install.php" "$SC_MYSQL_SOCK" "$pw" 2>&1) ||
		{ printf '%s\n' "$log" | tail -n 5 >&2; sc_refuse "WordPress install.php failed"; }
	printf '%s\n' "$log" | { grep -E '^(installed|plugin)' || true; } | while read -r l; do sc_log "wordpress: $l"; done
}
