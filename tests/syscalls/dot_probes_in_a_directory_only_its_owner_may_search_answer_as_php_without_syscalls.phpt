--TEST--
syscalls: "dir/." and "dir/sub/../f" probes in a directory of mode 0700 (DokuWiki's file_exists("data/pages/.")) answer as PHP alone does and, repeated, make no stat-family syscall; a directory without search permission for its owner (0600) and a chmod to 0600 are answered as PHP alone answers them
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
$d = sc_tmpdir('dot-owner-only');
mkdir("$d/priv/sub", 0755, true);
file_put_contents("$d/priv/f.php", '<?php');
chmod("$d/priv", 0700);            // only its owner (this user) may search it
mkdir("$d/noexec/sub", 0755, true);
chmod("$d/noexec", 0600);          // not even its owner (root may: CAP_DAC_READ_SEARCH)
$quiet = ["$d/priv/.", "$d/priv/./", "$d/priv/sub/..", "$d/priv/sub/../f.php", "$d/priv/./f.php",
          "$d/priv/sub/./.", "$d/priv/nodir/..", "$d/priv/f.php/."];
$other = ["$d/noexec/.", "$d/noexec/sub/..", "$d/noexec/./sub"];
$script = "$d/probes.php";
file_put_contents($script, '<?php
require ' . var_export(__DIR__ . '/../include/common.inc', true) . ';
$quiet = ' . var_export($quiet, true) . ';
$other = ' . var_export($other, true) . ';
function probe(string $p): string {
    $st = @stat($p);
    return json_encode([file_exists($p), is_dir($p), is_file($p), is_readable($p), is_writable($p),
        is_executable($p), @filemtime($p), $st ? $st["ino"] : false, realpath($p)]);
}
function all(array $paths): string {
    $out = "";
    foreach ($paths as $p) {
        $out .= probe($p) . "\n";
    }
    return $out;
}
$first = all($quiet) . all($other);
$window = sc_quiet_window(fn() => all($quiet) . all($quiet));
echo $first === all($quiet) . all($other) ? "same answers again\n" : "answers changed\n";
echo $window === str_repeat(all($quiet), 2) ? "window as the other passes\n" : "window differs\n";
echo $first;
// the directory loses its search permission: PHP\'s answers from then on
chmod(' . var_export("$d/priv", true) . ', 0600);
echo all($quiet);
chmod(' . var_export("$d/priv", true) . ', 0700);
echo all($quiet);
filemtime(' . var_export("$d/noexec/./sub", true) . ');
');
$ini = ['display_errors' => 1, 'html_errors' => 0, 'error_reporting' => E_ALL];
[$prc, $plain, $perr] = sc_run(array_merge(sc_php_plain($ini), [$script]));
$log = "$d/strace.log";
[$rc, $out, $err] = sc_run(array_merge(
    ['strace', '-f', '-o', $log, '-e',
     'trace=access,faccessat,faccessat2,stat,lstat,newfstatat,statx,readlink,readlinkat,nanosleep,clock_nanosleep'],
    sc_php_with_ext($ini + ['statcache.enable_cli' => 1]), [$script]));
chmod("$d/noexec", 0700);          // for the cleanup
echo "exit $prc/$rc: ", $out === $plain ? "answers and warnings of php -n" : "differ from php -n:\n--- php -n\n$plain\n--- statcache\n$out", "\n";
echo $err === '' ? '' : "stderr: $err\n";
['markers' => $markers, 'calls' => $calls] = sc_last_window($log);
echo "markers: $markers\n";
echo "stat-family syscalls between the markers: ", count($calls), "\n";
echo implode("\n", array_slice($calls, 0, 20)), $calls ? "\n" : '';
?>
--EXPECT--
exit 0/0: answers and warnings of php -n
markers: 2
stat-family syscalls between the markers: 0
