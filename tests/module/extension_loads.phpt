--TEST--
module: statcache loads and declares its three functions
--FILE--
<?php
var_dump(extension_loaded('statcache'));
foreach (['statcache_stats', 'statcache_share', 'statcache_reset'] as $f) {
    echo $f, ': ', function_exists($f) ? 'yes' : 'no', "\n";
}
var_dump((new ReflectionExtension('statcache'))->getName());
?>
--EXPECT--
bool(true)
statcache_stats: yes
statcache_share: yes
statcache_reset: yes
string(9) "statcache"
