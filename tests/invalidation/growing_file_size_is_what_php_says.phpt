--TEST--
invalidation: filesize() after this process makes a file longer answers as PHP does (its own stat cache included), and from the cache once PHP's is empty
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
$d = sc_tmpdir('grow');
$f = "$d/f";

// PHP's own one-entry stat cache: 8.2 keeps the first answer across the
// write (5), 8.4 empties it when a file is opened for writing (23); PHP
// without the cache, doing the same, says which
$steps = 'file_put_contents($f, "hello"); echo filesize($f), " ";
    file_put_contents($f, "hello, a longer content"); echo filesize($f);';
$php = sc_truth('$f = $argv[1]; ' . $steps, ["$d/plain"]);
ob_start();
eval($steps);
$ours = ob_get_clean();
echo $ours === $php ? "as php -n: $php" : "$ours <> php -n: $php", "\n";

// with PHP's cache emptied (another file stat()ed), the answer is ours: it
// must be the new size, seen through this process's write (a sync point;
// the watcher is off in this test)
sc_forget_php_stat();
var_dump(filesize($f));
$h = fopen($f, 'a');
fwrite($h, '!!');
fclose($h);
sc_forget_php_stat();
var_dump(filesize($f));
ftruncate($h = fopen($f, 'r+'), 3);
fclose($h);
sc_forget_php_stat();
var_dump(filesize($f), filesize($f) === (int) sc_truth('echo filesize($argv[1]);', [$f]));
?>
--EXPECTF--
as php -n: 5 %r(5|23)%r
int(23)
int(25)
int(3)
bool(true)
