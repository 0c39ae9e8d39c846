# shellcheck shell=bash
# "Notes", a small PEAR-era site (bench/apps/pear/site), sourced by run.sh
# after lib.sh. Its front controller sets a four-entry include_path
#   .  <site>/lib  <site>/local  /usr/share/php
# and loads every class and PEAR package by relative name through it (a
# PEAR autoloader, require_once 'Mail/mime.php', Mail's drivers by name), so
# each PEAR file costs PHP one failing lstat() per earlier entry, on every
# request. Uses Debian's PEAR packages: php-pear (PEAR, XML_Util),
# php-mail-mime, php-mail, php-net-url2, php-console-table (Debian 12
# dropped php-log, whose handlers the site loaded by name until then).
#   docroot  /var/lib/statcache-bench/pear/www  (copied from site/, root-owned)
#   data     /var/lib/statcache-bench/pear/pages (wiki pages, read-only)

APP_SITE=/var/lib/statcache-bench/pear
APP_DOCROOT=$APP_SITE/www
APP_DATA=$APP_SITE/pages
# Neighbour (run.sh --neighbour): pages/, the wiki pages the site reads.
APP_NEIGHBOUR_DIR=$APP_DATA

app_setup() {
	sc_install_servers php-pear php-mail-mime php-mail php-net-url2 php-console-table
	local f
	for f in PEAR.php XML/Util.php Mail/mime.php Mail.php Net/URL2.php Console/Table.php; do
		[ -f "/usr/share/php/$f" ] || sc_refuse "no /usr/share/php/$f after installing the PEAR packages"
	done
	# The site, copied where www-data can read it. Only rewritten when it
	# differs, so that its mtimes (opcache's validation) stay put.
	mkdir -p "$APP_SITE"
	if ! diff -r -q "$APP_DIR/site" "$APP_SITE" >/dev/null 2>&1; then
		rm -rf "$APP_SITE"
		cp -r "$APP_DIR/site" "$APP_SITE"
		chown -R root:root "$APP_SITE"
		chmod -R u=rwX,go=rX "$APP_SITE"
	fi
	sc_check_fs "$APP_SITE" /usr/share/php
}
