--TEST--
adversarial: a warning PHP does not log (silenced with @, or left out of error_reporting) is no sync point: no drain follows it, while a logged one still drains and its line is seen at once
--DESCRIPTION--
PHP's error callback writes the error_log file only for an error that
error_reporting reports (php_error_cb()); statcache's sync point after it
(src/php/sync/sync.c) is made only then.  The watcher is off, so drains happen
at sync points only: statcache_stats()['drains'] counts them.
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
log_errors=1
display_errors=0
error_reporting=E_ALL
--FILE--
<?php
require __DIR__ . '/../include/adversarial_sync.inc';
$d = sc_tmpdir('adv-nolog');
touch("$d/php.log");
ini_set('error_log', "$d/php.log");
adv_cache("$d/php.log", "$d/missing");
$drains = fn () => statcache_stats()['drains'];

$before = $drains();
for ($i = 0; $i < 5; $i++) {
    var_dump(@filemtime("$d/missing"));    /* silenced: not logged */
    $x = @$undefined_variable;
}
file_exists("$d/php.log");                  /* a lookup after them */
echo 'drains after silenced warnings: ', $drains() - $before, "\n";

error_reporting(E_ALL & ~E_WARNING);
$before = $drains();
var_dump(filemtime("$d/missing"));          /* not reported: not logged */
file_exists("$d/php.log");
echo 'drains after an unreported warning: ', $drains() - $before, "\n";
error_reporting(E_ALL);

adv_cache("$d/php.log");
$before = $drains();
var_dump(filemtime("$d/missing"));          /* logged: a sync point */
adv_check('logged warning', "$d/php.log");
echo 'drains after a logged warning: ', $drains() - $before > 0 ? 'some' : 'none', "\n";
echo strpos(file_get_contents("$d/php.log"), "filemtime(): stat failed for $d/missing") !== false ? "logged\n" : "not logged\n";
?>
--EXPECT--
bool(false)
bool(false)
bool(false)
bool(false)
bool(false)
drains after silenced warnings: 0
bool(false)
drains after an unreported warning: 0
bool(false)
logged warning: same
drains after a logged warning: some
logged
