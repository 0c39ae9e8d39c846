--TEST--
sync: a FIFO made by posix_mkfifo() is seen at once under every spelling
--DESCRIPTION--
posix_mkfifo() is a function intercept, installed after every module has
started (posix may load after statcache): a sync point.  Where this PHP has
no posix built in (run-tests.php passes -n), the test runs itself again in a
child PHP that loads the shared posix after statcache.
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--SKIPIF--
<?php
require __DIR__ . '/../include/common.inc';
if (!function_exists('posix_mkfifo') && sc_shared_ext('posix') === null) {
    die('skip no posix extension');
}
?>
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
--FILE--
<?php
require __DIR__ . '/../include/sync_common.inc';
sc_with_posix(__FILE__, ['statcache.enable_cli' => 1, 'statcache.test_watcher' => 0, 'statcache.max_staleness_ms' => 0]);
$d = sc_tmpdir('sync-mkfifo');
$s = sync_spellings($d, 'p');
$look = fn ($p) => array_intersect_key(sync_look($p), ['exists' => 1, 'type' => 1, 'perms' => 1]);

sync_rounds($s, function (string $how, string $w) use ($s, $d, $look) {
    var_dump(sync_cache($s));
    var_dump(posix_mkfifo($w, 0600));
    sync_show(sync_rotate($s, $how), $look);
    unlink("$d/p");
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
  string(4) "fifo"
  ["perms"]=>
  string(4) "0600"
}
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
