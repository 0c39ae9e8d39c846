# shellcheck shell=bash
# DokuWiki from Debian's package (bookworm: 2022-07-31a "Igor"), sourced by
# run.sh after lib.sh. DokuWiki needs no database: pages are text files.
#   docroot  /usr/share/dokuwiki   (code, root-owned)
#   conf     /etc/dokuwiki         (Debian's preload.php points DOKU_CONF here)
#   data     /var/lib/dokuwiki/data (pages, cache, index; www-data, 0700)

APP_DOCROOT=/usr/share/dokuwiki
APP_DATA=/var/lib/dokuwiki/data
# Neighbour (run.sh --neighbour): the data directory, which holds pages/,
# meta/, cache/, index/ and locks/ (names starting with a dot: DokuWiki's
# listings skip them).
APP_NEIGHBOUR_DIR=$APP_DATA

app_setup() {
	sc_install_servers dokuwiki
	[ -f "$APP_DOCROOT/doku.php" ] || sc_refuse "no $APP_DOCROOT/doku.php after installing dokuwiki"
	sc_check_fs "$APP_DOCROOT" "$APP_DATA" /etc/dokuwiki
	# Our pages (start + two articles; wiki:syntax and wiki:dokuwiki are
	# shipped). Only rewritten when they differ: DokuWiki's render cache is
	# keyed on mtimes, and a rewrite would make the first pass render.
	local src dst changed=0
	while IFS= read -r src; do
		dst=$APP_DATA/pages/${src#"$APP_DIR/pages/"}
		if ! cmp -s "$src" "$dst"; then
			install -D -o www-data -g www-data -m 644 "$src" "$dst"; changed=1
		fi
	done < <(find "$APP_DIR/pages" -name '*.txt' | sort)
	# The worker runs as www-data and writes cache, meta, index and locks.
	chown -R www-data:www-data "$APP_DATA" /var/lib/dokuwiki/acl
	# The search index is normally built by the taskrunner web bug, which a
	# curl loop never loads: build it once so do=search finds the articles.
	if [ $changed = 1 ] || [ ! -s "$APP_DATA/index/page.idx" ]; then
		# (its CLI run warns about HTTP_HOST on every page: kept out of sight)
		local log
		log=$(runuser -u www-data -- php "$APP_DOCROOT/bin/indexer.php" -q 2>&1) ||
			{ printf '%s\n' "$log" | tail -n 5 >&2; sc_refuse "DokuWiki indexer failed"; }
	fi
}

# CLI entry (bench/apps/cold.sh): bin/render.php renders one of our pages'
# text to HTML (DokuWiki's set-up, its parser and every syntax plugin).
app_cli() { # php command...
	"$@" "$APP_DOCROOT/bin/render.php" < "$APP_DIR/pages/bench/caching.txt"
}
