# shellcheck shell=bash
# "Ledger", a small app of the PHP 4/5 era (bench/apps/ledger/site), sourced
# by run.sh after lib.sh: the shape of an application run outside the bench
# whose remaining stat calls a user reported. Its front controller
#   - puts four entries on include_path (vendor, shared, lib, local) and
#     loads every class by relative name with a PEAR-style probe,
#     fopen($name . '.php', 'r', true), then require_once: most classes
#     are in the third entry, a few in the fourth, and the optional ones
#     (plugins, locale overrides) in none, probed on every request;
#   - keeps its sessions in SQLite (PDO's SQLite driver, one row a session,
#     a cookie jar per URL list round is not kept: every request starts one);
#   - calls clearstatcache(true) first, as it does after its cache writes:
#     PHP's realpath cache is empty, so php-fpm's own realpath() of the
#     script (before any PHP code) walks from "/" on the next request, and
#     PDO's SQLite driver walks the database path (expand_filepath()).
# Needs Debian's php8.2-sqlite3 (pdo_sqlite).
#   docroot  /var/lib/statcache-bench/ledger/www  (copied from site/, root-owned)
#   data     /var/lib/statcache-bench/ledger/data (the SQLite database: www-data)

APP_SITE=$SC_STATE/ledger
APP_DOCROOT=$APP_SITE/www
APP_DATA=$APP_SITE/data
# Neighbour (run.sh --neighbour): data/, the session database's directory.
APP_NEIGHBOUR_DIR=$APP_DATA
APP_INDEX=index.php

app_setup() {
	sc_install_servers php$SC_PHPV-sqlite3
	php -n -d extension=pdo_sqlite -r 'exit(in_array("sqlite", PDO::getAvailableDrivers(), true) ? 0 : 1);' 2>/dev/null ||
		php -r 'exit(in_array("sqlite", PDO::getAvailableDrivers(), true) ? 0 : 1);' ||
		sc_refuse "PDO has no sqlite driver after installing php$SC_PHPV-sqlite3"
	# The site, copied where www-data can read it; only rewritten when it
	# differs, so that its mtimes (opcache's validation) stay put.
	mkdir -p "$SC_STATE"
	if ! diff -r -q "$APP_DIR/site" "$APP_SITE" -x data >/dev/null 2>&1; then
		rm -rf "$APP_SITE"
		cp -r "$APP_DIR/site" "$APP_SITE"
		chown -R root:root "$APP_SITE"
		chmod -R u=rwX,go=rX "$APP_SITE"
	fi
	# a fresh session database each run (www-data writes it and its journal)
	rm -rf "$APP_DATA" && mkdir -p "$APP_DATA"
	chown www-data:www-data "$APP_DATA"
	sc_check_fs "$APP_SITE"
}
