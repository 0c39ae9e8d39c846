--TEST--
module: in the CLI without statcache.enable_cli the cache is off, says why, and counts nothing
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--FILE--
<?php
file_exists(__FILE__);
file_exists(__FILE__);
$s = statcache_stats();
var_dump($s['enabled'], $s['mode'], $s['off_reason'], $s['hits'], $s['misses'], $s['watches']);
// the functions still answer, as PHP
var_dump(file_exists(__FILE__), is_file(__DIR__), file_exists(__DIR__ . '/nope'));
?>
--EXPECT--
bool(false)
string(3) "off"
string(34) "CLI without statcache.enable_cli=1"
int(0)
int(0)
int(0)
bool(true)
bool(false)
bool(false)
