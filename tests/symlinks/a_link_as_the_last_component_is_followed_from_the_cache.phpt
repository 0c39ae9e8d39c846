--TEST--
symlinks: stat(), is_file(), file_exists(), is_readable() & co on a path whose last component is a symlink (to a file, a directory, a chain of eight, a relative text with "..", dangling) answer as PHP from the cache with no syscall after the first lookup; loops and longer chains answer as PHP, same warnings
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
$d = sc_tmpdir('links-last');

mkdir("$d/r/a/sub", 0755, true);
file_put_contents("$d/r/a/f.php", '<?php // f');
file_put_contents("$d/r/a/secret", 's');
chmod("$d/r/a/secret", 0);
mkdir("$d/x");
symlink('r/a/f.php', "$d/file");            // to a file, relative
symlink("$d/r/a", "$d/dir");                // to a directory, absolute
symlink('../r/a/sub', "$d/x/up");           // ".." in the text
symlink('dir', "$d/dirlink2");              // to a link to a directory
symlink('r/a/gone.php', "$d/dangling");     // to nothing
exec('ln -s r/a/f.php/x ' . escapeshellarg("$d/notdir")); // through a file: ENOTDIR (PHP's symlink() refuses to make it)
symlink('r/a/secret', "$d/secret");         // to a file with mode 0
symlink('dir/sub', "$d/through");           // text through another link
symlink('r/a/f.php', "$d/c1");              // eight: c8 -> c7 -> ... -> c1 -> file
for ($i = 2; $i <= 8; $i++) {
    symlink($i % 2 ? "$d/c" . ($i - 1) : 'c' . ($i - 1), "$d/c$i");
}
symlink('c8', "$d/c9");                     // nine: more than the cache follows
symlink('loop2', "$d/loop1");               // a loop
symlink('loop1', "$d/loop2");
symlink('r/a/', "$d/slash");                // a text ending in "/"

$hits = ['file', 'dir', 'x/up', 'dirlink2', 'dangling', 'notdir', 'secret', 'through', 'c8', 'dir/sub'];
$php = ['c9', 'loop1', 'slash'];
$script = "$d/lookups.php";
file_put_contents($script, '<?php
require ' . var_export(__DIR__ . '/../include/common.inc', true) . ';
set_error_handler(function ($no, $msg) { echo "  warning: $msg\n"; return true; });
function all(array $paths): string {
    ob_start();
    foreach ($paths as $p) {
        $st = stat($p);
        $f = new SplFileInfo($p);
        echo json_encode([basename($p), file_exists($p), is_file($p), is_dir($p), is_link($p), is_readable($p),
            is_writable($p), is_executable($p), filemtime($p), filesize($p), filetype($p), $st ? $st["ino"] : false,
            $f->isFile(), $f->isDir()]), "\n";
        clearstatcache();
    }
    return ob_get_clean();
}
$d = $argv[1];
$hits = array_map(fn($p) => "$d/$p", ' . var_export($hits, true) . ');
$php = array_map(fn($p) => "$d/$p", ' . var_export($php, true) . ');
$warm = all($hits) . all($php);
// a ZTS PHP drops "." and ".." itself: a link text holding them is its own
$quiet = PHP_ZTS ? array_filter($hits, fn($p) => basename($p) !== "up") : $hits;
// a file this user cannot read (mode 0, not root) can hold no watch of its
// own (inotify asks for read access): PHP answers it, with the same answers
$readable = is_readable("$d/r/a/secret");
$quiet = array_filter($quiet, fn($p) => basename($p) !== "secret" || $readable);
sc_quiet_window(fn() => all($quiet));
$again = all($hits) . all($php);
echo $warm === $again ? "same answers\n" : "answers changed\n$again";
echo $warm;
if (function_exists("statcache_stats")) {
    $s = statcache_stats();
    fwrite(STDERR, "link_hits " . ($s["link_hits"] > 0 ? "> 0" : "= 0") . "\n");
}
');
$log = "$d/strace.log";
[$rc, $out, $err] = sc_run(array_merge(
    ['strace', '-f', '-o', $log, '-e',
     'trace=access,faccessat,faccessat2,stat,lstat,newfstatat,statx,readlink,readlinkat,nanosleep,clock_nanosleep'],
    sc_php_with_ext(['statcache.enable_cli' => 1]), [$script, $d]));
echo "exit $rc, $err";
[$prc, $plain, $perr] = sc_run(array_merge(sc_php_plain(), [$script, $d]));
echo "answers and warnings ", $out === $plain ? 'as PHP without the cache' : "differ:\n$out\n---\n$plain", "\n";
echo $out;

['markers' => $markers, 'calls' => $calls] = sc_last_window($log);
echo "markers: $markers\n";
echo "stat-family and readlink syscalls between the markers: ", count($calls), "\n";
echo implode("\n", array_slice($calls, 0, 20)), $calls ? "\n" : '';
?>
--EXPECTF--
exit 0, link_hits > 0
answers and warnings as PHP without the cache
same answers
["file",true,true,false,true,true,true,false,%d,10,"link",%d,true,false]
["dir",true,false,true,true,true,true,true,%d,%d,"link",%d,false,true]
["up",true,false,true,true,true,true,true,%d,%d,"link",%d,false,true]
["dirlink2",true,false,true,true,true,true,true,%d,%d,"link",%d,false,true]
  warning: stat(): stat failed for %s/dangling
  warning: filemtime(): stat failed for %s/dangling
  warning: filesize(): stat failed for %s/dangling
["dangling",false,false,false,true,false,false,false,false,false,"link",false,false,false]
  warning: stat(): stat failed for %s/notdir
  warning: filemtime(): stat failed for %s/notdir
  warning: filesize(): stat failed for %s/notdir
["notdir",false,false,false,true,false,false,false,false,false,"link",false,false,false]
["secret",true,true,false,true,%s,%s,false,%d,1,"link",%d,true,false]
["through",true,false,true,true,true,true,true,%d,%d,"link",%d,false,true]
["c8",true,true,false,true,true,true,false,%d,10,"link",%d,true,false]
["sub",true,false,true,false,true,true,true,%d,%d,"dir",%d,false,true]
["c9",true,true,false,true,true,true,false,%d,10,"link",%d,true,false]
  warning: stat(): stat failed for %s/loop1
  warning: filemtime(): stat failed for %s/loop1
  warning: filesize(): stat failed for %s/loop1
["loop1",false,false,false,true,false,false,false,false,false,"link",false,false,false]
["slash",true,false,true,true,true,true,true,%d,%d,"link",%d,false,true]
markers: 2
stat-family and readlink syscalls between the markers: 0
