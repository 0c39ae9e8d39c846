--TEST--
sync: touch() creating a file and setting its mtime is seen at once under every spelling
--DESCRIPTION--
touch() is a function intercept (and the wrapper's metadata op): a sync point.
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
$d = sc_tmpdir('sync-touch');
$s = sync_spellings($d, 'f');

sync_rounds($s, function (string $how, string $w) use ($s) {
    var_dump(sync_cache($s));
    var_dump(touch($w, 1000000));             // creates it
    sync_show(sync_rotate($s, $how));
    var_dump(sync_cache($s));
    var_dump(touch($w, 2000000));
    sync_show(sync_rotate($s, $how));
    var_dump(sync_cache($s));
    var_dump(touch($w));                      // now
    sync_show(sync_rotate($s, $how));
    unlink($w);
});
?>
--EXPECT--
-- through plain
bool(true)
bool(true)
array(5) {
  ["exists"]=>
  bool(true)
  ["type"]=>
  string(4) "file"
  ["size"]=>
  int(0)
  ["mtime"]=>
  int(1000000)
  ["perms"]=>
  string(4) "0644"
}
bool(true)
bool(true)
array(5) {
  ["exists"]=>
  bool(true)
  ["type"]=>
  string(4) "file"
  ["size"]=>
  int(0)
  ["mtime"]=>
  int(2000000)
  ["perms"]=>
  string(4) "0644"
}
bool(true)
bool(true)
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
