--TEST--
trust: the inotify queue overflows while nothing drains (watcher silenced; a child we wait for makes more events than max_queued_events, then changes cached files whose own events are lost): the next lookup sees the overflow (overflows, flushes) and every answer equals a fresh syscall
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--SKIPIF--
<?php
$max = (int) @file_get_contents('/proc/sys/fs/inotify/max_queued_events');
if ($max <= 0) die('skip cannot read /proc/sys/fs/inotify/max_queued_events');
if ($max > 200000) die("skip max_queued_events is $max: flooding it would take too long");
?>
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
realpath_cache_size=0
--FILE--
<?php
require __DIR__ . '/../include/trust_common.inc';

$d = sc_tmpdir('overflow');
mkdir("$d/sub");
foreach (['a', 'b', 'c', 'sub/x'] as $n) {
    file_put_contents("$d/$n", "file $n");
}
$paths = [$d, "$d/a", "$d/b", "$d/c", "$d/sub", "$d/sub/x", "$d/new", "$d/sub/new", "$d/flood"];
trust_show('cached', $paths, $d);
$s = trust_stats();
trust_records($paths);
echo "answered from the cache: ", trust_delta($s, trust_stats(), ['hits'])['hits'] > 50 ? 'yes' : 'no', "\n";

/* 2 events a file (create, delete: a directory's watch asks for no
 * writes), in the watched directory; then changes to cached names, queued
 * after the overflow: lost */
$max = (int) file_get_contents('/proc/sys/fs/inotify/max_queued_events');
$n = intdiv($max, 2) + 2000;
$code = <<<'PHP'
[, $d, $n] = $argv;
mkdir("$d/flood");
for ($i = 0; $i < $n; $i++) {
    fclose(fopen("$d/f$i", 'w'));
    unlink("$d/f$i");
}
file_put_contents("$d/a", 'a is longer now');
unlink("$d/b");
rename("$d/c", "$d/sub/new");
file_put_contents("$d/new", 'new');
unlink("$d/sub/x");
echo "flooded\n";
PHP;
$s = trust_stats();
[$rc, $out, $err] = sc_run(array_merge(sc_php_plain(), ['-r', $code, '--', $d, $n]));
echo trim($out . $err), "\n";
trust_show('after', $paths, $d);
$f = trust_delta($s, trust_stats(), ['overflows', 'flushes', 'events']);
echo "overflows: ", $f['overflows'] > 0 ? 'counted' : 0, ", flushes: ", $f['flushes'] > 0 ? 'counted' : 0,
    ", events read: ", $f['events'] < $max + 10 ? 'at most the queue' : $f['events'], "\n";
trust_show('again', $paths, $d);
?>
--EXPECT--
cached: .=dir rwx, a=file rw- 6, b=file rw- 6, c=file rw- 6, sub=dir rwx, sub/x=file rw- 10, new=missing [6 warnings], sub/new=missing [6 warnings], flood=missing [6 warnings]
  php -n: same
answered from the cache: yes
flooded
after: .=dir rwx, a=file rw- 15, b=missing [6 warnings], c=missing [6 warnings], sub=dir rwx, sub/x=missing [6 warnings], new=file rw- 3, sub/new=file rw- 6, flood=dir rwx
  php -n: same
overflows: counted, flushes: counted, events read: at most the queue
again: .=dir rwx, a=file rw- 15, b=missing [6 warnings], c=missing [6 warnings], sub=dir rwx, sub/x=missing [6 warnings], new=file rw- 3, sub/new=file rw- 6, flood=dir rwx
  php -n: same
