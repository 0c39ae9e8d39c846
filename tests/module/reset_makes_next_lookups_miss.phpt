--TEST--
module: statcache_reset() returns null and drops every result: the next lookups are misses, then hits again
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.first_look=0
--FILE--
<?php
// a directory before a file below it: resolving the file fills its parent too
$paths = [__DIR__, __FILE__, __DIR__ . '/no-such-file.php', '/no-such-dir/x/y.php'];
function pass(array $paths): array
{
    $a = statcache_stats();
    foreach ($paths as $p) {
        file_exists($p);
    }
    $b = statcache_stats();
    return ['misses' => $b['misses'] - $a['misses'], 'hits' => $b['hits'] - $a['hits']];
}
echo json_encode(pass($paths)), "\n";
echo json_encode(pass($paths)), "\n";
var_dump(statcache_reset());
echo json_encode(pass($paths)), "\n";
echo json_encode(pass($paths)), "\n";
var_dump(file_exists(__FILE__), file_exists('/no-such-dir/x/y.php'));
?>
--EXPECT--
{"misses":4,"hits":0}
{"misses":0,"hits":4}
NULL
{"misses":4,"hits":0}
{"misses":0,"hits":4}
bool(true)
bool(false)
