--TEST--
symlinks: realpath() of canonical spellings (through directory symlinks, a symlink as the last component, a chain, dangling, missing, a file) answers as PHP after clearstatcache(true) empties PHP's realpath cache; its failures (missing names, also through links, and ENOTDIR) make no stat-family or readlink syscall, its successes stay PHP's walk (which fills PHP's realpath cache)
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
$d = sc_tmpdir('links-realpath');
mkdir("$d/core/Ext/i18n", 0755, true);
file_put_contents("$d/core/Ext/extension.json", '{}');
mkdir("$d/lib");
symlink("$d/lib", "$d/extensions");             // extensions -> lib (absolute)
symlink("../core/Ext", "$d/lib/Ext");            // lib/Ext -> ../core/Ext (relative, "..")
symlink("Ext", "$d/lib/Alias");                  // a chain: Alias -> Ext -> ../core/Ext
symlink("gone", "$d/lib/Dangling");
$paths = ["$d/extensions/Ext", "$d/extensions/Ext/extension.json", "$d/extensions/Ext/i18n",
    "$d/extensions/Alias", "$d/extensions/Alias/missing.json", "$d/extensions/Dangling", "$d/extensions",
    "$d/core/Ext/extension.json", "$d/core/Ext/extension.json/x", "$d/nothing/here"];
$script = "$d/lookups.php";
file_put_contents($script, '<?php
require ' . var_export(__DIR__ . '/../include/common.inc', true) . ';
$paths = ' . var_export($paths, true) . ';
function all(array $paths): string {
    $out = "";
    foreach ($paths as $p) {
        clearstatcache(true);              // empties PHP\'s realpath cache too
        $out .= json_encode(realpath($p), JSON_UNESCAPED_SLASHES) . "\n";
    }
    return $out;
}
$warm = all($paths);
$failing = array_values(array_filter($paths, fn($p) => realpath($p) === false && !is_link($p)));
clearstatcache(true);
all($failing);
sc_quiet_window(fn() => all($failing) . all($failing));
$again = all($paths) . all($paths);
echo $warm . $warm === $again ? "same answers\n" : "answers changed\n";
echo count($failing), " failing spellings in the traced window\n";
echo $warm;
');
$log = "$d/strace.log";
[$rc, $out, $err] = sc_run(array_merge(
    ['strace', '-f', '-o', $log, '-e',
     'trace=access,faccessat,faccessat2,stat,lstat,newfstatat,statx,readlink,readlinkat,getcwd,nanosleep,clock_nanosleep'],
    sc_php_with_ext(['statcache.enable_cli' => 1]), [$script]));
echo "exit $rc, $err";
[$prc, $plain, $perr] = sc_run(array_merge(sc_php_plain(), [$script]));
echo "answers ", $out === $plain ? 'as PHP without the cache' : "differ:\n$out\n---\n$plain", "\n";
echo str_replace($d, 'D', $out);
$calls = sc_last_window($log)['calls'];
echo "syscalls between the markers: ", count($calls), "\n";
echo implode("\n", array_slice($calls, 0, 10)), $calls ? "\n" : '';
?>
--EXPECTF--
exit 0, answers as PHP without the cache
same answers
3 failing spellings in the traced window
"D/core/Ext"
"D/core/Ext/extension.json"
"D/core/Ext/i18n"
"D/core/Ext"
false
false
"D/lib"
"D/core/Ext/extension.json"
false
false
syscalls between the markers: 0
