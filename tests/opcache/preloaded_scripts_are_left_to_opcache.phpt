--TEST--
opcache_invalidate: scripts opcache.preload put in opcache (which opcache never rechecks) are left as opcache keeps them: included again by their absolute name, with '//', or by a relative name, in a process serving five requests, they run as by PHP alone (no "Cannot redeclare", no precaution, no memory wasted)
--SKIPIF--
<?php
require __DIR__ . '/opcache.inc';
if ($r = sc_oc_cgi_skip_reason()) die("skip $r");
?>
--FILE--
<?php
require __DIR__ . '/opcache.inc';
$d = sc_tmpdir('oc-preload');
mkdir("$d/lib", 0777, true);
file_put_contents("$d/pre.php", "<?php\nfunction sc_pf1() { return 'p1'; }\nrequire __DIR__ . '/lib/b.php';\n");
file_put_contents("$d/lib/b.php", "<?php\nfunction sc_pf2() { return 'p2'; }\nclass ScPreloaded {}\n");
file_put_contents("$d/lib/c.php", "<?php return 'c';");
$code = <<<'PHP'
<?php
$d = __DIR__;
include $d . '/pre.php';
require_once $d . '//lib/b.php';
include $d . '/lib//b.php';
chdir($d);
include 'lib/b.php';
echo sc_pf1(), sc_pf2(), class_exists('ScPreloaded', false) ? 'C' : '-', include $d . '/lib/c.php';
PHP;
// as root, opcache preloads in a child of that user (ignored otherwise)
echo sc_oc_cgi_compare($d, $code, ['opcache.preload' => "$d/pre.php", 'opcache.preload_user' => 'root']);
?>
--EXPECT--
PHP alone: p1p2Cc | compiles per request 2 0 0 0 0 | wasted 0
statcache: p1p2Cc | compiles per request 2 0 0 0 0 | wasted 0 | compiled again unchanged 0 | invalidations after the first request 0
