--TEST--
opcache_invalidate: a script opcache holds (CLI, validate_timestamps=0), replaced by rename by a process not waited for, runs its new code at the first include after max_staleness_ms (watcher silenced: the bound alone); without the setting opcache keeps the old code
--SKIPIF--
<?php
require __DIR__ . '/opcache.inc';
if ($r = sc_oc_skip_reason()) die("skip $r");
?>
--FILE--
<?php
require __DIR__ . '/opcache.inc';
$d = sc_tmpdir('oc-bound');
$code = SC_OC_CHILD_LIB . <<<'PHP'
$f = $argv[1] . '/s.php';
file_put_contents($f, '<?php return "old";');
echo include $f, "\n";
echo include $f, "\n";
$h = sc_unrelated('printf "<?php return \"new\";" > "$1.tmp" && mv "$1.tmp" "$1"', $f);
sc_past_the_bound();
echo include $f, "\n";
echo include $f, "\n";
echo "cached: ", var_export(opcache_is_script_cached($f), true), "\n";
echo "invalidations: ", sc_invalidations(), "\n";
sc_unrelated_end($h);
PHP;
$ini = ['statcache.test_watcher' => '0', 'statcache.max_staleness_ms' => '5'];
echo "-- on\n", sc_oc_child($d, $code, $ini, [$d]);
echo "-- off\n", sc_oc_child($d, $code, $ini + ['statcache.opcache_invalidate' => '0'], [$d]);
?>
--EXPECT--
-- on
old
old
new
new
cached: true
invalidations: 1
-- off
old
old
old
old
cached: true
invalidations: 0
