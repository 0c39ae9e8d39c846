--TEST--
sync: chown() and chgrp() are seen at once in fileowner()/filegroup(), under every spelling
--DESCRIPTION--
chown() and chgrp() are function intercepts: sync points.  Needs root.
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--SKIPIF--
<?php require __DIR__ . '/../include/common.inc'; if (sc_euid() !== 0) die('skip needs root'); ?>
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
--FILE--
<?php
require __DIR__ . '/../include/sync_common.inc';
$d = sc_tmpdir('sync-chown');
$s = sync_spellings($d, 'f');
file_put_contents("$d/f", 'x');
$owner = function ($p) { sc_forget_php_stat(); $u = fileowner($p); sc_forget_php_stat(); return [$u, filegroup($p)]; };

sync_rounds($s, function (string $how, string $w) use ($s, $owner, $d) {
    chown("$d/f", 0);
    chgrp("$d/f", 0);
    var_dump(sync_cache($s, 'fileowner'));
    var_dump(chown($w, 4242));
    sync_show(sync_rotate($s, $how), $owner);
    var_dump(sync_cache($s, 'filegroup'));
    var_dump(chgrp($w, 4343));
    sync_show(sync_rotate($s, $how), $owner);
});
?>
--EXPECT--
-- through plain
bool(true)
bool(true)
array(2) {
  [0]=>
  int(4242)
  [1]=>
  int(0)
}
bool(true)
bool(true)
array(2) {
  [0]=>
  int(4242)
  [1]=>
  int(4343)
}
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
