--TEST--
include_path: a file in the last, the first, or no directory of three resolves as PHP resolves it: include, require_once, stream_resolve_include_path() and spl_autoload (answered from the cache), fopen, file_get_contents, file and readfile with the include path (PHP's own walk)
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/include_path_common.inc';
$d = ip_tree('ip-order', [
    'c/InLast.php' => ip_whereami(),
    'a/InFirst.php' => ip_whereami(),
    'b/InFirst.php' => ip_whereami(),
    'c/InFirst.php' => ip_whereami(),
    'b/sub/Deep.php' => ip_whereami(),
    'c/pkg/widget.php' => '<?php namespace Pkg; class Widget { const WHERE = __FILE__; }',
]);
file_put_contents("$d/run.php", '<?php
$d = ' . var_export($d, true) . ';
set_include_path("$d/a:$d/b:$d/c");
function show(string $what, $v): void {
    global $d;
    echo $what, ": ", str_replace($d, "D", json_encode($v, JSON_UNESCAPED_SLASHES)), "\n";
}
for ($round = 0; $round < 2; $round++) {
    echo "-- round $round\n";
    foreach (["InLast.php", "InFirst.php", "Nowhere.php", "sub/Deep.php"] as $n) {
        show("resolve $n", stream_resolve_include_path($n));
        show("include $n", include $n);
        show("require_once $n", $n === "Nowhere.php" ? "-" : require_once $n);
        $f = @fopen($n, "r", true);
        show("fopen $n", $f ? stream_get_meta_data($f)["uri"] : false);
        show("file_get_contents $n", @file_get_contents($n, true) !== false);
        show("file $n", @file($n, FILE_USE_INCLUDE_PATH) !== false);
        ob_start();
        $r = @readfile($n, true);
        ob_end_clean();
        show("readfile $n", $r !== false);
    }
}
spl_autoload_register();
show("autoload", Pkg\Widget::WHERE);
show("autoload missing", class_exists("Pkg\\\\Gadget"));
show("included", get_included_files());
' . ip_stats_line());
$s = ip_compare("$d/run.php");
echo "with the cache: ", $s['hits'] > 0 ? 'hits' : 'no hits', ', ',
    $s['skipped'] > 0 ? 'skipped candidates' : 'nothing skipped', ', ', $s['fallbacks'], " fallbacks\n";
?>
--EXPECT--
same
exit 0
-- round 0
resolve InLast.php: "D/c/InLast.php"
include InLast.php: ["D/c/InLast.php","D/c"]
require_once InLast.php: true
fopen InLast.php: "D/c/InLast.php"
file_get_contents InLast.php: true
file InLast.php: true
readfile InLast.php: true
resolve InFirst.php: "D/a/InFirst.php"
include InFirst.php: ["D/a/InFirst.php","D/a"]
require_once InFirst.php: true
fopen InFirst.php: "D/a/InFirst.php"
file_get_contents InFirst.php: true
file InFirst.php: true
readfile InFirst.php: true
resolve Nowhere.php: false

Warning: include(Nowhere.php): Failed to open stream: No such file or directory in D/run.php on line 12

Warning: include(): Failed opening 'Nowhere.php' for inclusion (include_path='D/a:D/b:D/c') in D/run.php on line 12
include Nowhere.php: false
require_once Nowhere.php: "-"
fopen Nowhere.php: false
file_get_contents Nowhere.php: false
file Nowhere.php: false
readfile Nowhere.php: false
resolve sub/Deep.php: "D/b/sub/Deep.php"
include sub/Deep.php: ["D/b/sub/Deep.php","D/b/sub"]
require_once sub/Deep.php: true
fopen sub/Deep.php: "D/b/sub/Deep.php"
file_get_contents sub/Deep.php: true
file sub/Deep.php: true
readfile sub/Deep.php: true
-- round 1
resolve InLast.php: "D/c/InLast.php"
include InLast.php: ["D/c/InLast.php","D/c"]
require_once InLast.php: true
fopen InLast.php: "D/c/InLast.php"
file_get_contents InLast.php: true
file InLast.php: true
readfile InLast.php: true
resolve InFirst.php: "D/a/InFirst.php"
include InFirst.php: ["D/a/InFirst.php","D/a"]
require_once InFirst.php: true
fopen InFirst.php: "D/a/InFirst.php"
file_get_contents InFirst.php: true
file InFirst.php: true
readfile InFirst.php: true
resolve Nowhere.php: false

Warning: include(Nowhere.php): Failed to open stream: No such file or directory in D/run.php on line 12

Warning: include(): Failed opening 'Nowhere.php' for inclusion (include_path='D/a:D/b:D/c') in D/run.php on line 12
include Nowhere.php: false
require_once Nowhere.php: "-"
fopen Nowhere.php: false
file_get_contents Nowhere.php: false
file Nowhere.php: false
readfile Nowhere.php: false
resolve sub/Deep.php: "D/b/sub/Deep.php"
include sub/Deep.php: ["D/b/sub/Deep.php","D/b/sub"]
require_once sub/Deep.php: true
fopen sub/Deep.php: "D/b/sub/Deep.php"
file_get_contents sub/Deep.php: true
file sub/Deep.php: true
readfile sub/Deep.php: true
autoload: "D/c/pkg/widget.php"
autoload missing: false
included: ["D/run.php","D/c/InLast.php","D/a/InFirst.php","D/b/sub/Deep.php","D/c/pkg/widget.php"]
with the cache: hits, skipped candidates, 0 fallbacks
