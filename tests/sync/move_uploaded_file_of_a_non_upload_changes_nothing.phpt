--TEST--
sync: move_uploaded_file() of a file that was not uploaded returns false and changes nothing that is cached
--DESCRIPTION--
move_uploaded_file() is a function intercept (a sync point), but it only
moves files uploaded in this request, which the CLI never has: the sync
point itself cannot be shown to work here.  This checks that the intercept
passes PHP's answer through and that the cached answers stay right.
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
$d = sc_tmpdir('sync-upload');
file_put_contents("$d/a", 'abc');
$s = sync_spellings($d, 'a') + ['b' => "$d/b"];
var_dump(sync_cache($s));
var_dump(move_uploaded_file("$d/a", "$d/b"));
var_dump(is_uploaded_file("$d/a"));
sync_show(sync_spellings($d, 'a'), 'file_exists');
var_dump(file_exists("$d/b"));
?>
--EXPECT--
bool(true)
bool(false)
bool(false)
bool(true)
bool(false)
