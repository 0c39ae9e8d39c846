--TEST--
trust: statcache.max_watches=32 with 300 files in 6 directories: files past the cap are answered without a watch (watch_cap_bypassed grows), files' own watches are evicted now and then, oldest first (watch_evictions grows, no flush, directories keep theirs), and every answer, after a child we wait for changes each file through a hard link no lookup goes through, equals a fresh syscall
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.max_watches=32
statcache.test_watcher=0
statcache.max_staleness_ms=0
realpath_cache_size=0
--FILE--
<?php
require __DIR__ . '/../include/trust_common.inc';

$d = sc_tmpdir('watchcap');
mkdir("$d/links");
$paths = [];
for ($i = 0; $i < 6; $i++) {
    mkdir("$d/d$i");
    for ($j = 0; $j < 50; $j++) {
        file_put_contents("$d/d$i/f$j", str_repeat('x', $j));
        link("$d/d$i/f$j", "$d/links/d$i-f$j");
        $paths[] = "$d/d$i/f$j";
    }
}
$paths[] = "$d/d0/missing";

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
$f = trust_delta($s, $after, ['watch_evictions', 'watch_cap_bypassed', 'flushes']);
echo "files answered without a watch: ", $f['watch_cap_bypassed'] > 0 ? 'yes' : 'no', "\n";
echo "watch_evictions grew: ", $f['watch_evictions'] > 0 ? 'yes' : 'no', "\n";
echo "flushes: $f[flushes]\n";
echo "watches at most the cap: ", $after['watches'] <= 33 ? 'yes' : $after['watches'], "\n";

// every file grows, through its name in links/ (never looked up)
trust_sh('cd ' . trust_q("$d/links") . ' && for f in *; do echo more >> "$f"; done');
check('changed through links', $paths);
trust_sh('cd ' . trust_q("$d/links") . ' && chmod 600 d1-* && touch -d 2001-01-01 d2-*');
check('chmod and touch through links', $paths);
echo "flushes: ", trust_delta($s, trust_stats(), ['flushes'])['flushes'], "\n";
?>
--EXPECTF--
statcache: statcache.max_watches (32) reached; files past it are answered without a watch (not kept) and the oldest files' watches evicted now and then (raise statcache.max_watches if statcache_stats()'s watch_cap_bypassed or watch_evictions keep growing)
first: php -n: same
again: php -n: same
files answered without a watch: yes
watch_evictions grew: yes
flushes: 0
watches at most the cap: yes
changed through links: php -n: same
chmod and touch through links: php -n: same
flushes: 0
