--TEST--
module: phpinfo() in the process shows the mode line and live counters of this process
--INI--
statcache.enable_cli=1
--FILE--
<?php
for ($i = 0; $i < 3; $i++) {
    file_exists(__FILE__);
}
ob_start();
phpinfo(INFO_MODULES);
$lines = explode("\n", ob_get_clean());
$s = statcache_stats();
$i = array_search('statcache', $lines, true);
$block = array_slice($lines, $i, 40);
echo implode("\n", preg_grep('/^(Mode|Cache|Hits|Misses) =>/', $block)), "\n";
var_dump(in_array("Hits => $s[hits]", $block, true), in_array("Misses => $s[misses]", $block, true));
?>
--EXPECTF--
Mode => per process%S
Cache => on
Hits => %d
Misses => %d
bool(true)
bool(true)
