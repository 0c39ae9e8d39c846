--TEST--
symlinks: a deploy swap made by an unrelated process (not waited for, no sync point) makes every result under current/ answer for release 2 once the watcher has seen it (within 2 s)
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.watcher=thread
statcache.enable_cli=1
statcache.test_watcher=1
statcache.max_staleness_ms=0
realpath_cache_size=0
--FILE--
<?php
require __DIR__ . '/swap.inc';
$d = sc_swap_tree('links-swap-other');
sc_swap_warm($d);
$w = statcache_stats()['watcher_wakeups'];

// the process stays alive (and unwaited for) until we have looked
$p = proc_open(['sh', '-c', 'cd "$0" && ln -s releases/2 current.tmp && mv -T current.tmp current && echo done && read x',
    $d], [0 => ['pipe', 'r'], 1 => ['pipe', 'w']], $pipes);
echo trim(fgets($pipes[1])), "\n";
// polling one answer, bounded (no sync point in the loop)
$deadline = microtime(true) + 2.0;
while (!($seen = file_exists("$d/current/only2.php")) && microtime(true) < $deadline) {
    usleep(1000);
}
var_dump($seen);
$mine = sc_swap_show($d);
echo "watcher woke: ", statcache_stats()['watcher_wakeups'] > $w ? 'yes' : 'no', "\n";
fclose($pipes[0]);
fclose($pipes[1]);
proc_close($p);
sc_swap_check($d, $mine);
?>
--EXPECT--
before: as PHP, release 1, answered from the cache
done
bool(true)
watcher woke: yes
after: as PHP
release 2
