--TEST--
sync: when the wrapper and stdio ops are replaced at run time (as Swoole does), writes are still seen at once because every lookup drains first
--DESCRIPTION--
statcache_test_restore_ops() copies PHP's original plain-files wrapper ops
and stdio ops back over the patched structs: the write, close, unlink,
rename, mkdir and opener sync points are gone.  statcache notices on the
next lookup, logs it once, counts it in ops_replaced, and drains before
every lookup from then on.
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
statcache.test_api=1
--FILE--
<?php
require __DIR__ . '/../include/sync_common.inc';
$d = sc_tmpdir('sync-replaced');
$s = sync_spellings($d, 'f');
$look = fn ($p) => array_intersect_key(sync_look($p), ['exists' => 1, 'type' => 1, 'size' => 1]);
var_dump(statcache_stats()['ops_replaced']);
var_dump(sync_cache($s));
statcache_test_restore_ops();

sync_rounds($s, function (string $how, string $w) use ($s, $d, $look) {
    var_dump(sync_cache($s));
    file_put_contents($w, 'abc');
    sync_show(sync_rotate($s, $how), $look);
    $fp = fopen($w, 'a');
    fwrite($fp, 'def');
    sync_show(sync_rotate($s, $how), $look);
    fclose($fp);
    rename($w, "$d/g");
    sync_show(sync_rotate($s, $how), $look);
    mkdir($w);
    sync_show(sync_rotate($s, $how), 'filetype');
    rmdir($w);
    sync_show(sync_rotate($s, $how), 'file_exists');
    unlink("$d/g");
});
var_dump(statcache_stats()['ops_replaced'] > 0);
?>
--EXPECT--
int(0)
bool(true)
statcache: the plain-files wrapper or stdio ops were replaced at run time (Swoole file hooks?); every lookup now drains the event queue first
-- through plain
bool(true)
array(3) {
  ["exists"]=>
  bool(true)
  ["type"]=>
  string(4) "file"
  ["size"]=>
  int(3)
}
array(3) {
  ["exists"]=>
  bool(true)
  ["type"]=>
  string(4) "file"
  ["size"]=>
  int(6)
}
array(3) {
  ["exists"]=>
  bool(false)
  ["type"]=>
  bool(false)
  ["size"]=>
  bool(false)
}
string(3) "dir"
bool(false)
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
bool(true)
