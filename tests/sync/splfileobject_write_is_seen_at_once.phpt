--TEST--
sync: SplFileObject creating, writing, truncating and flushing a file is seen at once under every spelling
--DESCRIPTION--
SplFileObject opens through the plain-files wrapper and writes through the
stdio stream ops: the same sync points as fopen()/fwrite()/ftruncate().
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
$d = sc_tmpdir('sync-spl');
$s = sync_spellings($d, 'f');
$size = function ($p) { sc_forget_php_stat(); return filesize($p); };
$look = fn ($p) => [file_exists($p), $size($p)];

sync_rounds($s, function (string $how, string $w) use ($s, $d, $size, $look) {
    var_dump(sync_cache($s));
    $f = new SplFileObject($w, 'w');
    sync_show(sync_rotate($s, $how), $look);
    var_dump(sync_cache($s, $size));
    var_dump($f->fwrite('abcdef'));
    sync_show(sync_rotate($s, $how), $look);
    var_dump(sync_cache($s, $size));
    var_dump($f->ftruncate(4));
    sync_show(sync_rotate($s, $how), $look);
    var_dump(sync_cache($s, $size));
    var_dump($f->fputcsv(['a', 'b'], ',', '"', '\\'));
    var_dump($f->fflush());
    sync_show(sync_rotate($s, $how), $look);
    $f = null;
    unlink("$d/f");
});
?>
--EXPECT--
-- through plain
bool(true)
array(2) {
  [0]=>
  bool(true)
  [1]=>
  int(0)
}
bool(true)
int(6)
array(2) {
  [0]=>
  bool(true)
  [1]=>
  int(6)
}
bool(true)
bool(true)
array(2) {
  [0]=>
  bool(true)
  [1]=>
  int(4)
}
bool(true)
int(4)
bool(true)
array(2) {
  [0]=>
  bool(true)
  [1]=>
  int(10)
}
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
