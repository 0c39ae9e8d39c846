--TEST--
sync: chmod() is seen at once in fileperms() and in is_executable()/is_writable() answers, under every spelling
--DESCRIPTION--
chmod() is a function intercept: a sync point.  The access() answers
(is_executable) are asked once and kept with the result: they must go too.
Run as root, is_readable()/is_writable() stay true whatever the mode, so
the mode and is_executable() tell.
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
$d = sc_tmpdir('sync-chmod');
$s = sync_spellings($d, 'f');
file_put_contents("$d/f", 'x');
$look = fn ($p) => [substr(sprintf('%o', fileperms($p)), -4), is_executable($p)];
sc_forget_php_stat();

sync_rounds($s, function (string $how, string $w) use ($s, $look, $d) {
    chmod("$d/f", 0644);
    var_dump(sync_cache($s, 'is_executable'));
    var_dump(chmod($w, 0755));
    sync_show(sync_rotate($s, $how), function ($p) use ($look) { sc_forget_php_stat(); return $look($p); });
    var_dump(sync_cache($s, 'is_executable'));
    var_dump(chmod($w, 0600));
    sync_show(sync_rotate($s, $how), function ($p) use ($look) { sc_forget_php_stat(); return $look($p); });
});
?>
--EXPECT--
-- through plain
bool(true)
bool(true)
array(2) {
  [0]=>
  string(4) "0755"
  [1]=>
  bool(true)
}
bool(true)
bool(true)
array(2) {
  [0]=>
  string(4) "0600"
  [1]=>
  bool(false)
}
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
