--TEST--
opcache_invalidate: opcache.restrict_api that does not cover the running script refuses opcache_invalidate(): no warning reaches the script, one log line says which script changed and stays cached, opcache keeps the old code; a restrict_api that covers the script lets the new code run
--SKIPIF--
<?php
require __DIR__ . '/opcache.inc';
if ($r = sc_oc_skip_reason()) die("skip $r");
?>
--FILE--
<?php
require __DIR__ . '/opcache.inc';
$d = sc_tmpdir('oc-restrict');
$code = <<<'PHP'
<?php
set_error_handler(function ($no, $str) { echo "handler: $str\n"; return true; });
$f = $argv[1] . '/s' . getmypid() . '.php';
file_put_contents($f, '<?php return 1;');
echo include $f;
file_put_contents($f, '<?php return 2;');
echo include $f;
file_put_contents($f, '<?php return 3;');
echo include $f, "\n";
PHP;
foreach (['/nonexistent/' => "$d/log1", $d => "$d/log2"] as $prefix => $log) {
    echo "restrict_api=", $prefix === $d ? 'the test directory' : $prefix, ": ";
    echo sc_oc_child($d, $code, ['opcache.restrict_api' => $prefix, 'log_errors' => '1', 'error_log' => $log,
        'statcache.test_watcher' => '0', 'statcache.max_staleness_ms' => '0'], [$d]);
    foreach (@file($log, FILE_IGNORE_NEW_LINES) ?: [] as $line) {
        echo "  log: ", preg_replace(['~^\[[^]]*\] ~', '~/\S+/(main\d+|s\d+)\.php~'], ['', '$1.php'], $line), "\n";
    }
}
?>
--EXPECTF--
restrict_api=/nonexistent/: 111
  log: statcache: statcache.opcache_invalidate: opcache.restrict_api refuses opcache_invalidate() to main%d.php: s%d.php changed and stays cached until a script under restrict_api runs
restrict_api=the test directory: 123
