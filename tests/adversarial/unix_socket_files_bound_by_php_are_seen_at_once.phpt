--TEST--
adversarial: the socket file that socket_bind() makes at an AF_UNIX address (and stream_socket_server() at unix:// and udg://) is seen at once, and its removal too
--DESCRIPTION--
bind() of an AF_UNIX address creates a file in the file system, so
socket_bind() is a sync point (sockets is an optional extension: hooked
when present, also when loaded after statcache).  socket_create_listen()
binds AF_INET only and makes no file.  The watcher is off in the child PHP.
--SKIPIF--
<?php
require __DIR__ . '/../include/adversarial_sync.inc';
if (adv_child_php([['socket_bind', 'sockets']]) === null) {
    die('skip the sockets extension is not installed');
}
?>
--FILE--
<?php
require __DIR__ . '/../include/adversarial_sync.inc';
$d = sc_tmpdir('adv-sock');
$child = <<<'PHP'
<?php
require $argv[1];
$d = $argv[2];
adv_cache("$d/a", "$d/b", "$d/c");
$s = socket_create(AF_UNIX, SOCK_STREAM, 0);
var_dump(socket_bind($s, "$d/a"));
adv_check('socket_bind() SOCK_STREAM', "$d/a", 'socket');
$g = socket_create(AF_UNIX, SOCK_DGRAM, 0);
var_dump(socket_bind($g, "$d/b"));
adv_check('socket_bind() SOCK_DGRAM', "$d/b", 'socket');
$u = stream_socket_server("udg://$d/c", $errno, $errstr, STREAM_SERVER_BIND);
var_dump(is_resource($u));
adv_check('stream_socket_server() udg://', "$d/c", 'socket');
socket_close($s);
unlink("$d/a");
adv_check('unlink() of the socket', "$d/a", 'socket', false);
PHP;
file_put_contents("$d/child.php", $child);
$cmd = adv_child_php([['socket_bind', 'sockets']]);
[$rc, $out, $err] = sc_run(array_merge($cmd, ["$d/child.php", __DIR__ . '/../include/adversarial_sync.inc', $d]));
echo $out, $err;
?>
--EXPECT--
bool(true)
socket_bind() SOCK_STREAM: same
bool(true)
socket_bind() SOCK_DGRAM: same
bool(true)
stream_socket_server() udg://: same
unlink() of the socket: same
