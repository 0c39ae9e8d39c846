--TEST--
listings: a directory with more than 10,000 entries is never remembered (each listing reads it, counted as a miss) and answers as PHP does
--INI--
statcache.first_look=0
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('listings-large');
mkdir("$d/big");
for ($i = 0; $i < 10001; $i++) {
    touch("$d/big/f$i");
}
$code = 'echo md5(json_encode([scandir($argv[1]), glob($argv[1] . "/f1*"), iterator_count(new FilesystemIterator($argv[1]))]));';
$truth = sc_truth($code, ["$d/big"]);
$mine = [];
for ($i = 0; $i < 2; $i++) {
    $mine[] = md5(json_encode([scandir("$d/big"), glob("$d/big/f1*"), iterator_count(new FilesystemIterator("$d/big"))]));
}
var_dump($mine[0] === $truth, $mine[1] === $truth);
$s = statcache_stats();
var_dump($s['listing_hits'], $s['listing_misses']);
// 10,000 names with "." and "..": remembered
unlink("$d/big/f0");
unlink("$d/big/f1");
unlink("$d/big/f2");
$truth = sc_truth($code, ["$d/big"]);
$mine = [];
for ($i = 0; $i < 2; $i++) {
    $mine[] = md5(json_encode([scandir("$d/big"), glob("$d/big/f1*"), iterator_count(new FilesystemIterator("$d/big"))]));
}
var_dump($mine[0] === $truth, $mine[1] === $truth);
$s = statcache_stats();
var_dump($s['listing_hits'], $s['listing_misses']);
?>
--EXPECT--
bool(true)
bool(true)
int(0)
int(6)
bool(true)
bool(true)
int(5)
int(7)
