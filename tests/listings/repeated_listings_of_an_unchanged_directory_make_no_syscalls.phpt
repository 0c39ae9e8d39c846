--TEST--
syscalls: repeated glob() (several flags, wildcards in several components, GLOB_BRACE), scandir(), opendir()/readdir() the SPL iterators and GlobIterator (glob://) of unchanged directories make no getdents64, no openat of the directories and no per-entry stat
--DESCRIPTION--
The tree holds symlinked entries (link-a to a file, link-sub to a
directory): GLOB_MARK and GLOB_ONLYDIR follow them, and link-sub/* is read
through one; both come from the caches too.
The fixture's locked/ (mode 000) is read by root like any directory, so
as root every call counts.  A user who may not read it gets EACCES: such
a directory cannot be watched and is left to PHP each time, so the calls
on the directories this user cannot open (found by a fresh `php -n` as
the same user) are not counted; as root there are none.
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
require __DIR__ . '/../include/listing_common.inc';
$d = sc_tmpdir('listings-strace');
$tree = "$d/tree";
mkdir($tree);
ls_fixture($tree);
// WordPress-style: a lang/ directory per plugin
for ($i = 0; $i < 10; $i++) {
    mkdir("$tree/plugins/p$i/lang", 0755, true);
    file_put_contents("$tree/plugins/p$i/p$i.php", '<?php');
    file_put_contents("$tree/plugins/p$i/lang/p$i-de_DE.mo", 'mo');
}
$script = "$d/listings.php";
file_put_contents($script, '<?php
require ' . var_export(__DIR__ . '/../include/common.inc', true) . ';
$t = ' . var_export($tree, true) . ';
function all(string $t): int {
    $n = count(scandir($t)) + count(scandir("$t/sub", SCANDIR_SORT_NONE));
    foreach ([0, GLOB_MARK, GLOB_ONLYDIR, GLOB_NOSORT, GLOB_ONLYDIR | GLOB_MARK] as $f) {
        $n += count(glob("$t/*", $f)) + count(glob("$t/*/*.php", $f));
    }
    $n += count(glob("$t/{a,b,sub}*", GLOB_BRACE)) + count(glob("$t/plugins/*/lang/*.mo"));
    $h = opendir("$t/sub");
    while (readdir($h) !== false) { $n++; }
    rewinddir($h);
    while (readdir($h) !== false) { $n++; }
    closedir($h);
    foreach (new DirectoryIterator($t) as $f) { $n++; }
    foreach (new FilesystemIterator("$t/lang") as $f) { $n++; }
    foreach (new GlobIterator("$t/plugins/*/lang/*.mo") as $f) { $n++; }
    $n += count(new GlobIterator("$t/*/*.php")) + count(scandir("glob://$t/*"));
    return $n;
}
$warm = all($t);
$again = sc_quiet_window(fn() => all($t) + all($t) + all($t));
$s = statcache_stats();
echo $warm * 3 === $again ? "same counts" : "counts differ: $warm $again", " ", $s["listing_hits"] > 0 ? "listing hits" : "no listing hits", "\n";
');
$log = "$d/strace.log";
[$rc, $out, $err] = sc_run(array_merge(
    ['strace', '-f', '-o', $log, '-e',
     'trace=getdents64,getdents,openat,open,access,faccessat,faccessat2,stat,lstat,newfstatat,statx,readlink,readlinkat,nanosleep,clock_nanosleep'],
    sc_php_with_ext(['statcache.enable_cli' => 1]), [$script]));
echo "exit $rc: $out";
echo $err === '' ? '' : "stderr: $err\n";

/* the tree's directories this user cannot open, as PHP without the cache finds them */
$closed = json_decode(sc_truth('$closed = [];
    $walk = function (string $d) use (&$walk, &$closed) {
        $h = @opendir($d);
        if ($h === false) { $closed[] = $d; return; }
        while (($e = readdir($h)) !== false) {
            if ($e !== "." && $e !== ".." && !is_link("$d/$e") && is_dir("$d/$e")) { $walk("$d/$e"); }
        }
        closedir($h);
    };
    $walk($argv[1]);
    echo json_encode($closed);', [$tree]), true);
$on_closed = function (string $l) use ($closed): bool {
    foreach ($closed as $c) {
        if (strpos($l, '"' . $c . '"') !== false || strpos($l, '"' . $c . '/') !== false) {
            return true;
        }
    }
    return false;
};

['markers' => $markers, 'calls' => $calls] = sc_last_window($log,
    '/^\d+\s+(getdents64|getdents|openat|open|access|faccessat2?|stat|lstat|newfstatat|statx|readlinkat|readlink)\(/',
    fn($l) => !$on_closed($l));
echo "markers: $markers\n";
echo "directory and stat syscalls between the markers: ", count($calls), "\n";
echo implode("\n", array_slice($calls, 0, 20)), $calls ? "\n" : '';
?>
--EXPECT--
exit 0: same counts listing hits
markers: 2
directory and stat syscalls between the markers: 0
