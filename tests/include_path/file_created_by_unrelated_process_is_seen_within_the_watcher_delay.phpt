--TEST--
include_path: a file another process creates in an earlier directory takes precedence once the watcher has seen it (within 2 s), with no sync point
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.watcher=thread
statcache.enable_cli=1
statcache.test_watcher=1
statcache.max_staleness_ms=0
--FILE--
<?php
require __DIR__ . '/../include/include_path_common.inc';
$d = ip_tree('ip-unrelated', ['c/Late.php' => ip_whereami()]);
set_include_path("$d/a:$d/b:$d/c");
for ($i = 0; $i < 3; $i++) {
    echo str_replace($d, 'D', stream_resolve_include_path('Late.php')), "\n";
}
$skipped = statcache_stats()['include_path_skipped'];
echo "skipped while warm: ", $skipped > 0 ? 'yes' : 'no', "\n";

// not waited for until the end: no sync point
$p = proc_open(['sh', '-c', 'cp "$0" "$1" && echo done', "$d/c/Late.php", "$d/a/Late.php"], [1 => ['pipe', 'w']], $pipes);
echo trim(fgets($pipes[1])), "\n";
$deadline = microtime(true) + 2.0;
while (($r = stream_resolve_include_path('Late.php')) !== "$d/a/Late.php" && microtime(true) < $deadline) {
    usleep(1000);
}
echo str_replace($d, 'D', $r), "\n";
echo str_replace($d, 'D', (include 'Late.php')[0]), "\n";
fclose($pipes[1]);
proc_close($p);
?>
--EXPECT--
D/c/Late.php
D/c/Late.php
D/c/Late.php
skipped while warm: yes
done
D/a/Late.php
D/a/Late.php
