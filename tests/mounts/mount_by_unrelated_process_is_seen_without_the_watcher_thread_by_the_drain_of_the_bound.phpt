--TEST--
mounts: with statcache.watcher=lookup (no watcher thread: one task), a mount and a lazy unmount made by a process we do not wait for are seen within 2 s, with no sync point: the drain by the bound polls the mount table and bumps the epoch
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--SKIPIF--
<?php
require __DIR__ . '/../include/trust_common.inc';
if ($why = trust_mount_ns_missing()) die("skip $why");
?>
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/trust_common.inc';

/* polls, with no sync point in the loop: no write, no wait, no clearstatcache() */
function poll_until(callable $cond): string
{
    $t0 = microtime(true);
    while (!$cond()) {
        if (microtime(true) - $t0 > 2.0) {
            return 'not seen within 2 s';
        }
        usleep(1000);
    }
    return 'seen';
}

if (($argv[1] ?? '') === 'inner') {
    $d = $argv[2];
    $m = "$d/m";
    var_dump(file_exists("$m/a"), is_file("$m/a"), file_exists("$m/a"));
    $w = trust_stats()['watcher_wakeups'];
    echo "tasks: ", count(scandir('/proc/self/task')) - 2, ", watcher: ", trust_stats()['watcher'], "\n";

    /* not waited for until the end: it reports through its stdout only */
    $p = proc_open(['sh', '-c', 'sleep 0.2; mount -t tmpfs none "$0" && echo mounted; sleep 1; '
        . 'umount -l "$0" && echo unmounted; sleep 1', $m], [1 => ['pipe', 'w']], $pipes);
    echo trim(fgets($pipes[1])), "\n";
    echo "a gone: ", poll_until(fn () => !file_exists("$m/a")), "\n";
    trust_forget();
    var_dump(is_file("$m/a"), is_dir($m), fileperms($m) & 01777);
    echo trim(fgets($pipes[1])), "\n";
    echo "a back: ", poll_until(fn () => file_exists("$m/a")), "\n";
    trust_forget();
    var_dump(is_file("$m/a"), fileperms($m) & 01777);
    echo "watcher woke: ", trust_stats()['watcher_wakeups'] > $w ? 'yes' : 'no', "\n";
    echo "tasks: ", count(scandir('/proc/self/task')) - 2, "\n";
    fclose($pipes[1]);
    proc_close($p);
    exit(0);
}

$d = sc_tmpdir('mnt-unrelated');
mkdir("$d/m", 0755);
file_put_contents("$d/m/a", 'aaa');
trust_ns_run(__FILE__, ['statcache.watcher' => 'lookup', 'statcache.max_staleness_ms' => 5], ['inner', $d]);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
tasks: 1, watcher: lookup
mounted
a gone: seen
bool(false)
bool(true)
int(1023)
unmounted
a back: seen
bool(true)
int(493)
watcher woke: no
tasks: 1
