--TEST--
liveness: with no watcher thread (statcache.watcher=lookup) and a 5 ms bound, while every drain holds the queue 10 ms after reading it and both cores are kept busy, no lookup begun more than the bound after another process's change (not waited for) answers from before that change: a drain is stamped with its start, before it reads the queue
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--SKIPIF--
<?php if (getenv('SKIP_SLOW_TESTS')) die('skip slow'); ?>
--INI--
statcache.enable_cli=1
statcache.watcher=lookup
statcache.max_staleness_ms=5
statcache.test_api=1
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('bound-slow-drains');
$f = "$d/grows";
file_put_contents($f, '');
$run_ms = 1500;

/* both cores busy for the whole run */
$busy = [];
for ($i = 0; $i < 2; $i++) {
    $busy[] = proc_open([PHP_BINARY, '-n', '-r', '$e = hrtime(true) + $argv[1] * 1000000; while (hrtime(true) < $e);',
        (string) ($run_ms + 500)], [], $pipes);
}
/* another process appends a byte every millisecond, noting when each write had
 * returned (its event queued); nobody waits for it while it runs */
$writer = proc_open([PHP_BINARY, '-n', '-r', '[, $f, $ms, $log] = $argv; $end = hrtime(true) + $ms * 1000000; $out = "";
    for ($n = 1; hrtime(true) < $end; $n++) { file_put_contents($f, "x", FILE_APPEND); $out .= "$n " . hrtime(true) . "\n"; usleep(1000); }
    file_put_contents($log, $out);', $f, (string) $run_ms, "$d/writes"], [], $pipes);

statcache_test_hold_drains(10, -1);
filesize($f);
$seen = [];
$end = hrtime(true) + ($run_ms - 100) * 1000000;
do {
    sc_forget_php_stat();            /* PHP's own one-entry cache elsewhere */
    $t = hrtime(true);               /* when the lookup of $f begins */
    $seen[] = [$t, filesize($f)];
} while ($t < $end);
proc_close($writer);
foreach ($busy as $b) {
    proc_close($b);
}
statcache_test_hold_drains(0, 0);

$writes = [];
foreach (file("$d/writes", FILE_IGNORE_NEW_LINES) as $l) {
    [$n, $t] = explode(' ', $l);
    $writes[] = [(int) $t, (int) $n];
}
$bound = 5 * 1000000;
$stale = 0;
$k = -1;
foreach ($seen as [$t, $size]) {
    while ($k + 1 < count($writes) && $writes[$k + 1][0] + $bound <= $t) {
        $k++;
    }
    if ($k >= 0 && $size < $writes[$k][1]) {
        $stale++;
    }
}
$s = statcache_stats();
echo "writes: ", count($writes) > 100 ? 'many' : count($writes), ", lookups: ", count($seen) > 20 ? 'many' : count($seen),
    ", drains: ", $s['drains'] > 20 ? 'many' : $s['drains'], "\n";
echo "lookups begun past the bound and answered stale: $stale\n";
?>
--EXPECT--
writes: many, lookups: many, drains: many
lookups begun past the bound and answered stale: 0
