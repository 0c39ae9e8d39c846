#!/usr/bin/env bash
# Install (idempotently) every Debian 12 package the statcache test command needs.
# Runs as root. Quiet when everything is already there; fails loudly otherwise.
set -euo pipefail

PKGS=(
  php8.2-dev php8.2-cli          # NTS PHP + phpize/php-config
  re2c bison autoconf automake libtool pkg-config   # PHP/extension build tools
  build-essential dpkg-dev xz-utils                 # compiler, apt-get source, tarballs
  libcmocka-dev                  # C unit tests (tests/unit)
  clang-14 libclang-rt-14-dev    # libFuzzer targets (tests/fuzz)
  strace ltrace valgrind         # tracing / leak checks used by tests
  python3                        # another process that writes through kept descriptors (tests/include/other_writer.py)
  bindfs util-linux              # a FUSE mount and namespaces for the trust and mount tests
  php8.2-fpm nginx curl perl     # shared mode end to end (tests/fpm)
  php8.2-cgi                     # several requests in one process (tests/opcache: php-cgi -T)
  ca-certificates
  php-pear php8.2-xml            # pecl package-validate / pecl package (scripts/check-package.sh)
  debootstrap                    # the Debian chroots with PHP 8.4 and 8.5 (scripts/php-chroot.sh)
  chromium                       # the status page in a real browser (tests/status)
  php8.2-opcache php8.2-xdebug php8.2-apcu php8.2-uopz   # coexistence (tests/matrix, dismodded below)
  apache2 libapache2-mod-php8.2  # Apache prefork + mod_php (tests/matrix/apache.sh)
)
# Extensions the matrix tests load explicitly (-n -d ...): Debian enables
# them for every SAPI on install, which would change every other PHP run.
DISMOD=(xdebug apcu uopz)

missing=()
for p in "${PKGS[@]}"; do
  # dpkg-query prints "install ok installed" for a fully installed package.
  if [[ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)" != "install ok installed" ]]; then
    missing+=("$p")
  fi
done

if ((${#missing[@]} == 0)); then
  echo "deps: all ${#PKGS[@]} packages present"
  exit 0
fi

if [[ $EUID -ne 0 ]]; then
  echo "deps: missing packages (${missing[*]}) and not root; run as root" >&2
  exit 1
fi

echo "deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp)
# php8.2-fpm and nginx must not start system services while they install
# (no init here, and the tests start their own): deny starts for the install
# unless the image already does.
policy=/usr/sbin/policy-rc.d ours=0
if [[ ! -e $policy ]]; then
  printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && ours=1
fi
trap 'rm -f "$log"; ((ours)) && rm -f "$policy"' EXIT
if ! { apt-get update -q && apt-get install -y -q --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
  echo "deps: apt-get FAILED; output follows" >&2
  cat "$log" >&2
  exit 1
fi
phpdismod -v 8.2 "${DISMOD[@]}" 2>/dev/null || true
echo "deps: installed ${#missing[@]} package(s)"
