--TEST--
invalidation: with statcache.watcher=lookup a pcntl_fork() child starts its own machine without a thread (one task) and sees another process's change by the drain of the bound, as its parent does
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--SKIPIF--
<?php if (!function_exists('pcntl_fork')) die('skip pcntl not available'); ?>
--INI--
statcache.enable_cli=1
statcache.watcher=lookup
statcache.max_staleness_ms=5
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
function tasks(): int { return count(scandir('/proc/self/task')) - 2; }

/* Another process (not waited for until the end: waiting is a sync point)
 * makes $x and exits; the end of its stdout says so.  Then the answer is
 * looked up until it shows, for 2 s at most. */
function unrelated_touch_seen(string $x): string
{
    $p = proc_open(['sh', '-c', 'touch "$0"', $x], [1 => ['pipe', 'w']], $pipes);
    stream_get_contents($pipes[1]);
    $deadline = microtime(true) + 2.0;
    while (!($seen = file_exists($x)) && microtime(true) < $deadline) {
        usleep(1000);
    }
    fclose($pipes[1]);
    proc_close($p);
    return $seen ? 'seen' : 'not seen within 2 s';
}

$d = sc_tmpdir('fork-nothread');
var_dump(file_exists("$d/p"), file_exists("$d/c"));
[$parent, $child] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
$pid = pcntl_fork();
if ($pid === 0) {
    fclose($parent);
    $before = file_exists("$d/c");     /* inherited answer dropped: a fresh machine */
    $r = "child: " . var_export($before, true) . ', ' . unrelated_touch_seen("$d/c") . ", tasks " . tasks()
        . ", watcher " . statcache_stats()['watcher'];
    fwrite($child, "$r\n");
    pcntl_exec('/bin/true'); /* no shutdown function: the parent's directory stays */
    exit(1);
}
fclose($child);
echo trim(fgets($parent)), "\n";
pcntl_waitpid($pid, $status);
echo "parent: ", unrelated_touch_seen("$d/p"), ", tasks ", tasks(), ", watcher ", statcache_stats()['watcher'], "\n";
?>
--EXPECT--
bool(false)
bool(false)
child: false, seen, tasks 1, watcher lookup
parent: seen, tasks 1, watcher lookup
