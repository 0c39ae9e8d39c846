# shellcheck shell=bash
# MediaWiki from Debian's package (bookworm: 1.39 LTS) on SQLite, sourced
# by run.sh after lib.sh.
#   docroot  /usr/share/mediawiki: code; extensions -> /var/lib/mediawiki/
#            extensions, whose entries link to /usr/share/mediawiki/
#            extensions-core/* (Debian's layout: symlinked directories)
#   state    $SC_STATE/mediawiki: LocalSettings.php and the SQLite files
#            (installed once by maintenance/install.php with every bundled
#            skin and extension; MW_CONFIG_FILE points the web requests at
#            it, so Debian's /etc/mediawiki is not touched)
# Cache: APCu for the main cache (php8.2-apcu, as the installer picks when
# APCu is there), parser cache in SQLite.

APP_DOCROOT=/usr/share/mediawiki
APP_STATE=$SC_STATE/mediawiki
APP_DATA=$APP_STATE/db
# Neighbour (run.sh --neighbour): db/, the SQLite databases' directory,
# which also holds MediaWiki's lock files.
APP_NEIGHBOUR_DIR=$APP_DATA
APP_INDEX=index.php
APP_NGINX_LOCATIONS='location ~ ^/(cache|maintenance|tests|vendor|includes|extensions-core)/ { deny all; }'
APP_FASTCGI_PARAMS="fastcgi_param MW_CONFIG_FILE $APP_STATE/LocalSettings.php;"

# maintenance scripts as the worker's user, on our settings
mw_maint() { # script args...
	local s=$1; shift
	runuser -u www-data -- env MW_CONFIG_FILE="$APP_STATE/LocalSettings.php" \
		php "$APP_DOCROOT/maintenance/$s.php" "$@"
}

app_setup() {
	sc_install_servers mediawiki php$SC_PHPV-sqlite3 php$SC_PHPV-apcu php$SC_PHPV-intl php$SC_PHPV-mbstring php$SC_PHPV-xml
	[ -f "$APP_DOCROOT/index.php" ] || sc_refuse "no $APP_DOCROOT/index.php after installing mediawiki"
	mkdir -p "$SC_STATE"
	sc_check_fs "$APP_DOCROOT" "$SC_STATE" /var/lib/mediawiki
	local ls=$APP_STATE/LocalSettings.php
	if [ ! -f "$ls" ]; then
		sc_log "installing MediaWiki on SQLite into $APP_STATE (once)"
		rm -rf "$APP_STATE" && mkdir -p "$APP_DATA" && chown -R www-data:www-data "$APP_STATE"
		local log pw
		pw=statcache-bench-$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')
		log=$(cd "$APP_DOCROOT" && runuser -u www-data -- php maintenance/install.php --dbtype=sqlite \
			--dbpath="$APP_DATA" --dbname=wiki --confpath="$APP_STATE" --server=http://127.0.0.1 \
			--scriptpath="" --with-extensions --pass="$pw" --lang=en "Bench Wiki" Admin 2>&1) ||
			{ printf '%s\n' "$log" | tail -n 5 >&2; rm -rf "$APP_STATE"; sc_refuse "MediaWiki install.php failed"; }
		cat >> "$ls" <<-'PHP'

		# --- statcache bench
		# the port changes from run to run: take the host from the request
		$wgServer = WebRequest::detectServer();
		$wgMainCacheType = CACHE_ACCEL;
		$wgParserCacheType = CACHE_DB;
		$wgSessionCacheType = CACHE_DB;
		# no job runs inside page views: a measured request must not
		# sometimes run a job
		$wgJobRunRate = 0;
		PHP
		chown www-data:www-data "$ls"
	fi
	# Our articles, imported when they differ from the wiki's text
	local f t
	for f in "$APP_DIR"/pages/*.wiki; do
		t=$(basename "$f" .wiki)
		# ($(...) drops trailing newlines on both sides, as MediaWiki does)
		if [ "$(mw_maint getText "$t" 2>/dev/null || true)" != "$(cat "$f")" ]; then
			mw_maint edit --summary "statcache bench" --user Admin "$t" < "$f" >/dev/null 2>&1 ||
				sc_refuse "MediaWiki edit.php $t failed"
		fi
	done
	# the search index and links are updated by jobs: run them now
	mw_maint runJobs --quiet >/dev/null 2>&1 || true
}

# CLI entry (bench/apps/cold.sh): maintenance/getText.php prints one of our
# articles (MediaWiki's whole set-up, its extensions, a database read).
app_cli() { # php command...
	MW_CONFIG_FILE=$APP_STATE/LocalSettings.php "$@" "$APP_DOCROOT/maintenance/getText.php" Inotify
}
