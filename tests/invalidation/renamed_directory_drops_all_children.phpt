--TEST--
invalidation: 1,000 cached files under a directory that a child renames away and recreates empty all answer false
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
$d = sc_tmpdir('rename');
mkdir("$d/app/src", 0755, true);
$paths = [];
for ($i = 0; $i < 1000; $i++) {
    $paths[] = $p = "$d/app/" . ($i % 2 ? 'src/' : '') . "f$i.php";
    file_put_contents($p, "<?php // $i");
}
function count_true(array $paths, string $fn): int
{
    $n = 0;
    foreach ($paths as $p) {
        $n += $fn($p) ? 1 : 0;
    }
    return $n;
}
foreach (['file_exists', 'is_file', 'is_readable'] as $fn) {
    count_true($paths, $fn);
    echo "$fn before: ", count_true($paths, $fn), "\n";
}
echo "cached: ", statcache_stats()['hits'] >= 3000 ? 'yes' : 'no', "\n";

exec('cd ' . escapeshellarg($d) . ' && mv app app.old && mkdir app', $out, $rc);
echo "child exit $rc\n";
sc_forget_php_stat();   // PHP's own cache still holds the last is_file()'d path
foreach (['file_exists', 'is_file', 'is_readable'] as $fn) {
    echo "$fn after: ", count_true($paths, $fn), "\n";
}
var_dump(is_dir("$d/app"), is_dir("$d/app/src"), is_file("$d/app.old/f0.php"));
?>
--EXPECT--
file_exists before: 1000
is_file before: 1000
is_readable before: 1000
cached: yes
child exit 0
file_exists after: 0
is_file after: 0
is_readable after: 0
bool(true)
bool(false)
bool(true)
