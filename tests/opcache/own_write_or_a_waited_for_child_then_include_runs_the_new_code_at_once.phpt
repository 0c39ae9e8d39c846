--TEST--
opcache_invalidate: sync points: a script this process rewrites (file_put_contents, rename over it, touch) or a child it waited for rewrites (exec, proc_close) runs its new code at the very next include, with the watcher silenced and no staleness bound (nothing else can have drained)
--SKIPIF--
<?php
require __DIR__ . '/opcache.inc';
if ($r = sc_oc_skip_reason()) die("skip $r");
?>
--FILE--
<?php
require __DIR__ . '/opcache.inc';
$d = sc_tmpdir('oc-sync');
$code = SC_OC_CHILD_LIB . <<<'PHP'
$f = $argv[1] . '/s' . ini_get('statcache.opcache_invalidate') . '.php';
file_put_contents($f, '<?php return 1;');
echo include $f, ' ';
file_put_contents($f, '<?php return 2;');
echo include $f, ' ';
file_put_contents("$f.tmp", '<?php return 3;');
rename("$f.tmp", $f);
echo include $f, ' ';
exec('printf "<?php return 4;" > ' . escapeshellarg($f));
echo include $f, ' ';
$p = proc_open(['sh', '-c', 'printf "<?php return 5;" > "$0"', $f], [], $pipes);
proc_close($p);
echo include $f, ' ';
$n = sc_invalidations();
touch($f, time() - 100);
echo include $f, ' touch invalidated: ', sc_invalidations() - $n, "\n";
PHP;
$ini = ['statcache.test_watcher' => '0', 'statcache.max_staleness_ms' => '0'];
echo "on:  ", sc_oc_child($d, $code, $ini, [$d]);
echo "off: ", sc_oc_child($d, $code, $ini + ['statcache.opcache_invalidate' => '0'], [$d]);
?>
--EXPECT--
on:  1 2 3 4 5 5 touch invalidated: 1
off: 1 1 1 1 1 1 touch invalidated: 0
