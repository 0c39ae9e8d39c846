--TEST--
sync: stream_copy_to_stream() into an open file is seen at once under every spelling
--DESCRIPTION--
stream_copy_to_stream() is a function intercept (and writes through the
stdio ops): a sync point.  The destination is opened before the cache
is filled, so the open is not what makes the change seen.
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
$d = sc_tmpdir('sync-sctc');
file_put_contents("$d/src", str_repeat('x', 10000));
$s = sync_spellings($d, 'f');
$size = function ($p) { sc_forget_php_stat(); return filesize($p); };

sync_rounds($s, function (string $how, string $w) use ($s, $d, $size) {
    $out = fopen($w, 'w');
    var_dump(sync_cache($s, $size));
    $in = fopen("$d/src", 'r');
    var_dump(stream_copy_to_stream($in, $out));
    sync_show(sync_rotate($s, $how), $size);
    var_dump(sync_cache($s, $size));
    rewind($in);
    var_dump(stream_copy_to_stream($in, $out, 500));
    sync_show(sync_rotate($s, $how), $size);
    fclose($in);
    fclose($out);
});
?>
--EXPECT--
-- through plain
bool(true)
int(10000)
int(10000)
bool(true)
int(500)
int(10500)
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
