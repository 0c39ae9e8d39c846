--TEST--
invalidation (control): with the watcher silenced and no staleness bound, another process's change is not seen until clearstatcache() drains
--DESCRIPTION--
statcache.test_watcher=0 makes the watcher thread never flag events, and
max_staleness_ms=0 turns off the drain by age: only sync points (this
process's writes, waiting for a child, clearstatcache()) apply queued events.
A child that signals through a pipe, not waited for, is no sync point.  This
proves the switch works, so that the tests using it prove their sync points.
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.watcher=thread
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('control');
$x = "$d/x";
var_dump(file_exists($x), file_exists($x));

$p = proc_open(['sh', '-c', 'touch "$0" && echo done', $x], [1 => ['pipe', 'w']], $pipes);
echo trim(fgets($pipes[1])), "\n";
var_dump(is_file($x));            // the child's touch has happened (it said so)
var_dump(file_exists($x), is_readable($x));   // stale on purpose: nothing drained
clearstatcache();                 // drains the queue
var_dump(file_exists($x), is_file($x));
fclose($pipes[1]);
proc_close($p);
?>
--EXPECT--
bool(false)
bool(false)
done
bool(false)
bool(false)
bool(false)
bool(true)
bool(true)
