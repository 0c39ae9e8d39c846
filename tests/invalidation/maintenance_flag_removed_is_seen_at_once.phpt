--TEST--
invalidation: a polled .maintenance flag reads false at once after unlink() by this process, and after `rm` by a child
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('maint');
$m = "$d/.maintenance";

function poll(string $m): string
{
    $seen = [];
    for ($i = 0; $i < 200; $i++) {
        $seen[var_export(file_exists($m), true)] = true;
    }
    return implode(',', array_keys($seen));
}
echo poll($m), "\n";
touch($m);
echo poll($m), "\n";
unlink($m);
var_dump(file_exists($m), is_file($m));

file_put_contents($m, '<?php $upgrading = 1;');
echo poll($m), "\n";
exec('rm ' . escapeshellarg($m));
var_dump(file_exists($m), is_file($m));

exec('touch ' . escapeshellarg($m));
echo poll($m), "\n";
rename($m, "$m.off");
var_dump(file_exists($m), file_exists("$m.off"));
?>
--EXPECT--
false
true
bool(false)
bool(false)
true
bool(false)
bool(false)
true
bool(false)
bool(true)
