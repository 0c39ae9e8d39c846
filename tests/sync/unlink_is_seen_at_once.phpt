--TEST--
sync: a file or symlink removed by unlink() is seen missing at once under every spelling
--DESCRIPTION--
The plain-files wrapper's unlink is a sync point.
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
$d = sc_tmpdir('sync-unlink');
$s = sync_spellings($d, 'f');
$l = sync_spellings($d, 'l');

sync_rounds($s, function (string $how, string $w) use ($s, $d) {
    file_put_contents("$d/f", 'abc');
    var_dump(sync_cache($s));                 // a file, cached
    var_dump(unlink($w));
    sync_show(sync_rotate($s, $how));
});

/* a symlink is cached for lstat() (is_link, filetype) */
sync_rounds($l, function (string $how, string $w) use ($l, $d) {
    symlink("$d/nowhere", "$d/l");
    var_dump(sync_cache($l, 'is_link'));
    var_dump(unlink($w));
    sync_show(sync_rotate($l, $how), fn ($p) => [is_link($p), @filetype($p)]);
});
?>
--EXPECT--
-- through plain
bool(true)
bool(true)
array(5) {
  ["exists"]=>
  bool(false)
  ["type"]=>
  bool(false)
  ["size"]=>
  bool(false)
  ["mtime"]=>
  bool(false)
  ["perms"]=>
  bool(false)
}
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
-- through plain
bool(true)
bool(true)
array(2) {
  [0]=>
  bool(false)
  [1]=>
  bool(false)
}
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
