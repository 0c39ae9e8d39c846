--TEST--
sync: a file created by fopen() in x, c, a and w modes (with and without +) is seen at once, before anything is written
--DESCRIPTION--
The plain-files wrapper's stream_opener in a writing mode is a sync point:
the file exists as soon as fopen() returns.  A read-only fopen() of a
missing file creates nothing and answers as before.
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
$d = sc_tmpdir('sync-fopen');
$look = fn ($p) => array_intersect_key(sync_look($p), ['exists' => 1, 'type' => 1, 'size' => 1]);

foreach (['x', 'x+', 'c', 'c+', 'a', 'a+', 'w', 'w+', 'xb', 'ce'] as $mode) {
    $s = sync_spellings($d, "f-$mode");
    echo "mode $mode:\n";
    sync_rounds($s, function (string $how, string $w) use ($s, $look, $mode) {
        var_dump(sync_cache($s));
        $fp = fopen($w, $mode);
        sync_show(sync_rotate($s, $how), $look);
        fclose($fp);
        unlink($w);
    });
}

echo "mode r of a missing file:\n";
$s = sync_spellings($d, 'r');
var_dump(sync_cache($s));
var_dump(@fopen($s['plain'], 'r'));
sync_show($s, $look);
?>
--EXPECT--
mode x:
-- through plain
bool(true)
array(3) {
  ["exists"]=>
  bool(true)
  ["type"]=>
  string(4) "file"
  ["size"]=>
  int(0)
}
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
mode x+:
-- through plain
bool(true)
array(3) {
  ["exists"]=>
  bool(true)
  ["type"]=>
  string(4) "file"
  ["size"]=>
  int(0)
}
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
mode c:
-- through plain
bool(true)
array(3) {
  ["exists"]=>
  bool(true)
  ["type"]=>
  string(4) "file"
  ["size"]=>
  int(0)
}
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
mode c+:
-- through plain
bool(true)
array(3) {
  ["exists"]=>
  bool(true)
  ["type"]=>
  string(4) "file"
  ["size"]=>
  int(0)
}
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
mode a:
-- through plain
bool(true)
array(3) {
  ["exists"]=>
  bool(true)
  ["type"]=>
  string(4) "file"
  ["size"]=>
  int(0)
}
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
mode a+:
-- through plain
bool(true)
array(3) {
  ["exists"]=>
  bool(true)
  ["type"]=>
  string(4) "file"
  ["size"]=>
  int(0)
}
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
mode w:
-- through plain
bool(true)
array(3) {
  ["exists"]=>
  bool(true)
  ["type"]=>
  string(4) "file"
  ["size"]=>
  int(0)
}
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
mode w+:
-- through plain
bool(true)
array(3) {
  ["exists"]=>
  bool(true)
  ["type"]=>
  string(4) "file"
  ["size"]=>
  int(0)
}
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
mode xb:
-- through plain
bool(true)
array(3) {
  ["exists"]=>
  bool(true)
  ["type"]=>
  string(4) "file"
  ["size"]=>
  int(0)
}
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
mode ce:
-- through plain
bool(true)
array(3) {
  ["exists"]=>
  bool(true)
  ["type"]=>
  string(4) "file"
  ["size"]=>
  int(0)
}
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
mode r of a missing file:
bool(true)
bool(false)
array(3) {
  ["exists"]=>
  bool(false)
  ["type"]=>
  bool(false)
  ["size"]=>
  bool(false)
}
