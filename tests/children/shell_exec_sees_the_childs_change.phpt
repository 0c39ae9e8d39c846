--TEST--
children: what a child changed is seen as soon as shell_exec() returns
--DESCRIPTION--
shell_exec() waits for its shell: a sync point after the wait.
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
sync_child_rounds('child-shell-exec', function (string $cmd) {
    return shell_exec("$cmd; echo \$?");
});
?>
--EXPECT--
-- through plain
bool(true)
bool(true)
string(2) "0
"
array(3) {
  [0]=>
  bool(false)
  [1]=>
  bool(true)
  [2]=>
  bool(false)
}
bool(true)
string(2) "0
"
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
