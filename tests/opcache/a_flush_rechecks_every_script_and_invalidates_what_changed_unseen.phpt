--TEST--
opcache_invalidate: statcache_reset() (a flush: the epoch moves) re-checks every script opcache holds with a fresh lstat(): a change no drain has seen yet (watcher silenced, no bound) is invalidated, the scripts that did not change keep opcache's copy (a hit, not a compile)
--SKIPIF--
<?php
require __DIR__ . '/opcache.inc';
if ($r = sc_oc_skip_reason()) die("skip $r");
?>
--FILE--
<?php
require __DIR__ . '/opcache.inc';
$d = sc_tmpdir('oc-flush');
$code = SC_OC_CHILD_LIB . <<<'PHP'
$d = $argv[1];
foreach (['a', 'b', 'c'] as $x) {
    file_put_contents("$d/$x.php", "<?php return '$x-old';");
}
// file times step with the kernel's coarse clock: an identity taken in the
// tick of the last change proves nothing (it would be invalidated anyway)
$t = hrtime(true);
while (hrtime(true) - $t < 25000000) {
}
foreach (['a', 'b', 'c'] as $x) {
    include "$d/$x.php";
}
$h = sc_unrelated('printf "<?php return %s;" "\'b-new\'" > "$1/b.php"', $d);
echo include "$d/b.php", "\n";   // nothing drained: still the old code
statcache_reset();
echo include "$d/a.php", ' ', include "$d/b.php", ' ', include "$d/c.php", "\n";
echo "invalidations: ", sc_invalidations(), "\n";
$scripts = opcache_get_status(true)['scripts'];
foreach (['a', 'b', 'c'] as $x) {
    echo "$x: hits ", $scripts["$d/$x.php"]['hits'], "\n"; // 0: compiled again
}
sc_unrelated_end($h);
PHP;
echo sc_oc_child($d, $code, ['statcache.test_watcher' => '0', 'statcache.max_staleness_ms' => '0'], [$d]);
?>
--EXPECT--
b-old
a-old b-new c-old
invalidations: 1
a: hits 1
b: hits 0
c: hits 1
