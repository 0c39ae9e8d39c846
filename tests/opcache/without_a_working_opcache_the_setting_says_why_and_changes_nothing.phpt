--TEST--
opcache_invalidate: fault cases: opcache loaded but off in the CLI (opcache.enable_cli=0), statcache off in the CLI, opcache.file_cache_only=1 (which opcache_invalidate() does not reach): the script runs as without the setting (opcache off: new code; statcache off or the file cache alone: opcache keeps the old code), statcache_stats()['opcache_invalidate'] is false and ['opcache_off_reason'] says why in words; one log line says it where scripts would freeze (statcache off while the CLI's opcache runs without revalidation, the file cache alone), not where no opcache serves the CLI (every command would say it)
--SKIPIF--
<?php
require __DIR__ . '/opcache.inc';
if ($r = sc_oc_skip_reason()) die("skip $r");
?>
--FILE--
<?php
require __DIR__ . '/opcache.inc';
$d = sc_tmpdir('oc-faults');
$code = <<<'PHP'
<?php
$f = $argv[1] . '/s' . getmypid() . '.php';
file_put_contents($f, '<?php return 1;');
$a = include $f;
file_put_contents($f, '<?php return 2;');
$s = statcache_stats();
echo $a, include $f, ' ', var_export($s['opcache_invalidate'], true), ': ', $s['opcache_off_reason'], "\n";
PHP;
$base = ['statcache.enable_cli' => '1', 'statcache.opcache_invalidate' => '1', 'log_errors' => '1',
    'display_errors' => '0', 'display_startup_errors' => '0'];
foreach ([
    'opcache.enable_cli=0' => fn ($log) => sc_oc_php(['opcache.enable_cli' => '0', 'error_log' => $log]),
    'statcache.enable_cli=0' => fn ($log) => sc_oc_php(['statcache.enable_cli' => '0', 'error_log' => $log]),
    'opcache.file_cache_only=1' => fn ($log) => sc_oc_php(['opcache.file_cache' => $d,
        'opcache.file_cache_only' => '1', 'error_log' => $log]),
] as $case => $cmd) {
    $log = "$d/" . md5($case) . '.log';
    file_put_contents("$d/main.php", $code);
    [$rc, $out, $err] = sc_run(array_merge($cmd($log), ["$d/main.php", $d]));
    echo "$case: exit $rc: $out";
    foreach (@file($log, FILE_IGNORE_NEW_LINES) ?: [] as $line) {
        echo "  log: ", preg_replace('~^\[[^]]*\] ~', '', $line), "\n";
    }
    echo $err;
}
?>
--EXPECT--
opcache.enable_cli=0: exit 0: 12 false: opcache is loaded but not active in this process (opcache.enable, opcache.enable_cli, or its startup failed)
statcache.enable_cli=0: exit 0: 11 false: does nothing: the cache is off in this process
  log: statcache: statcache.opcache_invalidate=1 does nothing here: the cache is off (CLI without statcache.enable_cli=1)
opcache.file_cache_only=1: exit 0: 11 false: opcache.file_cache_only=1: opcache_invalidate() does not reach the file cache
  log: statcache: statcache.opcache_invalidate=1 does nothing here: opcache.file_cache_only=1: opcache_invalidate() does not reach the file cache
