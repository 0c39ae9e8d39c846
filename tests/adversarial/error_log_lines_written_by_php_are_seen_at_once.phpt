--TEST--
adversarial: the lines PHP writes to a log file (error_log() of types 0 and 3, warnings and notices logged with log_errors=1, a fatal error's line read by a shutdown function) are sync points: the next lookup answers as the kernel
--DESCRIPTION--
error_log() of type 0, and every logged error, are written by php_log_err()
with write(2) on the error_log file, no stream: they are sync points after
PHP's error callback (and error_log() itself).  The watcher is off, so
nothing else would make the change visible.
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
log_errors=0
display_errors=0
error_reporting=E_ALL
--FILE--
<?php
require __DIR__ . '/../include/adversarial_sync.inc';
$d = sc_tmpdir('adv-errlog');
touch("$d/three");
touch("$d/php.log");
adv_cache("$d/three", "$d/three-new", "$d/php.log");
error_log("appended\n", 3, "$d/three");
adv_check('error_log() type 3, appended', "$d/three");
error_log("created\n", 3, "$d/three-new");
adv_check('error_log() type 3, created', "$d/three-new");

ini_set('error_log', "$d/php.log");
error_log('type 0');
adv_check('error_log() type 0', "$d/php.log");
ini_set('log_errors', '1');
adv_cache("$d/php.log");
trigger_error('a user warning', E_USER_WARNING);
adv_check('trigger_error() logged', "$d/php.log");
adv_cache("$d/php.log");
echo $undefined_variable;
adv_check("PHP's own warning logged", "$d/php.log");
adv_cache("$d/php.log");
set_error_handler(fn () => false);          /* a handler that lets PHP log */
trigger_error('through a handler', E_USER_NOTICE);
restore_error_handler();
adv_check('logged after a user handler', "$d/php.log");

/* a fatal error: its line is written, then the request bails out of the
 * error callback (a compile error; an uncaught exception does not bail
 * out there); a shutdown function looks */
$child = <<<'PHP'
<?php
require $argv[1];
$log = $argv[2];
adv_cache($log);
register_shutdown_function(function () use ($log) { adv_check('fatal error logged, seen at shutdown', $log); });
include $argv[3];                          /* a compile error: fatal, bails out of the callback */
PHP;
file_put_contents("$d/child.php", $child);
file_put_contents("$d/bad.php", "<?php\nfunction statcache_twice() {}\nfunction statcache_twice() {}\n");
touch("$d/child.log");
[$rc, $out, $err] = sc_run(array_merge(sc_php_with_ext(['statcache.enable_cli' => 1, 'statcache.test_watcher' => 0,
    'statcache.max_staleness_ms' => 0, 'log_errors' => 1, 'display_errors' => 0, 'error_log' => "$d/child.log"]),
    ["$d/child.php", __DIR__ . '/../include/adversarial_sync.inc', "$d/child.log", "$d/bad.php"]));
echo $out, $err;
?>
--EXPECT--
error_log() type 3, appended: same
error_log() type 3, created: same
error_log() type 0: same
trigger_error() logged: same
PHP's own warning logged: same
logged after a user handler: same
fatal error logged, seen at shutdown: same
