--TEST--
opcache_invalidate: scripts found through include_path (an entry that does not hold them first, relative and absolute entries, one with '//'), through include, require and their _once forms, are compiled once in a process serving five requests, as by PHP alone
--SKIPIF--
<?php
require __DIR__ . '/opcache.inc';
if ($r = sc_oc_cgi_skip_reason()) die("skip $r");
?>
--FILE--
<?php
require __DIR__ . '/opcache.inc';
$d = sc_tmpdir('oc-include-path');
mkdir("$d/nothere");
mkdir("$d/lib/pkg", 0777, true);
mkdir("$d/rel");
foreach (range('a', 'f') as $x) {
    file_put_contents("$d/lib/$x.php", "<?php return '$x';");
}
file_put_contents("$d/lib/pkg/g.php", "<?php return 'g';");
file_put_contents("$d/rel/h.php", "<?php return 'h';");
$code = <<<'PHP'
<?php
$d = __DIR__;
set_include_path("$d/nothere" . PATH_SEPARATOR . "$d//lib" . PATH_SEPARATOR . 'rel');
echo include 'a.php',
    require 'b.php',
    include_once 'c.php',
    require_once 'd.php',
    include 'pkg/g.php',
    require_once 'pkg//../e.php',
    include_once './rel/h.php',
    require 'h.php',
    include 'f.php';
PHP;
echo sc_oc_cgi_compare($d, $code);
?>
--EXPECT--
PHP alone: abcdgehhf | compiles per request 9 0 0 0 0 | wasted 0
statcache: abcdgehhf | compiles per request 9 0 0 0 0 | wasted 0 | compiled again unchanged 0 | invalidations after the first request 0
