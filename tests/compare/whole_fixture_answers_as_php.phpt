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
$d = compare($paths, SC_DIFF_FUNCTIONS);
echo "second pass answered from the cache: ", $d['hits'] > 1000 ? 'yes' : "no ($d[hits] hits)", "\n";
echo "second pass misses: $d[misses]\n";
?>
--EXPECT--
385 spellings x 33 functions
OK 25410
second pass answered from the cache: yes
second pass misses: 0
