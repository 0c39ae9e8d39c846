--TEST--
opcache_invalidate: an include_once of a script already included (nothing compiled: its check is for that one statement) does not vouch for a later include of it by the same name: a write between is seen, the new code runs
--SKIPIF--
<?php
require __DIR__ . '/opcache.inc';
if ($r = sc_oc_skip_reason()) die("skip $r");
?>
--FILE--
<?php
require __DIR__ . '/opcache.inc';
$d = sc_tmpdir('oc-once-then-include');
$f = "$d/s.php";
/* the name as a literal: opcache interns it, as it interns the name of
 * the script it holds, so both includes hand over the very same string */
$code = SC_OC_CHILD_LIB . <<<PHP
file_put_contents('$f', '<?php return 1;');
echo include_once '$f', ' ';
echo var_export(include_once '$f', true), ' ';
file_put_contents('$f', '<?php return 22;');
echo include '$f', ' ';
echo var_export(include_once '$f', true), ' ';
file_put_contents('$f', '<?php return 333;');
echo include '$f', "\\n";
PHP;
$ini = ['statcache.test_watcher' => '0', 'statcache.max_staleness_ms' => '0'];
echo "on:  ", sc_oc_child($d, $code, $ini);
echo "off: ", sc_oc_child($d, $code, $ini + ['statcache.opcache_invalidate' => '0']);
?>
--EXPECT--
on:  1 true 22 true 333
off: 1 true 1 true 1
