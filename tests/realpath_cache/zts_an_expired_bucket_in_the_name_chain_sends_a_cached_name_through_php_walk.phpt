--TEST--
realpath cache, ZTS: once realpath_cache_ttl has passed, a name the stat cache answers (missing, or a file) is still resolved as PHP resolves it: PHP's lookup drops the expired buckets of its chain (another name's bucket ahead of it, or the name's own, which PHP's walk then writes again), and PHP's realpath cache is left as PHP leaves it
--DESCRIPTION--
On ZTS, PHP resolves a name through its realpath cache before its stat()
or access(), and realpath_cache_find() frees every expired bucket it
meets in the name's chain.  A hit answers from the stat cache only where
that lookup would leave the realpath cache as it was, so an expired
bucket in the chain must send the call the whole way:
 - "m", a missing name the stat cache holds, shares its chain with
   another file's bucket (the same key modulo the 1024 chains: FNV-1's
   low bits depend only on the bytes' low bits); once that bucket has
   expired, file_exists("m") frees it;
 - "f", a file whose own bucket has expired: is_file("f") frees it and
   PHP's walk writes it again, with a new expiry.
Each run (php -n, then statcache) prints what the calls answer and
whether those buckets are there and fresh; the two must be identical.
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
/* the chain of PHP's realpath cache a name's bucket is in: its key
 * (realpath_cache_key(), FNV-1 over the bytes) modulo 1024 */
function chain(string $p): int
{
    $h = 2166136261 & 1023;
    foreach (str_split($p) as $c) {
        $h = (($h * 16777619) ^ ord($c)) & 1023;
    }
    return $h;
}
$script = <<<'PHP'
<?php
/* the files are made before: no event of theirs is left to drain here */
[, $m, $g, $f, $o] = $argv;
/* buckets of "g" (in m's chain), "f" and "o", written by PHP's walk */
var_dump(is_file($g), is_file($f), file_exists($o), file_exists($o));
/* "m" known missing to the stat cache, then answered from its table */
var_dump(file_exists($m), file_exists($m), file_exists($m));
sleep(2);                           /* both expired: expires < time() */
$t = time();
$rc = realpath_cache_get();
echo 'before: g ', isset($rc[$g]) ? 'held' : 'gone', ', f ', isset($rc[$f]) ? 'held' : 'gone', "\n";
/* the staleness bound has passed too: a file of another chain takes the
 * drain that is due, so that m and f are the table's to answer again
 * (and is_file() puts it in PHP's stat cache, where f was) */
var_dump(is_file($o));
var_dump(file_exists($m));          /* PHP's lookup of m frees g's bucket */
$rc = realpath_cache_get();
echo 'after file_exists(m): g ', isset($rc[$g]) ? 'held' : 'gone', "\n";
var_dump(is_file($o));
var_dump(is_file($f));              /* f's own bucket freed, written again */
$rc = realpath_cache_get();
echo 'after is_file(f): f ', isset($rc[$f]) ? ($rc[$f]['expires'] >= $t ? 'fresh' : 'expired') : 'gone', "\n";
PHP;
$base = sc_tmpdir('rp-expired-chain');
file_put_contents("$base/script.php", $script);
$outs = [];
$ini = ['realpath_cache_ttl' => 1];
foreach (['php -n' => sc_php_plain($ini), 'statcache' => sc_php_with_ext($ini + ['statcache.enable_cli' => 1])]
        as $what => $cmd) {
    $d = "$base/d";                     /* the same names (and chains) for both */
    if (is_dir($d)) {
        sc_rmtree($d);
    }
    mkdir($d);
    $m = "$d/m";
    $f = "$d/f";
    for ($i = 0; chain("$d/g$i") !== chain($m); $i++);
    $g = "$d/g$i";
    for ($i = 0; in_array(chain("$d/o$i"), [chain($m), chain($f)], true); $i++);
    $o = "$d/o$i";
    foreach ([$g, $f, $o] as $file) {
        file_put_contents($file, 'x');
    }
    [$rc, $out, $err] = sc_run(array_merge($cmd, ["$base/script.php", $m, $g, $f, $o]));
    $outs[$what] = "exit $rc\n$out$err";
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
bool(false)
bool(false)
bool(false)
before: g held, f held
bool(true)
bool(false)
after file_exists(m): g gone
bool(true)
bool(true)
after is_file(f): f fresh
