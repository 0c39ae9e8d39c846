--TEST--
invalidation: a cached miss under a missing parent chain turns true once a child that created the chain has been waited for
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
$d = sc_tmpdir('chain');
$f = "$d/new/sub/a.php";

for ($i = 0; $i < 3; $i++) {
    var_dump(file_exists($f));
}
var_dump(is_dir("$d/new"), is_file($f), is_readable($f));
$s = statcache_stats();
echo "negative hits: ", $s['negative_hits'] > 0 ? 'some' : 'none', "\n";

exec('mkdir -p ' . escapeshellarg("$d/new/sub") . ' && touch ' . escapeshellarg($f), $out, $rc);
echo "child exit $rc\n";
var_dump(file_exists($f), is_file($f), is_readable($f), is_dir("$d/new"), is_dir("$d/new/sub"));
var_dump(file_exists("$d/new/sub/b.php"), file_exists("$d/new/other/a.php"));
?>
--EXPECT--
bool(false)
bool(false)
bool(false)
bool(false)
bool(false)
bool(false)
negative hits: some
child exit 0
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
