--TEST--
sync: copy() creating and overwriting a file is seen at once under every spelling
--DESCRIPTION--
copy() is a function intercept and writes through the wrapper and stdio
ops: sync points.
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
$d = sc_tmpdir('sync-copy');
file_put_contents("$d/src3", 'abc');
file_put_contents("$d/src7", 'abcdefg');
chmod("$d/src7", 0600);
$s = sync_spellings($d, 'f');
$look = fn ($p) => array_intersect_key(sync_look($p), ['exists' => 1, 'type' => 1, 'size' => 1]);

sync_rounds($s, function (string $how, string $w) use ($s, $d, $look) {
    var_dump(sync_cache($s));
    var_dump(copy("$d/src3", $w));
    sync_show(sync_rotate($s, $how), $look);
    var_dump(sync_cache($s, 'filesize'));
    var_dump(copy("$d/src7", $w));
    sync_show(sync_rotate($s, $how), $look);
    unlink("$d/f");
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
  string(4) "file"
  ["size"]=>
  int(3)
}
bool(true)
bool(true)
array(3) {
  ["exists"]=>
  bool(true)
  ["type"]=>
  string(4) "file"
  ["size"]=>
  int(7)
}
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
