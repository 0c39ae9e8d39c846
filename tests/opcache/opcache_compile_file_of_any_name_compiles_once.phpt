--TEST--
opcache_invalidate: opcache_compile_file() of an unchanged script, by its absolute name, with '//' or '/../', through a symlinked directory or by a relative name, compiles it once in a process serving five requests, as by PHP alone, and the includes after it are served that copy
--SKIPIF--
<?php
require __DIR__ . '/opcache.inc';
if ($r = sc_oc_cgi_skip_reason()) die("skip $r");
?>
--FILE--
<?php
require __DIR__ . '/opcache.inc';
$d = sc_tmpdir('oc-compile-file');
mkdir("$d/lib/sub", 0777, true);
foreach (range('a', 'e') as $x) {
    file_put_contents("$d/lib/$x.php", "<?php return '$x';");
}
symlink("$d/lib", "$d/link");
$code = <<<'PHP'
<?php
$d = __DIR__;
$ok = opcache_compile_file("$d/lib/a.php") && opcache_compile_file("$d/lib//b.php")
    && opcache_compile_file("$d/lib/sub/../c.php") && opcache_compile_file("$d/link/d.php")
    && opcache_compile_file('lib/e.php');
echo $ok ? 'compiled ' : 'failed ', include "$d/lib/a.php", include "$d/lib//b.php", include "$d/lib/c.php",
    include "$d/link/d.php", include "$d/lib/e.php";
PHP;
echo sc_oc_cgi_compare($d, $code);
?>
--EXPECT--
PHP alone: compiled abcde | compiles per request 6 0 0 0 0 | wasted 0
statcache: compiled abcde | compiles per request 6 0 0 0 0 | wasted 0 | compiled again unchanged 0 | invalidations after the first request 0
