--TEST--
module: the fifteen INI settings and their defaults
--FILE--
<?php
foreach (['enable', 'enable_cli', 'max_watches', 'max_entries', 'shared', 'shared_slots', 'shared_users',
        'max_staleness_ms', 'verify_rate', 'test_untrusted', 'test_watcher', 'max_listing_bytes',
        'opcache_invalidate', 'watcher', 'first_look'] as $k) {
    var_dump("statcache.$k", ini_get("statcache.$k"));
}
// the settings meant for production: docs/configuration.md's table less the test_ ones
$prod = array_filter(array_keys(ini_get_all('statcache')), fn ($k) => strncmp($k, 'statcache.test_', 15) !== 0);
echo count($prod), " settings besides the test-only ones\n";
?>
--EXPECT--
string(16) "statcache.enable"
string(1) "1"
string(20) "statcache.enable_cli"
string(1) "0"
string(21) "statcache.max_watches"
string(5) "65536"
string(21) "statcache.max_entries"
string(5) "65536"
string(16) "statcache.shared"
string(1) "0"
string(22) "statcache.shared_slots"
string(5) "65536"
string(22) "statcache.shared_users"
string(1) "8"
string(26) "statcache.max_staleness_ms"
string(1) "5"
string(21) "statcache.verify_rate"
string(1) "0"
string(24) "statcache.test_untrusted"
string(1) "0"
string(22) "statcache.test_watcher"
string(1) "1"
string(27) "statcache.max_listing_bytes"
string(7) "4194304"
string(28) "statcache.opcache_invalidate"
string(1) "0"
string(17) "statcache.watcher"
string(4) "auto"
string(20) "statcache.first_look"
string(1) "1"
13 settings besides the test-only ones
