--TEST--
sync: clearstatcache(true, $file) drops that path's result under every spelling, and only that path's
--DESCRIPTION--
With a file name, clearstatcache() drains the queue and then forgets the
path (canonical entry and spellings): the next lookup of it is a miss,
while other paths stay cached.
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
$d = sc_tmpdir('sync-csc-file');
file_put_contents("$d/f", 'abc');
file_put_contents("$d/g", 'abc');
$s = sync_spellings($d, 'f');
$misses = fn () => statcache_stats()['misses'];

foreach ($s as $how => $w) {
    echo "-- cleared as $how\n";
    var_dump(sync_cache($s), sync_cache(["$d/g"]));
    clearstatcache(true, $w);
    $m = $misses();
    var_dump(file_exists($s['plain']), $misses() - $m);   // a miss
    $m = $misses();
    var_dump(file_exists("$d/g"), $misses() - $m);         // still a hit
    var_dump(sync_cache($s));
}

echo "-- a relative name\n";
chdir($d);
var_dump(sync_cache($s));
clearstatcache(true, 'f');
$m = $misses();
var_dump(file_exists("$d/f"), $misses() - $m);
?>
--EXPECT--
-- cleared as plain
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
int(0)
bool(true)
-- cleared as dot
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
int(0)
bool(true)
-- cleared as slashes
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
int(0)
bool(true)
-- cleared as dotdot
bool(true)
bool(true)
bool(true)
int(1)
bool(true)
int(0)
bool(true)
-- a relative name
bool(true)
bool(true)
int(1)
