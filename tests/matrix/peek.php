<?php
/* Served by tests/matrix/fpm-pools.sh in shared mode: what plain PHP in a
 * worker can reach of what statcache shares with the other pool's workers
 * (the inherited inotify fd, the shared region).  Each attempt reports
 * true when it got in. */
header('Content-Type: application/json');
if (($_GET['op'] ?? '') === 'ffi_drain') {
    /* native code in this worker (FFI, ffi.enable=1) reads every event
     * queued on the inotify instance it holds for ms milliseconds, as an
     * attacker would to blind the workers that share it */
    $until = hrtime(true) + (int) ($_GET['ms'] ?? 0) * 1000000;
    $ffi = FFI::cdef('long read(int fd, void *buf, unsigned long n); int fcntl(int fd, int cmd, int arg);');
    $bytes = 0;
    foreach (@scandir('/proc/self/fd') ?: [] as $n) {
        if (@readlink("/proc/self/fd/$n") !== 'anon_inode:inotify') {
            continue;
        }
        $fl = $ffi->fcntl((int) $n, 3 /* F_GETFL */, 0);
        $ffi->fcntl((int) $n, 4 /* F_SETFL */, $fl | 04000 /* O_NONBLOCK */);
        $buf = $ffi->new('char[65536]');
        do {
            while (($r = $ffi->read((int) $n, $buf, 65536)) > 0) {
                $bytes += $r;
            }
            usleep(1000);
        } while (hrtime(true) < $until);
        $ffi->fcntl((int) $n, 4, $fl);
    }
    echo json_encode(['pid' => getmypid(), 'read' => $bytes]), "\n";
    return;
}
$fd = null;
foreach (@scandir('/proc/self/fd') ?: [] as $n) {
    if (@readlink("/proc/self/fd/$n") === 'anon_inode:inotify') {
        $fd = $n;
    }
}
/* the inode numbers its inotify instances watch, and the shared regions
 * (MAP_SHARED anonymous mappings of the size statcache's has) it maps */
$inos = [];
$fds = 0;
foreach (@scandir('/proc/self/fd') ?: [] as $n) {
    if (@readlink("/proc/self/fd/$n") === 'anon_inode:inotify') {
        $fds++;
        preg_match_all('/^inotify wd:\S+ ino:([0-9a-f]+)/m', (string) @file_get_contents("/proc/self/fdinfo/$n"), $m);
        foreach ($m[1] as $i) {
            $inos[] = hexdec($i);
        }
    }
}
$regions = 0;
$bytes = (int) ($_GET['region_bytes'] ?? 0);
foreach (explode("\n", (string) @file_get_contents('/proc/self/maps')) as $l) {
    if (preg_match('/^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \d+\s+\/dev\/zero \(deleted\)/', $l, $m)
            && hexdec($m[2]) - hexdec($m[1]) === $bytes) {
        $regions++;
    }
}
$try = function (string $path, string $mode) {
    $h = @fopen($path, $mode);
    if ($h === false) {
        return false;
    }
    fclose($h);
    return true;
};
echo json_encode([
    'pid' => getmypid(),
    'fd_visible' => $fd !== null,
    'fd_reopen' => $fd !== null && $try("/proc/self/fd/$fd", 'r'),
    'php_fd' => $fd !== null && $try("php://fd/$fd", 'r'),
    'fdinfo' => $fd !== null && @file_get_contents("/proc/self/fdinfo/$fd") !== false,
    'mem_read' => $try('/proc/self/mem', 'r'),
    'maps' => @file_get_contents('/proc/self/maps') !== false,
    'inotify_fds' => $fds,
    'watched_inodes' => $inos,
    'regions' => $regions,
    'stats_pids' => function_exists('statcache_stats') ? array_column(statcache_stats(true)['workers'] ?? [], 'pid') : null,
]), "\n";
