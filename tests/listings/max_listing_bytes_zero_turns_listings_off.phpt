--TEST--
listings: statcache.max_listing_bytes=0 leaves every listing to PHP (no listing hits or misses), and the stat cache still answers
--INI--
statcache.enable_cli=1
statcache.max_listing_bytes=0
--FILE--
<?php
require __DIR__ . '/../include/listing_common.inc';
$d = sc_tmpdir('listings-off');
ls_fixture($d);
ls_compare('off', $d);
ls_compare('again', $d);
$s = statcache_stats();
var_dump($s['listing_hits'], $s['listing_misses'], $s['hits'] > 0);
?>
--EXPECTF--
off: %d calls, identical
again: %d calls, identical
int(0)
int(0)
bool(true)
