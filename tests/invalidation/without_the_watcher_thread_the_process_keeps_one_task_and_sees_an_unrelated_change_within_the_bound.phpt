--TEST--
invalidation: with statcache.watcher=lookup no watcher thread runs (the process keeps one task) and another process's change is still seen, by a lookup's own drain once the last one is older than max_staleness_ms
--DESCRIPTION--
The writer is a child that is not waited for until the end (waiting is a
sync point): it touches the file and exits, and this process learns that
from the end of its stdout.  The change is in the inotify queue by then;
with no watcher to set the pending flag, only the drain by the bound can
show it.  The loop's deadline is generous (2 s against a 5 ms bound).
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.watcher=lookup
statcache.max_staleness_ms=5
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
function tasks(): int { return count(scandir('/proc/self/task')) - 2; }

$d = sc_tmpdir('nothread');
$x = "$d/x";
var_dump(file_exists($x), file_exists($x));
$s = statcache_stats();
echo "tasks: ", tasks(), ", watcher: ", $s['watcher'], "\n";

$p = proc_open(['sh', '-c', 'touch "$0"', $x], [1 => ['pipe', 'w']], $pipes);
stream_get_contents($pipes[1]); /* its end: the child has exited, its change is queued */
$drains = statcache_stats()['drains'];
$deadline = microtime(true) + 2.0;
while (!($seen = file_exists($x)) && microtime(true) < $deadline) {
    usleep(1000);
}
var_dump($seen, is_file($x));
$s = statcache_stats();
echo "tasks: ", tasks(), ", watcher: ", $s['watcher'], ", wakeups: ", $s['watcher_wakeups'],
    ", drained since: ", $s['drains'] > $drains ? 'yes' : 'no', "\n";
fclose($pipes[1]);
proc_close($p);
?>
--EXPECT--
bool(false)
bool(false)
tasks: 1, watcher: lookup
bool(true)
bool(true)
tasks: 1, watcher: lookup, wakeups: 0, drained since: yes
