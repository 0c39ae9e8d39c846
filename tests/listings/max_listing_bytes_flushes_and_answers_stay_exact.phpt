--TEST--
listings: statcache.max_listing_bytes caps the remembered listings (the store is dropped when the next would pass it, counted in listing_flushes); answers stay PHP's
--INI--
statcache.enable_cli=1
statcache.first_look=0
statcache.max_listing_bytes=1024
--FILE--
<?php
require __DIR__ . '/../include/listing_common.inc';
$d = sc_tmpdir('listings-cap');
ls_fixture($d);
ls_compare('capped', $d);
ls_compare('again', $d);
$s = statcache_stats();
var_dump($s['listing_flushes'] > 0, $s['listing_bytes'] <= 1024, $s['listing_hits'] > 0);
?>
--EXPECTF--
capped: %d calls, identical
again: %d calls, identical
bool(true)
bool(true)
bool(true)
