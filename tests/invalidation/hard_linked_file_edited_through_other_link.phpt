--TEST--
invalidation: a hard-linked file edited through its other name (by this process or a child) shows its new size: such files are never cached
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
$by = statcache_stats()['bypassed'];
echo size($a), ' ', size($a), "\n";
echo "bypassed: ", statcache_stats()['bypassed'] > $by ? 'yes' : 'no', "\n";

exec('printf 12345 >> ' . escapeshellarg($b));
echo size($a), "\n";
file_put_contents($b, 'x', FILE_APPEND);
echo size($a), "\n";
$h = fopen($b, 'r+');
ftruncate($h, 2);
fclose($h);
echo size($a), ' ', sc_truth('echo filesize($argv[1]);', [$a]), "\n";

// the last other name goes away: a single link again, cached from now on
unlink($b);
echo size($a), ' ', size($a), "\n";
exec('printf 1234 >> ' . escapeshellarg($a));
echo size($a), "\n";
?>
--EXPECT--
3 3
3 3
bypassed: yes
8
9
2 2
2 2
6
