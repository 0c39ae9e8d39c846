--TEST--
children: what a child changed is seen as soon as proc_get_status() reports that it exited
--DESCRIPTION--
proc_get_status() reaps the process once it has exited: a sync point.
proc_close() (another sync point) is called only at the end.
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
--FILE--
<?php
require __DIR__ . '/../include/sync_common.inc';
$started = [];
sync_child_rounds('child-proc-status', function (string $cmd) use (&$started) {
    $p = $started[] = proc_open(['sh', '-c', $cmd], [], $pipes);
    do {
        $st = proc_get_status($p);
    } while ($st['running']);
    return $st['exitcode'];
});
foreach ($started as $p) {
    proc_close($p);
}
?>
--EXPECT--
-- through plain
bool(true)
bool(true)
int(0)
array(3) {
  [0]=>
  bool(false)
  [1]=>
  bool(true)
  [2]=>
  bool(false)
}
bool(true)
int(0)
array(3) {
  [0]=>
  bool(true)
  [1]=>
  bool(false)
  [2]=>
  int(7)
}
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
