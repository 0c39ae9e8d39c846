--TEST--
sync: clearstatcache() applies what an unrelated process changed, with the watcher silenced
--DESCRIPTION--
clearstatcache() runs PHP's own, then drains the event queue: another
process's change (not waited for: no sync point) is seen right after it,
with or without a file name, and under every spelling.
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
$d = sc_tmpdir('sync-csc-drain');
$s = sync_spellings($d, 'x');
$look = fn ($p) => array_intersect_key(sync_look($p), ['exists' => 1, 'type' => 1, 'size' => 1]);

foreach (['clearstatcache()' => fn () => clearstatcache(),
          'clearstatcache(true)' => fn () => clearstatcache(true),
          'clearstatcache(true, other file)' => fn () => clearstatcache(true, "$d/other")] as $how => $clear) {
    echo "-- $how\n";
    var_dump(sync_cache($s));
    $child = sync_outside_change('echo abc >"$1"', "$d/x");
    sync_show($s, 'file_exists');             // stale on purpose
    $clear();
    sync_show($s, $look);
    var_dump(sync_cache($s));
    $child2 = sync_outside_change('rm "$1"', "$d/x");
    sync_show($s, 'file_exists');             // stale on purpose
    $clear();
    sync_show($s, $look);
    sync_outside_done($child);
    sync_outside_done($child2);
}
?>
--EXPECT--
-- clearstatcache()
bool(true)
bool(false)
array(3) {
  ["exists"]=>
  bool(true)
  ["type"]=>
  string(4) "file"
  ["size"]=>
  int(4)
}
bool(true)
bool(true)
array(3) {
  ["exists"]=>
  bool(false)
  ["type"]=>
  bool(false)
  ["size"]=>
  bool(false)
}
-- clearstatcache(true)
bool(true)
bool(false)
array(3) {
  ["exists"]=>
  bool(true)
  ["type"]=>
  string(4) "file"
  ["size"]=>
  int(4)
}
bool(true)
bool(true)
array(3) {
  ["exists"]=>
  bool(false)
  ["type"]=>
  bool(false)
  ["size"]=>
  bool(false)
}
-- clearstatcache(true, other file)
bool(true)
bool(false)
array(3) {
  ["exists"]=>
  bool(true)
  ["type"]=>
  string(4) "file"
  ["size"]=>
  int(4)
}
bool(true)
bool(true)
array(3) {
  ["exists"]=>
  bool(false)
  ["type"]=>
  bool(false)
  ["size"]=>
  bool(false)
}
