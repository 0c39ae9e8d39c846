--TEST--
include_path: __FILE__, __DIR__, get_included_files() and include_once are what PHP gives, for entries spelled through symlinks, "//", "/./", "x/../" and a symlinked file
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/include_path_common.inc';
$d = ip_tree('ip-file', [
    'c/real/Target.php' => ip_whereami(),
    'c/Plain.php' => ip_whereami(),
    'b/Deep/Er.php' => ip_whereami(),
]);
symlink("$d/c", "$d/linkc");
symlink("../c/real/Target.php", "$d/a/Linked.php");
file_put_contents("$d/run.php", '<?php
$d = ' . var_export($d, true) . ';
function show(string $what, $v): void {
    global $d;
    echo $what, ": ", str_replace($d, "D", json_encode($v, JSON_UNESCAPED_SLASHES)), "\n";
}
foreach (["$d/a:$d/linkc", "$d//a:$d/./b:$d/a/../linkc", "$d/linkc/../a:$d/b/Deep/..:$d/c/"] as $ip) {
    set_include_path($ip);
    echo str_replace($d, "D", "include_path=$ip"), "\n";
    for ($i = 0; $i < 2; $i++) {
        foreach (["Linked.php", "Plain.php", "Deep/Er.php", "real/Target.php"] as $n) {
            show("  resolve $n", stream_resolve_include_path($n));
            show("  include $n", include $n);
            show("  include_once $n", include_once $n);
        }
    }
}
show("included", get_included_files());
' . ip_stats_line());
$s = ip_compare("$d/run.php");
echo "with the cache: ", $s['hits'] > 0 ? 'hits' : 'no hits', "\n";
?>
--EXPECT--
same
exit 0
include_path=D/a:D/linkc
  resolve Linked.php: "D/c/real/Target.php"
  include Linked.php: ["D/c/real/Target.php","D/c/real"]
  include_once Linked.php: true
  resolve Plain.php: "D/c/Plain.php"
  include Plain.php: ["D/c/Plain.php","D/c"]
  include_once Plain.php: true
  resolve Deep/Er.php: false

Warning: include(Deep/Er.php): Failed to open stream: No such file or directory in D/run.php on line 13

Warning: include(): Failed opening 'Deep/Er.php' for inclusion (include_path='D/a:D/linkc') in D/run.php on line 13
  include Deep/Er.php: false

Warning: include_once(Deep/Er.php): Failed to open stream: No such file or directory in D/run.php on line 14

Warning: include_once(): Failed opening 'Deep/Er.php' for inclusion (include_path='D/a:D/linkc') in D/run.php on line 14
  include_once Deep/Er.php: false
  resolve real/Target.php: "D/c/real/Target.php"
  include real/Target.php: ["D/c/real/Target.php","D/c/real"]
  include_once real/Target.php: true
  resolve Linked.php: "D/c/real/Target.php"
  include Linked.php: ["D/c/real/Target.php","D/c/real"]
  include_once Linked.php: true
  resolve Plain.php: "D/c/Plain.php"
  include Plain.php: ["D/c/Plain.php","D/c"]
  include_once Plain.php: true
  resolve Deep/Er.php: false

Warning: include(Deep/Er.php): Failed to open stream: No such file or directory in D/run.php on line 13

Warning: include(): Failed opening 'Deep/Er.php' for inclusion (include_path='D/a:D/linkc') in D/run.php on line 13
  include Deep/Er.php: false

Warning: include_once(Deep/Er.php): Failed to open stream: No such file or directory in D/run.php on line 14

Warning: include_once(): Failed opening 'Deep/Er.php' for inclusion (include_path='D/a:D/linkc') in D/run.php on line 14
  include_once Deep/Er.php: false
  resolve real/Target.php: "D/c/real/Target.php"
  include real/Target.php: ["D/c/real/Target.php","D/c/real"]
  include_once real/Target.php: true
include_path=D//a:D/./b:D/a/../linkc
  resolve Linked.php: "D/c/real/Target.php"
  include Linked.php: ["D/c/real/Target.php","D/c/real"]
  include_once Linked.php: true
  resolve Plain.php: "D/c/Plain.php"
  include Plain.php: ["D/c/Plain.php","D/c"]
  include_once Plain.php: true
  resolve Deep/Er.php: "D/b/Deep/Er.php"
  include Deep/Er.php: ["D/b/Deep/Er.php","D/b/Deep"]
  include_once Deep/Er.php: true
  resolve real/Target.php: "D/c/real/Target.php"
  include real/Target.php: ["D/c/real/Target.php","D/c/real"]
  include_once real/Target.php: true
  resolve Linked.php: "D/c/real/Target.php"
  include Linked.php: ["D/c/real/Target.php","D/c/real"]
  include_once Linked.php: true
  resolve Plain.php: "D/c/Plain.php"
  include Plain.php: ["D/c/Plain.php","D/c"]
  include_once Plain.php: true
  resolve Deep/Er.php: "D/b/Deep/Er.php"
  include Deep/Er.php: ["D/b/Deep/Er.php","D/b/Deep"]
  include_once Deep/Er.php: true
  resolve real/Target.php: "D/c/real/Target.php"
  include real/Target.php: ["D/c/real/Target.php","D/c/real"]
  include_once real/Target.php: true
include_path=D/linkc/../a:D/b/Deep/..:D/c/
  resolve Linked.php: "D/c/real/Target.php"
  include Linked.php: ["D/c/real/Target.php","D/c/real"]
  include_once Linked.php: true
  resolve Plain.php: "D/c/Plain.php"
  include Plain.php: ["D/c/Plain.php","D/c"]
  include_once Plain.php: true
  resolve Deep/Er.php: "D/b/Deep/Er.php"
  include Deep/Er.php: ["D/b/Deep/Er.php","D/b/Deep"]
  include_once Deep/Er.php: true
  resolve real/Target.php: "D/c/real/Target.php"
  include real/Target.php: ["D/c/real/Target.php","D/c/real"]
  include_once real/Target.php: true
  resolve Linked.php: "D/c/real/Target.php"
  include Linked.php: ["D/c/real/Target.php","D/c/real"]
  include_once Linked.php: true
  resolve Plain.php: "D/c/Plain.php"
  include Plain.php: ["D/c/Plain.php","D/c"]
  include_once Plain.php: true
  resolve Deep/Er.php: "D/b/Deep/Er.php"
  include Deep/Er.php: ["D/b/Deep/Er.php","D/b/Deep"]
  include_once Deep/Er.php: true
  resolve real/Target.php: "D/c/real/Target.php"
  include real/Target.php: ["D/c/real/Target.php","D/c/real"]
  include_once real/Target.php: true
included: ["D/run.php","D/c/real/Target.php","D/c/Plain.php","D/b/Deep/Er.php"]
with the cache: hits
