--TEST--
symlinks: retargeting a link in the middle of a chain (from PHP) makes exactly the results that passed through it miss; results through the other links, or not through links, stay hits
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
realpath_cache_size=0
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('links-retarget');
foreach (['r1', 'r2', 'r3'] as $r) {
    mkdir("$d/$r");
}
file_put_contents("$d/r1/g", 'g');
file_put_contents("$d/r2/f", 'two');
file_put_contents("$d/r3/f", 'three');
symlink('r1', "$d/top");
symlink('../r2', "$d/r1/mid");          // top/mid/f: through top, then mid

// (no "." or "..": a ZTS PHP answers those itself, see spellings_through_links_*)
$through_mid = ["$d/top/mid/f", "$d/top/mid/missing", "$d/r1/mid/f"];
$not_through_mid = ["$d/top/g", "$d/top/missing", "$d/r1/g", "$d/r2/f", "$d/r3/f"];
function ask(array $paths): array
{
    $r = [];
    foreach ($paths as $p) {
        $r[] = [file_exists($p), is_readable($p)];
    }
    return $r;
}
function delta(callable $fn): array
{
    $a = statcache_stats();
    $fn();
    $b = statcache_stats();
    return ['misses' => $b['misses'] - $a['misses'], 'hits' => $b['hits'] - $a['hits']];
}
ask($through_mid);
ask($not_through_mid);
echo json_encode(delta(fn () => ask($through_mid) + ask($not_through_mid))), "\n";

// mid now points to r3, swapped as a deploy does
var_dump(symlink('../r3', "$d/r1/mid.tmp"), rename("$d/r1/mid.tmp", "$d/r1/mid"));
echo "not through mid: ", json_encode(delta(fn () => ask($not_through_mid))), "\n";
echo "through mid: ", json_encode(delta(fn () => ask($through_mid))), "\n";
echo "through mid again: ", json_encode(delta(fn () => ask($through_mid))), "\n";
clearstatcache();
var_dump(filesize("$d/top/mid/f"), filesize("$d/r1/mid/f"));
$code = 'foreach (array_slice($argv, 1) as $p) { echo json_encode([file_exists($p), is_readable($p)]); }';
$mine = '';
foreach (array_merge($through_mid, $not_through_mid) as $p) {
    $mine .= json_encode([file_exists($p), is_readable($p)]);
}
echo "as PHP: ", $mine === sc_truth($code, array_merge($through_mid, $not_through_mid)) ? 'yes' : 'no', "\n";
?>
--EXPECT--
{"misses":0,"hits":16}
bool(true)
bool(true)
not through mid: {"misses":0,"hits":10}
through mid: {"misses":3,"hits":3}
through mid again: {"misses":0,"hits":6}
int(5)
int(5)
as PHP: yes
