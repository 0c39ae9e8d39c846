--TEST--
sync: a symlink made by symlink() and a hard link made by link() are seen at once under every spelling, with the target's new link count
--DESCRIPTION--
symlink() and link() are function intercepts: sync points.  A symlink as
the last component is cached for lstat() (is_link, filetype); link() also
changes the target's st_nlink (a file with one link is cached, one with
more is not).
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
$d = sc_tmpdir('sync-link');
$s = sync_spellings($d, 'l');
$t = sync_spellings($d, 't');
$look = function ($p) use ($d) {
    sc_forget_php_stat();
    $r = [file_exists($p), is_link($p), @filetype($p)];
    sc_forget_php_stat();
    $r[] = stat("$d/t")['nlink'];
    return $r;
};
$nlink = fn ($p) => stat($p)['nlink'];

sync_rounds($s, function (string $how, string $w) use ($s, $t, $look, $nlink, $d) {
    file_put_contents("$d/t", 'abc');         // one link: cached (linked files are not)
    var_dump(sync_cache($s, 'is_link'), sync_cache($s));
    var_dump(symlink("$d/t", $w));
    sync_show(sync_rotate($s, $how), $look);
    unlink("$d/l");

    var_dump(sync_cache($s, 'is_link'), sync_cache($s), sync_cache($t, $nlink));
    var_dump(link($t[$how], $w));
    sync_show(sync_rotate($s, $how), $look);
    unlink("$d/l");
    unlink("$d/t");
});
?>
--EXPECT--
-- through plain
bool(true)
bool(true)
bool(true)
array(4) {
  [0]=>
  bool(true)
  [1]=>
  bool(true)
  [2]=>
  string(4) "link"
  [3]=>
  int(1)
}
bool(true)
bool(true)
bool(true)
bool(true)
array(4) {
  [0]=>
  bool(true)
  [1]=>
  bool(false)
  [2]=>
  string(4) "file"
  [3]=>
  int(2)
}
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
