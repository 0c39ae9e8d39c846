--TEST--
opcache_invalidate: scripts included by absolute names with '//', '/./' or '/../', leading or inner, through include, require and their _once forms, are compiled once in a process serving five requests, as by PHP alone (no precaution repeated, no memory wasted)
--SKIPIF--
<?php
require __DIR__ . '/opcache.inc';
if ($r = sc_oc_cgi_skip_reason()) die("skip $r");
?>
--FILE--
<?php
require __DIR__ . '/opcache.inc';
$d = sc_tmpdir('oc-slashes');
mkdir("$d/lib/sub", 0777, true);
foreach (range('a', 'l') as $x) {
    file_put_contents("$d/lib/$x.php", "<?php return '$x';");
}
$code = <<<'PHP'
<?php
$d = __DIR__;
echo include $d . '/lib//a.php',
    require '/' . $d . '/lib/b.php',
    include_once $d . '//lib/c.php',
    require_once $d . '/lib//d.php',
    include $d . '/./lib/e.php',
    require '/.' . $d . '/lib/f.php',
    include_once $d . '/lib/./g.php',
    require_once '/./' . $d . '/lib/h.php',
    include $d . '/lib/sub/../i.php',
    require '/..' . $d . '/lib/j.php',
    include_once $d . '/lib/sub/..//k.php',
    require_once '/../' . $d . '/lib/sub/../l.php';
PHP;
echo sc_oc_cgi_compare($d, $code);
?>
--EXPECT--
PHP alone: abcdefghijkl | compiles per request 13 0 0 0 0 | wasted 0
statcache: abcdefghijkl | compiles per request 13 0 0 0 0 | wasted 0 | compiled again unchanged 0 | invalidations after the first request 0
