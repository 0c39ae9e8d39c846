--TEST--
invalidation: with statcache.watcher=thread a watcher thread runs from the first lookup (the process has two tasks, with a bound where auto runs none on NTS) and wakes on another process's change
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.watcher=thread
statcache.max_staleness_ms=5
statcache.first_look=0
--FILE--
<?php
function tasks(): int { return count(scandir('/proc/self/task')) - 2; }
echo "before any lookup: tasks: ", tasks(), ", watcher: ", statcache_stats()['watcher'], "\n";
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('thread');
$x = "$d/x";
var_dump(file_exists($x));
$w = statcache_stats()['watcher_wakeups'];
echo "after a lookup: tasks: ", tasks(), ", watcher: ", statcache_stats()['watcher'], "\n";

$p = proc_open(['sh', '-c', 'touch "$0"', $x], [1 => ['pipe', 'w']], $pipes);
stream_get_contents($pipes[1]); /* the child has exited; not waited for (no sync point) */
$deadline = microtime(true) + 10.0; /* a wait, not the bound: a loaded machine can take seconds */
while ((!($seen = file_exists($x)) || statcache_stats()['watcher_wakeups'] == $w) && microtime(true) < $deadline) {
    usleep(1000);
}
var_dump($seen);
echo "watcher woke: ", statcache_stats()['watcher_wakeups'] > $w ? 'yes' : 'no', "\n";
fclose($pipes[1]);
proc_close($p);
?>
--EXPECT--
before any lookup: tasks: 1, watcher: thread
bool(false)
after a lookup: tasks: 2, watcher: thread
bool(true)
watcher woke: yes
