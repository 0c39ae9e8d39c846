--TEST--
opcache_invalidate: with no opcache in the process (no zend_extension=opcache line, where opcache is an extension of its own), the script runs as without the setting (new code), statcache_stats()['opcache_invalidate'] is false, ['opcache_off_reason'] says that opcache is not loaded, and no log line says it (no opcache serves the CLI: every command would say it)
--SKIPIF--
<?php
require __DIR__ . '/opcache.inc';
if (sc_oc_builtin()) die('skip opcache is compiled into this PHP (8.5 on): it cannot be left out');
?>
--FILE--
<?php
require __DIR__ . '/opcache.inc';
$d = sc_tmpdir('oc-absent');
file_put_contents("$d/main.php", <<<'PHP'
<?php
$f = $argv[1] . '/s' . getmypid() . '.php';
file_put_contents($f, '<?php return 1;');
$a = include $f;
file_put_contents($f, '<?php return 2;');
$s = statcache_stats();
echo $a, include $f, ' ', var_export($s['opcache_invalidate'], true), ': ', $s['opcache_off_reason'], "\n";
echo 'opcache in the process: ', var_export(extension_loaded('Zend OPcache'), true), "\n";
PHP);
$log = "$d/php.log";
[$rc, $out, $err] = sc_run(array_merge(sc_php_with_ext(['statcache.enable_cli' => '1',
    'statcache.opcache_invalidate' => '1', 'log_errors' => '1', 'display_errors' => '0',
    'display_startup_errors' => '0', 'error_log' => $log]), ["$d/main.php", $d]));
echo "exit $rc: $out$err";
echo 'log lines: ', count(@file($log, FILE_IGNORE_NEW_LINES) ?: []), "\n";
?>
--EXPECT--
exit 0: 12 false: opcache is not loaded (zend_extension=opcache)
opcache in the process: false
log lines: 0
