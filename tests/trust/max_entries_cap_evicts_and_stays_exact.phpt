--TEST--
trust: statcache.max_entries=256 with 600 names asked round robin (a set over twice the cap): the table evicts (evictions grows, no flush), keeps hits, and every answer, before and after changes by a child we wait for, equals a fresh syscall
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

$d = sc_tmpdir('entrycap');
$paths = [];
for ($i = 0; $i < 6; $i++) {
    mkdir("$d/d$i");
    for ($j = 0; $j < 100; $j++) {
        // two in three exist; the rest are missing names
        if ($j % 3) {
            file_put_contents("$d/d$i/f$j", str_repeat('x', $j));
        }
        $paths[] = "$d/d$i/f$j";
    }
}
$paths[] = "$d/d0/../d1/f1";      // a spelling: an alias entry pointing at another
$paths[] = "$d/d5/f99/below";     // under a file: ENOTDIR

/* The cache's answers against php -n's, twice over the set: "same" or the
 * first differences. */
function check(string $label, array $paths): void
{
    for ($round = 0; $round < 2; $round++) {
        $mine = trust_records($paths);
    }
    $theirs = trust_truth($paths);
    $diff = [];
    foreach ($paths as $k => $p) {
        if ($mine[$k] !== $theirs[$k]) {
            $diff[] = "$p: cache " . json_encode($mine[$k]) . ' php ' . json_encode($theirs[$k]);
        }
    }
    echo "$label: ", $diff ? "DIFFERENT from php -n\n  " . implode("\n  ", array_slice($diff, 0, 5)) : 'php -n: same', "\n";
}

$s = trust_stats();
check('first', $paths);
check('again', $paths);
$after = trust_stats();
$f = trust_delta($s, $after, ['evictions', 'flushes', 'hits', 'cap_bypassed']);
echo "evictions grew: ", $f['evictions'] > 0 ? 'yes' : 'no', "\n";
echo "misses left to PHP at the cap: ", $f['cap_bypassed'] > 0 ? 'yes' : 'no', "\n";
echo "flushes: $f[flushes]\n";
echo "hits kept: ", $f['hits'] > 0 ? 'yes' : 'no', "\n";
echo "entries at most the cap: ", $after['entries'] <= 256 ? 'yes' : $after['entries'], "\n";

// a child we wait for changes kept, evicted and never kept names alike
$cmd = [];
for ($i = 0; $i < 6; $i++) {
    for ($j = 0; $j < 100; $j += 7) {
        $f = trust_q("$d/d$i/f$j");
        $cmd[] = $j % 3 ? "echo changed-and-longer >> $f" : "echo new > $f";
    }
}
$cmd[] = 'rm ' . trust_q("$d/d1/f1") . ' ' . trust_q("$d/d2/f2");
$cmd[] = 'mv ' . trust_q("$d/d3") . ' ' . trust_q("$d/d3.moved");
trust_sh(implode(' && ', $cmd));
check('changed', $paths);
check('again', $paths);
?>
--EXPECTF--
statcache: statcache.max_entries (256) reached; the least used results are evicted and some misses left to PHP (raise statcache.max_entries if statcache_stats()'s evictions keep growing)
first: php -n: same
again: php -n: same
evictions grew: yes
misses left to PHP at the cap: yes
flushes: 0
hits kept: yes
entries at most the cap: yes
changed: php -n: same
again: php -n: same
