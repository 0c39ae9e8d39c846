--TEST--
sync: fwrite() is seen at once; fflush() and fclose() of a writing stream apply what another process changed meanwhile
--DESCRIPTION--
The stdio stream ops write, flush and close (of a stream opened for
writing) and the fflush() intercept are sync points.  fwrite() changes the
file itself; fflush() and fclose() change nothing PHP can see, so another
process (not waited for: no sync point) makes a change first, and the
flush or close must apply it.
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
$d = sc_tmpdir('sync-fwrite');
$s = sync_spellings($d, 'f');
$size = function ($p) { sc_forget_php_stat(); return filesize($p); };
$look = fn ($p) => [file_exists($p), $size($p)];

sync_rounds($s, function (string $how, string $w) use ($s, $d, $size, $look) {
    $fp = fopen($w, 'w');
    var_dump(sync_cache($s, $size));          // 0 bytes, cached
    var_dump(fwrite($fp, 'abc'));
    sync_show(sync_rotate($s, $how), $look);
    var_dump(fwrite($fp, 'def'));
    sync_show(sync_rotate($s, $how), $look);

    var_dump(sync_cache($s), file_exists("$d/o"));
    $child = sync_outside_change('echo 1234 >"$1" && touch "$2"', "$d/f", "$d/o");
    var_dump(file_exists($w), file_exists("$d/o"));   // not applied yet
    var_dump(fflush($fp));
    var_dump(file_exists("$d/o"));
    sync_show(sync_rotate($s, $how), $look);
    unlink("$d/o");

    var_dump(sync_cache($s, $size), file_exists("$d/o"));
    $child2 = sync_outside_change('echo 1234567 >"$1" && touch "$2"', "$d/f", "$d/o");
    var_dump(file_exists("$d/o"));            // not applied yet
    var_dump(fclose($fp));
    var_dump(file_exists("$d/o"));
    sync_show(sync_rotate($s, $how), $look);
    sync_outside_done($child);
    sync_outside_done($child2);
    unlink("$d/o");
    unlink("$d/f");
});
?>
--EXPECT--
-- through plain
bool(true)
int(3)
array(2) {
  [0]=>
  bool(true)
  [1]=>
  int(3)
}
int(3)
array(2) {
  [0]=>
  bool(true)
  [1]=>
  int(6)
}
bool(true)
bool(false)
bool(true)
bool(false)
bool(true)
bool(true)
array(2) {
  [0]=>
  bool(true)
  [1]=>
  int(5)
}
bool(true)
bool(false)
bool(false)
bool(true)
bool(true)
array(2) {
  [0]=>
  bool(true)
  [1]=>
  int(8)
}
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
