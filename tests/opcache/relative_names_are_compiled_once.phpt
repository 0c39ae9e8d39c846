--TEST--
opcache_invalidate: scripts included by relative names, resolved against the working directory and against the including script's directory (with '.', '..' and '//' in them), through include, require and their _once forms, are compiled once in a process serving five requests, as by PHP alone
--SKIPIF--
<?php
require __DIR__ . '/opcache.inc';
if ($r = sc_oc_cgi_skip_reason()) die("skip $r");
?>
--FILE--
<?php
require __DIR__ . '/opcache.inc';
$d = sc_tmpdir('oc-relative');
mkdir("$d/lib/inner", 0777, true);
mkdir("$d/work");
foreach (range('a', 'h') as $x) {
    file_put_contents("$d/lib/$x.php", "<?php return '$x';");
}
/* found only next to the including script (lib/inner), not in the cwd */
mkdir("$d/lib/inner/sub");
file_put_contents("$d/lib/inner/next.php", "<?php return 'n';");
file_put_contents("$d/lib/inner/sub/n2.php", "<?php return 'm';");
file_put_contents("$d/lib/inner/outer.php", <<<'PHP'
<?php
return (include 'next.php') . (require_once 'sub//n2.php') . (include_once 'sub/../next.php');
PHP);
$code = <<<'PHP'
<?php
set_include_path('.');
chdir(__DIR__ . '/work');
echo include '../lib/a.php',
    require './../lib/b.php',
    include_once '..//lib/c.php',
    require_once '../lib/./d.php',
    include '../lib/inner/../e.php',
    require '../lib//f.php',
    include_once './../lib/g.php',
    require_once '../lib/h.php',
    include '../lib/inner/outer.php';
PHP;
echo sc_oc_cgi_compare($d, $code);
?>
--EXPECT--
PHP alone: abcdefghnm1 | compiles per request 12 0 0 0 0 | wasted 0
statcache: abcdefghnm1 | compiles per request 12 0 0 0 0 | wasted 0 | compiled again unchanged 0 | invalidations after the first request 0
