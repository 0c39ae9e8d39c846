--TEST--
module: out-of-range or non-integer values are refused at startup with a warning, and the default stays
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.shared_slots=1000
statcache.max_watches=-1
statcache.max_entries=abc
statcache.max_staleness_ms=-5
--FILE--
<?php
foreach (['shared_slots', 'max_watches', 'max_entries', 'max_staleness_ms'] as $k) {
    echo "statcache.$k=", ini_get("statcache.$k"), "\n";
}
?>
--EXPECTF--
%AWarning: PHP Startup: statcache.max_watches=-1 refused: must be an integer between 16 and 16777216; using the default in Unknown on line 0
%AWarning: PHP Startup: statcache.max_entries=abc refused: must be an integer between 256 and 67108864; using the default in Unknown on line 0
%AWarning: PHP Startup: statcache.shared_slots=1000 refused: must be a power of two between 64 and 67108864; using the default in Unknown on line 0
%AWarning: PHP Startup: statcache.max_staleness_ms=-5 refused: must be an integer between 0 and 60000; using the default in Unknown on line 0
statcache.shared_slots=65536
statcache.max_watches=65536
statcache.max_entries=65536
statcache.max_staleness_ms=5
