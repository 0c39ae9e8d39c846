#!/usr/bin/env bash
# A long-running CLI worker (statcache.enable_cli=1) while another process
# changes its files (tests/matrix/soak.php has both sides and the check).
#
#   tests/matrix/cli-soak.sh [SECONDS]     (default $SC_SOAK_S, else 45)
#
# The worker asks six stat-family functions about 200 files in 10
# directories, each on the absolute path (cached) and the relative one (a
# fresh syscall), for SECONDS; a second process (php -n, no statcache)
# creates, deletes, appends to, truncates and chmods those files every
# 0.5-3 ms and logs when each change returned.  Checks:
#   soak-answers-within-staleness-bound  every cached answer that differs
#       from the fresh one follows a change of that path by at most 15 ms:
#       statcache.max_staleness_ms (5), measured on CLOCK_MONOTONIC_COARSE
#       (4 ms ticks here) from the END of the last drain, so an event that
#       lands while a drain reads can wait 5 ms + a tick + that drain; the
#       lag printed is a lower bound of the real one (the change is logged
#       after its syscall returned, the lookup timed before it began).  A
#       quarter of the answers or more were cache hits
#   soak-rss-and-fds-flat  sampled once a second: from the end of the first
#       third of the run on, RSS grows by at most 256 kB and the fd count
#       never changes
# Prints PASS/FAIL lines and "cli-soak: N passed, N failed, N skipped (Ts)".
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
PHP=${SC_PHP:-$(command -v php8.2 || command -v php)}
SO=${SC_EXT:-$root/.build/nts/modules/statcache.so}
SECS=${1:-${SC_SOAK_S:-45}}
# shellcheck source=../lib/report.sh
. "$root/tests/lib/report.sh"
report_begin cli-soak
[ -f "$SO" ] || { bad cli-soak "no $SO: build-nts first"; report_end; exit; }
TMP=$(mktemp -d /tmp/sc-soak.XXXXXX)
MUT=""
trap '[ -n "$MUT" ] && kill "$MUT" 2>/dev/null; [ -n "${SC_KEEP_TMP:-}" ] || rm -rf "$TMP"' EXIT
mkdir -p "$TMP"/data/d{0,1,2,3,4,5,6,7,8,9}
fs=$(stat -f -c %T "$TMP/data")
case $fs in ext2/ext3|xfs|btrfs|tmpfs) ;; *) skip "$TMP is on '$fs', which statcache does not trust" ;; esac
"$PHP" -n "$here/soak.php" mutate "$TMP/data" "$((SECS + 1))" "$TMP/mutations.log" &
MUT=$!
"$PHP" -n -d "extension=$SO" -d statcache.enable_cli=1 "$here/soak.php" work "$TMP/data" "$SECS" "$TMP/work.out"
wait "$MUT"; MUT=""
out=$("$PHP" -n "$here/soak.php" check "$TMP/mutations.log" "$TMP/work.out" 15)
report_count "$out"
report_end
