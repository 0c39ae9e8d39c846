--TEST--
sync: clearstatcache() without a file name keeps every cached result: hits keep growing, no entry is dropped
--DESCRIPTION--
WordPress and Laravel call clearstatcache() on every request; the results
are as current as the event queue, which clearstatcache() drains, so they
stay.
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
--FILE--
<?php
require __DIR__ . '/../include/sync_common.inc';
$d = sc_tmpdir('sync-csc-all');
$paths = [];
for ($i = 0; $i < 20; $i++) {
    file_put_contents("$d/f$i", str_repeat('x', $i));
    $paths[] = "$d/f$i";
    $paths[] = "$d/missing$i";
}
var_dump(sync_cache($paths));
$before = statcache_stats();
foreach ([false, true] as $realpath_too) {
    clearstatcache($realpath_too);
    foreach ($paths as $p) {
        file_exists($p);
        sc_forget_php_stat();
        @filesize($p);
    }
}
$after = statcache_stats();
var_dump($after['misses'] - $before['misses']);
var_dump($after['entries'] === $before['entries']);
var_dump($after['hits'] - $before['hits'] >= 4 * count($paths));
var_dump($after['flushes'] - $before['flushes']);
?>
--EXPECT--
bool(true)
int(0)
bool(true)
bool(true)
int(0)
