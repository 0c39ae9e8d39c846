--TEST--
opcache_invalidate: scripts included through a symlinked directory (the last directory, an inner one, a link to a link; absolute names and one with '//'), through include, require and their _once forms, are compiled once in a process serving five requests, as by PHP alone
--SKIPIF--
<?php
require __DIR__ . '/opcache.inc';
if ($r = sc_oc_cgi_skip_reason()) die("skip $r");
?>
--FILE--
<?php
require __DIR__ . '/opcache.inc';
$d = sc_tmpdir('oc-symlinked');
mkdir("$d/releases/1/lib", 0777, true);
foreach (range('a', 'h') as $x) {
    file_put_contents("$d/releases/1/lib/$x.php", "<?php return '$x';");
}
symlink("$d/releases/1", "$d/current");          /* an inner directory */
symlink("$d/releases/1/lib", "$d/lib");          /* the last directory */
symlink("$d/current", "$d/again");               /* a link to a link */
$code = <<<'PHP'
<?php
$d = __DIR__;
echo include "$d/current/lib/a.php",
    require "$d/lib/b.php",
    include_once "$d/again/lib/c.php",
    require_once "$d/current/lib/d.php",
    include "$d/current//lib/e.php",
    require_once "$d/lib//f.php",
    include_once "$d/again/lib/../lib/g.php",
    require "$d/again/./lib/h.php";
PHP;
echo sc_oc_cgi_compare($d, $code);
?>
--EXPECT--
PHP alone: abcdefgh | compiles per request 9 0 0 0 0 | wasted 0
statcache: abcdefgh | compiles per request 9 0 0 0 0 | wasted 0 | compiled again unchanged 0 | invalidations after the first request 0
