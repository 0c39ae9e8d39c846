--TEST--
syscalls: repeated file_exists/is_file/is_dir/is_readable/filemtime/filesize over 360 paths (half missing, Composer-style; spellings ending in "/": directories, a file, a missing name) make no stat-family syscall
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
statcache.first_look=0
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('strace');

// the tree: 150 files that exist, 150 paths that do not (most under a
// missing parent, as Composer's PSR-4 fallback probes them)
$paths = [];
mkdir("$d/vendor/composer", 0755, true);
for ($i = 0; $i < 15; $i++) {
    mkdir("$d/src/Pkg$i/Sub", 0755, true);
    for ($j = 0; $j < 10; $j++) {
        $rel = "src/Pkg$i/" . ($j % 2 ? 'Sub/' : '') . "Class$j.php";
        file_put_contents("$d/$rel", '<?php');
        $paths[] = $j % 3 ? "$d/$rel" : "$d/vendor/composer/../../$rel";
        $paths[] = $j % 2 ? "$d/vendor/composer/../../lib/Pkg$i/Class$j.php" : "$d/src/Pkg$i/Missing$j.php";
    }
    // "dir/" demands a directory: ENOTDIR for a file
    array_push($paths, "$d/src/Pkg$i/", "$d/src/Pkg$i/Sub//", "$d/src/Pkg$i/Class0.php/", "$d/src/Pkg$i/Gone/");
}
$script = "$d/lookups.php";
file_put_contents($script, '<?php
require ' . var_export(__DIR__ . '/../include/common.inc', true) . ';
$paths = ' . var_export($paths, true) . ';
function all(array $paths): int {
    $n = 0;
    foreach ($paths as $p) {
        $n += file_exists($p) + is_file($p) + is_dir($p) + is_readable($p) + (int) (bool) @filemtime($p) + (int) @filesize($p);
    }
    return $n;
}
$warm = all($paths);
// a ZTS PHP drops a trailing "/" itself: such spellings are its own there
$quiet = PHP_ZTS ? array_filter($paths, fn($p) => substr($p, -1) !== "/") : $paths;
sc_quiet_window(fn() => all($quiet) + all($quiet) + all($quiet));
$again = all($paths) + all($paths) + all($paths);
echo $warm, " ", $again, "\n";
if (function_exists("statcache_stats")) {
    echo statcache_stats()["hits"] > 0 ? "hits" : "no hits", "\n";
}
');
// the sums are PHP's answers (sizes of directories depend on the file
// system): PHP without the cache gives them
[$prc, $plain] = sc_run(array_merge(sc_php_plain(['statcache.enable_cli' => 0]), [$script]));
$plain = strtok($plain, "\n");
$log = "$d/strace.log";
[$rc, $out, $err] = sc_run(array_merge(
    ['strace', '-f', '-o', $log, '-e',
     'trace=access,faccessat,faccessat2,stat,lstat,newfstatat,statx,readlink,readlinkat,nanosleep,clock_nanosleep'],
    sc_php_with_ext(['statcache.enable_cli' => 1]), [$script]));
echo "exit $rc: ", strtok($out, "\n") === $plain ? "the answers of php -n" : "$out <> php -n: $plain", "\n";
echo strtok("\n") ?: '', "\n";
echo $err === '' ? '' : "stderr: $err\n";

['markers' => $markers, 'calls' => $calls] = sc_last_window($log);
echo "markers: $markers\n";
echo "stat-family syscalls between the markers: ", count($calls), "\n";
echo implode("\n", array_slice($calls, 0, 20)), $calls ? "\n" : '';
?>
--EXPECT--
exit 0: the answers of php -n
hits
markers: 2
stat-family syscalls between the markers: 0
