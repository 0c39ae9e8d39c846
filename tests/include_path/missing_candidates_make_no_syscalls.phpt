--TEST--
include_path: resolving through five directories that lack the files (include, stream_resolve_include_path(), require_once, file_get_contents() and fopen() with the include path) makes no syscall for those candidates once they are cached (strace), where PHP makes one lstat each (1500 in the traced window)
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
require __DIR__ . '/../include/include_path_common.inc';
$d = sc_tmpdir('ip-strace');
$dirs = [];
for ($i = 0; $i < 5; $i++) {
    mkdir($dirs[] = "$d/e$i");
}
mkdir($dirs[] = "$d/lib/Pkg", 0755, true);
$names = [];
for ($j = 0; $j < 20; $j++) {
    file_put_contents("$d/lib/Pkg/C$j.php", "<?php return $j;");
    $names[] = "Pkg/C$j.php";
}
$script = "$d/run.php";
file_put_contents($script, '<?php
set_include_path(' . var_export(implode(':', array_slice($dirs, 0, 5)) . ":$d/lib", true) . ');
$names = ' . var_export($names, true) . ';
function all(array $names): int {
    $n = 0;
    foreach ($names as $name) {
        $n += (include $name) + (int) (bool) stream_resolve_include_path($name)
            + (int) (file_get_contents($name, true) !== false) + (int) (bool) fopen($name, "r", true);
        require_once $name;
    }
    return $n;
}
$warm = all($names);
usleep(1111);                      // begin marker
$again = all($names) + all($names) + all($names);
usleep(2222);                      // end marker
echo $warm, " ", $again, "\n";
');
foreach (['without the cache' => sc_php_plain(), 'with the cache' => sc_php_with_ext(['statcache.enable_cli' => 1])] as $label => $php) {
    $log = "$d/strace.log";
    [$rc, $out, $err] = sc_run(array_merge(
        ['strace', '-f', '-o', $log, '-e',
         'trace=access,faccessat,faccessat2,stat,lstat,newfstatat,statx,readlink,readlinkat,open,openat,nanosleep,clock_nanosleep'],
        $php, [$script]));
    echo "$label: exit $rc: $out", $err === '' ? '' : "stderr: $err\n";
    $in = false;
    $markers = 0;
    $calls = 0;
    foreach (file($log, FILE_IGNORE_NEW_LINES) as $l) {
        if (preg_match('/nanosleep\(.*tv_nsec=(1111|2222)000\b/', $l, $m)) {
            $markers++;
            $in = $m[1] === '1111';
            continue;
        }
        if ($in && preg_match('~^\d+\s+\w+\(.*"' . preg_quote($d, '~') . '/e\d/~', $l)) {
            $calls++;
        }
    }
    echo "  markers: $markers, syscalls naming a missing candidate between them: $calls\n";
}
?>
--EXPECT--
without the cache: exit 0: 250 750
  markers: 2, syscalls naming a missing candidate between them: 1500
with the cache: exit 0: 250 750
  markers: 2, syscalls naming a missing candidate between them: 0
