--TEST--
sync: ftruncate() shrinking and growing a file is seen at once under every spelling
--DESCRIPTION--
The stdio set_option(PHP_STREAM_OPTION_TRUNCATE_API) op is a sync point.
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
$d = sc_tmpdir('sync-ftruncate');
$s = sync_spellings($d, 'f');
$size = function ($p) { sc_forget_php_stat(); return filesize($p); };

sync_rounds($s, function (string $how, string $w) use ($s, $d, $size) {
    file_put_contents("$d/f", 'abcdef');
    $fp = fopen($w, 'r+');                    // a writing mode: opening syncs
    var_dump(sync_cache($s, $size));
    var_dump(ftruncate($fp, 2));
    sync_show(sync_rotate($s, $how), $size);
    var_dump(sync_cache($s, $size));
    var_dump(ftruncate($fp, 100));
    sync_show(sync_rotate($s, $how), $size);
    var_dump(sync_cache($s, $size));
    var_dump(ftruncate($fp, 0));
    sync_show(sync_rotate($s, $how), $size);
    fclose($fp);
});
?>
--EXPECT--
-- through plain
bool(true)
bool(true)
int(2)
bool(true)
bool(true)
int(100)
bool(true)
bool(true)
int(0)
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
