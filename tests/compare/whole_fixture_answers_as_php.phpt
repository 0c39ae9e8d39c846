--TEST--
compare: every stat-family function on every spelling of the fixture answers as PHP without the cache
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.first_look=0
--FILE--
<?php
require __DIR__ . '/../include/differential.inc';

$base = sc_fixture();
$paths = sc_fixture_paths($base);
echo count($paths), " spellings x ", count(SC_DIFF_FUNCTIONS), " functions\n";
$flushes = statcache_stats()['flushes'];
$d = compare($paths, SC_DIFF_FUNCTIONS);
$flushes = statcache_stats()['flushes'] - $flushes;
echo "second pass answered from the cache: ", $d['hits'] > 1000 ? 'yes' : "no ($d[hits] hits)", "\n";
/* names other processes make and remove in a watched ancestor (a
 * compiler's temporary files in /tmp) cost their own names only; an
 * overflow or a change to an ancestor itself drops everything */
echo "second pass misses: ", $d['misses'] === 0 || $flushes > 0 ? 'none unexplained' : $d['misses'], "\n";
?>
--EXPECT--
406 spellings x 33 functions
OK 26796
second pass answered from the cache: yes
second pass misses: none unexplained
