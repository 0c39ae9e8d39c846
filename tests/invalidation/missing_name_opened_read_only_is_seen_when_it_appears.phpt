--TEST--
invalidation: a missing name whose read-only opens fail from the cache opens once it appears: written by PHP (at once), by a waited-for child (at once), by an unrelated process (within the watcher's delay); also through a four-entry include_path, and a "nodir/../" probe once nodir is made
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.test_watcher=1
statcache.max_staleness_ms=0
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('open-appears');
foreach (['a', 'b', 'c', 'd'] as $e) {
    mkdir("$d/inc/$e", 0755, true);
}
$f = "$d/late.txt";
var_dump(file_exists($f));                 // starts the cache
$failures = fn() => statcache_stats()['open_failures'];

// answered from the cache while missing (each step: the failure, then
// whether the cache gave it)
function fails_from_cache(callable $open, callable $failures): string {
    $before = $failures();
    $r = @$open();
    return var_export($r, true) . ($failures() > $before ? ' (from the cache)' : ' (by PHP)');
}
$read = fn() => file_get_contents($f);
echo fails_from_cache($read, $failures), "\n";
echo fails_from_cache(fn() => fopen($f, 'rb'), $failures), "\n";

// this process writes it: a sync point
file_put_contents($f, 'one');
var_dump(file_get_contents($f));
unlink($f);
echo fails_from_cache($read, $failures), "\n";

// a child writes it and is waited for
exec('printf two > ' . escapeshellarg($f));
var_dump(file_get_contents($f));
unlink($f);
echo fails_from_cache($read, $failures), "\n";

// an unrelated process, not waited for until the end: no sync point
$p = proc_open(['sh', '-c', 'printf three > "$0" && echo done', $f], [1 => ['pipe', 'w']], $pipes);
echo trim(fgets($pipes[1])), "\n";
$deadline = microtime(true) + 2.0;
while (($r = @file_get_contents($f)) === false && microtime(true) < $deadline) {
    usleep(1000);
}
var_dump($r);
fclose($pipes[1]);
proc_close($p);

// through the include path: in none of the four entries, then in the second
set_include_path("$d/inc/a:$d/inc/b:$d/inc/c:$d/inc/d");
echo fails_from_cache(fn() => fopen('K.php', 'r', true), $failures), "\n";
echo fails_from_cache(fn() => fopen('K.php', 'r', true), $failures), "\n";
file_put_contents("$d/inc/b/K.php", '<?php return "in b";');
$h = fopen('K.php', 'r', true);
echo str_replace($d, 'D', stream_get_meta_data($h)['uri']), "\n";
fclose($h);
var_dump(include 'K.php');

// "nodir/../late.txt": the kernel fails at nodir until it is made
var_dump(file_exists("$d/nodir/../late.txt"), is_file("$d/nodir/../late.txt"));
mkdir("$d/nodir");
var_dump(file_exists("$d/nodir/../late.txt"), is_file("$d/nodir/../late.txt"));
?>
--EXPECT--
bool(false)
false (from the cache)
false (from the cache)
string(3) "one"
false (from the cache)
string(3) "two"
false (from the cache)
done
string(5) "three"
false (from the cache)
false (from the cache)
D/inc/b/K.php
string(4) "in b"
bool(false)
bool(false)
bool(true)
bool(true)
