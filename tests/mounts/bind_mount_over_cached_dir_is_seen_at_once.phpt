--TEST--
mounts: a bind mount (by a child we wait for) over a cached directory: the next lookups answer for the bound directory, and a change made through its other path is seen there too
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
    $m = "$d/m";
    $paths = [$m, "$m/a", "$m/z", "$m/zdir", "$m/zdir/y", "$d/other/z", "$d/other/new", "$m/new"];
    trust_records($paths);                       // fill
    $s = trust_stats();
    trust_show('cached', $paths, $d);
    echo "hits: ", trust_delta($s, trust_stats(), ['hits'])['hits'] >= 40 ? 'yes' : 'no', "\n";

    trust_sh('mount --bind ' . trust_q("$d/other") . ' ' . trust_q($m));
    trust_show('bound', $paths, $d);

    /* through the directory's other path: the same inode, the same watch */
    trust_sh('echo 1234567 > ' . trust_q("$d/other/new") . ' && rm ' . trust_q("$d/other/z"));
    trust_show('changed via other/', $paths, $d);
    trust_show('again', $paths, $d);
    exit(0);
}

$d = sc_tmpdir('mnt-bind');
mkdir("$d/m");
file_put_contents("$d/m/a", 'aaa');
mkdir("$d/other/zdir", 0755, true);
file_put_contents("$d/other/z", 'zzzz');
file_put_contents("$d/other/zdir/y", 'yyyyy');
trust_ns_run(__FILE__, ['statcache.test_watcher' => 0, 'statcache.max_staleness_ms' => 0], ['inner', $d]);
?>
--EXPECT--
cached: m=dir rwx, m/a=file rw- 3, m/z=missing [6 warnings], m/zdir=missing [6 warnings], m/zdir/y=missing [6 warnings], other/z=file rw- 4, other/new=missing [6 warnings], m/new=missing [6 warnings]
  php -n: same
hits: yes
bound: m=dir rwx, m/a=missing [6 warnings], m/z=file rw- 4, m/zdir=dir rwx, m/zdir/y=file rw- 5, other/z=file rw- 4, other/new=missing [6 warnings], m/new=missing [6 warnings]
  php -n: same
changed via other/: m=dir rwx, m/a=missing [6 warnings], m/z=missing [6 warnings], m/zdir=dir rwx, m/zdir/y=file rw- 5, other/z=missing [6 warnings], other/new=file rw- 8, m/new=file rw- 8
  php -n: same
again: m=dir rwx, m/a=missing [6 warnings], m/z=missing [6 warnings], m/zdir=dir rwx, m/zdir/y=file rw- 5, other/z=missing [6 warnings], other/new=file rw- 8, m/new=file rw- 8
  php -n: same
