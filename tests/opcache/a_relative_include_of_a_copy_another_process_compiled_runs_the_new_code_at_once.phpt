--TEST--
opcache_invalidate: a relative include (through include_path, and through the including script's directory) of a copy another process compiled (opcache.file_cache, filled by an earlier process) runs the file's new code at its very first include in this process; without the setting the file cache's old copy runs
--SKIPIF--
<?php
require __DIR__ . '/opcache.inc';
if ($r = sc_oc_skip_reason()) die("skip $r");
?>
--FILE--
<?php
require __DIR__ . '/opcache.inc';
$d = sc_tmpdir('oc-rel-filecache');
/* include_path's first entry does not hold the files: the walk passes it */
$code = <<<'PHP'
<?php
set_include_path('nothere' . PATH_SEPARATOR . 'lib');
chdir(__DIR__);
echo include 's.php', ' ', include 'inc/t.php', "\n";
PHP;
foreach (['1', '0'] as $on) {
    $app = "$d/app$on";
    mkdir("$d/fc$on");
    mkdir("$app/lib", 0777, true);
    mkdir("$app/inc");
    $ini = ['opcache.file_cache' => "$d/fc$on", 'statcache.opcache_invalidate' => $on];
    file_put_contents("$app/lib/s.php", '<?php return "old-s";');
    file_put_contents("$app/inc/t.php", '<?php return "old-t";');
    echo "[$on] first process:  ", sc_oc_child($app, $code, $ini);
    file_put_contents("$app/lib/s.php", '<?php return "new-s";');
    file_put_contents("$app/inc/t.php", '<?php return "new-t";');
    echo "[$on] second process: ", sc_oc_child($app, $code, $ini);
}
?>
--EXPECT--
[1] first process:  old-s old-t
[1] second process: new-s new-t
[0] first process:  old-s old-t
[0] second process: old-s old-t
