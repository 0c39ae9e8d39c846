<?php
// The inotify watches of a process, as the kernel lists them, told apart by
// the kind of inode each one is on (PHP CLI, run as root by bench/apps/lib.sh;
// statcache not involved):
//
//   php -n -d extension=ffi -d ffi.enable=1 bench/apps/watches.php PID
//
// prints "key value" lines:
//   inotify_instances, inotify_watches       every inotify fd of PID and its watches
//   watches_dirs, watches_files, watches_symlinks, watches_other
//                                            by the kind of the watched inode
//   watches_unresolved                       inodes that could not be opened again
//                                            (removed since, or no FFI)
//   watches_by_mask                          1 when the kinds were guessed from the
//                                            mask (no FFI): a watch that asks for
//                                            IN_MODIFY is counted as a file's
//   kernel_mark_bytes, kernel_connector_bytes, kernel_inode_bytes
//                                            the slab object sizes a watch costs:
//                                            its inotify_inode_mark, the
//                                            fsnotify_mark_connector of its inode,
//                                            and the inode it keeps in memory
//                                            (<fs>_inode_cache); 0 where the
//                                            kernel does not say
//   kernel_bytes_marks, kernel_bytes_with_inodes
//                                            watches × (mark + connector), and
//                                            that plus the pinned inodes
//
// /proc/PID/fdinfo/FD of an inotify fd has one line a watch:
//   inotify wd:3 ino:1a2b sdev:800001 mask:fce ... fhandle-bytes:8 fhandle-type:1 f_handle:...
// The file handle is opened again with open_by_handle_at() (O_PATH; root's
// CAP_DAC_READ_SEARCH) on the mount of sdev, and stat() of /proc/self/fd/N
// says what the inode is.

const IN_MODIFY = 0x2;
const O_RDONLY = 0, O_DIRECTORY = 0200000, O_PATH = 010000000, O_NOFOLLOW = 0400000, O_CLOEXEC = 02000000;

$pid = (int)($argv[1] ?? 0);
if ($pid <= 0 || !is_dir("/proc/$pid")) {
    fwrite(STDERR, "usage: watches.php PID (a running process)\n");
    exit(2);
}

// the watches: [sdev, mask, handle-type, handle-bytes]
$watches = [];
$instances = 0;
foreach (glob("/proc/$pid/fd/*") ?: [] as $fd) {
    if (@readlink($fd) !== 'anon_inode:inotify') continue;
    $instances++;
    foreach (@file("/proc/$pid/fdinfo/" . basename($fd), FILE_IGNORE_NEW_LINES) ?: [] as $l) {
        if (!str_starts_with($l, 'inotify wd:')) continue;
        $f = [];
        foreach (explode(' ', substr($l, 8)) as $kv) {
            [$k, $v] = array_pad(explode(':', $kv, 2), 2, '');
            $f[$k] = $v;
        }
        $watches[] = [hexdec($f['sdev'] ?? '0'), hexdec($f['mask'] ?? '0'),
            (int)($f['fhandle-type'] ?? 0), isset($f['f_handle']) ? hex2bin($f['f_handle']) : false];
    }
}

// sdev (the kernel's dev_t: major << 20 | minor) -> [mount point, fs type]
$mounts = [];
foreach (@file("/proc/$pid/mountinfo", FILE_IGNORE_NEW_LINES) ?: [] as $l) {
    [$left, $right] = explode(' - ', $l, 2);
    $a = explode(' ', $left);
    [$maj, $min] = array_map('intval', explode(':', $a[2]));
    $dev = ($maj << 20) | $min;
    $mounts[$dev] ??= [stripcslashes($a[4]), explode(' ', $right)[0]];
}

$ffi = null;
if (class_exists('FFI')) {
    try {
        $ffi = FFI::cdef('
            struct file_handle { unsigned int handle_bytes; int handle_type; unsigned char f_handle[128]; };
            int open_by_handle_at(int mount_fd, struct file_handle *handle, int flags);
            int open(const char *path, int flags, ...);
            int close(int fd);', 'libc.so.6');
    } catch (Throwable $e) {
        $ffi = null;
    }
}

$kinds = ['dirs' => 0, 'files' => 0, 'symlinks' => 0, 'other' => 0, 'unresolved' => 0];
$fsOf = [];      // fs type of each watch, for the inode cache's object size
$mountFds = [];
foreach ($watches as [$sdev, $mask, $htype, $hbytes]) {
    $fsOf[] = $mounts[$sdev][1] ?? '';
    if ($ffi === null || $hbytes === false || !isset($mounts[$sdev]) || strlen($hbytes) > 128) {
        if ($ffi === null) {
            $kinds[$mask & IN_MODIFY ? 'files' : 'dirs']++;
        } else {
            $kinds['unresolved']++;
        }
        continue;
    }
    $mfd = $mountFds[$sdev] ??= $ffi->open($mounts[$sdev][0], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    $h = $ffi->new('struct file_handle');
    $h->handle_bytes = strlen($hbytes);
    $h->handle_type = $htype;
    FFI::memcpy($h->f_handle, $hbytes, strlen($hbytes));
    $fd = $mfd < 0 ? -1 : $ffi->open_by_handle_at($mfd, FFI::addr($h), O_PATH | O_NOFOLLOW | O_CLOEXEC);
    if ($fd < 0) {
        $kinds['unresolved']++;
        continue;
    }
    clearstatcache();
    $st = @stat("/proc/self/fd/$fd");
    $ffi->close($fd);
    if ($st === false) {
        $kinds['unresolved']++;
        continue;
    }
    $kinds[match ($st['mode'] & 0170000) { 0040000 => 'dirs', 0100000 => 'files', 0120000 => 'symlinks', default => 'other' }]++;
}
foreach ($mountFds as $mfd) {
    if ($mfd >= 0) $ffi->close($mfd);
}

// slab object sizes (/sys/kernel/slab, else /proc/slabinfo; 0: not said)
function slab_size(string $cache): int {
    $f = "/sys/kernel/slab/$cache/object_size";
    if (is_readable($f)) return (int)trim(file_get_contents($f));
    foreach (@file('/proc/slabinfo', FILE_IGNORE_NEW_LINES) ?: [] as $l) {
        $a = preg_split('/\s+/', $l);
        if ($a[0] === $cache) return (int)$a[3];
    }
    return 0;
}
$mark = slab_size('inotify_inode_mark');
$conn = slab_size('fsnotify_mark_connector');
$inodeCache = ['ext4' => 'ext4_inode_cache', 'ext3' => 'ext4_inode_cache', 'ext2' => 'ext4_inode_cache',
    'tmpfs' => 'shmem_inode_cache', 'xfs' => 'xfs_inode', 'btrfs' => 'btrfs_inode', 'overlay' => 'ovl_inode'];
$inodes = 0;
$inodeSize = [];
foreach ($fsOf as $fs) {
    $c = $inodeCache[$fs] ?? null;
    $inodes += $c === null ? 0 : ($inodeSize[$c] ??= slab_size($c));
}
$n = count($watches);
$out = [
    'inotify_instances' => $instances, 'inotify_watches' => $n,
    'watches_dirs' => $kinds['dirs'], 'watches_files' => $kinds['files'], 'watches_symlinks' => $kinds['symlinks'],
    'watches_other' => $kinds['other'], 'watches_unresolved' => $kinds['unresolved'], 'watches_by_mask' => $ffi === null ? 1 : 0,
    'kernel_mark_bytes' => $mark, 'kernel_connector_bytes' => $conn,
    'kernel_inode_bytes' => $n ? (int)round($inodes / $n) : 0,
    'kernel_bytes_marks' => $n * ($mark + $conn), 'kernel_bytes_with_inodes' => $n * ($mark + $conn) + $inodes,
];
foreach ($out as $k => $v) echo "$k $v\n";
