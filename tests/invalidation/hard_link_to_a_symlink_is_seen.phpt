--TEST--
invalidation: a hard link made to a symlink (link() does not follow it) changes the symlink's lstat() nlink at once, made by this process or by a child, in the same directory or another one (found by tests/diff, soak seed 100000)
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('linksymlink');
mkdir("$d/other");
symlink('target', "$d/l");

/* nlink of $d/l by lstat(), cached (asked twice) */
function nlink(string $f): int
{
    sc_forget_php_stat();
    lstat($f);
    sc_forget_php_stat();
    return lstat($f)['nlink'];
}
function truth(string $f): string
{
    return sc_truth('echo lstat($argv[1])["nlink"];', [$f]);
}
echo nlink("$d/l"), "\n";
link("$d/l", "$d/other/l2");                 /* this process, another directory */
echo nlink("$d/l"), ' ', truth("$d/l"), "\n";
link("$d/l", "$d/l3");                       /* this process, the same directory */
echo nlink("$d/l"), ' ', truth("$d/l"), "\n";
exec('ln ' . escapeshellarg("$d/l") . ' ' . escapeshellarg("$d/l4"));   /* a child, same directory */
echo nlink("$d/l"), ' ', truth("$d/l"), "\n";
unlink("$d/other/l2");
echo nlink("$d/l"), ' ', truth("$d/l"), "\n";
?>
--EXPECT--
1
2 2
3 3
4 4
3 3
