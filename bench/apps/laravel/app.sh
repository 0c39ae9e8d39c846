# shellcheck shell=bash
# A Laravel 8 app assembled on Debian's php-laravel-framework (8.83): our
# own small skeleton in bench/apps/laravel/app (bootstrap/app.php, an HTTP
# kernel, config/, routes/, Blade views, an Eloquent model on SQLite), as
# laravel/laravel's skeleton is not packaged. The framework and its
# dependencies come from Debian's autoload.php files (required through the
# include path, as Debian intends); Composer autoloads App\ only.
#   root     $SC_STATE/laravel (copied from bench/apps/laravel/app each run)
#   docroot  $SC_STATE/laravel/public
#   storage  $SC_STATE/laravel/storage (compiled views, cache, SQLite: www-data)

sc_composer_layout   # APP_ROOT $SC_STATE/laravel, docroot public/, index.php the front controller
APP_DATA=$APP_ROOT/storage
# Neighbour (run.sh --neighbour): storage/, which holds the SQLite database,
# the compiled views and the framework's caches.
APP_NEIGHBOUR_DIR=$APP_DATA

app_setup() {
	sc_install_servers composer php-laravel-framework php$SC_PHPV-sqlite3 php$SC_PHPV-mbstring php$SC_PHPV-xml
	[ -f /usr/share/php/Illuminate/Foundation/Application.php ] || sc_refuse "no Illuminate\\Foundation after installing php-laravel-framework"
	mkdir -p "$SC_STATE" && sc_check_fs "$SC_STATE" /usr/share/php
	sc_composer_app
	mkdir -p "$APP_DATA"/{app,logs,framework/{views,cache/data}} "$APP_ROOT/bootstrap/cache"
	php "$APP_ROOT/database/seed.php" "$APP_DATA/database.sqlite" >/dev/null || sc_refuse "seeding the Laravel app's SQLite failed"
	chmod -R a+rX "$APP_ROOT"
	chown -R www-data:www-data "$APP_DATA" "$APP_ROOT/bootstrap/cache"
}
