--TEST--
invalidation: a hard-linked file is cached, and edited through its other name (by this process or a child we wait for) shows its new size at once: its own watch sees a change through any name
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
$d = sc_tmpdir('hardlink');
mkdir("$d/one");
mkdir("$d/two");
$a = "$d/one/a.txt";
$b = "$d/two/b.txt";
file_put_contents($a, 'abc');
link($a, $b);

function size(string $f): int
{
    sc_forget_php_stat();
    return filesize($f);
}
echo size($a), ' ', size($a), "\n";
$s = statcache_stats();
echo size($a), ' ', size($a), "\n";
$t = statcache_stats();
echo "answered from the cache: ", $t['hits'] - $s['hits'] >= 2 && $t['bypassed'] === $s['bypassed'] ? 'yes' : 'no', "\n";

exec('printf 12345 >> ' . escapeshellarg($b));
echo size($a), "\n";
file_put_contents($b, 'x', FILE_APPEND);
echo size($a), "\n";
$h = fopen($b, 'r+');
ftruncate($h, 2);
fclose($h);
echo size($a), ' ', sc_truth('echo filesize($argv[1]);', [$a]), "\n";

// the other name goes away: its own event, and the file's (its link count)
unlink($b);
echo size($a), ' ', size($a), "\n";
exec('printf 1234 >> ' . escapeshellarg($a));
echo size($a), "\n";
?>
--EXPECT--
3 3
3 3
answered from the cache: yes
8
9
2 2
2 2
6
