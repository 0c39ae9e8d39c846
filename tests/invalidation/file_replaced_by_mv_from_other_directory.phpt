--TEST--
invalidation: a file replaced by `mv` from another directory (by a child) shows the new inode, size and mtime
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('mv');
mkdir("$d/live");
mkdir("$d/staging");
$f = "$d/live/config.php";
file_put_contents($f, 'old');
touch($f, 1000000000);
file_put_contents("$d/staging/config.php", 'the new, longer config');
touch("$d/staging/config.php", 1500000000);

for ($i = 0; $i < 3; $i++) {
    sc_forget_php_stat();
    $old = [fileinode($f), filesize($f), filemtime($f)];
}
echo "before: size $old[1], mtime $old[2]\n";

exec('mv ' . escapeshellarg("$d/staging/config.php") . ' ' . escapeshellarg($f));
sc_forget_php_stat();
$new = [fileinode($f), filesize($f), filemtime($f)];
echo "after: size $new[1], mtime $new[2]\n";
var_dump($new[0] !== $old[0]);
var_dump(implode(' ', $new) === sc_truth('echo fileinode($argv[1]), " ", filesize($argv[1]), " ", filemtime($argv[1]);', [$f]));
var_dump(file_exists("$d/staging/config.php"), file_get_contents($f));
$st = stat($f);
var_dump($st['ino'] === $new[0], $st['size']);
?>
--EXPECT--
before: size 3, mtime 1000000000
after: size 22, mtime 1500000000
bool(true)
bool(true)
bool(false)
string(22) "the new, longer config"
bool(true)
int(22)
