--TEST--
adversarial: a hard link made, written through and removed (or moved out of every watched directory) by a child we wait for, all before the next drain: the linked file's own watch drops its cached answers, and the name that came and went costs the other files nothing (nor does an atomic write: a new name renamed over another in the same directory)
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
require __DIR__ . '/../include/trust_common.inc';

$d = sc_tmpdir('translink');
mkdir("$d/w");
mkdir("$d/w2");
mkdir("$d/out");              // never looked at: not watched
file_put_contents("$d/w/f", 'a');
file_put_contents("$d/w/k", 'kk');
file_put_contents("$d/w2/h", 'hhh');
file_put_contents("$d/w/conf", 'old');
$paths = ["$d/w/f", "$d/w/k", "$d/w2/h", "$d/w/conf", "$d/w/missing"];
trust_show('cached', $paths, $d);

/* made and gone within one child: when the drain reads the events, the
 * name is gone, and link() raised nothing in f's directory; f's own watch
 * saw the link, the write and the unlink */
$kh = [$paths[1], $paths[2]];
trust_records($paths);
$s = trust_stats();
trust_sh('cd ' . trust_q("$d/w") . ' && ln f g && echo xy >> g && rm g');
trust_records($kh);
$l = trust_delta($s, trust_stats(), ['hits', 'misses', 'flushes']);
echo "k and h after it: hits ", $l['hits'] > 0 ? 'yes' : 'no', ", misses $l[misses], flushes $l[flushes]\n";
trust_show('link written and removed', $paths, $d);

trust_sh('cd ' . trust_q("$d/w") . ' && ln f g && echo zz >> g && mv g ' . trust_q("$d/out/g"));
trust_show('link written and moved out', $paths, $d);

/* a link into another watched directory, removed there */
trust_sh('ln ' . trust_q("$d/w2/h") . ' ' . trust_q("$d/w/hl") . ' && echo more >> ' . trust_q("$d/w/hl") . ' && rm ' . trust_q("$d/w/hl"));
trust_show('link from another directory', $paths, $d);

/* an atomic write in w: the new name is renamed over conf in the same
 * drain, which checks conf; nothing else is dropped */
trust_records($paths);
$s = trust_stats();
trust_records($kh);
$cached = trust_delta($s, trust_stats(), ['hits', 'misses']);
trust_sh('cd ' . trust_q("$d/w") . ' && echo new-conf > conf.tmp && mv conf.tmp conf');
$s = trust_stats();
trust_records($kh);
$h = trust_delta($s, trust_stats(), ['hits', 'misses']);
echo "k and h, cached: hits ", $cached['hits'] > 0 ? 'yes' : 'no', ", misses $cached[misses]; after an atomic write: ",
    $h === $cached ? 'the same' : json_encode($h), "\n";
trust_show('atomic write', $paths, $d);
?>
--EXPECT--
cached: w/f=file rw- 1, w/k=file rw- 2, w2/h=file rw- 3, w/conf=file rw- 3, w/missing=missing [6 warnings]
  php -n: same
k and h after it: hits yes, misses 0, flushes 0
link written and removed: w/f=file rw- 4, w/k=file rw- 2, w2/h=file rw- 3, w/conf=file rw- 3, w/missing=missing [6 warnings]
  php -n: same
link written and moved out: w/f=file rw- 7, w/k=file rw- 2, w2/h=file rw- 3, w/conf=file rw- 3, w/missing=missing [6 warnings]
  php -n: same
link from another directory: w/f=file rw- 7, w/k=file rw- 2, w2/h=file rw- 8, w/conf=file rw- 3, w/missing=missing [6 warnings]
  php -n: same
k and h, cached: hits yes, misses 0; after an atomic write: the same
atomic write: w/f=file rw- 7, w/k=file rw- 2, w2/h=file rw- 8, w/conf=file rw- 9, w/missing=missing [6 warnings]
  php -n: same
