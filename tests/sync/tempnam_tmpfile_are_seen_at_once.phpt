--TEST--
sync: the file tempnam() creates, and the one tmpfile() creates and unlinks, change their directory's cached mtime at once
--DESCRIPTION--
tempnam() and tmpfile() are function intercepts: sync points.  The new
names cannot be cached before, so the directory's own result (a cached
directory changes with its entries) tells.  tmpfile() uses sys_temp_dir,
fixed at startup: it runs in a child PHP with sys_temp_dir set to the test's
directory.
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
$d = sc_tmpdir('sync-tempnam');
$base = basename($d);
$s = ['plain' => $d, 'dot' => "$d/.", 'slashes' => dirname($d) . "//$base", 'dotdot' => "$d/../$base"];
$mtime = function ($p) { sc_forget_php_stat(); return filemtime($p); };
$look = function ($p) use ($mtime) { $m = $mtime($p); return $m >= SYNC_T0 ? 'now' : $m; };

sync_rounds($s, function (string $how, string $w) use ($s, $mtime, $look) {
    touch($w, 1000000);
    var_dump(sync_cache($s, $mtime));
    $f = tempnam($w, 'x');
    var_dump(dirname($f) === realpath($w), file_exists($f));
    sync_show(sync_rotate($s, $how), $look);
    unlink($f);
});

echo "-- tmpfile\n";
$code = '<?php require ' . var_export(__DIR__ . '/../include/sync_common.inc', true) . ';
$d = ' . var_export($d, true) . ';
$mtime = function ($p) { sc_forget_php_stat(); return filemtime($p); };
touch($d, 1000000);
var_dump(sys_get_temp_dir() === $d, sync_cache([$d], $mtime));
$fp = tmpfile();
var_dump(is_resource($fp), $mtime($d) >= SYNC_T0, count(glob("$d/php*")));
';
[$rc, $out, $err] = sc_run(sc_php_with_ext([
    'statcache.enable_cli' => 1, 'statcache.test_watcher' => 0, 'statcache.max_staleness_ms' => 0,
    'sys_temp_dir' => $d,
]), $code);
echo $out, $err, "exit $rc\n";
?>
--EXPECT--
-- through plain
bool(true)
bool(true)
bool(true)
string(3) "now"
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
-- tmpfile
bool(true)
bool(true)
bool(true)
bool(true)
int(1)
exit 0
