--TEST--
module: statcache.watcher=auto (the default) runs the watcher thread on a ZTS build (multi-threaded anyway) and with max_staleness_ms=0 (the watcher is the only notice), and no thread on NTS with a bound
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--FILE--
<?php
require __DIR__ . '/../include/common.inc';

/* A fresh process with $ini: the watcher it reports and its task count,
 * after a lookup has started the machine. */
function watcher_of(array $ini): string
{
    [$rc, $out, $err] = sc_run(array_merge(sc_php_with_ext(['statcache.enable_cli' => 1] + $ini), ['-r',
        'file_exists(sys_get_temp_dir() . "/sc-no-such-file"); echo statcache_stats()["watcher"], " ", count(scandir("/proc/self/task")) - 2;']));
    return trim($out . $err) . ($rc ? " (exit $rc)" : '');
}

$zts = PHP_ZTS ? 'thread 2' : 'lookup 1';
echo "ini: ", ini_get('statcache.watcher'), ", ", ini_get('statcache.max_staleness_ms'), " ms\n";
foreach ([[], ['statcache.max_staleness_ms' => 20], ['statcache.max_staleness_ms' => 60000],
        ['statcache.max_staleness_ms' => 0], ['statcache.watcher' => 'auto', 'statcache.max_staleness_ms' => 0]] as $ini) {
    $got = watcher_of($ini);
    $want = ($ini['statcache.max_staleness_ms'] ?? 5) == 0 ? 'thread 2' : $zts;
    echo json_encode($ini), ": ", $got === $want ? "as this build should ($want)" : "WRONG: $got, want $want", "\n";
}
echo "this build: ", PHP_ZTS ? 'ZTS' : 'NTS', ": ", watcher_of([]) === (PHP_ZTS ? 'thread 2' : 'lookup 1') ? 'ok' : 'WRONG', "\n";
?>
--EXPECTF--
ini: auto, 5 ms
[]: as this build should (%s)
{"statcache.max_staleness_ms":20}: as this build should (%s)
{"statcache.max_staleness_ms":60000}: as this build should (%s)
{"statcache.max_staleness_ms":0}: as this build should (thread 2)
{"statcache.watcher":"auto","statcache.max_staleness_ms":0}: as this build should (thread 2)
this build: %cTS: ok
