--TEST--
shared: with statcache.watcher=lookup a PHP master that shares one table forks workers that run no watcher thread (one task each) and see another process's change by the drains of the bound (theirs or a sibling's)
--DESCRIPTION--
The writer is not waited for by any process that shares the table until
every worker has answered (a wait is a sync point, which sets the shared
pending flag): it touches the file and exits, and the master learns that
from the end of its stdout.
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
$root = sc_tmpdir('shared-nothread');
statcache_share(1 << 12);
$target = "$root/made-by-another-process";

$workers = [];
for ($w = 0; $w < 3; $w++) {
    [$parent, $child] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    $pid = pcntl_fork();
    if ($pid === 0) {
        fclose($parent);
        $r = var_export(file_exists($target), true) . ' ' . (count(scandir('/proc/self/task')) - 2) . ' '
            . statcache_stats()['watcher'];
        fwrite($child, "$r\n");
        while (($cmd = trim((string) fgets($child))) !== '') {
            if ($cmd === 'exit') {
                pcntl_exec('/bin/true'); /* no shutdown function: the master's directory stays */
            }
            $deadline = microtime(true) + 2.0;
            while (!($seen = file_exists($target)) && microtime(true) < $deadline) {
                usleep(1000);
            }
            fwrite($child, ($seen ? 'seen' : 'not seen within 2 s') . ' ' . (count(scandir('/proc/self/task')) - 2) . "\n");
        }
        exit(1);
    }
    fclose($child);
    $workers[$w] = [$pid, $parent];
}
echo "mode: ", statcache_stats()['mode'], "\n";
foreach ($workers as $w) { echo "worker (cached, tasks, watcher): ", trim(fgets($w[1])), "\n"; }

$p = proc_open(['sh', '-c', 'touch "$0"', $target], [1 => ['pipe', 'w']], $pipes);
stream_get_contents($pipes[1]); /* it has exited; not waited for yet */
foreach ($workers as $w) { fwrite($w[1], "poll\n"); }
foreach ($workers as $w) { echo "worker (answer, tasks): ", trim(fgets($w[1])), "\n"; }
fclose($pipes[1]);
proc_close($p);
foreach ($workers as $w) { fwrite($w[1], "exit\n"); pcntl_waitpid($w[0], $st); }
?>
--EXPECT--
mode: shared
worker (cached, tasks, watcher): false 1 lookup
worker (cached, tasks, watcher): false 1 lookup
worker (cached, tasks, watcher): false 1 lookup
worker (answer, tasks): seen 1
worker (answer, tasks): seen 1
worker (answer, tasks): seen 1
