--TEST--
opcache_invalidate: with opcache full (its hash table: opcache.max_accelerated_files=200, 400 scripts included), a changed script that opcache held runs its new code, as does one opcache could not store; nothing crashes
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--SKIPIF--
<?php
require __DIR__ . '/opcache.inc';
if ($r = sc_oc_skip_reason()) die("skip $r");
?>
--FILE--
<?php
require __DIR__ . '/opcache.inc';
$d = sc_tmpdir('oc-full');
$code = <<<'PHP'
<?php
$d = $argv[1];
/* The first script is included in a later second than it was written:
 * its identity then proves "unchanged", so no event or flush that makes
 * the records be checked while the others are written (another process's
 * churn on the device included) invalidates it as a precaution.  The
 * clock is watched for that second, not guessed. */
file_put_contents("$d/s0.php", "<?php return 'old0';");
$written = max(stat("$d/s0.php")['ctime'], stat("$d/s0.php")['mtime']);
while (time() <= $written) {
    usleep(10000);
}
for ($i = 0; $i < 400; $i++) {
    if ($i > 0) {
        file_put_contents("$d/s$i.php", "<?php return 'old$i';");
    }
    include "$d/s$i.php";
}
$st = opcache_get_status(false);
echo "full: ", var_export($st['cache_full'], true), "\n";
echo "first cached: ", var_export(opcache_is_script_cached("$d/s0.php"), true), "\n";
echo "last cached: ", var_export(opcache_is_script_cached("$d/s399.php"), true), "\n";
file_put_contents("$d/s0.php", "<?php return 'new0';");
file_put_contents("$d/s399.php", "<?php return 'new399';");
echo include "$d/s0.php", ' ', include "$d/s399.php", ' ', include "$d/s0.php", "\n";
echo "invalidations: ", statcache_stats()['opcache_invalidations'] >= 1 ? 'yes' : 'no', "\n";
PHP;
echo sc_oc_child($d, $code, ['opcache.max_accelerated_files' => '200'], [$d]);
?>
--EXPECT--
full: true
first cached: true
last cached: false
new0 new399 new0
invalidations: yes
