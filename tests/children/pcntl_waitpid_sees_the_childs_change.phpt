--TEST--
children: what a child changed is seen as soon as pcntl_waitpid() returns
--DESCRIPTION--
pcntl_waitpid() reaps a forked child: a sync point after the wait.
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--SKIPIF--
<?php if (!function_exists('pcntl_fork')) die('skip no pcntl'); ?>
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
--FILE--
<?php
require __DIR__ . '/../include/sync_common.inc';
function fork_sh(string $cmd): int
{
    $pid = pcntl_fork();
    if ($pid === 0) {
        pcntl_exec('/bin/sh', ['-c', $cmd]);
        exit(127);
    }
    return $pid;
}
sync_child_rounds('child-pcntl-waitpid', function (string $cmd) {
    $pid = fork_sh($cmd);
    $got = pcntl_waitpid($pid, $status);
    return [$got === $pid, pcntl_wexitstatus($status)];
});
?>
--EXPECT--
-- through plain
bool(true)
bool(true)
array(2) {
  [0]=>
  bool(true)
  [1]=>
  int(0)
}
array(3) {
  [0]=>
  bool(false)
  [1]=>
  bool(true)
  [2]=>
  bool(false)
}
bool(true)
array(2) {
  [0]=>
  bool(true)
  [1]=>
  int(0)
}
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
