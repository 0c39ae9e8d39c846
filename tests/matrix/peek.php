<?php
/* Served by tests/matrix/fpm-pools.sh in shared mode: what plain PHP in a
 * worker can reach of what statcache shares with the other pool's workers
 * (the inherited inotify fd, the shared region).  Each attempt reports
 * true when it got in. */
header('Content-Type: application/json');
$fd = null;
foreach (@scandir('/proc/self/fd') ?: [] as $n) {
    if (@readlink("/proc/self/fd/$n") === 'anon_inode:inotify') {
        $fd = $n;
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
]), "\n";
