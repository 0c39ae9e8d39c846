#!/usr/bin/env bash
# A Debian trixie chroot with Debian's PHP 8.4 (NTS), made once and cached
# under $STATCACHE_CACHE/php84-chroot, and a way to run commands in it:
# scripts/php-chroot.sh 8.4 (how it is made, the mounts of `run`, the env).
#
#   scripts/php84-chroot.sh                 make it (when needed); print its dir
#   scripts/php84-chroot.sh run [-b HOSTDIR:DIR]... [--] CMD...
#                                           run CMD as root inside it
exec "$(dirname "$0")/php-chroot.sh" 8.4 "$@"
