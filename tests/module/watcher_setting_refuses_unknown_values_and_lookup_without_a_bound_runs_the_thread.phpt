--TEST--
module: statcache.watcher refuses what is not auto, thread or lookup (the default, auto, stays; an empty value, which is what an unquoted none or off becomes, says so), and lookup with max_staleness_ms=0 warns and runs the watcher thread
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--FILE--
<?php
require __DIR__ . '/../include/common.inc';

/* A fresh process with $ini: its startup warnings (display_errors on, to
 * stdout), the setting as PHP holds it, the watcher and the task count
 * after a lookup; statcache's own log line on stderr is counted. */
function run_with(array $ini): void
{
    [$rc, $out, $err] = sc_run(array_merge(sc_php_with_ext(['statcache.enable_cli' => 1, 'display_errors' => 1,
        'log_errors' => 0, 'error_reporting' => -1] + $ini), ['-r',
        'file_exists(sys_get_temp_dir() . "/sc-no-such-file"); echo "ini=", ini_get("statcache.watcher"), " watcher=", statcache_stats()["watcher"],
            " tasks=", count(scandir("/proc/self/task")) - 2, "\n";']));
    $nl = $ini['statcache.max_staleness_ms'] ?? null;
    echo "-- statcache.watcher=", $ini['statcache.watcher'], $nl !== null ? " max_staleness_ms=$nl" : '', "\n";
    echo trim($out), "\n", $err === '' ? "no log line\n" : substr_count($err, "\n") . " log line(s)\n";
    if ($rc) {
        echo "exit $rc\n";
    }
}

/* (auto then runs the thread on every build: no bound) */
run_with(['statcache.watcher' => 'bogus', 'statcache.max_staleness_ms' => 0]);
run_with(['statcache.watcher' => 'none', 'statcache.max_staleness_ms' => 0]);
run_with(['statcache.watcher' => 'THREAD']);
run_with(['statcache.watcher' => 'lookup', 'statcache.max_staleness_ms' => 0]);
run_with(['statcache.watcher' => 'lookup', 'statcache.max_staleness_ms' => 1]);
?>
--EXPECT--
-- statcache.watcher=bogus max_staleness_ms=0
Warning: PHP Startup: statcache.watcher=bogus refused: must be auto, thread or lookup; using the default in Unknown on line 0
ini=auto watcher=thread tasks=2
1 log line(s)
-- statcache.watcher=none max_staleness_ms=0
Warning: PHP Startup: statcache.watcher= refused: must be auto, thread or lookup (an unquoted none, off or no in an INI file reads as empty); using the default in Unknown on line 0
ini=auto watcher=thread tasks=2
1 log line(s)
-- statcache.watcher=THREAD
ini=THREAD watcher=thread tasks=2
no log line
-- statcache.watcher=lookup max_staleness_ms=0
Warning: PHP Startup: statcache.watcher=lookup needs statcache.max_staleness_ms above 0 (without a bound only the watcher thread sees other processes' changes); using the watcher thread in Unknown on line 0
ini=lookup watcher=thread tasks=2
1 log line(s)
-- statcache.watcher=lookup max_staleness_ms=1
ini=lookup watcher=lookup tasks=1
no log line
