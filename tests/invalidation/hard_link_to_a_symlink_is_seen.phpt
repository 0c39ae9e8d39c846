--TEST--
invalidation: a hard link made to a symlink (link() does not follow it) changes the symlink's lstat() nlink at once, made by this process or by a child, in the same directory or another one (found by tests/diff, soak seed 100000)
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
$d = sc_tmpdir('linksymlink');
mkdir("$d/other");
file_put_contents("$d/target", 't');
symlink('target', "$d/l");

/* nlink of $d/l by lstat(), cached (asked twice) */
function nlink(string $f): int
{
    sc_forget_php_stat();
    lstat($f);
    sc_forget_php_stat();
    return lstat($f)['nlink'];
}
/* what php -n says now: the cached answer must be the same.  (In ZTS
 * builds PHP's link() resolves its first argument, so it links the
 * target, not the symlink: the numbers differ, the comparison does not.) */
function check(string $what, string $f): void
{
    $cached = nlink($f);
    $truth = (int) sc_truth('echo lstat($argv[1])["nlink"];', [$f]);
    echo str_pad($what, 28), $cached === $truth ? 'same as php -n' : "cached $cached, php -n $truth", "\n";
}
check('cached', "$d/l");
link("$d/l", "$d/other/l2");                 /* this process, another directory */
check('link() elsewhere', "$d/l");
link("$d/l", "$d/l3");                       /* this process, the same directory */
check('link() beside it', "$d/l");
exec('ln ' . escapeshellarg("$d/l") . ' ' . escapeshellarg("$d/l4"));   /* a child, same directory */
check('ln by a child beside it', "$d/l");
unlink("$d/l4");
check('unlink()', "$d/l");
exec('ln ' . escapeshellarg("$d/l") . ' ' . escapeshellarg("$d/l5"));
check('ln by a child again', "$d/l");
echo 'nlink ', nlink("$d/l") >= 2 ? '>= 2' : '1', "\n";
?>
--EXPECT--
cached                      same as php -n
link() elsewhere            same as php -n
link() beside it            same as php -n
ln by a child beside it     same as php -n
unlink()                    same as php -n
ln by a child again         same as php -n
nlink >= 2
