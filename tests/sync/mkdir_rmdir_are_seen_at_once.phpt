--TEST--
sync: a directory made by mkdir() (also recursively) and removed by rmdir() is seen at once under every spelling
--DESCRIPTION--
The plain-files wrapper's mkdir and rmdir are sync points.  A path whose
parent is missing is a cached failure; making the parents must drop it.
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
$d = sc_tmpdir('sync-mkdir');
$s = sync_spellings($d, 'sub');
$deep = sync_spellings($d, 'p/q/r');
$look = fn ($p) => array_intersect_key(sync_look($p), ['exists' => 1, 'type' => 1, 'perms' => 1]);

sync_rounds($s, function (string $how, string $w) use ($s, $deep, $d, $look) {
    var_dump(sync_cache($s));
    var_dump(mkdir($w, 0750));
    sync_show(sync_rotate($s, $how), $look);
    var_dump(sync_cache($s));
    var_dump(rmdir($w));
    sync_show(sync_rotate($s, $how), $look);

    var_dump(sync_cache($deep));              // missing parents, cached
    var_dump(mkdir($deep[$how], 0700, true));
    sync_show(sync_rotate($deep, $how), $look);
    var_dump(sync_cache($deep));
    var_dump(rmdir($deep[$how]));
    sync_show(sync_rotate($deep, $how), $look);
    rmdir("$d/p/q");
    rmdir("$d/p");
});
?>
--EXPECT--
-- through plain
bool(true)
bool(true)
array(3) {
  ["exists"]=>
  bool(true)
  ["type"]=>
  string(3) "dir"
  ["perms"]=>
  string(4) "0750"
}
bool(true)
bool(true)
array(3) {
  ["exists"]=>
  bool(false)
  ["type"]=>
  bool(false)
  ["perms"]=>
  bool(false)
}
bool(true)
bool(true)
array(3) {
  ["exists"]=>
  bool(true)
  ["type"]=>
  string(3) "dir"
  ["perms"]=>
  string(4) "0700"
}
bool(true)
bool(true)
array(3) {
  ["exists"]=>
  bool(false)
  ["type"]=>
  bool(false)
  ["perms"]=>
  bool(false)
}
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
