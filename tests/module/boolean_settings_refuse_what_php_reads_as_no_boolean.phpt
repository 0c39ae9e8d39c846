--TEST--
module: a boolean setting given no boolean spelling (statcache.enable=banana) warns, names the setting and the value, and keeps the default
--INI--
statcache.enable=banana
statcache.enable_cli=1
statcache.shared=maybe
statcache.test_untrusted=1x
--FILE--
<?php
foreach (['enable', 'enable_cli', 'shared', 'test_untrusted'] as $k) {
    echo "statcache.$k=", var_export(ini_get("statcache.$k"), true), "\n";
}
$s = statcache_stats();
var_dump($s['enabled'], $s['mode'] !== 'off', isset($s['off_reason']));
// at run time (statcache.enable is PHP_INI_ALL): refused, the value stays
var_dump(ini_set('statcache.enable', 'banana'), ini_get('statcache.enable'));
?>
--EXPECTF--
%AWarning: PHP Startup: statcache.enable=banana refused: must be a boolean (1/0, on/off, yes/no, true/false); using the default in Unknown on line 0
%AWarning: PHP Startup: statcache.shared=maybe refused: must be a boolean (1/0, on/off, yes/no, true/false); using the default in Unknown on line 0
%AWarning: PHP Startup: statcache.test_untrusted=1x refused: must be a boolean (1/0, on/off, yes/no, true/false); using the default in Unknown on line 0
%Astatcache.enable='1'
statcache.enable_cli='1'
statcache.shared='0'
statcache.test_untrusted='0'
bool(true)
bool(true)
bool(false)

Warning: ini_set(): statcache.enable=banana refused: must be a boolean (1/0, on/off, yes/no, true/false) in %s on line %d
bool(false)
string(1) "1"
