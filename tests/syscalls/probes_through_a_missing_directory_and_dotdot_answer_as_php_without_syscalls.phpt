--TEST--
syscalls: probes whose "." or ".." follows a missing directory or a file ("nodir/x/../../lib/C.php", "C.php/../C.php", "nodir/.") answer as PHP alone does, warnings included, through the stat family, access(), lstat(), SplFileInfo and realpath(), and repeated they make no stat-family syscall
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--SKIPIF--
<?php
$strace = trim((string) shell_exec('command -v strace 2>/dev/null'));
if ($strace === '') {
    die('skip strace not installed');
}
exec('strace -o /dev/null true 2>&1', $out, $rc);
if ($rc !== 0) {
    die('skip strace cannot trace here: ' . implode(' ', $out));
}
?>
--INI--
statcache.first_look=0
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('dotdot-missing');
mkdir("$d/app/lib/sub", 0755, true);
file_put_contents("$d/app/lib/C.php", '<?php');
// the kernel fails at "nodir" (ENOENT) or at "C.php" (ENOTDIR); lexically
// each of these is a name that exists (ZTS's lstat() reads them so)
$paths = [
    "$d/app/nodir/x/../../lib/C.php", "$d/app/nodir/../lib/C.php", "$d/app/nodir/../lib",
    "$d/app/nodir/.", "$d/app/nodir/..", "$d/app/lib/nodir/../sub/../C.php",
    "$d/app/lib/C.php/../C.php", "$d/app/lib/C.php/.", "$d/app/lib/C.php/..",
    "$d/app/lib/sub/../nodir/../C.php", "$d/app/nodir/nodir2/../../../app/lib/C.php",
];
$script = "$d/probes.php";
file_put_contents($script, '<?php
require ' . var_export(__DIR__ . '/../include/common.inc', true) . ';
$paths = ' . var_export($paths, true) . ';
function probe(string $p): string {
    $i = new SplFileInfo($p);
    $st = @stat($p);
    $lst = @lstat($p);
    return json_encode([file_exists($p), is_file($p), is_dir($p), is_link($p), is_readable($p),
        is_writable($p), is_executable($p), @filemtime($p), @filesize($p), @fileperms($p),
        @filetype($p), $st ? $st["ino"] : false, $lst ? $lst["mode"] : false, realpath($p),
        $i->isFile(), $i->isDir(), $i->isReadable()]);
}
function all(array $paths): string {
    $out = "";
    foreach ($paths as $p) {
        $out .= probe($p) . "\n";
    }
    return $out;
}
$first = all($paths);
$window = sc_quiet_window(fn() => all($paths) . all($paths));
echo $first === substr($window, 0, strlen($first)) ? "window as the first pass\n" : "window differs\n";
echo $first;
// the warnings PHP gives for each (not silenced), as PHP words them
foreach ($paths as $p) {
    filemtime($p);
    lstat($p);
    filetype($p);
}
');
$ini = ['display_errors' => 1, 'html_errors' => 0, 'error_reporting' => E_ALL];
[$prc, $plain, $perr] = sc_run(array_merge(sc_php_plain($ini), [$script]));
$log = "$d/strace.log";
[$rc, $out, $err] = sc_run(array_merge(
    ['strace', '-f', '-o', $log, '-e',
     'trace=access,faccessat,faccessat2,stat,lstat,newfstatat,statx,readlink,readlinkat,nanosleep,clock_nanosleep'],
    sc_php_with_ext($ini + ['statcache.enable_cli' => 1]), [$script]));
echo "exit $prc/$rc: ", $out === $plain ? "answers and warnings of php -n" : "differ from php -n:\n--- php -n\n$plain\n--- statcache\n$out", "\n";
echo "warnings: ", substr_count($plain, 'Warning: '), "\n";
echo $err === '' ? '' : "stderr: $err\n";
['markers' => $markers, 'calls' => $calls] = sc_last_window($log);
echo "markers: $markers\n";
echo "stat-family syscalls between the markers: ", count($calls), "\n";
echo implode("\n", array_slice($calls, 0, 20)), $calls ? "\n" : '';
?>
--EXPECTF--
exit 0/0: answers and warnings of php -n
warnings: %d
markers: 2
stat-family syscalls between the markers: 0
