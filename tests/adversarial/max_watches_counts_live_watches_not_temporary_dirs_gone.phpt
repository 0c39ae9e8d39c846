--TEST--
adversarial: statcache.max_watches counts live watches: 300 temporary directories made, looked into and removed one after the other (as a per-request temp dir is) with at most 5 alive cause no flush, the watch count (directories and the files cached in them) stays near the live ones, and every answer equals a fresh syscall
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.max_watches=48
statcache.test_watcher=0
statcache.max_staleness_ms=0
realpath_cache_size=0
--FILE--
<?php
require __DIR__ . '/../include/trust_common.inc';

$d = sc_tmpdir('livewatches');
mkdir("$d/keep");
file_put_contents("$d/keep/f", 'kept');
$paths = [$d, "$d/keep", "$d/keep/f", "$d/keep/missing"];
trust_show('first', $paths, $d);
$s = trust_stats();
$wrong = 0;
$most = 0;
for ($i = 0; $i < 300; $i++) {
    $t = "$d/tmp$i";
    mkdir($t);
    file_put_contents("$t/f", str_repeat('t', $i % 7));
    trust_forget();
    /* a lookup inside: the directory is watched */
    if (!is_file("$t/f") || filesize("$t/f") !== $i % 7 || file_exists("$t/nope")) {
        $wrong++;
    }
    $most = max($most, trust_stats()['watches']);
    /* the one made five rounds ago goes: at most five alive at once */
    if ($i >= 5) {
        $old = "$d/tmp" . ($i - 5);
        unlink("$old/f");
        rmdir($old);
        trust_forget();
        if (file_exists("$old/f") || is_dir($old)) {
            $wrong++;
        }
    }
}
$f = trust_delta($s, trust_stats(), ['flushes']);
echo "wrong answers: $wrong\n";
echo "flushes: $f[flushes]\n";
/* live at the peak: "/" and each ancestor of $d, $d itself, keep and
 * keep/f, and six temporary directories and their files (the newest made
 * before the oldest goes) */
$bound = substr_count($d, '/') + 1 + 2 + 6 * 2;
echo "most watches at once: ", $most <= $bound ? 'no more than the live directories and files' : "$most, more than the $bound live ones", "\n";
if ($bound >= 48) {
    echo "the tree is too deep for this test's max_watches\n";
}
trust_show('again', $paths, $d);
?>
--EXPECT--
first: .=dir rwx, keep=dir rwx, keep/f=file rw- 4, keep/missing=missing [6 warnings]
  php -n: same
wrong answers: 0
flushes: 0
most watches at once: no more than the live directories and files
again: .=dir rwx, keep=dir rwx, keep/f=file rw- 4, keep/missing=missing [6 warnings]
  php -n: same
