--TEST--
matrix: the extensions scripts/test.sh matrix loads next to statcache (SC_PHPT_WITH) are loaded in every test
--FILE--
<?php
/* scripts/test.sh matrix reruns the suite with -d extension=apcu (or uopz,
 * or zend_extension=xdebug) and SC_PHPT_WITH=apcu: this proves run-tests.php
 * passed them on (it prints nothing about them itself). */
$want = array_filter(explode(',', (string) getenv('SC_PHPT_WITH')));
$missing = array_filter(array_merge(['statcache'], $want), fn($e) => !extension_loaded($e));
echo $missing ? 'not loaded: ' . implode(',', $missing) : 'loaded as asked', "\n";
?>
--EXPECT--
loaded as asked
