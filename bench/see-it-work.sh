#!/usr/bin/env bash
# See statcache work: build it, serve DokuWiki (Debian's package) through php-fpm + nginx, and print its stat syscalls and CPU per request with the cache off and on.
#
# On a fresh Debian 12, as root:   bench/see-it-work.sh
# (about 3-5 minutes on 2 cores, package installs included). It installs what
# is missing (php8.2-fpm, php8.2-dev, nginx, dokuwiki, strace, build tools),
# starts its own php-fpm and nginx on 127.0.0.1 from a temp dir, and stops
# them at the end; nothing is left running and no system config is changed
# besides DokuWiki's data dir (three bench pages, its search index).
# Env: PASSES (3), REQUESTS (30 per run), OPCACHE (both | debian | vt0).
# The result goes to bench/results/dokuwiki-short-<date>.json (commit it to
# update the figures docs/benchmarks.md quotes: scripts/readme-figures.sh).
# The full table and more passes: bench/apps/run.sh --help.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/apps/lib.sh"

[ "$(id -u)" = 0 ] || sc_refuse "run as root (installs packages, starts php-fpm with a www-data pool, straces it)"
t0=$(date +%s)
sc_log "1/3 building statcache (NTS, php$SC_PHPV)"
so=$(sc_build)
sc_log "    $so"
sc_log "2/3 installing php-fpm, nginx, DokuWiki (when missing)"
sc_install_servers dokuwiki
sc_log "3/3 measuring: off / on, ${PASSES:-3} passes x ${REQUESTS:-30} requests, alternating (php-fpm restarted for each)"
STATCACHE_SO=$so "$here/apps/run.sh" --app dokuwiki --short --no-baseline --out "$here/results" \
	--passes "${PASSES:-3}" --requests "${REQUESTS:-30}" --opcache "${OPCACHE:-both}"
echo "(see-it-work: $(( $(date +%s) - t0 )) s in all)"
