--TEST--
invalidation: with the watcher on and no staleness bound, another process's change is seen without any sync point, within 2 s
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
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('watcher');
$x = "$d/x";
var_dump(file_exists($x), file_exists($x));
$w = statcache_stats()['watcher_wakeups'] ?? 0;

$p = proc_open(['sh', '-c', 'touch "$0" && echo done', $x], [1 => ['pipe', 'w']], $pipes);
echo trim(fgets($pipes[1])), "\n";
// polling a condition, bounded (no sync point in the loop)
$deadline = microtime(true) + 2.0;
while (!($seen = file_exists($x)) && microtime(true) < $deadline) {
    usleep(1000);
}
var_dump($seen, is_file($x));
echo "watcher woke: ", (statcache_stats()['watcher_wakeups'] ?? 1) > $w ? 'yes' : 'no', "\n";
fclose($pipes[1]);
proc_close($p);
?>
--EXPECT--
bool(false)
bool(false)
done
bool(true)
bool(true)
watcher woke: yes
