--TEST--
trust: proc and sysfs paths (/proc/self/status, /proc/meminfo, /sys/kernel, ...) are untrusted: counted untrusted, never a hit, answers equal PHP's
--DESCRIPTION--
The w of /proc/self/status, /proc/meminfo, max_user_watches, /sys/kernel
and /sys is the running user's (root may write them, others may not):
the expected text leaves that one letter open, and `php -n: same` (PHP
without the cache, run as the same user) checks it.
--SKIPIF--
<?php
if (!is_dir('/proc/self') || !is_dir('/sys/kernel')) die('skip no /proc or /sys');
?>
--INI--
statcache.enable_cli=1
realpath_cache_size=0
--FILE--
<?php
require __DIR__ . '/../include/trust_common.inc';

$paths = ['/proc/self/status', '/proc/meminfo', '/proc/self', '/proc/self/fd', '/proc/nonexistent',
    '/proc/sys/fs/inotify/max_user_watches', '/sys/kernel', '/sys/kernel/nonexistent', '/sys'];
$s = trust_stats();
$mine = trust_records($paths);
$theirs = trust_truth($paths);
/* /proc/self is the process itself: its pid, its status, its fds differ */
foreach (['/proc/self/status', '/proc/self', '/proc/self/fd'] as $self) {
    $k = array_search($self, $paths);
    foreach (['stat', 'lstat', 'mtime', 'realpath', 'size'] as $what) {
        unset($mine[$k][$what], $theirs[$k][$what]);
    }
}
trust_print('first', $paths, '/', $mine, $theirs);
$f = trust_delta($s, trust_stats(), ['hits', 'misses', 'untrusted']);
echo "hits $f[hits], misses $f[misses], untrusted ", $f['untrusted'] > 80 ? 'counted' : $f['untrusted'], "\n";

$s = trust_stats();
trust_records($paths);
$f = trust_delta($s, trust_stats(), ['hits', 'misses', 'untrusted']);
echo "again: hits $f[hits], misses $f[misses], untrusted ", $f['untrusted'] > 80 ? 'counted' : $f['untrusted'], "\n";

/* a value that changes on every read is PHP's own answer each time */
$a = filesize('/proc/self/status');
var_dump($a === 0, fileinode('/proc/self') !== false);
?>
--EXPECTF--
statcache: /proc is on a file system that raises no events for other machines' changes (proc); paths below it are not cached
first: /proc/self/status=file r%c- %s, /proc/meminfo=file r%c- 0, /proc/self=link r-x, /proc/self/fd=dir rwx, /proc/nonexistent=missing [6 warnings], /proc/sys/fs/inotify/max_user_watches=file r%c- 0, /sys/kernel=dir r%cx, /sys/kernel/nonexistent=missing [6 warnings], /sys=dir r%cx
  php -n: same
hits 0, misses 0, untrusted counted
again: hits 0, misses 0, untrusted counted
bool(true)
bool(true)
