--TEST--
include_path: on a file system the cache does not trust, every candidate is PHP's own lstat (nothing skipped), with the same answers
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/include_path_common.inc';
$d = ip_tree('ip-untrusted', ['c/InC.php' => ip_whereami(), 'a/InA.php' => ip_whereami()]);
file_put_contents("$d/run.php", '<?php
$d = ' . var_export($d, true) . ';
set_include_path("$d/a:$d/b:$d/c");
for ($i = 0; $i < 3; $i++) {
    foreach (["InC.php", "InA.php", "Nowhere.php"] as $n) {
        echo $n, ": ", str_replace($d, "D", var_export(stream_resolve_include_path($n), true)), "\n";
    }
}
' . ip_stats_line());
$s = ip_compare("$d/run.php", ['statcache.test_untrusted' => 1]);
echo "with the cache: ", $s['skipped'], " skipped\n";
?>
--EXPECT--
same
exit 0
InC.php: 'D/c/InC.php'
InA.php: 'D/a/InA.php'
Nowhere.php: false
InC.php: 'D/c/InC.php'
InA.php: 'D/a/InA.php'
Nowhere.php: false
InC.php: 'D/c/InC.php'
InA.php: 'D/a/InA.php'
Nowhere.php: false
with the cache: 0 skipped
