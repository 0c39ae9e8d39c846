# shellcheck shell=bash
# Roundcube from Debian's packages (bookworm: 1.6.5): roundcube-core on its
# SQLite backend (roundcube-sqlite3), with a few of roundcube-plugins'
# plugins, served to a logged-in user whose mail a private Dovecot (IMAP,
# dovecot-imapd, a plain child process on 127.0.0.1) keeps. Sourced by
# run.sh after lib.sh.
#   docroot  /var/lib/roundcube/public_html (Debian's: index.php includes
#            /var/lib/roundcube/index.php; program, skins and plugins are
#            symlinks into /usr/share/roundcube)
#   config   $SC_STATE/roundcube/config: our config.inc.php, Debian's
#            defaults.inc.php and mimetypes.php linked in; the web requests
#            find it through ROUNDCUBE_CONFIG_DIR (a fastcgi param), so
#            /etc/roundcube is not read and not touched
#   database $SC_STATE/roundcube/db/roundcube.sqlite: Roundcube makes it
#            at its first request and puts it in WAL mode, so that every
#            request that opens it makes and removes -wal and -shm next to it
#   mail     $SC_STATE/roundcube/mail/bench/Maildir (six messages of ours,
#            bench/apps/roundcube/mail), served by Dovecot on a free port
# Every page is a logged-in user's: app_login logs in once (Roundcube's
# login form, its CSRF token and cookie check), the session lives in the
# SQLite database for the whole run (session_lifetime: a day) and curl
# sends its cookies (APP_COOKIES).
# Neighbour (run.sh --neighbour): the state directory, which holds the
# config directory PHP asks about on every request, the database's
# directory and Roundcube's temp and log directories.
# Debconf: Debian's dbconfig-common is told not to make a database
# (roundcube-core roundcube/dbconfig-install false) before the install.

APP_STATE=$SC_STATE/roundcube
APP_DOCROOT=/var/lib/roundcube/public_html
APP_DATA=$APP_STATE/db
APP_NEIGHBOUR_DIR=$APP_STATE
APP_INDEX=index.php
APP_NGINX_LOCATIONS='location ~ ^/(config|temp|logs|bin|SQL|installer)/ { deny all; }'
RC_USER=bench
RC_PLUGINS="archive zipdownload markasjunk attachment_reminder emoticons hide_blockquote newmail_notifier vcard_attachments"

app_setup() {
	debconf-set-selections <<-EOF || sc_refuse "debconf-set-selections failed"
	roundcube-core roundcube/dbconfig-install boolean false
	roundcube-core roundcube/reconfigure-webserver multiselect
	roundcube-core roundcube/restart-webserver boolean false
	EOF
	sc_install_servers roundcube-core roundcube-sqlite3 roundcube-plugins dovecot-imapd sqlite3 \
		php$SC_PHPV-sqlite3 php$SC_PHPV-intl php$SC_PHPV-mbstring php$SC_PHPV-xml
	[ -f /var/lib/roundcube/index.php ] && [ -f "$APP_DOCROOT/index.php" ] ||
		sc_refuse "no $APP_DOCROOT/index.php after installing roundcube-core"
	local p
	for p in $RC_PLUGINS; do
		[ -f "/usr/share/roundcube/plugins/$p/$p.php" ] || sc_refuse "no Roundcube plugin $p after installing roundcube-plugins"
	done
	mkdir -p "$SC_STATE" && chmod 755 "$SC_STATE"
	mkdir -p "$APP_STATE"/{config,db,temp,logs} "$APP_STATE/mail/$RC_USER/Maildir"/{cur,new,tmp}
	chmod 755 "$APP_STATE" "$APP_STATE/config"
	chown www-data:www-data "$APP_STATE"/{db,temp,logs}
	sc_check_fs "$APP_DOCROOT" /usr/share/roundcube "$APP_STATE"
	# the IMAP password and Roundcube's des_key: made once, kept
	local pwf=$APP_STATE/imap-password key
	[ -s "$pwf" ] || { od -An -N12 -tx1 /dev/urandom | tr -d ' \n' > "$pwf"; chmod 600 "$pwf"; }
	RC_PASS=$(cat "$pwf")
	[ -s "$APP_STATE/des-key" ] || { od -An -N12 -tx1 /dev/urandom | tr -d ' \n' > "$APP_STATE/des-key"; chmod 600 "$APP_STATE/des-key"; }
	key=$(cat "$APP_STATE/des-key")
	# Our settings; Debian's defaults.inc.php and mimetypes.php beside them
	# (linked: RCUBE_CONFIG_DIR is this directory alone)
	ln -sfn /etc/roundcube/defaults.inc.php "$APP_STATE/config/defaults.inc.php"
	ln -sfn /etc/roundcube/mimetypes.php "$APP_STATE/config/mimetypes.php"
	local conf=$APP_STATE/config/config.inc.php new=$SC_TMP/roundcube-config.php
	cat > "$new" <<-PHP
	<?php
	// statcache bench (bench/apps/roundcube/app.sh): read by Roundcube
	// through ROUNDCUBE_CONFIG_DIR; the IMAP port comes from each request.
	\$config = [];
	\$config['db_dsnw'] = 'sqlite:///$APP_DATA/roundcube.sqlite?mode=0640';
	\$config['imap_host'] = '127.0.0.1:' . (getenv('STATCACHE_BENCH_IMAP_PORT') ?: '143');
	\$config['smtp_host'] = '';
	\$config['support_url'] = '';
	\$config['product_name'] = 'Bench Mail';
	\$config['des_key'] = '$key';
	\$config['temp_dir'] = '$APP_STATE/temp/';
	\$config['log_dir'] = '$APP_STATE/logs/';
	// one login lasts the whole run
	\$config['session_lifetime'] = 1440;
	\$config['login_rate_limit'] = 0;
	\$config['skin'] = 'elastic';
	\$config['enable_spellcheck'] = false;
	\$config['enable_installer'] = false;
	\$config['plugins'] = ['$(echo "$RC_PLUGINS" | sed "s/ /', '/g")'];
	PHP
	# only rewritten when it differs: opcache's validation keeps its copy
	cmp -s "$new" "$conf" || install -m 644 "$new" "$conf"
	# Our messages, delivered once into the Maildir (seen: showing one
	# changes nothing); Dovecot gives them their UIDs in name order
	local f n=0
	for f in "$APP_DIR"/mail/*.eml; do
		n=$((n + 1))
		[ -e "$APP_STATE/mail/$RC_USER/Maildir/cur/$((1700000000 + n)).M${n}P1.bench:2,S" ] ||
			install -m 600 "$f" "$APP_STATE/mail/$RC_USER/Maildir/cur/$((1700000000 + n)).M${n}P1.bench:2,S"
	done
	chown -R mail:mail "$APP_STATE/mail"
	sc_imap_start "$APP_STATE/mail" "$RC_USER" "$RC_PASS"
	APP_FASTCGI_PARAMS="fastcgi_param ROUNDCUBE_CONFIG_DIR $APP_STATE/config; fastcgi_param STATCACHE_BENCH_IMAP_PORT $SC_IMAP_PORT;"
	APP_COOKIES=$SC_TMP/roundcube-cookies.txt
}

# Log in through the servers: the login page (a session cookie and the
# form's token), then the form; Roundcube answers 302 to the mailbox.
app_login() {
	local jar=$APP_COOKIES url=http://127.0.0.1:$SC_PORT/ token res
	: > "$jar"
	token=$(curl -s -c "$jar" -b "$jar" "${url}?_task=login" |
		sed -n 's/.*name="_token" value="\([^"]*\)".*/\1/p' | head -n1)
	[ -n "$token" ] || sc_refuse "Roundcube: no login token on its login page"
	res=$(curl -s -o "$SC_TMP/logs/roundcube-login.html" -w '%{http_code} %{redirect_url}' -c "$jar" -b "$jar" \
		--data-urlencode "_token=$token" -d _task=login -d _action=login -d _timezone=UTC -d _url= \
		--data-urlencode "_user=$RC_USER" --data-urlencode "_pass=$RC_PASS" "${url}?_task=login")
	[[ $res == 302\ *_task=mail* ]] || sc_refuse "Roundcube: the login failed ($res; $SC_TMP/logs/roundcube-login.html)"
	sc_log "roundcube: logged in as $RC_USER"
}

# CLI entry (bench/apps/cold.sh): Debian's bin/gc.sh, Roundcube's own
# clean-up (its set-up on our config, its database, its temp directory).
app_cli() { # php command...
	ROUNDCUBE_CONFIG_DIR=$APP_STATE/config STATCACHE_BENCH_IMAP_PORT=$SC_IMAP_PORT "$@" /usr/share/roundcube/bin/gc.sh
}
