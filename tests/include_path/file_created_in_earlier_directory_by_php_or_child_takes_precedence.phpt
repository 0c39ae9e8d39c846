--TEST--
include_path: a file created (or removed) in an earlier directory by PHP itself or by a child that was waited for takes precedence exactly when it does without the cache
--DESCRIPTION--
The same script runs without the cache and with it, the watcher silenced
(statcache.test_watcher=0, max_staleness_ms=0): only sync points make a
change visible, so identical answers after PHP's own writes and after
proc_close() prove those sync points reach include_path resolution.  When a
child removes the file PHP resolved, PHP's realpath cache keeps answering
with it (it keeps successes for realpath_cache_ttl): the cache gives the
same answer and the same failed include, until PHP's own unlink() empties
the realpath cache.
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/include_path_common.inc';
$d = ip_tree('ip-later', ['c/Late.php' => ip_whereami()]);
file_put_contents("$d/run.php", '<?php
$d = ' . var_export($d, true) . ';
set_include_path("$d/a:$d/b:$d/c");
function check(string $when): void {
    global $d;
    $r = stream_resolve_include_path("Late.php");
    $inc = @include "Late.php";
    $once = @require_once "Late.php";
    echo str_pad($when, 28), str_replace($d, "D", var_export($r, true) . " " . var_export($inc ? $inc[0] : $inc, true)), " ", var_export($once, true), "\n";
}
check("start");
check("again");
file_put_contents("$d/b/Late.php", "<?php return [__FILE__];");
check("PHP wrote b/Late.php");
$p = proc_open(["cp", "$d/c/Late.php", "$d/a/Late.php"], [], $pipes);
proc_close($p);
check("child copied to a/Late.php");
$p = proc_open(["rm", "$d/a/Late.php"], [], $pipes);
proc_close($p);
check("child removed a/Late.php");
unlink("$d/b/Late.php");
check("PHP removed b/Late.php");
' . ip_stats_line());
$s = ip_compare("$d/run.php", ['statcache.test_watcher' => 0, 'statcache.max_staleness_ms' => 0]);
echo "skipped: ", $s['skipped'] > 0 ? 'yes' : 'no', "\n";
?>
--EXPECT--
same
exit 0
start                       'D/c/Late.php' 'D/c/Late.php' true
again                       'D/c/Late.php' 'D/c/Late.php' true
PHP wrote b/Late.php        'D/b/Late.php' 'D/b/Late.php' true
child copied to a/Late.php  'D/a/Late.php' 'D/a/Late.php' true
child removed a/Late.php    'D/a/Late.php' false true
PHP removed b/Late.php      'D/c/Late.php' 'D/c/Late.php' true
skipped: yes
