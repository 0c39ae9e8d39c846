--TEST--
liveness: a PHP master (statcache_share()) whose worker is SIGKILLed while it holds a drain, and left unreaped (a zombie: kill(pid, 0) still succeeds), answers its next lookups within the bounded wait (the drain is taken over: drain_takeovers, every result looked up again) and then reaps the worker; ten rounds
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--SKIPIF--
<?php if (!function_exists('pcntl_fork') || !function_exists('posix_kill')) die('skip pcntl and posix needed'); ?>
--INI--
statcache.enable_cli=1
log_errors=1
error_log=
statcache.test_watcher=0
statcache.max_staleness_ms=0
statcache.test_api=1
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('zombie-drainer');
statcache_share(1 << 12);
file_put_contents("$d/f", 'one');
var_dump(file_exists("$d/f"), file_exists("$d/none"));

$answered = 0;
$slowest = 0;
$wrong = 0;
for ($round = 1; $round <= 10; $round++) {
    [$parent, $child] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    $pid = pcntl_fork();
    if ($pid === 0) {
        fclose($parent);
        /* the next drain holds the queue's sequence for a minute: a
         * worker killed there leaves it held */
        statcache_test_hold_drains(60000);
        file_put_contents("$d/f", str_repeat('x', $round));   /* a sync point */
        fwrite($child, "draining\n");
        file_exists("$d/f");                                   /* drains, and holds */
        exit(0);
    }
    fclose($child);
    fgets($parent);
    usleep(200000);                 /* well inside its drain now */
    posix_kill($pid, SIGKILL);
    usleep(50000);
    /* a zombie until reaped: the master looks up first */
    $t = hrtime(true);
    $size = filesize("$d/f");
    $gone = file_exists("$d/none");
    $ms = (hrtime(true) - $t) / 1e6;
    $slowest = max($slowest, $ms);
    clearstatcache();
    $answered++;
    if ($size !== $round || $gone !== false) {
        $wrong++;
    }
    $reaped = pcntl_waitpid($pid, $status) === $pid && pcntl_wifsignaled($status);
    if (!$reaped) {
        echo "round $round: not reaped\n";
    }
    fclose($parent);
}
$s = statcache_stats();
echo "answered: $answered of 10, wrong: $wrong, each within ", $slowest < 10000 ? 'ten seconds (a hang never returns; a loaded machine is slow)' : "$slowest ms", "\n";
echo "drain_takeovers: ", $s['drain_takeovers'] >= 10 ? 'one a round' : $s['drain_takeovers'], "\n";
?>
--EXPECTF--
bool(true)
bool(false)
statcache: a drain held for more than 2 ms (its drainer stopped, traced, frozen or dead, or away that long) was taken over by process %d: every cached answer is looked up again
answered: 10 of 10, wrong: 0, each within ten seconds (a hang never returns; a loaded machine is slow)
drain_takeovers: one a round
