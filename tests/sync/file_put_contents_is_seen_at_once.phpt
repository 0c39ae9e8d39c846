--TEST--
sync: a file created, appended to and emptied by file_put_contents() is seen at once under every spelling
--DESCRIPTION--
The wrapper's stream_opener in a writing mode and the stdio stream ops
(write, close) are sync points.  With the watcher silenced and no staleness
bound, nothing else applies queued events.  Each round writes through one
spelling and looks through that one first.
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
umask(022); // the modes printed below are 0644 whatever the user's umask (002 where each user has a group of their own)
require __DIR__ . '/../include/sync_common.inc';
$d = sc_tmpdir('sync-fpc');
$s = sync_spellings($d, 'f');

sync_rounds($s, function (string $how, string $w) use ($s) {
    var_dump(sync_cache($s));                 // missing, cached
    var_dump(file_put_contents($w, 'abc'));
    sync_show(sync_rotate($s, $how));

    touch($w, 1000000);
    var_dump(sync_cache($s), filesize($w));   // 3 bytes, old mtime, cached
    var_dump(file_put_contents($w, 'defghi', FILE_APPEND));
    sync_show(sync_rotate($s, $how));

    var_dump(sync_cache($s));
    var_dump(file_put_contents($w, ''));
    sync_show(sync_rotate($s, $how));
    unlink($w);
});
?>
--EXPECT--
-- through plain
bool(true)
int(3)
array(5) {
  ["exists"]=>
  bool(true)
  ["type"]=>
  string(4) "file"
  ["size"]=>
  int(3)
  ["mtime"]=>
  string(3) "now"
  ["perms"]=>
  string(4) "0644"
}
bool(true)
int(3)
int(6)
array(5) {
  ["exists"]=>
  bool(true)
  ["type"]=>
  string(4) "file"
  ["size"]=>
  int(9)
  ["mtime"]=>
  string(3) "now"
  ["perms"]=>
  string(4) "0644"
}
bool(true)
int(0)
array(5) {
  ["exists"]=>
  bool(true)
  ["type"]=>
  string(4) "file"
  ["size"]=>
  int(0)
  ["mtime"]=>
  string(3) "now"
  ["perms"]=>
  string(4) "0644"
}
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
