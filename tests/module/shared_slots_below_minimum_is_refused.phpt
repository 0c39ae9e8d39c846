--TEST--
module: statcache.shared_slots=32 (a power of two, below 64) is refused and the default stays
--INI--
statcache.shared_slots=32
--FILE--
<?php
echo ini_get('statcache.shared_slots'), "\n";
?>
--EXPECTF--
%AWarning: PHP Startup: statcache.shared_slots=32 refused: must be a power of two between 64 and 67108864; using the default in Unknown on line 0
65536
