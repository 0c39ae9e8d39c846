--TEST--
invalidation: filesize() after this process makes a file longer answers as PHP does (its own stat cache included), and from the cache once PHP's is empty
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('grow');
$f = "$d/f";

file_put_contents($f, "hello");
var_dump(filesize($f));
file_put_contents($f, "hello, a longer content");
// PHP's own one-entry stat cache still holds the first answer: PHP says 5 too
var_dump(filesize($f));

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
--EXPECT--
int(5)
int(5)
int(23)
int(25)
int(3)
bool(true)
