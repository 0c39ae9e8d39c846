--TEST--
syscalls: read-only opens of missing names (fopen 'r'/'rb', file_get_contents, file, readfile, include, is_readable then fopen; absolute, relative, through "..", a dangling link, "file/x"; with the include path over four entries that all miss) fail with PHP's answers and warnings (an error handler's backtrace sees the call's own arguments), and repeated they make no stat-family syscall and no open()
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
$d = sc_tmpdir('open-missing');
mkdir("$d/app/lib", 0755, true);
foreach (['a', 'b', 'c', 'd'] as $e) {
    mkdir("$d/inc/$e", 0755, true);
}
file_put_contents("$d/app/lib/C.php", '<?php return 1;');
symlink("$d/app/lib/gone.php", "$d/app/lib/dangling.php");
$script = "$d/opens.php";
file_put_contents($script, '<?php
require ' . var_export(__DIR__ . '/../include/common.inc', true) . ';
$d = ' . var_export($d, true) . ';
chdir("$d/app");
set_include_path("$d/inc/a:$d/inc/b:$d/inc/c:$d/inc/d");
$missing = ["$d/app/lib/Missing.php", "$d/app/nodir/x.php", "$d/app/lib/C.php/x", "$d/app/lib/dangling.php",
    "$d/app/nodir/../lib/Missing.php", "lib/Missing.php", "Missing.php"];
// each pass returns what it printed, warnings included (display_errors
// writes through the output buffer)
function opens(array $missing): string {
    ob_start();
    $out = "";
    foreach ($missing as $m) {
        $out .= json_encode([fopen($m, "r"), fopen($m, "rb"), file_get_contents($m), file($m), readfile($m),
            // is_readable() of a relative name: access() by PHP itself (relative names are left to PHP)
            $m[0] !== "/" || is_readable($m) ? fopen($m, "r") : "not readable", include $m]) . "\n";
    }
    $out .= json_encode([fopen("Nope.php", "r", true), fopen("Nope.php", "rb", true),
        file_get_contents("Nope.php", true), file("Nope.php", FILE_USE_INCLUDE_PATH | FILE_IGNORE_NEW_LINES),
        readfile("Nope.php", true), include "Nope.php", include "Sub/Nope.php"]) . "\n";
    return ob_get_clean() . $out;
}
$first = opens($missing);
$window = sc_quiet_window(fn() => opens($missing));
echo $first === $window ? "window as the first pass\n" : "window differs\n", $first;
// an error handler sees the call as it was made (the include-path flag too)
set_error_handler(function ($no, $msg) {
    $f = debug_backtrace()[1] ?? [];
    echo "handler: ", $f["function"] ?? "?", json_encode($f["args"] ?? null), "\n";
    return true;
});
fopen("Nope.php", "r", true);
file("Nope.php", FILE_USE_INCLUDE_PATH | FILE_IGNORE_NEW_LINES);
file_get_contents("Nope.php", true);
restore_error_handler();
if (function_exists("statcache_stats") && ini_get("statcache.enable_cli")) {   // not the reference run of a PHP with statcache built in
    echo statcache_stats()["open_failures"] > 0 ? "open failures counted" : "no open failures", "\n";
}
');
$ini = ['display_errors' => 1, 'html_errors' => 0, 'error_reporting' => E_ALL];
[$prc, $plain, $perr] = sc_run(array_merge(sc_php_plain($ini), [$script]));
$log = "$d/strace.log";
[$rc, $out, $err] = sc_run(array_merge(
    ['strace', '-f', '-o', $log, '-e',
     'trace=access,faccessat,faccessat2,stat,lstat,newfstatat,statx,readlink,readlinkat,open,openat,nanosleep,clock_nanosleep'],
    sc_php_with_ext($ini + ['statcache.enable_cli' => 1]), [$script]));
$out = explode("\n", $out);
$counted = array_pop($out) === '' ? array_pop($out) : '?';
echo "exit $prc/$rc: ", implode("\n", $out) . "\n" === $plain ? "answers and warnings of php -n" : "differ from php -n:\n--- php -n\n$plain\n--- statcache\n" . implode("\n", $out), "\n";
echo "$counted\n";
echo "warnings: ", substr_count($plain, 'Warning: '), "\n";
echo $err === '' ? '' : "stderr: $err\n";
['markers' => $markers, 'calls' => $calls] = sc_last_window($log,
    '/^\d+\s+(access|faccessat2?|stat|lstat|newfstatat|statx|readlinkat|readlink|open|openat)\(/');
echo "markers: $markers\n";
echo "stat-family syscalls and opens between the markers: ", count($calls), "\n";
echo implode("\n", array_slice($calls, 0, 20)), $calls ? "\n" : '';
?>
--EXPECTF--
exit 0/0: answers and warnings of php -n
open failures counted
warnings: %d
markers: 2
stat-family syscalls and opens between the markers: 0
