#!/usr/bin/env bash
# Fetch PHP 8.4's development headers (Debian trixie's php8.4-dev) for a
# compile-only check, without installing anything from trixie:
#   * adds a `deb` entry for trixie plus an apt pin (Pin-Priority: 1) so that
#     nothing on this bookworm system is ever upgraded from trixie,
#   * `apt-get download php8.4-dev` and `dpkg -x` it into $CACHE/php84.
# Prints the include dir (…/usr/include/php/2024xxxx) on stdout; progress on stderr.
# Env: STATCACHE_CACHE (default ~/.cache/statcache).
#
# How a compile check uses it (this is what scripts/compile-check-84.sh does):
#   D=$(scripts/php84-headers.sh)            # …/usr/include/php/20240924
#   A=<dir above main/php_config.h>          # trixie: same as $D; bookworm-style
#                                            # packages: usr/include/<triplet>/php/<api>
#   gcc -fsyntax-only -std=c11 -Wall -Wextra -Werror -DHAVE_CONFIG_H \
#       -I<tmp dir with the extension's config.h> -I$A -I$A/main \
#       -I$D -I$D/main -I$D/TSRM -I$D/Zend -I$D/ext -I$D/ext/date/lib  file.c
# (php8.4-dev 8.4.x in trixie ships php_config.h in $D/main, NTS; the check
#  adds a second pass with -DZTS=1 to cover ZTS-only header code.)
set -euo pipefail

CACHE=${STATCACHE_CACHE:-$HOME/.cache/statcache}
DEST=$CACHE/php84
log() { echo "php84-headers: $*" >&2; }
die() { echo "php84-headers: ERROR: $*" >&2; exit 1; }

find_incdir() { ls -d "$DEST"/usr/include/php/2024* 2>/dev/null | sort | tail -1; }

mkdir -p "$CACHE"
exec 9>"$CACHE/.php84.lock"
flock 9

inc=$(find_incdir || true)
if [[ -n "$inc" && -f "$inc/main/php.h" && -f "$DEST/.complete" ]]; then
  echo "$inc"; exit 0
fi

start=$SECONDS
list=/etc/apt/sources.list.d/statcache-trixie.sources
pin=/etc/apt/preferences.d/statcache-trixie
if [[ ! -f $list || ! -f $pin ]]; then
  [[ $EUID -eq 0 ]] || die "need root to add the trixie apt source"
  log "adding trixie apt source (pinned to priority 1)"
  cat >"$pin" <<'PIN'
# Added by statcache scripts/php84-headers.sh: trixie is only used to download
# php8.4-dev for a header compile check; never upgrade anything from it.
Package: *
Pin: release n=trixie
Pin-Priority: 1
PIN
  cat >"$list" <<'SRC'
# Added by statcache scripts/php84-headers.sh (see preferences.d/statcache-trixie)
Types: deb
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
  apt-get update -q >/dev/null || die "apt-get update failed"
fi

ver=$(apt-cache madison php8.4-dev 2>/dev/null | awk -F'|' '$3 ~ /trixie/ {gsub(/ /,"",$2); print $2; exit}')
if [[ -z "$ver" ]]; then
  apt-get update -q >/dev/null || die "apt-get update failed"
  ver=$(apt-cache madison php8.4-dev 2>/dev/null | awk -F'|' '$3 ~ /trixie/ {gsub(/ /,"",$2); print $2; exit}')
fi
[[ -n "$ver" ]] || die "php8.4-dev not found in trixie (apt-cache madison php8.4-dev)"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"   # apt downloads as user _apt
log "downloading php8.4-dev=$ver"
( cd "$tmp" && apt-get download -q "php8.4-dev=$ver" >/dev/null 2>&1 ) ||
  ( cd "$tmp" && apt-get download "php8.4-dev=$ver" >&2 ) || die "apt-get download failed"
rm -rf "$DEST"; mkdir -p "$DEST"
dpkg -x "$tmp"/php8.4-dev_*.deb "$DEST"
echo "php8.4-dev $ver" >"$DEST/.complete"
inc=$(find_incdir || true)
[[ -n "$inc" && -f "$inc/main/php.h" ]] || die "no include dir in php8.4-dev"
log "done in $((SECONDS - start))s"
echo "$inc"
