--TEST--
opcache_invalidate: a CLI PHP master's statcache_share() before its first lookup is not refused because of the setting (the main script's compile adds no watch and makes no table; its record waits for the first include), and the master's scripts are recorded and invalidated as usual afterwards
--SKIPIF--
<?php
require __DIR__ . '/opcache.inc';
if ($r = sc_oc_skip_reason()) die("skip $r");
?>
--FILE--
<?php
require __DIR__ . '/opcache.inc';
$d = sc_tmpdir('oc-share');
$code = <<<'PHP'
<?php
try {
    statcache_share(1 << 12);
    echo "shared\n";
} catch (Error $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
$f = $argv[1] . '/s.php';
file_put_contents($f, '<?php return 1;');
echo include $f;
file_put_contents($f, '<?php return 2;');
echo include $f, "\n";
$s = statcache_stats();
echo "mode: $s[mode], scripts: $s[opcache_scripts], invalidations: $s[opcache_invalidations]\n";
PHP;
echo sc_oc_child($d, $code, [], [$d]);
?>
--EXPECT--
shared
12
mode: shared, scripts: 2, invalidations: 1
