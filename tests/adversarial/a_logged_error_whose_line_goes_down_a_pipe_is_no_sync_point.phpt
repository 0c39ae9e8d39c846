--TEST--
adversarial: a logged error whose line goes to the CLI's stderr is a sync point when stderr is a file (its line seen at once), and none when stderr is a pipe (no drain)
--DESCRIPTION--
With no error_log set, PHP's CLI (and php-fpm's workers) log through the
SAPI's logger, which writes stderr: a file this process writes (a sync
point), or a pipe another process reads (php-fpm's catch_workers_output:
the master writes the file later, no sync point can order that).  The
watcher is off, so drains happen at sync points only.
--FILE--
<?php
require __DIR__ . '/../include/adversarial_sync.inc';
$d = sc_tmpdir('adv-logpipe');
$child = <<<'PHP'
<?php
require $argv[1];
$d = $argv[2];
adv_cache("$d/stderr.log", "$d/missing");
$before = statcache_stats()['drains'];
for ($i = 0; $i < 3; $i++) {
    filemtime("$d/missing");                 /* reported and logged */
}
file_exists("$d/stderr.log");
echo 'drains: ', statcache_stats()['drains'] - $before > 0 ? 'some' : 'none', "\n";
adv_check('the log line', "$d/stderr.log");
PHP;
file_put_contents("$d/child.php", $child);
touch("$d/stderr.log");
$cmd = array_merge(sc_php_with_ext(['statcache.enable_cli' => 1, 'statcache.test_watcher' => 0,
    'statcache.max_staleness_ms' => 0, 'log_errors' => 1, 'display_errors' => 0, 'error_reporting' => E_ALL]),
    ["$d/child.php", __DIR__ . '/../include/adversarial_sync.inc', $d]);

echo "-- stderr a pipe\n";
[$rc, $out, $err] = sc_run($cmd);
echo $out, substr_count($err, 'filemtime(): stat failed for'), " lines on the pipe\n";

echo "-- stderr a file\n";
$p = proc_open($cmd, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['file', "$d/stderr.log", 'a']], $pipes);
fclose($pipes[0]);
echo stream_get_contents($pipes[1]);
fclose($pipes[1]);
proc_close($p);
echo substr_count(file_get_contents("$d/stderr.log"), 'filemtime(): stat failed for'), " lines in the file\n";
?>
--EXPECT--
-- stderr a pipe
drains: none
the log line: same
3 lines on the pipe
-- stderr a file
drains: some
the log line: same
3 lines in the file
