--TEST--
include_path: with open_basedir excluding some include_path directories, resolution and the include's warnings are PHP's (PHP resolves without consulting open_basedir; the open that follows refuses)
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/include_path_common.inc';
$d = ip_tree('ip-basedir', [
    'a/Both.php' => ip_whereami(),
    'c/Both.php' => ip_whereami(),
    'c/InC.php' => ip_whereami(),
    'b/InB.php' => ip_whereami(),
]);
file_put_contents("$d/run.php", '<?php
$d = ' . var_export($d, true) . ';
set_include_path("$d/a:$d/b:$d/c");
function show(string $what, $v): void {
    global $d;
    echo $what, ": ", str_replace($d, "D", json_encode($v, JSON_UNESCAPED_SLASHES)), "\n";
}
for ($i = 0; $i < 2; $i++) {
    foreach (["Both.php", "InC.php", "InB.php", "Nowhere.php"] as $n) {
        show("resolve $n", stream_resolve_include_path($n));
        $r = include $n;
        show("include $n", $r ? $r[0] : $r);
        show("file_exists $d/a/$n", file_exists("$d/a/$n"));
        show("file_get_contents $n", file_get_contents($n, true));
    }
}
' . ip_stats_line());
$s = ip_compare("$d/run.php", ['open_basedir' => "$d/c:$d/run.php"]);
echo "with the cache: ", $s['skipped'] > 0 ? 'skipped candidates' : 'nothing skipped', "\n";
?>
--EXPECT--
same
exit 0
resolve Both.php: "D/a/Both.php"

Warning: include(): open_basedir restriction in effect. File(D/a/Both.php) is not within the allowed path(s): (D/c:D/run.php) in D/run.php on line 11

Warning: include(D/a/Both.php): Failed to open stream: Operation not permitted in D/run.php on line 11

Warning: include(): Failed opening 'Both.php' for inclusion (include_path='D/a:D/b:D/c') in D/run.php on line 11
include Both.php: false

Warning: file_exists(): open_basedir restriction in effect. File(D/a/Both.php) is not within the allowed path(s): (D/c:D/run.php) in D/run.php on line 13
file_exists D/a/Both.php: false

Warning: file_get_contents(): open_basedir restriction in effect. File(D/a/Both.php) is not within the allowed path(s): (D/c:D/run.php) in D/run.php on line 14

Warning: file_get_contents(D/a/Both.php): Failed to open stream: Operation not permitted in D/run.php on line 14
file_get_contents Both.php: false
resolve InC.php: "D/c/InC.php"
include InC.php: "D/c/InC.php"

Warning: file_exists(): open_basedir restriction in effect. File(D/a/InC.php) is not within the allowed path(s): (D/c:D/run.php) in D/run.php on line 13
file_exists D/a/InC.php: false
file_get_contents InC.php: "<?php return [__FILE__, __DIR__];"
resolve InB.php: "D/b/InB.php"

Warning: include(): open_basedir restriction in effect. File(D/b/InB.php) is not within the allowed path(s): (D/c:D/run.php) in D/run.php on line 11

Warning: include(D/b/InB.php): Failed to open stream: Operation not permitted in D/run.php on line 11

Warning: include(): Failed opening 'InB.php' for inclusion (include_path='D/a:D/b:D/c') in D/run.php on line 11
include InB.php: false

Warning: file_exists(): open_basedir restriction in effect. File(D/a/InB.php) is not within the allowed path(s): (D/c:D/run.php) in D/run.php on line 13
file_exists D/a/InB.php: false

Warning: file_get_contents(): open_basedir restriction in effect. File(D/b/InB.php) is not within the allowed path(s): (D/c:D/run.php) in D/run.php on line 14

Warning: file_get_contents(D/b/InB.php): Failed to open stream: Operation not permitted in D/run.php on line 14
file_get_contents InB.php: false
resolve Nowhere.php: false

Warning: include(): open_basedir restriction in effect. File(Nowhere.php) is not within the allowed path(s): (D/c:D/run.php) in D/run.php on line 11

Warning: include(Nowhere.php): Failed to open stream: Operation not permitted in D/run.php on line 11

Warning: include(): Failed opening 'Nowhere.php' for inclusion (include_path='D/a:D/b:D/c') in D/run.php on line 11
include Nowhere.php: false

Warning: file_exists(): open_basedir restriction in effect. File(D/a/Nowhere.php) is not within the allowed path(s): (D/c:D/run.php) in D/run.php on line 13
file_exists D/a/Nowhere.php: false

Warning: file_get_contents(): open_basedir restriction in effect. File(Nowhere.php) is not within the allowed path(s): (D/c:D/run.php) in D/run.php on line 14

Warning: file_get_contents(Nowhere.php): Failed to open stream: Operation not permitted in D/run.php on line 14
file_get_contents Nowhere.php: false
resolve Both.php: "D/a/Both.php"

Warning: include(): open_basedir restriction in effect. File(D/a/Both.php) is not within the allowed path(s): (D/c:D/run.php) in D/run.php on line 11

Warning: include(D/a/Both.php): Failed to open stream: Operation not permitted in D/run.php on line 11

Warning: include(): Failed opening 'Both.php' for inclusion (include_path='D/a:D/b:D/c') in D/run.php on line 11
include Both.php: false

Warning: file_exists(): open_basedir restriction in effect. File(D/a/Both.php) is not within the allowed path(s): (D/c:D/run.php) in D/run.php on line 13
file_exists D/a/Both.php: false

Warning: file_get_contents(): open_basedir restriction in effect. File(D/a/Both.php) is not within the allowed path(s): (D/c:D/run.php) in D/run.php on line 14

Warning: file_get_contents(D/a/Both.php): Failed to open stream: Operation not permitted in D/run.php on line 14
file_get_contents Both.php: false
resolve InC.php: "D/c/InC.php"
include InC.php: "D/c/InC.php"

Warning: file_exists(): open_basedir restriction in effect. File(D/a/InC.php) is not within the allowed path(s): (D/c:D/run.php) in D/run.php on line 13
file_exists D/a/InC.php: false
file_get_contents InC.php: "<?php return [__FILE__, __DIR__];"
resolve InB.php: "D/b/InB.php"

Warning: include(): open_basedir restriction in effect. File(D/b/InB.php) is not within the allowed path(s): (D/c:D/run.php) in D/run.php on line 11

Warning: include(D/b/InB.php): Failed to open stream: Operation not permitted in D/run.php on line 11

Warning: include(): Failed opening 'InB.php' for inclusion (include_path='D/a:D/b:D/c') in D/run.php on line 11
include InB.php: false

Warning: file_exists(): open_basedir restriction in effect. File(D/a/InB.php) is not within the allowed path(s): (D/c:D/run.php) in D/run.php on line 13
file_exists D/a/InB.php: false

Warning: file_get_contents(): open_basedir restriction in effect. File(D/b/InB.php) is not within the allowed path(s): (D/c:D/run.php) in D/run.php on line 14

Warning: file_get_contents(D/b/InB.php): Failed to open stream: Operation not permitted in D/run.php on line 14
file_get_contents InB.php: false
resolve Nowhere.php: false

Warning: include(): open_basedir restriction in effect. File(Nowhere.php) is not within the allowed path(s): (D/c:D/run.php) in D/run.php on line 11

Warning: include(Nowhere.php): Failed to open stream: Operation not permitted in D/run.php on line 11

Warning: include(): Failed opening 'Nowhere.php' for inclusion (include_path='D/a:D/b:D/c') in D/run.php on line 11
include Nowhere.php: false

Warning: file_exists(): open_basedir restriction in effect. File(D/a/Nowhere.php) is not within the allowed path(s): (D/c:D/run.php) in D/run.php on line 13
file_exists D/a/Nowhere.php: false

Warning: file_get_contents(): open_basedir restriction in effect. File(Nowhere.php) is not within the allowed path(s): (D/c:D/run.php) in D/run.php on line 14

Warning: file_get_contents(Nowhere.php): Failed to open stream: Operation not permitted in D/run.php on line 14
file_get_contents Nowhere.php: false
with the cache: skipped candidates
