--TEST--
shared: statcache_stats(true) lists each live worker (pid and its own counters, no path) under "workers", and its sums are theirs
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--SKIPIF--
<?php if (!function_exists('pcntl_fork')) die('skip pcntl not available'); ?>
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
--FILE--
<?php
statcache_share(1 << 12);
$f = __FILE__;
$kids = [];
foreach ([3, 5] as $n) {
    [$parent, $child] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    $pid = pcntl_fork();
    if ($pid === 0) {
        fclose($parent);
        file_exists($f);                        // the miss
        for ($i = 0; $i < $n; $i++) {
            file_exists($f);                    // n hits
        }
        fwrite($child, "ready\n");
        fgets($child);                          // stay alive until told
        exit(0);
    }
    fclose($child);
    fgets($parent);                             // sync: the worker has looked up
    $kids[$pid] = [$parent, $n];
}
$s = statcache_stats(true);
$listed = [];
foreach ($s['workers'] as $w) {
    $listed[$w['pid']] = $w;
}
foreach ($kids as $pid => [$sock, $n]) {
    $w = $listed[$pid] ?? null;
    echo $w === null ? "worker missing\n" : "worker: hits={$w['hits']} misses={$w['misses']} entries>0=" . var_export($w['entries'] > 0, true) . "\n";
}
$sum = ['hits' => 0, 'misses' => 0, 'entries' => 0];
foreach ($s['workers'] as $w) {
    foreach ($sum as $k => $_) { $sum[$k] += $w[$k]; }
}
var_dump($sum['hits'] === $s['hits'], $sum['misses'] === $s['misses'], $sum['entries'] === $s['entries']);
var_dump(strpos(serialize($s), '/'));
var_dump(array_key_exists('workers', statcache_stats()));
foreach ($kids as $pid => [$sock, $n]) {
    fwrite($sock, "go\n");
    pcntl_waitpid($pid, $st);
}
?>
--EXPECT--
worker: hits=3 misses=1 entries>0=true
worker: hits=5 misses=1 entries>0=true
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
