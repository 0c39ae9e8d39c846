--TEST--
opcache_invalidate: with opcache.file_cache, a new CLI process does not run the file cache's copy of a script that changed since another process compiled it (it cannot tell the copy's age: invalidated before it is served, then kept watched); without the setting the old code runs from the file cache
--SKIPIF--
<?php
require __DIR__ . '/opcache.inc';
if ($r = sc_oc_skip_reason()) die("skip $r");
?>
--FILE--
<?php
require __DIR__ . '/opcache.inc';
$d = sc_tmpdir('oc-filecache');
foreach (['1', '0'] as $on) {
    mkdir("$d/fc$on");
    mkdir("$d/app$on");
    $f = "$d/app$on/s.php";
    $ini = ['opcache.file_cache' => "$d/fc$on", 'statcache.opcache_invalidate' => $on];
    $code = '<?php echo include $argv[1], "\n";';
    file_put_contents($f, '<?php return "old";');
    echo "[$on] first process:  ", sc_oc_child($d, $code, $ini, [$f]);
    file_put_contents($f, '<?php return "new";');
    echo "[$on] second process: ", sc_oc_child($d, $code, $ini, [$f]);
}
?>
--EXPECT--
[1] first process:  old
[1] second process: new
[0] first process:  old
[0] second process: old
