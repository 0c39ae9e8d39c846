--TEST--
children: a file the cache holds, hard-linked by a child and written through the new link, shows its new size and link count once the wait returns
--DESCRIPTION--
A file with one link is cached, kept valid by events about its name in its
directory.  A child runs `ln f l; echo more >>l`: the events name l (in the
same directory, or in another one), never f, and the link count change
(IN_ATTRIB) goes only to watches on the inode itself, not to its parent
directory's.  After exec() returns, the child's change must be seen at f:
nlink 2 and the new size.  A write through another name of an inode
must not leave a result for its first name standing.  statcache learns of
the new name from the IN_CREATE in the directory that received it, so that
directory is one it watches here (a lookup below it); a link made in a
directory nothing watches is the limit the README states.
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
$d = sc_tmpdir('child-hardlink');
mkdir("$d/a");
mkdir("$d/b");
$look = function (string $p): array {
    sc_forget_php_stat();
    $st = stat($p);
    return [$st['nlink'], $st['size']];
};

foreach (['same directory' => "$d/a/l", 'other directory' => "$d/b/l"] as $where => $l) {
    echo "-- link in the $where\n";
    file_put_contents("$d/a/f", 'abc');
    file_exists(dirname($l) . '/none');       // the link's directory is watched
    var_dump(sync_cache(["$d/a/f"], 'filesize'));
    var_dump($look("$d/a/f"));
    exec(sprintf('ln %1$s %2$s && echo more >>%2$s', escapeshellarg("$d/a/f"), escapeshellarg($l)), $out, $rc);
    var_dump($rc);
    var_dump($look("$d/a/f"));
    clearstatcache();                         // drains whatever is queued
    var_dump($look("$d/a/f"));
    unlink($l);
    unlink("$d/a/f");
}
?>
--EXPECT--
-- link in the same directory
bool(true)
array(2) {
  [0]=>
  int(1)
  [1]=>
  int(3)
}
int(0)
array(2) {
  [0]=>
  int(2)
  [1]=>
  int(8)
}
array(2) {
  [0]=>
  int(2)
  [1]=>
  int(8)
}
-- link in the other directory
bool(true)
array(2) {
  [0]=>
  int(1)
  [1]=>
  int(3)
}
int(0)
array(2) {
  [0]=>
  int(2)
  [1]=>
  int(8)
}
array(2) {
  [0]=>
  int(2)
  [1]=>
  int(8)
}
