--TEST--
module: with statcache.enable_cli=1 the cache is on in the CLI: a repeated lookup is a hit
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.first_look=0
statcache.enable_cli=1
--FILE--
<?php
$s = statcache_stats();
var_dump($s['enabled'], array_key_exists('off_reason', $s));
file_exists(__FILE__);
$a = statcache_stats();
file_exists(__FILE__);
$b = statcache_stats();
echo "first: misses +", $a['misses'] - $s['misses'], ", hits +", $a['hits'] - $s['hits'], "\n";
echo "second: misses +", $b['misses'] - $a['misses'], ", hits +", $b['hits'] - $a['hits'], "\n";
echo "watches: ", $b['watches'] > 0 ? 'some' : 'none', "\n";
?>
--EXPECT--
bool(true)
bool(false)
first: misses +1, hits +0
second: misses +0, hits +1
watches: some
