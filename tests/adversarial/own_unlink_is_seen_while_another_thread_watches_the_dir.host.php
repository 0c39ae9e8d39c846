<?php
// threads: 6
// requests: 10
// requires: statcache
// ini: statcache.test_watcher=0
// ini: statcache.max_staleness_ms=0
// ini: realpath_cache_size=0
// Threads 0 and 1 each create, write and unlink files in their own
// directory (t0, t1) and check each answer after unlink(); threads 2-5 read
// those directories meanwhile (2 and 4 read t0, 3 and 5 read t1).  Each
// thread has its own results: a reader refilling the directory's result
// (clearstatcache() of it, then is_dir()) adds its watch again.  That must
// never change what the watch reports, or the event of an unlink() raised
// in that instant is lost and the file keeps its cached answer after it is
// gone.  The watcher is off and the staleness bound is 0: only the sync
// points drain, so a lost event stays lost.  Every answer is compared with
// PHP's own call on a relative spelling (never cached: a fresh syscall);
// a reader stops when its writer's request is over (a file it makes, looked
// up by relative name: never cached either).
$t = (int) $_SERVER['SC_THREAD'];
$r = (int) $_SERVER['SC_REQUEST'];
$root = sys_get_temp_dir() . '/sc_maskadd_' . getmypid();
@mkdir($root);
@mkdir("$root/t0");
@mkdir("$root/t1");
chdir($root);

/* PHP's one-entry stat cache must not answer: point it at "." first (not
 * clearstatcache(), which drains the queue: a sync point of its own) */
function probe(string $p): array
{
    is_dir('.');
    return [file_exists($p), is_file($p), @filesize($p)];
}

if ($t < 2) {
    $own = "t$t";
    $stale = 0;
    for ($i = 0; $i < 500; $i++) {
        $name = "$own/f" . ($i % 4);
        file_put_contents("$root/$name", str_repeat('x', 120));
        $before = probe("$root/$name");
        unlink("$root/$name");
        $cached = probe("$root/$name");
        $fresh = probe($name);
        if (($cached !== $fresh || $before !== [true, true, 120]) && ++$stale <= 3) {
            echo "request $r: $name after unlink(): cached ", json_encode($cached), " fresh ", json_encode($fresh), "\n";
        }
    }
    touch("done{$t}_$r");
    if ($stale) {
        echo "request $r: $stale stale answers\n";
    }
} else {
    $u = $t % 2;
    $dir = "$root/t$u";
    $until = microtime(true) + 50;   /* in case the writer never ends */
    while (!is_file("done{$u}_$r") && microtime(true) < $until) {
        /* clearstatcache() drains, which hides nothing: a lost event is
         * lost in the kernel */
        clearstatcache(true, $dir);
        is_dir($dir);
    }
}
if ($r === 9) {
    echo "done\n";
}
