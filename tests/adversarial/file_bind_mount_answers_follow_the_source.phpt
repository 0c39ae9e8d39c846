--TEST--
adversarial: a file bind-mounted onto another path (mount --bind src/a.txt dst/b.txt, as docker run -v file:file does): every answer for the mount point follows the source, after writes to the source, writes through the mount point and unrelated writes, and a mount made later over a cached file is seen at once; the mount points are counted
--SKIPIF--
<?php
require __DIR__ . '/../include/trust_common.inc';
if ($why = trust_mount_ns_missing()) die("skip $why");
?>
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/trust_common.inc';

if (($argv[1] ?? '') === 'inner') {
    $d = $argv[2];
    $a = "$d/src/a.txt";
    $b = "$d/dst/b.txt";
    $c = "$d/dst/c.txt";
    $paths = [$a, $b, $c, "$d/dst/other", "$d/dst"];
    trust_sh('mount --bind ' . trust_q($a) . ' ' . trust_q($b));
    trust_show('mounted', $paths, $d);
    trust_show('again', $paths, $d);
    $s = trust_stats();
    trust_records([$b]);
    $m = trust_delta($s, trust_stats(), ['mount_points', 'hits']);
    echo "b: mount_points ", $m['mount_points'] > 0 ? 'counted' : 'not counted', ", hits $m[hits]\n";

    trust_sh('echo appended >> ' . trust_q($a));
    trust_show('source appended', $paths, $d);
    trust_sh('echo through-b >> ' . trust_q($b));
    trust_show('written through b', $paths, $d);
    trust_sh('chmod 600 ' . trust_q($a));
    trust_show('source chmod', $paths, $d);
    trust_sh('echo x > ' . trust_q("$d/dst/other"));
    trust_show('unrelated write', $paths, $d);

    /* a mount over a file cached before it */
    trust_sh('mount --bind ' . trust_q($a) . ' ' . trust_q($c));
    trust_show('c mounted later', $paths, $d);
    trust_sh('echo more >> ' . trust_q($a));
    trust_show('source appended again', $paths, $d);
    trust_sh('umount ' . trust_q($b) . ' && umount ' . trust_q($c));
    trust_show('unmounted', $paths, $d);
    trust_sh('echo 12 > ' . trust_q($b));
    trust_show('b written unmounted', $paths, $d);
    exit(0);
}

$d = sc_tmpdir('filebind');
mkdir("$d/src");
mkdir("$d/dst");
file_put_contents("$d/src/a.txt", 'source');
file_put_contents("$d/dst/b.txt", 'the mount point itself');
file_put_contents("$d/dst/c.txt", 'cee');
trust_ns_run(__FILE__, ['statcache.test_watcher' => 0, 'statcache.max_staleness_ms' => 0], ['inner', $d]);
?>
--EXPECT--
mounted: src/a.txt=file rw- 6, dst/b.txt=file rw- 6, dst/c.txt=file rw- 3, dst/other=missing [6 warnings], dst=dir rwx
  php -n: same
again: src/a.txt=file rw- 6, dst/b.txt=file rw- 6, dst/c.txt=file rw- 3, dst/other=missing [6 warnings], dst=dir rwx
  php -n: same
b: mount_points counted, hits 0
source appended: src/a.txt=file rw- 15, dst/b.txt=file rw- 15, dst/c.txt=file rw- 3, dst/other=missing [6 warnings], dst=dir rwx
  php -n: same
written through b: src/a.txt=file rw- 25, dst/b.txt=file rw- 25, dst/c.txt=file rw- 3, dst/other=missing [6 warnings], dst=dir rwx
  php -n: same
source chmod: src/a.txt=file rw- 25, dst/b.txt=file rw- 25, dst/c.txt=file rw- 3, dst/other=missing [6 warnings], dst=dir rwx
  php -n: same
unrelated write: src/a.txt=file rw- 25, dst/b.txt=file rw- 25, dst/c.txt=file rw- 3, dst/other=file rw- 2, dst=dir rwx
  php -n: same
c mounted later: src/a.txt=file rw- 25, dst/b.txt=file rw- 25, dst/c.txt=file rw- 25, dst/other=file rw- 2, dst=dir rwx
  php -n: same
source appended again: src/a.txt=file rw- 30, dst/b.txt=file rw- 30, dst/c.txt=file rw- 30, dst/other=file rw- 2, dst=dir rwx
  php -n: same
unmounted: src/a.txt=file rw- 30, dst/b.txt=file rw- 22, dst/c.txt=file rw- 3, dst/other=file rw- 2, dst=dir rwx
  php -n: same
b written unmounted: src/a.txt=file rw- 30, dst/b.txt=file rw- 3, dst/c.txt=file rw- 3, dst/other=file rw- 2, dst=dir rwx
  php -n: same
