--TEST--
sync: the socket file stream_socket_server() binds at a unix:// address is seen at once under every spelling
--DESCRIPTION--
stream_socket_server() is a function intercept: bind() makes a file.
A unix socket's path is at most 107 bytes and the ".." spelling names the
test's directory twice: the directory is made under /tmp, whatever
directory the suite's TMPDIR names (a checkout's build directory can be
deep).
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--ENV--
TMPDIR=/tmp
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
--FILE--
<?php
require __DIR__ . '/../include/sync_common.inc';
$d = sc_tmpdir('sync-sock');
$s = sync_spellings($d, 's');
$look = fn ($p) => array_intersect_key(sync_look($p), ['exists' => 1, 'type' => 1]);

sync_rounds($s, function (string $how, string $w) use ($s, $d, $look) {
    var_dump(sync_cache($s));
    $srv = stream_socket_server("unix://$w", $errno, $errstr);
    var_dump(is_resource($srv), $errstr);
    sync_show(sync_rotate($s, $how), $look);
    fclose($srv);
    unlink("$d/s");
});
?>
--EXPECT--
-- through plain
bool(true)
bool(true)
string(0) ""
array(2) {
  ["exists"]=>
  bool(true)
  ["type"]=>
  string(6) "socket"
}
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
