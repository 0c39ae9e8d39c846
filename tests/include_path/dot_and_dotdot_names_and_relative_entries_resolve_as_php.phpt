--TEST--
include_path: ./ and ../ names (which PHP resolves from the working directory, not through include_path), relative include_path entries (".", "lib") and chdir() resolve as PHP resolves them
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/include_path_common.inc';
$d = ip_tree('ip-dots', [
    'a/Here.php' => ip_whereami(),
    'b/Here.php' => ip_whereami(),
    'b/lib/Lib.php' => ip_whereami(),
    'c/lib/Lib.php' => ip_whereami(),
    'c/Up.php' => ip_whereami(),
]);
file_put_contents("$d/run.php", '<?php
$d = ' . var_export($d, true) . ';
function show(string $what, $v): void {
    global $d;
    echo $what, ": ", str_replace($d, "D", json_encode($v, JSON_UNESCAPED_SLASHES)), "\n";
}
function probe(string $n): void {
    show("  resolve $n", stream_resolve_include_path($n));
    $r = @include $n;
    show("  include $n", $r ? $r[0] : $r);
}
foreach (["$d/a:$d/c", ".:$d/c", "lib:$d/a", "$d/a:.:lib"] as $ip) {
    set_include_path($ip);
    foreach (["$d/b", "$d/c", "$d/a"] as $cwd) {
        chdir($cwd);
        echo str_replace($d, "D", "include_path=$ip cwd=$cwd"), "\n";
        for ($i = 0; $i < 2; $i++) {
            foreach (["./Here.php", "../c/Up.php", "../a/Here.php", "Here.php", "Up.php", "lib/Lib.php", "Lib.php", "./lib/../Here.php"] as $n) {
                probe($n);
            }
        }
    }
}
' . ip_stats_line());
$s = ip_compare("$d/run.php", [], "$d/b");
echo "with the cache: ", $s['hits'] > 0 ? 'hits' : 'no hits', ', ', $s['skipped'] > 0 ? 'skipped candidates' : 'nothing skipped', "\n";
?>
--EXPECT--
same
exit 0
include_path=D/a:D/c cwd=D/b
  resolve ./Here.php: "D/b/Here.php"
  include ./Here.php: "D/b/Here.php"
  resolve ../c/Up.php: "D/c/Up.php"
  include ../c/Up.php: "D/c/Up.php"
  resolve ../a/Here.php: "D/a/Here.php"
  include ../a/Here.php: "D/a/Here.php"
  resolve Here.php: "D/a/Here.php"
  include Here.php: "D/a/Here.php"
  resolve Up.php: "D/c/Up.php"
  include Up.php: "D/c/Up.php"
  resolve lib/Lib.php: "D/c/lib/Lib.php"
  include lib/Lib.php: "D/c/lib/Lib.php"
  resolve Lib.php: false
  include Lib.php: false
  resolve ./lib/../Here.php: "D/b/Here.php"
  include ./lib/../Here.php: "D/b/Here.php"
  resolve ./Here.php: "D/b/Here.php"
  include ./Here.php: "D/b/Here.php"
  resolve ../c/Up.php: "D/c/Up.php"
  include ../c/Up.php: "D/c/Up.php"
  resolve ../a/Here.php: "D/a/Here.php"
  include ../a/Here.php: "D/a/Here.php"
  resolve Here.php: "D/a/Here.php"
  include Here.php: "D/a/Here.php"
  resolve Up.php: "D/c/Up.php"
  include Up.php: "D/c/Up.php"
  resolve lib/Lib.php: "D/c/lib/Lib.php"
  include lib/Lib.php: "D/c/lib/Lib.php"
  resolve Lib.php: false
  include Lib.php: false
  resolve ./lib/../Here.php: "D/b/Here.php"
  include ./lib/../Here.php: "D/b/Here.php"
include_path=D/a:D/c cwd=D/c
  resolve ./Here.php: false
  include ./Here.php: false
  resolve ../c/Up.php: "D/c/Up.php"
  include ../c/Up.php: "D/c/Up.php"
  resolve ../a/Here.php: "D/a/Here.php"
  include ../a/Here.php: "D/a/Here.php"
  resolve Here.php: "D/a/Here.php"
  include Here.php: "D/a/Here.php"
  resolve Up.php: "D/c/Up.php"
  include Up.php: "D/c/Up.php"
  resolve lib/Lib.php: "D/c/lib/Lib.php"
  include lib/Lib.php: "D/c/lib/Lib.php"
  resolve Lib.php: false
  include Lib.php: false
  resolve ./lib/../Here.php: false
  include ./lib/../Here.php: false
  resolve ./Here.php: false
  include ./Here.php: false
  resolve ../c/Up.php: "D/c/Up.php"
  include ../c/Up.php: "D/c/Up.php"
  resolve ../a/Here.php: "D/a/Here.php"
  include ../a/Here.php: "D/a/Here.php"
  resolve Here.php: "D/a/Here.php"
  include Here.php: "D/a/Here.php"
  resolve Up.php: "D/c/Up.php"
  include Up.php: "D/c/Up.php"
  resolve lib/Lib.php: "D/c/lib/Lib.php"
  include lib/Lib.php: "D/c/lib/Lib.php"
  resolve Lib.php: false
  include Lib.php: false
  resolve ./lib/../Here.php: false
  include ./lib/../Here.php: false
include_path=D/a:D/c cwd=D/a
  resolve ./Here.php: "D/a/Here.php"
  include ./Here.php: "D/a/Here.php"
  resolve ../c/Up.php: "D/c/Up.php"
  include ../c/Up.php: "D/c/Up.php"
  resolve ../a/Here.php: "D/a/Here.php"
  include ../a/Here.php: "D/a/Here.php"
  resolve Here.php: "D/a/Here.php"
  include Here.php: "D/a/Here.php"
  resolve Up.php: "D/c/Up.php"
  include Up.php: "D/c/Up.php"
  resolve lib/Lib.php: "D/c/lib/Lib.php"
  include lib/Lib.php: "D/c/lib/Lib.php"
  resolve Lib.php: false
  include Lib.php: false
  resolve ./lib/../Here.php: false
  include ./lib/../Here.php: "D/a/Here.php"
  resolve ./Here.php: "D/a/Here.php"
  include ./Here.php: "D/a/Here.php"
  resolve ../c/Up.php: "D/c/Up.php"
  include ../c/Up.php: "D/c/Up.php"
  resolve ../a/Here.php: "D/a/Here.php"
  include ../a/Here.php: "D/a/Here.php"
  resolve Here.php: "D/a/Here.php"
  include Here.php: "D/a/Here.php"
  resolve Up.php: "D/c/Up.php"
  include Up.php: "D/c/Up.php"
  resolve lib/Lib.php: "D/c/lib/Lib.php"
  include lib/Lib.php: "D/c/lib/Lib.php"
  resolve Lib.php: false
  include Lib.php: false
  resolve ./lib/../Here.php: false
  include ./lib/../Here.php: "D/a/Here.php"
include_path=.:D/c cwd=D/b
  resolve ./Here.php: "D/b/Here.php"
  include ./Here.php: "D/b/Here.php"
  resolve ../c/Up.php: "D/c/Up.php"
  include ../c/Up.php: "D/c/Up.php"
  resolve ../a/Here.php: "D/a/Here.php"
  include ../a/Here.php: "D/a/Here.php"
  resolve Here.php: "D/b/Here.php"
  include Here.php: "D/b/Here.php"
  resolve Up.php: "D/c/Up.php"
  include Up.php: "D/c/Up.php"
  resolve lib/Lib.php: "D/b/lib/Lib.php"
  include lib/Lib.php: "D/b/lib/Lib.php"
  resolve Lib.php: false
  include Lib.php: false
  resolve ./lib/../Here.php: "D/b/Here.php"
  include ./lib/../Here.php: "D/b/Here.php"
  resolve ./Here.php: "D/b/Here.php"
  include ./Here.php: "D/b/Here.php"
  resolve ../c/Up.php: "D/c/Up.php"
  include ../c/Up.php: "D/c/Up.php"
  resolve ../a/Here.php: "D/a/Here.php"
  include ../a/Here.php: "D/a/Here.php"
  resolve Here.php: "D/b/Here.php"
  include Here.php: "D/b/Here.php"
  resolve Up.php: "D/c/Up.php"
  include Up.php: "D/c/Up.php"
  resolve lib/Lib.php: "D/b/lib/Lib.php"
  include lib/Lib.php: "D/b/lib/Lib.php"
  resolve Lib.php: false
  include Lib.php: false
  resolve ./lib/../Here.php: "D/b/Here.php"
  include ./lib/../Here.php: "D/b/Here.php"
include_path=.:D/c cwd=D/c
  resolve ./Here.php: false
  include ./Here.php: false
  resolve ../c/Up.php: "D/c/Up.php"
  include ../c/Up.php: "D/c/Up.php"
  resolve ../a/Here.php: "D/a/Here.php"
  include ../a/Here.php: "D/a/Here.php"
  resolve Here.php: false
  include Here.php: false
  resolve Up.php: "D/c/Up.php"
  include Up.php: "D/c/Up.php"
  resolve lib/Lib.php: "D/c/lib/Lib.php"
  include lib/Lib.php: "D/c/lib/Lib.php"
  resolve Lib.php: false
  include Lib.php: false
  resolve ./lib/../Here.php: false
  include ./lib/../Here.php: false
  resolve ./Here.php: false
  include ./Here.php: false
  resolve ../c/Up.php: "D/c/Up.php"
  include ../c/Up.php: "D/c/Up.php"
  resolve ../a/Here.php: "D/a/Here.php"
  include ../a/Here.php: "D/a/Here.php"
  resolve Here.php: false
  include Here.php: false
  resolve Up.php: "D/c/Up.php"
  include Up.php: "D/c/Up.php"
  resolve lib/Lib.php: "D/c/lib/Lib.php"
  include lib/Lib.php: "D/c/lib/Lib.php"
  resolve Lib.php: false
  include Lib.php: false
  resolve ./lib/../Here.php: false
  include ./lib/../Here.php: false
include_path=.:D/c cwd=D/a
  resolve ./Here.php: "D/a/Here.php"
  include ./Here.php: "D/a/Here.php"
  resolve ../c/Up.php: "D/c/Up.php"
  include ../c/Up.php: "D/c/Up.php"
  resolve ../a/Here.php: "D/a/Here.php"
  include ../a/Here.php: "D/a/Here.php"
  resolve Here.php: "D/a/Here.php"
  include Here.php: "D/a/Here.php"
  resolve Up.php: "D/c/Up.php"
  include Up.php: "D/c/Up.php"
  resolve lib/Lib.php: "D/c/lib/Lib.php"
  include lib/Lib.php: "D/c/lib/Lib.php"
  resolve Lib.php: false
  include Lib.php: false
  resolve ./lib/../Here.php: false
  include ./lib/../Here.php: "D/a/Here.php"
  resolve ./Here.php: "D/a/Here.php"
  include ./Here.php: "D/a/Here.php"
  resolve ../c/Up.php: "D/c/Up.php"
  include ../c/Up.php: "D/c/Up.php"
  resolve ../a/Here.php: "D/a/Here.php"
  include ../a/Here.php: "D/a/Here.php"
  resolve Here.php: "D/a/Here.php"
  include Here.php: "D/a/Here.php"
  resolve Up.php: "D/c/Up.php"
  include Up.php: "D/c/Up.php"
  resolve lib/Lib.php: "D/c/lib/Lib.php"
  include lib/Lib.php: "D/c/lib/Lib.php"
  resolve Lib.php: false
  include Lib.php: false
  resolve ./lib/../Here.php: false
  include ./lib/../Here.php: "D/a/Here.php"
include_path=lib:D/a cwd=D/b
  resolve ./Here.php: "D/b/Here.php"
  include ./Here.php: "D/b/Here.php"
  resolve ../c/Up.php: "D/c/Up.php"
  include ../c/Up.php: "D/c/Up.php"
  resolve ../a/Here.php: "D/a/Here.php"
  include ../a/Here.php: "D/a/Here.php"
  resolve Here.php: "D/a/Here.php"
  include Here.php: "D/a/Here.php"
  resolve Up.php: false
  include Up.php: false
  resolve lib/Lib.php: false
  include lib/Lib.php: "D/b/lib/Lib.php"
  resolve Lib.php: "D/b/lib/Lib.php"
  include Lib.php: "D/b/lib/Lib.php"
  resolve ./lib/../Here.php: "D/b/Here.php"
  include ./lib/../Here.php: "D/b/Here.php"
  resolve ./Here.php: "D/b/Here.php"
  include ./Here.php: "D/b/Here.php"
  resolve ../c/Up.php: "D/c/Up.php"
  include ../c/Up.php: "D/c/Up.php"
  resolve ../a/Here.php: "D/a/Here.php"
  include ../a/Here.php: "D/a/Here.php"
  resolve Here.php: "D/a/Here.php"
  include Here.php: "D/a/Here.php"
  resolve Up.php: false
  include Up.php: false
  resolve lib/Lib.php: false
  include lib/Lib.php: "D/b/lib/Lib.php"
  resolve Lib.php: "D/b/lib/Lib.php"
  include Lib.php: "D/b/lib/Lib.php"
  resolve ./lib/../Here.php: "D/b/Here.php"
  include ./lib/../Here.php: "D/b/Here.php"
include_path=lib:D/a cwd=D/c
  resolve ./Here.php: false
  include ./Here.php: false
  resolve ../c/Up.php: "D/c/Up.php"
  include ../c/Up.php: "D/c/Up.php"
  resolve ../a/Here.php: "D/a/Here.php"
  include ../a/Here.php: "D/a/Here.php"
  resolve Here.php: "D/a/Here.php"
  include Here.php: "D/a/Here.php"
  resolve Up.php: false
  include Up.php: "D/c/Up.php"
  resolve lib/Lib.php: false
  include lib/Lib.php: "D/c/lib/Lib.php"
  resolve Lib.php: "D/c/lib/Lib.php"
  include Lib.php: "D/c/lib/Lib.php"
  resolve ./lib/../Here.php: false
  include ./lib/../Here.php: false
  resolve ./Here.php: false
  include ./Here.php: false
  resolve ../c/Up.php: "D/c/Up.php"
  include ../c/Up.php: "D/c/Up.php"
  resolve ../a/Here.php: "D/a/Here.php"
  include ../a/Here.php: "D/a/Here.php"
  resolve Here.php: "D/a/Here.php"
  include Here.php: "D/a/Here.php"
  resolve Up.php: false
  include Up.php: "D/c/Up.php"
  resolve lib/Lib.php: false
  include lib/Lib.php: "D/c/lib/Lib.php"
  resolve Lib.php: "D/c/lib/Lib.php"
  include Lib.php: "D/c/lib/Lib.php"
  resolve ./lib/../Here.php: false
  include ./lib/../Here.php: false
include_path=lib:D/a cwd=D/a
  resolve ./Here.php: "D/a/Here.php"
  include ./Here.php: "D/a/Here.php"
  resolve ../c/Up.php: "D/c/Up.php"
  include ../c/Up.php: "D/c/Up.php"
  resolve ../a/Here.php: "D/a/Here.php"
  include ../a/Here.php: "D/a/Here.php"
  resolve Here.php: "D/a/Here.php"
  include Here.php: "D/a/Here.php"
  resolve Up.php: false
  include Up.php: false
  resolve lib/Lib.php: false
  include lib/Lib.php: false
  resolve Lib.php: false
  include Lib.php: false
  resolve ./lib/../Here.php: false
  include ./lib/../Here.php: "D/a/Here.php"
  resolve ./Here.php: "D/a/Here.php"
  include ./Here.php: "D/a/Here.php"
  resolve ../c/Up.php: "D/c/Up.php"
  include ../c/Up.php: "D/c/Up.php"
  resolve ../a/Here.php: "D/a/Here.php"
  include ../a/Here.php: "D/a/Here.php"
  resolve Here.php: "D/a/Here.php"
  include Here.php: "D/a/Here.php"
  resolve Up.php: false
  include Up.php: false
  resolve lib/Lib.php: false
  include lib/Lib.php: false
  resolve Lib.php: false
  include Lib.php: false
  resolve ./lib/../Here.php: false
  include ./lib/../Here.php: "D/a/Here.php"
include_path=D/a:.:lib cwd=D/b
  resolve ./Here.php: "D/b/Here.php"
  include ./Here.php: "D/b/Here.php"
  resolve ../c/Up.php: "D/c/Up.php"
  include ../c/Up.php: "D/c/Up.php"
  resolve ../a/Here.php: "D/a/Here.php"
  include ../a/Here.php: "D/a/Here.php"
  resolve Here.php: "D/a/Here.php"
  include Here.php: "D/a/Here.php"
  resolve Up.php: false
  include Up.php: false
  resolve lib/Lib.php: "D/b/lib/Lib.php"
  include lib/Lib.php: "D/b/lib/Lib.php"
  resolve Lib.php: "D/b/lib/Lib.php"
  include Lib.php: "D/b/lib/Lib.php"
  resolve ./lib/../Here.php: "D/b/Here.php"
  include ./lib/../Here.php: "D/b/Here.php"
  resolve ./Here.php: "D/b/Here.php"
  include ./Here.php: "D/b/Here.php"
  resolve ../c/Up.php: "D/c/Up.php"
  include ../c/Up.php: "D/c/Up.php"
  resolve ../a/Here.php: "D/a/Here.php"
  include ../a/Here.php: "D/a/Here.php"
  resolve Here.php: "D/a/Here.php"
  include Here.php: "D/a/Here.php"
  resolve Up.php: false
  include Up.php: false
  resolve lib/Lib.php: "D/b/lib/Lib.php"
  include lib/Lib.php: "D/b/lib/Lib.php"
  resolve Lib.php: "D/b/lib/Lib.php"
  include Lib.php: "D/b/lib/Lib.php"
  resolve ./lib/../Here.php: "D/b/Here.php"
  include ./lib/../Here.php: "D/b/Here.php"
include_path=D/a:.:lib cwd=D/c
  resolve ./Here.php: false
  include ./Here.php: false
  resolve ../c/Up.php: "D/c/Up.php"
  include ../c/Up.php: "D/c/Up.php"
  resolve ../a/Here.php: "D/a/Here.php"
  include ../a/Here.php: "D/a/Here.php"
  resolve Here.php: "D/a/Here.php"
  include Here.php: "D/a/Here.php"
  resolve Up.php: "D/c/Up.php"
  include Up.php: "D/c/Up.php"
  resolve lib/Lib.php: "D/c/lib/Lib.php"
  include lib/Lib.php: "D/c/lib/Lib.php"
  resolve Lib.php: "D/c/lib/Lib.php"
  include Lib.php: "D/c/lib/Lib.php"
  resolve ./lib/../Here.php: false
  include ./lib/../Here.php: false
  resolve ./Here.php: false
  include ./Here.php: false
  resolve ../c/Up.php: "D/c/Up.php"
  include ../c/Up.php: "D/c/Up.php"
  resolve ../a/Here.php: "D/a/Here.php"
  include ../a/Here.php: "D/a/Here.php"
  resolve Here.php: "D/a/Here.php"
  include Here.php: "D/a/Here.php"
  resolve Up.php: "D/c/Up.php"
  include Up.php: "D/c/Up.php"
  resolve lib/Lib.php: "D/c/lib/Lib.php"
  include lib/Lib.php: "D/c/lib/Lib.php"
  resolve Lib.php: "D/c/lib/Lib.php"
  include Lib.php: "D/c/lib/Lib.php"
  resolve ./lib/../Here.php: false
  include ./lib/../Here.php: false
include_path=D/a:.:lib cwd=D/a
  resolve ./Here.php: "D/a/Here.php"
  include ./Here.php: "D/a/Here.php"
  resolve ../c/Up.php: "D/c/Up.php"
  include ../c/Up.php: "D/c/Up.php"
  resolve ../a/Here.php: "D/a/Here.php"
  include ../a/Here.php: "D/a/Here.php"
  resolve Here.php: "D/a/Here.php"
  include Here.php: "D/a/Here.php"
  resolve Up.php: false
  include Up.php: false
  resolve lib/Lib.php: false
  include lib/Lib.php: false
  resolve Lib.php: false
  include Lib.php: false
  resolve ./lib/../Here.php: false
  include ./lib/../Here.php: "D/a/Here.php"
  resolve ./Here.php: "D/a/Here.php"
  include ./Here.php: "D/a/Here.php"
  resolve ../c/Up.php: "D/c/Up.php"
  include ../c/Up.php: "D/c/Up.php"
  resolve ../a/Here.php: "D/a/Here.php"
  include ../a/Here.php: "D/a/Here.php"
  resolve Here.php: "D/a/Here.php"
  include Here.php: "D/a/Here.php"
  resolve Up.php: false
  include Up.php: false
  resolve lib/Lib.php: false
  include lib/Lib.php: false
  resolve Lib.php: false
  include Lib.php: false
  resolve ./lib/../Here.php: false
  include ./lib/../Here.php: "D/a/Here.php"
with the cache: hits, skipped candidates
