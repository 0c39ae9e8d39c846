--TEST--
compare: every stat-family function on every spelling of the fixture answers as PHP without the cache
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/differential.inc';

$base = sc_fixture();
$paths = sc_fixture_paths($base);
echo count($paths), " spellings x ", count(SC_DIFF_FUNCTIONS), " functions\n";
$drops = statcache_stats()['link_drops'];
$d = compare($paths, SC_DIFF_FUNCTIONS);
$drops = statcache_stats()['link_drops'] - $drops;
echo "second pass answered from the cache: ", $d['hits'] > 1000 ? 'yes' : "no ($d[hits] hits)", "\n";
/* a name another process made and removed in a watched directory (a
 * compiler's temporary file in /tmp) before a drain could look at it drops
 * the files of its device (link_drops): those misses are expected */
echo "second pass misses: ", $d['misses'] === 0 || $drops > 0 ? 'none unexplained' : $d['misses'], "\n";
?>
--EXPECT--
406 spellings x 33 functions
OK 26796
second pass answered from the cache: yes
second pass misses: none unexplained
