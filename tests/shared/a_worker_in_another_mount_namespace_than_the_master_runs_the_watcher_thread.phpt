--TEST--
shared: with statcache.watcher=lookup a worker that left the master's mount namespace (pcntl_unshare) runs the watcher thread, as its siblings' drains read another mount table; a worker that stayed runs none
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--SKIPIF--
<?php
if (!function_exists('pcntl_fork') || !function_exists('pcntl_unshare')) die('skip pcntl_fork/pcntl_unshare not available');
require __DIR__ . '/../include/common.inc';
if (sc_euid() !== 0) die('skip needs root to unshare the mount namespace');
?>
--INI--
statcache.enable_cli=1
statcache.watcher=lookup
statcache.max_staleness_ms=5
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$root = sc_tmpdir('shared-ns');
statcache_share(1 << 12);
foreach (['stays', 'unshares'] as $how) {
    [$parent, $child] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    $pid = pcntl_fork();
    if ($pid === 0) {
        fclose($parent);
        $r = $how === 'unshares' ? var_export(pcntl_unshare(CLONE_NEWNS), true) : '-';
        file_exists("$root/x");       /* the first lookup starts this worker's machine */
        fwrite($child, "$how: unshare $r, watcher " . statcache_stats()['watcher'] . ', tasks '
            . (count(scandir('/proc/self/task')) - 2) . "\n");
        pcntl_exec('/bin/true'); /* no shutdown function: the master's directory stays */
    }
    fclose($child);
    echo trim(fgets($parent)), "\n";
    pcntl_waitpid($pid, $st);
}
?>
--EXPECT--
stays: unshare -, watcher lookup, tasks 1
unshares: unshare true, watcher thread, tasks 2
