--TEST--
trust: at statcache.max_entries, is_file() and filemtime() of names the full table leaves to PHP are looked up once: PHP's own call that follows (php_stat() through the plain-files wrapper's url_stat) takes its syscall without a second lookup, so hits + misses + bypassed grow by one a call, and every answer equals php -n's
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.max_entries=256
statcache.test_watcher=0
statcache.max_staleness_ms=0
realpath_cache_size=0
--FILE--
<?php
require __DIR__ . '/../include/trust_common.inc';

$d = sc_tmpdir('entrycaponce');
$old = $new = [];
for ($i = 0; $i < 4; $i++) {
    mkdir("$d/d$i");
    for ($j = 0; $j < 100; $j++) {
        file_put_contents("$d/d$i/f$j", str_repeat('x', $j));
        if ($i < 3) {
            $old[] = "$d/d$i/f$j";
        } else {
            $new[] = "$d/d$i/f$j";
        }
    }
}
// fill the table past its cap: from here on most new names are left to PHP
for ($round = 0; $round < 2; $round++) {
    foreach ($old as $p) {
        is_file($p);
    }
}
$s = trust_stats();
$mine = [];
foreach ($new as $k => $p) {
    $mine[] = $k % 2 ? is_file($p) : filemtime($p);
}
$f = trust_delta($s, trust_stats(), ['hits', 'misses', 'bypassed', 'cap_bypassed']);
echo "left to PHP at the cap: ", $f['cap_bypassed'] > count($new) / 2 ? 'most' : $f['cap_bypassed'], "\n";
echo "lookups counted: ", $f['hits'] + $f['misses'] + $f['bypassed'], " for ", count($new), " calls\n";

$truth = trust_truth($new);
$diff = 0;
foreach ($new as $k => $p) {
    $want = $k % 2 ? $truth[$k]['is_file'] : $truth[$k]['mtime'];
    $diff += $mine[$k] !== $want;
}
echo "answers different from php -n: $diff\n";
?>
--EXPECTF--
statcache: statcache.max_entries (256) reached; the least used results are evicted and some misses left to PHP (raise statcache.max_entries if statcache_stats()'s evictions keep growing)
left to PHP at the cap: most
lookups counted: 100 for 100 calls
answers different from php -n: 0
