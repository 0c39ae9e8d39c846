# shellcheck shell=bash
# Sourced by the scripts that need PHP 8.2's source (zts-php.sh, static-php.sh,
# gen-arginfo.sh): one way to get Debian bookworm's php8.2 orig tarball.
#
#   php_source_tarball DIR   -> prints the path of php8.2_X.orig.tar.xz in DIR,
#                               downloading Debian's source package if needed
#
# apt is asked for the plain bookworm suite's source (the version every
# build of the test command is made from), then for a known version.

PHP_SOURCE_FALLBACK_VERSION=8.2.32-1~deb12u1

php_source_ensure_deb_src() {
  if ! grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ &&
     ! grep -qs '^deb-src .*debian[ /].*bookworm' /etc/apt/sources.list; then
    echo "php-source: adding a deb-src entry for bookworm" >&2
    cat >/etc/apt/sources.list.d/statcache-src.sources <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
    apt-get update -q >&2
  elif [[ -z "$(apt-cache showsrc php8.2 2>/dev/null)" ]]; then
    apt-get update -q >&2
  fi
}

php_source_tarball() {
  local dir=$1 t
  mkdir -p "$dir"
  t=$(ls -1 "$dir"/php8.2_*.orig.tar.xz 2>/dev/null | sort -V | tail -1 || true)
  if [[ -z $t ]]; then
    php_source_ensure_deb_src
    echo "php-source: downloading Debian source php8.2/bookworm" >&2
    ( cd "$dir" && apt-get source -q --download-only php8.2/bookworm >&2 ) ||
    ( cd "$dir" && apt-get source -q --download-only "php8.2=$PHP_SOURCE_FALLBACK_VERSION" >&2 ) ||
      { echo "php-source: apt-get source php8.2 failed" >&2; return 1; }
    t=$(ls -1 "$dir"/php8.2_*.orig.tar.xz 2>/dev/null | sort -V | tail -1 || true)
    [[ -n $t ]] || { echo "php-source: no orig tarball after download" >&2; return 1; }
  fi
  echo "$t"
}
