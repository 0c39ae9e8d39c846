# shellcheck shell=bash
# A Composer-autoloaded app (bench/apps/composer/app: our own small code,
# Symfony HttpKernel + Routing, Illuminate Container/Collections, Carbon)
# whose dependencies are Debian's packaged sources under /usr/share/php,
# mapped by PSR-4 in composer.json, with fallback directories as real vendor
# trees have ("App\\" on src/ then lib/, the root namespace on lib/ then
# /usr/share/php/). `composer dump-autoload` (offline, not optimised: the
# default) writes vendor/; every class is found by probing file_exists().
#   docroot  $SC_STATE/composer/public   (copied from bench/apps/composer/app)
#   vendor   $SC_STATE/composer/vendor   (composer dump-autoload)

APP_ROOT=$SC_STATE/composer
APP_DOCROOT=$APP_ROOT/public
APP_DATA=$APP_ROOT/data
# Neighbour (run.sh --neighbour): data/, the articles the app reads, beside
# its code.
APP_NEIGHBOUR_DIR=$APP_DATA
APP_INDEX=index.php
# front controller: every path that is not a file goes to index.php
APP_NGINX_LOCATIONS='location / { try_files $uri /index.php$is_args$args; }'

app_setup() {
	sc_install_servers composer php-symfony-http-kernel php-symfony-routing php-symfony-string \
		php-laravel-framework php-nesbot-carbon
	mkdir -p "$SC_STATE" && sc_check_fs "$SC_STATE" /usr/share/php
	# A fresh copy each run (root-owned, read-only for the www-data worker)
	rm -rf "$APP_ROOT" && mkdir -p "$APP_ROOT"
	cp -r "$APP_DIR/app/." "$APP_ROOT/"
	(cd "$APP_ROOT" && COMPOSER_ALLOW_SUPERUSER=1 COMPOSER_DISABLE_NETWORK=1 COMPOSER_HOME="$SC_TMP/composer-home" \
		composer dump-autoload --no-interaction --quiet) ||
		sc_refuse "composer dump-autoload failed in $APP_ROOT"
	[ -f "$APP_ROOT/vendor/composer/autoload_psr4.php" ] || sc_refuse "composer wrote no PSR-4 map"
	chmod -R a+rX "$APP_ROOT"
}
