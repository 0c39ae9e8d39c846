--TEST--
symlinks: paths through one, two and eight levels of directory symlinks (relative and absolute targets) answer as PHP and make no stat-family syscall after the first lookup
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
$d = sc_tmpdir('links-levels');

mkdir("$d/r/a/sub", 0755, true);
file_put_contents("$d/r/a/f.php", '<?php // f');
file_put_contents("$d/r/a/sub/g.php", '<?php // g, longer');
mkdir("$d/x");
symlink('r', "$d/one");                 // one level, relative
symlink("$d/r/a", "$d/abs");            // one level, absolute
symlink('../one', "$d/x/two");          // two levels: x/two -> ../one -> r
symlink('sub', "$d/r/a/s");             // a second link further down the path
symlink('r', "$d/c1");                  // eight levels: c8 -> c7 -> ... -> c1 -> r
for ($i = 2; $i <= 8; $i++) {
    symlink($i % 2 ? "$d/c" . ($i - 1) : 'c' . ($i - 1), "$d/c$i");
}
$paths = [];
// no "." or "..": a ZTS PHP drops them lexically, even after a link, so
// such spellings are its own to answer there (spellings_through_links_*)
foreach (['one/a', 'abs', 'x/two/a', 'c8/a', 'x/two/a/s', 'c7/a/s' /* 7 + s = 8 */] as $via) {
    foreach (['f.php', 'g.php', 'sub/g.php', 'missing.php', 'none/x.php', 'sub'] as $leaf) {
        $paths[] = "$d/$via/$leaf";
    }
}
$script = "$d/lookups.php";
file_put_contents($script, '<?php
require ' . var_export(__DIR__ . '/../include/common.inc', true) . ';
$paths = ' . var_export($paths, true) . ';
function all(array $paths): string {
    $out = "";
    foreach ($paths as $p) {
        $st = @stat($p);
        $lst = @lstat($p);
        $out .= json_encode([file_exists($p), is_file($p), is_dir($p), is_link($p), is_readable($p),
            @filemtime($p), @filesize($p), $st ? $st["ino"] : false, $lst ? $lst["mode"] : false,
            is_link($p) ? readlink($p) : null]) . "\n";
    }
    return $out;
}
$warm = all($paths);
$again = sc_quiet_window(fn() => all($paths) . all($paths) . all($paths));
echo $warm === substr($again, 0, strlen($warm)) ? "same answers\n" : "answers changed\n";
echo $warm;
if (function_exists("statcache_stats")) {
    $s = statcache_stats();
    fwrite(STDERR, "link_hits " . ($s["link_hits"] > 0 ? "> 0" : "= 0") . ", bypassed " . $s["bypassed"] . "\n");
}
');
$log = "$d/strace.log";
[$rc, $out, $err] = sc_run(array_merge(
    ['strace', '-f', '-o', $log, '-e',
     'trace=access,faccessat,faccessat2,stat,lstat,newfstatat,statx,readlink,readlinkat,nanosleep,clock_nanosleep'],
    sc_php_with_ext(['statcache.enable_cli' => 1]), [$script]));
echo "exit $rc, $err";
[$prc, $php, $perr] = sc_run(array_merge(sc_php_plain(), [$script]));
echo "answers ", $out === $php ? 'as PHP without the cache' : "differ:\n$out\n---\n$php", "\n";
echo count($paths), " paths\n";

['markers' => $markers, 'calls' => $calls] = sc_last_window($log);
echo "markers: $markers\n";
echo "stat-family and readlink syscalls between the markers: ", count($calls), "\n";
echo implode("\n", array_slice($calls, 0, 20)), $calls ? "\n" : '';
?>
--EXPECT--
exit 0, link_hits > 0, bypassed 0
answers as PHP without the cache
36 paths
markers: 2
stat-family and readlink syscalls between the markers: 0
