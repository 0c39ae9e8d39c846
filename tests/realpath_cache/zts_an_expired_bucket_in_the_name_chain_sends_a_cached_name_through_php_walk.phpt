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
$script = <<<'PHP'
<?php
[, $d] = $argv;
/* the chain of PHP's realpath cache a name's bucket is in: its key
 * (realpath_cache_key(), FNV-1 over the bytes) modulo 1024 */
function chain(string $p): int {
    $h = 2166136261 & 1023;
    foreach (str_split($p) as $c) {
        $h = (($h * 16777619) ^ ord($c)) & 1023;
    }
    return $h;
}
$m = "$d/m";
for ($i = 0; chain("$d/g$i") !== chain($m); $i++);
$g = "$d/g$i";
$f = "$d/f";
file_put_contents($f, 'f');
file_put_contents($g, 'g');
$stats = fn() => extension_loaded('statcache') ? statcache_stats()['hits'] : 0;
/* "m" known missing to the stat cache, then answered from it */
var_dump(file_exists($m));
$h = $stats();
var_dump(file_exists($m));
$premise = $stats() - $h;
/* buckets of "g" (in m's chain) and of "f", written by PHP's walk */
var_dump(is_file($g), is_file($f), filemtime($g) > 0);
sleep(2);                           /* both expired: expires < time() */
$t = time();
$rc = realpath_cache_get();
echo 'before: g ', isset($rc[$g]) ? 'held' : 'gone', ', f ', isset($rc[$f]) ? 'held' : 'gone', "\n";
var_dump(file_exists($m));          /* PHP's lookup of m frees g's bucket */
$rc = realpath_cache_get();
echo 'after file_exists(m): g ', isset($rc[$g]) ? 'held' : 'gone', "\n";
var_dump(is_file($f));              /* f's own bucket freed, written again */
$rc = realpath_cache_get();
echo 'after is_file(f): f ', isset($rc[$f]) ? ($rc[$f]['expires'] >= $t ? 'fresh' : 'expired') : 'gone', "\n";
fprintf(STDERR, "%d\n", $premise);
PHP;
$base = sc_tmpdir('rp-expired-chain');
file_put_contents("$base/script.php", $script);
$outs = $premises = [];
$ini = ['realpath_cache_ttl' => 1];
foreach (['php -n' => sc_php_plain($ini), 'statcache' => sc_php_with_ext($ini + ['statcache.enable_cli' => 1])]
        as $what => $cmd) {
    $d = "$base/d";                     /* the same names (and chains) for both */
    if (is_dir($d)) {
        sc_rmtree($d);
    }
    mkdir($d);
    [$rc, $out, $err] = sc_run(array_merge($cmd, ["$base/script.php", $d]));
    $outs[$what] = "exit $rc\n$out";
    $premises[$what] = trim($err);
}
echo $outs['php -n'] === $outs['statcache'] ? "identical\n" : "DIFFERENT\n--- statcache\n{$outs['statcache']}";
/* the test stands only where the stat cache answered "m" before */
echo 'statcache answered the second file_exists(m) from its table: ', $premises['statcache'] === '1' ? 'yes' : "no ({$premises['statcache']})", "\n";
echo $outs['php -n'];
?>
--EXPECT--
identical
statcache answered the second file_exists(m) from its table: yes
exit 0
bool(false)
bool(false)
bool(true)
bool(true)
bool(true)
before: g held, f held
bool(false)
after file_exists(m): g gone
bool(true)
after is_file(f): f fresh
