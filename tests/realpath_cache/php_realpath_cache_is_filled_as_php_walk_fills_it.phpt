--TEST--
realpath cache: after clearstatcache(true) empties PHP's realpath cache, opens, includes and realpath() (through absolute, relative, ".." and chained directory links, a link as the last component, dangling links, missing names, a file used as a directory, new files) answer as PHP, and leave in PHP's realpath cache exactly the entries PHP's own walk leaves (keys, resolved paths, is_dir); read-only opens, includes and realpath() of cached names then make no stat-family or readlink syscall
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
$d = sc_tmpdir('realpath-fill');
mkdir("$d/core/Ext/i18n", 0755, true);
file_put_contents("$d/core/Ext/extension.json", '{}');
file_put_contents("$d/core/Ext/Hooks.php", '<?php return "hooks";');
mkdir("$d/lib");
mkdir("$d/out");
symlink("$d/lib", "$d/extensions");             // extensions -> lib (absolute)
symlink("../core/Ext", "$d/lib/Ext");            // lib/Ext -> ../core/Ext (relative, "..")
symlink("Ext", "$d/lib/Alias");                  // a chain: Alias -> Ext -> ../core/Ext
symlink("gone", "$d/lib/Dangling");
symlink("Hooks.php", "$d/core/Ext/Current.php"); // a link as the last component
$paths = ["$d/extensions/Ext/extension.json", "$d/extensions/Alias/Hooks.php", "$d/extensions/Ext/Current.php",
    "$d/extensions/Ext/i18n", "$d/extensions/Alias/missing.json", "$d/extensions/Dangling", "$d/extensions",
    "$d/core/Ext/extension.json", "$d/core/Ext/extension.json/x", "$d/nothing/here", "$d/lib/../core/Ext/Hooks.php",
    "$d/extensions/Ext/../Ext/./Hooks.php", "$d//core/Ext//Hooks.php", "$d/extensions/Ext/i18n/"];
$script = "$d/calls.php";
file_put_contents($script, '<?php
require ' . var_export(__DIR__ . '/../include/common.inc', true) . ';
$paths = ' . var_export($paths, true) . ';
// every way PHP resolves an absolute name, each after an empty realpath cache
function calls(array $paths, bool $write, bool $dump): string {
    $out = "";
    foreach ($paths as $i => $p) {
        clearstatcache(true);
        $f = @fopen($p, "r");
        $out .= ($f ? "open" : "fail") . " " . json_encode(realpath($p), JSON_UNESCAPED_SLASHES);
        if ($f) {
            fclose($f);
        }
        if (substr($p, -4) === ".php") {
            $out .= " " . json_encode(@include $p);
        }
        $out .= " " . json_encode(@file_get_contents($p) !== false) . "\n";
        if ($write) {
            $new = (is_dir($p) ? $p : dirname($p)) . "/new$i.txt";
            if (@file_put_contents($new, "x") !== false) {
                $out .= "wrote " . json_encode(realpath($new), JSON_UNESCAPED_SLASHES) . "\n";
                unlink($new);
            }
        }
        if ($dump) {
            $out .= php_cache() . "\n";
        }
    }
    return $out;
}
// PHP\'s realpath cache as realpath_cache_get() shows it (but expiry times)
function php_cache(): string {
    $c = realpath_cache_get();
    ksort($c);
    foreach ($c as $k => &$v) {
        unset($v["expires"]);
    }
    return json_encode($c, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES);
}
if (($argv[1] ?? "") === "quiet") {
    foreach ($paths as $p) {
        is_file($p);                // the stat cache knows them
    }
    calls($paths, false, false);
    $readable = array_values(array_filter($paths, fn($p) => realpath($p) !== false));
    clearstatcache(true);
    sc_quiet_window(fn() => calls($readable, false, false));
    echo count($readable), " names that resolve\n";
    exit;
}
echo calls($paths, true, true);
echo calls(array_reverse($paths), false, true);
');
[$rc, $on, $err] = sc_run(array_merge(sc_php_with_ext(['statcache.enable_cli' => 1]), [$script]));
echo "exit $rc, $err";
[$prc, $plain, $perr] = sc_run(array_merge(sc_php_plain(), [$script]));
echo "PHP's own: exit $prc, $perr";
echo "answers and realpath cache ", $on === $plain ? 'as PHP without the cache' : "differ:\n$on\n---\n$plain", "\n";
echo str_replace($d, 'D', implode("\n", preg_grep('/^(open|fail|wrote) /', explode("\n", $on)))), "\n";
echo substr_count($on, '"realpath"'), " realpath cache entries compared\n";

$log = "$d/strace.log";
[$rc, $out, $err] = sc_run(array_merge(
    ['strace', '-f', '-o', $log, '-e',
     'trace=access,faccessat,faccessat2,stat,lstat,newfstatat,statx,readlink,readlinkat,nanosleep,clock_nanosleep'],
    sc_php_with_ext(['statcache.enable_cli' => 1]), [$script, 'quiet']));
echo "exit $rc, $err$out";
$calls = sc_last_window($log, SC_STAT_FAMILY, fn($l) => str_contains($l, $d))['calls'];
echo "stat-family and readlink syscalls on the tree between the markers: ", count($calls), "\n";
echo implode("\n", array_slice($calls, 0, 10)), $calls ? "\n" : '';
?>
--EXPECTF--
exit 0, PHP's own: exit 0, answers and realpath cache as PHP without the cache
open "D/core/Ext/extension.json" true
wrote "D/core/Ext/new0.txt"
open "D/core/Ext/Hooks.php" "hooks" true
wrote "D/core/Ext/new1.txt"
open "D/core/Ext/Hooks.php" "hooks" true
wrote "D/core/Ext/new2.txt"
open "D/core/Ext/i18n" true
wrote "D/core/Ext/i18n/new3.txt"
fail false false
wrote "D/core/Ext/new4.txt"
fail %s false
wrote "D/lib/new5.txt"
open "D/lib" true
wrote "D/lib/new6.txt"
open "D/core/Ext/extension.json" true
wrote "D/core/Ext/new7.txt"
fail false false
fail false false
open "D/core/Ext/Hooks.php" "hooks" true
wrote "D/core/Ext/new10.txt"
open "D/core/Ext/Hooks.php" "hooks" true
wrote "D/core/Ext/new11.txt"
open "D/core/Ext/Hooks.php" "hooks" true
wrote "D/core/Ext/new12.txt"
open "D/core/Ext/i18n" true
wrote "D/core/Ext/i18n/new13.txt"
open "D/core/Ext/i18n" true
open "D/core/Ext/Hooks.php" "hooks" true
open "D/core/Ext/Hooks.php" "hooks" true
open "D/core/Ext/Hooks.php" "hooks" true
fail false false
fail false false
open "D/core/Ext/extension.json" true
open "D/lib" true
fail %s false
fail false false
open "D/core/Ext/i18n" true
open "D/core/Ext/Hooks.php" "hooks" true
open "D/core/Ext/Hooks.php" "hooks" true
open "D/core/Ext/extension.json" true
%d realpath cache entries compared
exit 0, 10 names that resolve
stat-family and readlink syscalls on the tree between the markers: 0
