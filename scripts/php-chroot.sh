#!/usr/bin/env bash
# A Debian chroot with Debian's own PHP of one version (NTS), made once and
# cached under $STATCACHE_CACHE/php<NN>-chroot, and a way to run commands in
# it.  scripts/php84-chroot.sh and scripts/php85-chroot.sh are this script
# with the version given.
#
#   scripts/php-chroot.sh 8.4|8.5           make it (when needed); print its dir
#   scripts/php-chroot.sh 8.4|8.5 run [-b HOSTDIR:DIR]... [--] CMD...
#                                           run CMD as root inside it
#
#   8.4  Debian trixie (Debian 13, stable), Debian's php8.4:
#        `debootstrap --variant=minbase --include=<PKGS> trixie`.
#   8.5  Debian sid with php8.5 from Debian's experimental suite:
#        `debootstrap --variant=minbase --include=<TOOLS> sid`, then apt
#        sources for sid and experimental, Acquire::Check-Valid-Until off
#        (the Release files of sid and experimental on a mirror that is not
#        refreshed pass their Valid-Until date), php8.5* pinned to
#        experimental (990) and php-common to sid's 2:101 (1001:
#        experimental's php-common 2:102~ Breaks php8.5-common), and
#        `apt-get install php8.5-cli php8.5-dev php8.5-fpm php8.5-cgi php-common=2:101`
#        (not `-t experimental`, which would pull experimental's perl too).
#        opcache is compiled into Debian's PHP 8.5: there is no
#        php8.5-opcache package and no opcache.so.
# Either takes about a minute or two as root (debootstrap is installed with
# apt-get when missing).  The tools are what the test steps need inside
# (scripts/test.sh: build-8x, phpt-8x, unit-8x, fpm-8x, diff-8x, install):
# PHP's cli, dev (phpize) and fpm (and 8.4's opcache); gcc and make;
# libcmocka-dev (tests/unit); strace and ltrace (the syscall tests); nginx,
# curl, perl and iproute2 (ss) (tests/fpm); bindfs and fuse3 (the FUSE
# trust test); procps and util-linux (ps, pgrep, setpriv, unshare, mount);
# python3.  Reused while the stamp records the same recipe.  Debian ships
# no ZTS PHP of either version.
#
# The Debian mirror is SC_DEBIAN_MIRROR, or else the first Debian archive
# (not its security archive) in this machine's apt sources.
#
# `run` enters a private mount namespace (unshare -m), mounts proc and sysfs,
# binds /dev (with /dev/shm and /dev/pts), a fresh tmpfs on /tmp and each -b
# HOSTDIR on DIR (made inside the chroot when missing), then enters the
# chroot (pivot_root, see inner()) and runs CMD; the mounts are unmounted
# when CMD ends, whatever its exit, and, being private to the namespace,
# vanish with it even if this script is killed.
# A shared lock is held while CMD runs, so a rebuild waits for it.
#
# Env: STATCACHE_CACHE (default ~/.cache/statcache), STATCACHE_REBUILD=1
#      forces a new chroot, SC_DEBIAN_MIRROR (see above).
# Progress goes to stderr; the only stdout line of a plain call is the dir.
set -euo pipefail

VER=${1:-}
case $VER in
  8.4) SUITE=trixie
       PHP_PKGS=php8.4-cli,php8.4-dev,php8.4-fpm,php8.4-opcache,php8.4-cgi ;;
  8.5) SUITE=sid
       PHP_PKGS="php8.5-cli php8.5-dev php8.5-fpm php8.5-cgi php-common=2:101" ;;
  *) echo "usage: $0 8.4|8.5 [run [-b HOSTDIR:DIR]... [--] CMD...]" >&2; exit 2 ;;
esac
shift
NN=${VER/./}
NAME=php$NN-chroot
CACHE=${STATCACHE_CACHE:-$HOME/.cache/statcache}
DIR=$CACHE/$NAME
STAMP=$DIR/.statcache-stamp
TOOLS=openssl,make,gcc,libc6-dev,libcmocka-dev,strace,ltrace,procps,util-linux,mount,python3,nginx,curl,perl,bindfs,fuse3,iproute2
if [[ $VER == 8.4 ]]; then
  PKGS=$PHP_PKGS,$TOOLS
  want_stamp="debootstrap --variant=minbase --include=$PKGS $SUITE"
else
  PKGS=$TOOLS
  want_stamp="debootstrap --variant=minbase --include=$PKGS $SUITE; experimental pinned: $PHP_PKGS"
fi

log() { echo "$NAME: $*" >&2; }
die() { echo "$NAME: ERROR: $*" >&2; exit 1; }

# mirror: the Debian archive to debootstrap from (see the header).
mirror() {
  if [[ -n ${SC_DEBIAN_MIRROR:-} ]]; then echo "$SC_DEBIAN_MIRROR"; return; fi
  local m
  m=$( { cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
           awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) { print $i; break } }'
         cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '$1 == "URIs:" { for (i = 2; i <= NF; i++) print $i }'
       } | grep -v -- '-security' | grep -m1 '/debian/*$' ) ||
    die "no Debian archive in this machine's apt sources: set SC_DEBIAN_MIRROR"
  echo "${m%/}"
}

[[ $EUID -eq 0 ]] || die "needs root (debootstrap, chroot, mounts)"
mkdir -p "$CACHE"
exec 9>"$CACHE/.$NAME.lock"

# ready: the chroot is complete and made from the same recipe.
ready() {
  [[ -z "${STATCACHE_REBUILD:-}" && -f $STAMP && "$(cat "$STAMP")" == "$want_stamp" &&
     -x $DIR/usr/bin/php$VER && -x $DIR/usr/bin/phpize$VER ]]
}

# experimental_php DIR MIRROR: sid's and experimental's sources, Valid-Until
# off, the pins, then PHP 8.5 installed (see the header for why each).
experimental_php() {
  local tmp=$1 m=$2 rc=0
  printf 'deb %s sid main\ndeb %s experimental main\n' "$m" "$m" >"$tmp/etc/apt/sources.list"
  echo 'Acquire::Check-Valid-Until "false";' >"$tmp/etc/apt/apt.conf.d/80statcache-valid-until"
  cat >"$tmp/etc/apt/preferences.d/statcache-php85" <<'PIN'
Package: php8.5*
Pin: release a=experimental
Pin-Priority: 990

Package: php-common
Pin: version 2:101
Pin-Priority: 1001
PIN
  mount -t proc proc "$tmp/proc" || return 1
  # shellcheck disable=SC2086
  { chroot "$tmp" apt-get update -q &&
    DEBIAN_FRONTEND=noninteractive chroot "$tmp" apt-get install -y -q --no-install-recommends $PHP_PKGS &&
    chroot "$tmp" apt-get clean; } || rc=$?
  umount "$tmp/proc" || true
  return $rc
}

# make_chroot: debootstrap into a temp dir next to DIR, then swap it in, so
# that a half-made chroot is never used.  Called with the exclusive lock.
make_chroot() {
  if ! command -v debootstrap >/dev/null; then
    log "installing debootstrap"
    { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap; } >&2 ||
      die "cannot install debootstrap"
  fi
  local start=$SECONDS tmp="$DIR.new" dlog="$CACHE/$NAME.log" m
  m=$(mirror)
  rm -rf "$tmp"
  log "debootstrap $SUITE into $tmp (log: $dlog)"
  if ! debootstrap --variant=minbase --include="$PKGS" "$SUITE" "$tmp" "$m" >"$dlog" 2>&1; then
    tail -n 30 "$dlog" >&2
    # debootstrap leaves its /proc mounted on some failures
    umount "$tmp/proc" 2>/dev/null || true
    die "debootstrap failed, see $dlog"
  fi
  umount "$tmp/proc" 2>/dev/null || true
  # no service is ever started inside (the tests start their own servers)
  printf '#!/bin/sh\nexit 101\n' >"$tmp/usr/sbin/policy-rc.d"
  chmod +x "$tmp/usr/sbin/policy-rc.d"
  if [[ $VER == 8.5 ]]; then
    log "PHP 8.5 from experimental (log: $dlog)"
    experimental_php "$tmp" "$m" >>"$dlog" 2>&1 || { tail -n 30 "$dlog" >&2; die "installing PHP 8.5 failed, see $dlog"; }
  fi
  chroot "$tmp" "php$VER" -n -r "exit(PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION === '$VER' && !PHP_ZTS ? 0 : 1);" ||
    die "the chroot's php$VER is not an NTS PHP $VER"
  echo "$want_stamp" >"$tmp/.statcache-stamp"
  rm -rf "$DIR"
  mv "$tmp" "$DIR"
  log "made in $((SECONDS - start))s ($(chroot "$DIR" "php$VER" -n -r 'echo PHP_VERSION;'))"
}

# ensure: make the chroot unless a ready one exists; leaves a shared lock held.
ensure() {
  flock -s 9
  ready && return 0
  flock -u 9; flock 9            # exclusive: one maker at a time
  ready || make_chroot
  flock -s 9                     # downgrade: runs in progress keep it valid
}

ensure
if [[ ${1:-} != run ]]; then
  log "using $DIR ($(chroot "$DIR" "php$VER" -n -r 'echo PHP_VERSION;'))"
  echo "$DIR"
  exit 0
fi
shift
binds=()
while (($#)); do
  case $1 in
    -b) [[ $2 == *:/* ]] || die "-b wants HOSTDIR:/DIR, not $2"; binds+=("$2"); shift 2 ;;
    --) shift; break ;;
    *) break ;;
  esac
done
(($#)) || die "run: no command"

# Inside the new mount namespace: the chroot's dir bound on itself (a mount
# point), proc, sysfs, /dev, /tmp and the -b dirs mounted in it, then
# pivot_root into it rather than chroot(2): the kernel refuses new user
# namespaces to a chrooted process (the tests that set inotify limits make
# one), and `unshare -m` inside needs / to be a mount point.  CMD runs with
# a clean environment; the mounts are unmounted, in reverse, when it ends.
inner() {
  local dir=$1 nb=$2; shift 2
  local b binds=("${@:1:nb}"); shift "$nb"
  mounted=()   # global: the EXIT trap runs after inner has returned
  cleanup() {
    local i
    for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[i]}" 2>/dev/null || true; done
  }
  trap cleanup EXIT
  mount --bind "$dir" "$dir" || return 1
  mount -t proc proc "$dir/proc" && mounted+=(/proc)
  mount --rbind /sys "$dir/sys" && mounted+=(/sys)
  mount --rbind /dev "$dir/dev" && mounted+=(/dev)
  mount -t tmpfs -o mode=1777 tmpfs "$dir/tmp" && mounted+=(/tmp)
  for b in ${binds[@]+"${binds[@]}"}; do
    mkdir -p "$dir${b#*:}"
    mount --bind "${b%%:*}" "$dir${b#*:}" && mounted+=("${b#*:}")
  done
  mkdir -p "$dir/.oldroot"
  cd "$dir" && pivot_root . .oldroot || return 1
  # from here on every path is the chroot's (its umount, env, ...)
  export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
  umount -l /.oldroot || return 1
  cd /
  local rc=0
  env -i PATH="$PATH" HOME=/root TERM=dumb LANG=C.UTF-8 NO_INTERACTION=1 ${SC_CHROOT_ENV:-} "$@" || rc=$?
  return $rc
}
export -f inner
exec unshare -m --propagation private bash -c 'set -uo pipefail; inner "$@"' inner "$DIR" "${#binds[@]}" \
  ${binds[@]+"${binds[@]}"} "$@"
