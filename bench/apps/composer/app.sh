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

sc_composer_layout   # APP_ROOT $SC_STATE/composer, docroot public/, index.php the front controller
APP_DATA=$APP_ROOT/data
# Neighbour (run.sh --neighbour): data/, the articles the app reads, beside
# its code.
APP_NEIGHBOUR_DIR=$APP_DATA

app_setup() {
	sc_install_servers composer php-symfony-http-kernel php-symfony-routing php-symfony-string \
		php-laravel-framework php-nesbot-carbon
	mkdir -p "$SC_STATE" && sc_check_fs "$SC_STATE" /usr/share/php
	sc_composer_app
	[ -f "$APP_ROOT/vendor/composer/autoload_psr4.php" ] || sc_refuse "composer wrote no PSR-4 map"
	chmod -R a+rX "$APP_ROOT"
}
