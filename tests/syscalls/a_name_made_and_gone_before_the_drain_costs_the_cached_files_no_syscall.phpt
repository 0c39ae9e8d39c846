--TEST--
syscalls: a name another process makes and removes in a watched directory before the drain (a database's journal) costs the cached files nothing: each file has a watch of its own, so the next lookups of them, and of a spelling through a symlinked directory, make no stat-family syscall
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
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('transient');
mkdir("$d/w");
mkdir("$d/db");
mkdir("$d/real/lib", 0755, true);
symlink("$d/real", "$d/lnk");
$files = [];
for ($i = 0; $i < 4; $i++) {
    file_put_contents("$d/w/f$i.php", str_repeat('x', $i + 1));
    $files[] = "$d/w/f$i.php";
}
file_put_contents("$d/real/lib/x.php", 'abcdef');
$via = "$d/lnk/lib/x.php";

$script = "$d/lookups.php";
file_put_contents($script, '<?php
$d = ' . var_export($d, true) . ';
$paths = ' . var_export(array_merge($files, [$via]), true) . ';
function sizes(array $paths): string {
    $s = [];
    foreach ($paths as $p) {
        $s[] = filesize($p);
    }
    return implode(",", $s);
}
$warm = sizes($paths) . " " . (int) file_exists("$d/db/none");
if (!function_exists("statcache_stats")) {
    echo $warm, " ", sizes($paths), "\n";
    exit;
}
sizes($paths);
for ($i = 1; $i <= 5; $i++) {
    $s = statcache_stats();
    // another process makes a name in a watched directory and removes it
    // before any drain
    exec("cd " . escapeshellarg("$d/db") . " && : > j && rm j", $o, $rc);
    usleep(1111);                          // begin marker
    $again = sizes($paths);
    usleep(2222);                          // end marker
    $a = statcache_stats();
    // no flush (an overflow, another process changing an ancestor
    // itself): else try again
    if ($a["flushes"] === $s["flushes"]) {
        break;
    }
    sizes($paths);
}
echo $warm, " ", $again, "\n";
');
[$prc, $plain] = sc_run(array_merge(sc_php_plain(['statcache.enable_cli' => 0]), [$script]));
$plain = strtok($plain, "\n");
$log = "$d/strace.log";
[$rc, $out, $err] = sc_run(array_merge(
    ['strace', '-f', '-o', $log, '-e',
     'trace=access,faccessat,faccessat2,stat,lstat,newfstatat,statx,readlink,readlinkat,nanosleep,clock_nanosleep'],
    sc_php_with_ext(['statcache.enable_cli' => 1, 'statcache.max_staleness_ms' => 0]), [$script]));
echo "exit $rc: ", strtok($out, "\n") === $plain ? "the answers of php -n" : "$out <> php -n: $plain", "\n";
echo $err === '' ? '' : "stderr: $err\n";

['markers' => $markers, 'calls' => $calls] = sc_last_window($log);
echo "markers: $markers\n";
$seen = [];
foreach ($calls as $l) {
    preg_match('~^\d+\s+(\w+)\((?:AT_FDCWD, |-?\d+, )?"([^"]*)"~', $l, $m);
    // glibc's lstat() is newfstatat(..., AT_SYMLINK_NOFOLLOW) on some systems
    $call = ($m[1] ?? '') === 'newfstatat' && str_contains($l, 'AT_SYMLINK_NOFOLLOW') ? 'lstat' : ($m[1] ?? $l);
    $seen[] = $call . ' ' . (isset($m[2]) ? str_replace("$d/", '', $m[2]) : '');
}
sort($seen);
echo implode("\n", $seen), "\n";
?>
--EXPECT--
exit 0: the answers of php -n
markers: 2

