--TEST--
sync: a polled .maintenance file reads false at once after unlink() by PHP and after rm by a child, also under open_basedir
--DESCRIPTION--
The WordPress maintenance-mode regression: wp-settings.php polls
file_exists(ABSPATH . '.maintenance') on every request.  Once the upgrade
removes it, the very next poll must say false, or the site stays in
maintenance.  The open_basedir part runs in a child PHP with open_basedir
set to the test's directory (and its include/ directory).
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
require __DIR__ . '/../include/sync_common.inc';

function poll(string $m): string
{
    $seen = [];
    $hits = statcache_stats()['hits'];
    for ($i = 0; $i < 1000; $i++) {
        $seen[var_export(file_exists($m), true)] = true;
    }
    $hit = statcache_stats()['hits'] - $hits >= 999 ? 'cached' : 'not cached';
    return implode(',', array_keys($seen)) . " ($hit)";
}

function maintenance(string $root): void
{
    $m = "$root/.maintenance";
    echo poll($m), "\n";
    file_put_contents($m, '<?php $upgrading = ' . time() . ';');
    echo poll($m), "\n";
    var_dump(unlink($m));
    var_dump(file_exists($m), is_file($m));
    echo poll($m), "\n";

    touch($m);
    echo poll($m), "\n";
    exec('rm ' . escapeshellarg($m), $out, $rc);
    var_dump($rc);
    var_dump(file_exists($m), is_file($m));
    echo poll($m), "\n";
}

if (($argv[1] ?? '') === 'child') {
    var_dump(ini_get('open_basedir') !== '');
    maintenance($argv[2]);
    exit;
}
$root = sc_tmpdir('sync-maint');
echo "-- without open_basedir\n";
maintenance($root);

echo "-- with open_basedir\n";
[$rc, $out, $err] = sc_run(array_merge(sc_php_with_ext([
    'statcache.enable_cli' => 1, 'statcache.test_watcher' => 0, 'statcache.max_staleness_ms' => 0,
    'open_basedir' => $root . PATH_SEPARATOR . dirname(__DIR__) . PATH_SEPARATOR . __DIR__,
]), [__FILE__, 'child', $root]));
echo $out, $err, "exit $rc\n";
?>
--EXPECT--
-- without open_basedir
false (cached)
true (cached)
bool(true)
bool(false)
bool(false)
false (cached)
true (cached)
int(0)
bool(false)
bool(false)
false (cached)
-- with open_basedir
bool(true)
false (cached)
true (cached)
bool(true)
bool(false)
bool(false)
false (cached)
true (cached)
int(0)
bool(false)
bool(false)
false (cached)
exit 0
