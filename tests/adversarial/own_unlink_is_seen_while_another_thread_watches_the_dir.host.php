<?php
// threads: 2
// requests: 40
// requires: statcache
// ini: statcache.test_watcher=0
// ini: statcache.max_staleness_ms=0
// ini: realpath_cache_size=0
// Two threads, each creating, writing and unlinking files in its own
// directory while reading the other's.  Each thread has its own results:
// when the other directory changed, reading it refills its result, which
// adds its watch again.  That must never change what the watch reports, or
// the event of the other thread's unlink() raised in that instant is lost
// and the file keeps its cached answer after it is gone.  The watcher is
// off and the staleness bound is 0: only the sync points drain, so a lost
// event stays lost.  Every answer is compared with PHP's own call on a
// relative spelling (never cached: a fresh syscall).
$t = (int) $_SERVER['SC_THREAD'];
$r = (int) $_SERVER['SC_REQUEST'];
$root = sys_get_temp_dir() . '/sc_maskadd_' . getmypid();
@mkdir($root);
@mkdir("$root/t0");
@mkdir("$root/t1");
chdir($root);
$own = "t$t";
$other = 't' . (1 - $t);

/* PHP's one-entry stat cache must not answer: point it at "." first (not
 * clearstatcache(), which drains the queue and is a sync point of its own) */
function probe(string $p): array
{
    is_dir('.');
    return [file_exists($p), is_file($p), @filesize($p)];
}

$stale = 0;
for ($i = 0; $i < 150; $i++) {
    $name = "$own/f" . ($i % 4);
    file_put_contents("$root/$name", str_repeat('x', 120));
    $before = probe("$root/$name");
    for ($k = 0; $k < 4; $k++) {
        probe("$root/$other/f$k");
    }
    is_dir("$root/$other");
    unlink("$root/$name");
    $cached = probe("$root/$name");
    $fresh = probe($name);
    if (($cached !== $fresh || $before !== [true, true, 120]) && ++$stale <= 3) {
        echo "request $r: $name after unlink(): cached ", json_encode($cached), " fresh ", json_encode($fresh), "\n";
    }
}
if ($stale) {
    echo "request $r: $stale stale answers\n";
}
if ($r === 39) {
    echo "done, hits ", statcache_stats()['hits'] > 0 ? 'counted' : 'missing', "\n";
}
