#!/usr/bin/env bash
# A Debian sid chroot with Debian's PHP 8.5 (NTS) from the experimental
# suite, made once and cached under $STATCACHE_CACHE/php85-chroot, and a way
# to run commands in it: scripts/php-chroot.sh 8.5 (how it is made, the
# mounts of `run`, the env).
#
#   scripts/php85-chroot.sh                 make it (when needed); print its dir
#   scripts/php85-chroot.sh run [-b HOSTDIR:DIR]... [--] CMD...
#                                           run CMD as root inside it
exec "$(dirname "$0")/php-chroot.sh" 8.5 "$@"
