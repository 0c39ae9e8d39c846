#!/usr/bin/env bash
# A Debian trixie chroot with Debian's PHP 8.4 (NTS), made once and cached
# under $STATCACHE_CACHE/php84-chroot, and a way to run commands in it.
#
#   scripts/php84-chroot.sh                 make it (when needed); print its dir
#   scripts/php84-chroot.sh run [-b HOSTDIR:DIR]... [--] CMD...
#                                           run CMD as root inside it
#
# Made with `debootstrap --variant=minbase --include=<PKGS> trixie` (about a
# minute or two as root; debootstrap is installed with apt-get when missing).
# PKGS are what the test steps need inside (scripts/test.sh: build-84,
# phpt-84, unit-84, fpm-84, diff-84): PHP 8.4's cli, dev (phpize), fpm and
# opcache; gcc and make; libcmocka-dev (tests/unit); strace and ltrace
# (the syscall tests); nginx, curl, perl and iproute2 (ss) (tests/fpm); bindfs and fuse3
# (the FUSE trust test); procps and util-linux (ps, pgrep, setpriv,
# unshare, mount); python3.  Reused while the stamp records the same suite
# and packages.  Trixie's binary packages are served here, its source
# packages are not: no ZTS PHP 8.4 can be built (Debian ships none).
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
#      forces a new chroot, SC_DEBIAN_MIRROR (default the Debian mirror).
# Progress goes to stderr; the only stdout line of a plain call is the dir.
set -euo pipefail

CACHE=${STATCACHE_CACHE:-$HOME/.cache/statcache}
DIR=$CACHE/php84-chroot
STAMP=$DIR/.statcache-stamp
SUITE=trixie
MIRROR=${SC_DEBIAN_MIRROR:-http://deb.debian.org/debian}
PKGS=php8.4-cli,php8.4-dev,php8.4-fpm,php8.4-opcache,openssl,make,gcc,libc6-dev,libcmocka-dev,strace,ltrace,procps,util-linux,mount,python3,nginx,curl,perl,bindfs,fuse3,iproute2
want_stamp="debootstrap --variant=minbase --include=$PKGS $SUITE"

log() { echo "php84-chroot: $*" >&2; }
die() { echo "php84-chroot: ERROR: $*" >&2; exit 1; }

[[ $EUID -eq 0 ]] || die "needs root (debootstrap, chroot, mounts)"
mkdir -p "$CACHE"
exec 9>"$CACHE/.php84-chroot.lock"

# ready: the chroot is complete and made from the same recipe.
ready() {
  [[ -z "${STATCACHE_REBUILD:-}" && -f $STAMP && "$(cat "$STAMP")" == "$want_stamp" &&
     -x $DIR/usr/bin/php8.4 && -x $DIR/usr/bin/phpize8.4 ]]
}

# make_chroot: debootstrap into a temp dir next to DIR, then swap it in, so
# that a half-made chroot is never used.  Called with the exclusive lock.
make_chroot() {
  if ! command -v debootstrap >/dev/null; then
    log "installing debootstrap"
    { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap; } >&2 ||
      die "cannot install debootstrap"
  fi
  local start=$SECONDS tmp="$DIR.new" dlog="$CACHE/php84-chroot.log"
  rm -rf "$tmp"
  log "debootstrap $SUITE into $tmp (log: $dlog)"
  if ! debootstrap --variant=minbase --include="$PKGS" "$SUITE" "$tmp" "$MIRROR" >"$dlog" 2>&1; then
    tail -n 30 "$dlog" >&2
    # debootstrap leaves its /proc mounted on some failures
    umount "$tmp/proc" 2>/dev/null || true
    die "debootstrap failed, see $dlog"
  fi
  umount "$tmp/proc" 2>/dev/null || true
  # no service is ever started inside (the tests start their own servers)
  printf '#!/bin/sh\nexit 101\n' >"$tmp/usr/sbin/policy-rc.d"
  chmod +x "$tmp/usr/sbin/policy-rc.d"
  chroot "$tmp" php8.4 -n -r 'exit(PHP_MAJOR_VERSION == 8 && PHP_MINOR_VERSION == 4 && !PHP_ZTS ? 0 : 1);' ||
    die "the chroot's php8.4 is not an NTS PHP 8.4"
  echo "$want_stamp" >"$tmp/.statcache-stamp"
  rm -rf "$DIR"
  mv "$tmp" "$DIR"
  log "made in $((SECONDS - start))s ($(chroot "$DIR" php8.4 -n -r 'echo PHP_VERSION;'))"
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
  log "using $DIR ($(chroot "$DIR" php8.4 -n -r 'echo PHP_VERSION;'))"
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
