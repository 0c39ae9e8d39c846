--TEST--
module: after statcache_reset() the stats report no entries (the counter follows the emptied table)
--INI--
statcache.enable_cli=1
--FILE--
<?php
for ($i = 0; $i < 20; $i++) {
    file_exists(__DIR__ . "/no-such-file-$i.php");
}
$s = statcache_stats();
echo "before: entries ", $s['entries'] > 20 ? '> 20' : $s['entries'], "\n";
statcache_reset();
$s = statcache_stats();
echo "after: entries $s[entries]\n";
file_exists(__FILE__);
$s = statcache_stats();
echo "one path later: entries ", $s['entries'] < 20 ? '< 20' : $s['entries'], "\n";
?>
--EXPECT--
before: entries > 20
after: entries 0
one path later: entries < 20
