--TEST--
sync: Phar::unlinkArchive() and PharData::unlinkArchive() (the C library's unlink(), no stream) are seen at once, phar loaded before or after statcache; phar's intercepted functions then answer as with PHP alone, not from a stale archive (phar_is_link() once freed its caller's argument there)
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--SKIPIF--
<?php
require __DIR__ . '/../include/common.inc';
[$rc, $out] = sc_run(array_merge(sc_php_plain(), ['-m']));
if (strpos($out, 'Phar') === false) {
    [$rc, $out] = sc_run(array_merge(sc_php_plain(['extension' => 'phar']), ['-m']));
    if (strpos($out, 'Phar') === false) {
        die('skip phar is not available for this PHP');
    }
}
?>
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('sync-phar');
[, $out] = sc_run(array_merge(sc_php_plain(), ['-m']));
$phar = strpos($out, 'Phar') === false ? ['-d', 'extension=phar'] : [];
/* no watcher thread and no bound: only sync points drain, so a stale
 * answer would stay */
$sc = ['-d', 'statcache.enable_cli=1', '-d', 'statcache.test_watcher=0', '-d', 'statcache.max_staleness_ms=0'];
$ext = sc_module_is_builtin() ? [] : ['-d', 'extension=' . sc_module_path()];
$orders = [
    'phar first' => array_merge([PHP_BINARY, '-n'], $phar, $ext, $sc),
    'statcache first' => array_merge([PHP_BINARY, '-n'], $ext, $phar, $sc),
];

/* the archive's own name, asked before and after */
file_put_contents("$d/direct.php", <<<'PHP'
<?php
foreach (['Phar' => 'a.phar', 'PharData' => 'b.tar'] as $class => $name) {
    $f = __DIR__ . "/$name";
    $p = new $class($f);
    $p['x.txt'] = 'x';
    unset($p);
    $before = [file_exists($f), is_file($f), filesize($f) > 0];
    $class::unlinkArchive($f);
    /* is_file() and filesize() answer from PHP's own one-entry stat cache,
     * with PHP alone too */
    echo $class, ': ', json_encode($before), ' -> ', json_encode([file_exists($f), is_file($f), @filesize($f),
        is_readable($f), is_dir($f), is_int(@filemtime($f))]), "\n";
}
PHP);
/* php-src's phar_gobyebye.phpt, in short: a script inside the archive
 * unlinks it, then asks about a relative name through the intercepted
 * functions */
file_put_contents("$d/gone.php", <<<'PHP'
<?php
Phar::interceptFileFuncs();
$fname = __DIR__ . '/gone.phar.php';
$fname2 = __DIR__ . '/gone.2.php';
file_put_contents($fname2, '<?php Phar::unlinkArchive("' . addslashes($fname) . '");');
file_put_contents("phar://$fname/foo/hi", '<?php
include "' . addslashes($fname2) . '";
var_dump(is_file("foo/hi"), is_link("foo/hi"), is_dir("foo/hi"), file_exists("foo/hi"), @stat("foo/hi"));
var_dump(is_link("foo/hi"), is_link("foo/hi"));
');
include "phar://$fname/foo/hi";
echo "done\n";
PHP);

$alone = array_merge([PHP_BINARY, '-n'], $phar, ['-d', 'phar.readonly=0']);
[, $direct] = sc_run(array_merge($alone, ["$d/direct.php"]));
[, $expected] = sc_run(array_merge($alone, ["$d/gone.php"]));
@unlink("$d/gone.2.php");
foreach ($orders as $label => $cmd) {
    [$rc, $out, $err] = sc_run(array_merge($cmd, ['-d', 'phar.readonly=0', "$d/direct.php"]));
    echo "$label: the archive's own name after unlinkArchive() answers ",
        $rc === 0 && $out === $direct && $err === '' ? "as PHP alone\n" : "otherwise:\n$out$err\n";
    /* the C library's allocator, not PHP's: a free of memory PHP's
     * allocator did not hand out aborts */
    $env = ['PATH' => getenv('PATH') ?: '/usr/bin:/bin', 'USE_ZEND_ALLOC' => '0'];
    for ($i = 0, $same = 0; $i < 5; $i++) {
        [$rc, $out, $err] = sc_run(array_merge($cmd, ['-d', 'phar.readonly=0', "$d/gone.php"]), '', $env);
        $same += $rc === 0 && $out === $expected && $err === '';
        @unlink("$d/gone.2.php");
    }
    echo "$label: the archive's script unlinking it answers as PHP alone in $same of 5 runs\n";
}
echo $direct, $expected;
?>
--EXPECTF--
phar first: the archive's own name after unlinkArchive() answers as PHP alone
phar first: the archive's script unlinking it answers as PHP alone in 5 of 5 runs
statcache first: the archive's own name after unlinkArchive() answers as PHP alone
statcache first: the archive's script unlinking it answers as PHP alone in 5 of 5 runs
Phar: [true,true,true] -> [false,true,%d,false,false,true]
PharData: [true,true,true] -> [false,true,%d,false,false,true]
bool(false)
bool(false)
bool(false)
bool(false)
bool(false)
bool(false)
bool(false)
done
