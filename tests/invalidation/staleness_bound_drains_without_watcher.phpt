--TEST--
invalidation: with the watcher silenced, max_staleness_ms=5 still makes another process's change visible (a lookup drains when the last drain is older)
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=5
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('stale');
$x = "$d/x";
var_dump(file_exists($x), file_exists($x));

$p = proc_open(['sh', '-c', 'touch "$0" && echo done', $x], [1 => ['pipe', 'w']], $pipes);
echo trim(fgets($pipes[1])), "\n";
$deadline = microtime(true) + 2.0;
while (!($seen = file_exists($x)) && microtime(true) < $deadline) {
    usleep(1000);
}
var_dump($seen);
fclose($pipes[1]);
proc_close($p);
?>
--EXPECT--
bool(false)
bool(false)
done
bool(true)
