--TEST--
realpath cache, ZTS: a file the stat cache answers from its table, once clearstatcache(true) has emptied PHP's realpath cache, is still resolved by PHP's walk, which writes its bucket again: file_exists() and is_file() leave PHP's realpath cache as PHP leaves it
--DESCRIPTION--
On ZTS, PHP resolves a name through its realpath cache before its stat()
or access(); where the name has no bucket, its walk lstat()s it and its
directories and writes their buckets.  A hit answers from the stat cache
only where that resolution would leave the realpath cache as it was, so
a file with no bucket takes the whole way (which replays the walk).
Each run (php -n, then statcache) prints the answers and the names PHP's
realpath cache holds under the test's directory; both must be identical.
--SKIPIF--
<?php
if (!PHP_ZTS) {
    die('skip ZTS only: an NTS PHP asks the kernel about the name itself, not through its realpath cache');
}
?>
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$script = <<<'PHP'
<?php
/* the file is made before: no event of its is left to drain here */
[, $d] = $argv;
$f = "$d/f";
$held = function () use ($d) {
    $names = array_keys(realpath_cache_get());
    sort($names);
    return json_encode(array_values(array_filter($names, fn($n) => strpos($n, $d) === 0)), JSON_UNESCAPED_SLASHES);
};
/* the stat cache answers f from its table from the third call on */
var_dump(file_exists($f), file_exists($f), file_exists($f), is_file($f), is_file($f), is_file($f));
clearstatcache(true);
var_dump(file_exists($f));
echo 'after file_exists(f): ', $held(), "\n";
clearstatcache(true);
var_dump(is_file($f));
echo 'after is_file(f): ', $held(), "\n";
PHP;
$base = sc_tmpdir('rp-rewritten');
file_put_contents("$base/script.php", $script);
$outs = [];
foreach (['php -n' => sc_php_plain(), 'statcache' => sc_php_with_ext(['statcache.enable_cli' => 1])] as $what => $cmd) {
    $d = "$base/d";                     /* the same names for both */
    if (is_dir($d)) {
        sc_rmtree($d);
    }
    mkdir($d);
    file_put_contents("$d/f", 'f');
    [$rc, $out, $err] = sc_run(array_merge($cmd, ["$base/script.php", $d]));
    $outs[$what] = str_replace($d, 'D', "exit $rc\n$out$err");
}
echo $outs['php -n'] === $outs['statcache'] ? "identical\n" : "DIFFERENT\n--- statcache\n{$outs['statcache']}";
echo $outs['php -n'];
?>
--EXPECT--
identical
exit 0
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
after file_exists(f): ["D","D/f"]
bool(true)
after is_file(f): ["D","D/f"]
