--TEST--
sync: rename() is seen at once at both names, under every spelling, also when it replaces a file
--DESCRIPTION--
The plain-files wrapper's rename is a sync point.
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
umask(022); // the modes printed below are 0644 whatever the user's umask (002 where each user has a group of their own)
require __DIR__ . '/../include/sync_common.inc';
$d = sc_tmpdir('sync-rename');
$a = sync_spellings($d, 'a');
$b = sync_spellings($d, 'b');
$both = fn ($p) => [sync_look($p), sync_look(preg_replace('~/a$~', '/b', $p))];

sync_rounds($a, function (string $how, string $w) use ($a, $b, $d, $both) {
    file_put_contents("$d/a", 'abc');
    var_dump(sync_cache($a + array_combine(array_map(fn ($k) => "b $k", array_keys($b)), $b)));
    var_dump(rename($w, $b[$how]));           // a -> b
    sync_show(sync_rotate($a, $how), $both);

    file_put_contents("$d/a", 'abcdef');    // b exists: 3 bytes
    var_dump(sync_cache($a), sync_cache($b), filesize("$d/b"));
    var_dump(rename($w, $b[$how]));           // a replaces b
    sync_show(sync_rotate($a, $how), $both);
    unlink("$d/b");
});
?>
--EXPECT--
-- through plain
bool(true)
bool(true)
array(2) {
  [0]=>
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
  [1]=>
  array(5) {
    ["exists"]=>
    bool(true)
    ["type"]=>
    string(4) "file"
    ["size"]=>
    int(3)
    ["mtime"]=>
    string(3) "now"
    ["perms"]=>
    string(4) "0644"
  }
}
bool(true)
bool(true)
int(3)
bool(true)
array(2) {
  [0]=>
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
  [1]=>
  array(5) {
    ["exists"]=>
    bool(true)
    ["type"]=>
    string(4) "file"
    ["size"]=>
    int(6)
    ["mtime"]=>
    string(3) "now"
    ["perms"]=>
    string(4) "0644"
  }
}
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
