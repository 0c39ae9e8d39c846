--TEST--
invalidation: a deploy that swaps the `current` symlink (ln -s + mv -T, by a child) is seen by is_link/lstat/filetype and by paths through current/
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
realpath_cache_size=0
--DESCRIPTION--
PHP's realpath cache (realpath_cache_ttl, 120 s) would keep answering paths
through the old link in a ZTS build (its virtual CWD resolves every path
through it) and for realpath(), with or without statcache; it is turned off
here so that a fresh PHP process is the truth to compare with.
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('deploy');
mkdir("$d/releases/1", 0755, true);
mkdir("$d/releases/2", 0755, true);
file_put_contents("$d/releases/1/index.php", str_repeat('1', 10));
file_put_contents("$d/releases/2/index.php", str_repeat('2', 20));
file_put_contents("$d/releases/2/new.php", 'new');
symlink('releases/1', "$d/current");
$c = "$d/current";

function show(string $c): void
{
    sc_forget_php_stat();
    echo json_encode([is_link($c), filetype($c), readlink($c), lstat($c)['ino'], is_dir($c),
        file_exists("$c/new.php"), filesize("$c/index.php"), is_file("$c/index.php"),
        realpath("$c/index.php"), realpath("$c/new.php")]), "\n";
}
function truth(string $c): void
{
    echo sc_truth('echo json_encode([is_link($c = $argv[1]), filetype($c), readlink($c), lstat($c)["ino"], is_dir($c),
        file_exists("$c/new.php"), filesize("$c/index.php"), is_file("$c/index.php"),
        realpath("$c/index.php"), realpath("$c/new.php")]);', [$c]), "\n";
}
for ($i = 0; $i < 3; $i++) {
    ob_start();
    show($c);
    $mine = ob_get_clean();
}
ob_start(); truth($c); $php = ob_get_clean();
echo "before: ", $mine === $php ? 'as PHP' : "differs:\n$mine$php", "\n";
$ino = lstat($c)['ino'];

exec('cd ' . escapeshellarg($d) . ' && ln -s releases/2 cur.tmp && mv -T cur.tmp current', $out, $rc);
echo "child exit $rc\n";
ob_start(); show($c); $mine = ob_get_clean();
ob_start(); truth($c); $php = ob_get_clean();
echo "after: ", $mine === $php ? 'as PHP' : "differs:\n$mine$php", "\n";
sc_forget_php_stat();
var_dump(readlink($c), lstat($c)['ino'] !== $ino, file_exists("$c/new.php"), filesize("$c/index.php"));
var_dump(basename(dirname(realpath("$c/index.php"))));
?>
--EXPECT--
before: as PHP
child exit 0
after: as PHP
string(10) "releases/2"
bool(true)
bool(true)
int(20)
string(1) "2"
