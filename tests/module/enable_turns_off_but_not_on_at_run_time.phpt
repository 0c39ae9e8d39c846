--TEST--
module: statcache.enable can be turned off at run time, never back on
--INI--
statcache.enable_cli=1
--FILE--
<?php
$f = __FILE__;
file_exists($f);
// a repeat is a hit, unless another process's short-lived file beside
// the tree (a shared /tmp) dropped the device's results in between
for ($i = 0; $i < 20 && statcache_stats()['hits'] === 0; $i++) {
    file_exists($f);
}
$s = statcache_stats();
echo "enabled: "; var_dump($s['enabled']);
echo "hits before: ", $s['hits'] > 0 ? 'some' : 'none', "\n";

var_dump(ini_set('statcache.enable', '0'));
var_dump(ini_get('statcache.enable'));
$h = statcache_stats()['hits'];
var_dump(file_exists($f), file_exists($f));
echo "hits while off: ", statcache_stats()['hits'] - $h, "\n";
echo "enabled: "; var_dump(statcache_stats()['enabled']);

var_dump(ini_set('statcache.enable', '1'));
var_dump(ini_get('statcache.enable'));
echo "enabled: "; var_dump(statcache_stats()['enabled']);
var_dump(ini_set('statcache.enable', '0'));
?>
--EXPECTF--
enabled: bool(true)
hits before: some
string(1) "1"
string(1) "0"
bool(true)
bool(true)
hits while off: 0
enabled: bool(false)

Warning: ini_set(): statcache.enable cannot be turned on at run time in %s on line %d
bool(false)
string(1) "0"
enabled: bool(false)
string(1) "0"
