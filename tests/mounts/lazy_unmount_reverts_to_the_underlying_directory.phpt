--TEST--
mounts: umount -l of a tmpfs whose contents were cached (by a child we wait for): the next lookups answer for the directory underneath again
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
    $paths = [$m, "$m/under", "$m/over", "$m/overdir", "$m/overdir/x"];
    /* the underneath, cached first (its watches stay while it is covered) */
    trust_show('underneath', $paths, $d);
    trust_sh('mount -t tmpfs none ' . trust_q($m) . ' && chmod 755 ' . trust_q($m) . ' && mkdir '
        . trust_q("$m/overdir") . ' && echo 123 > ' . trust_q("$m/over") . ' && echo 1 > ' . trust_q("$m/overdir/x"));
    trust_show('mounted', $paths, $d);
    $s = trust_stats();
    trust_records($paths);
    echo "cached: ", trust_delta($s, trust_stats(), ['hits'])['hits'] >= 40 ? 'yes' : 'no', "\n";

    /* a process keeps a directory of the mount open: the lazy unmount
     * detaches it from the tree while the file system lives on */
    $keep = proc_open(['sh', '-c', 'cd "$0" && echo in && read x', "$m/overdir"],
        [0 => ['pipe', 'r'], 1 => ['pipe', 'w']], $pipes);
    echo trim(fgets($pipes[1])), "\n";
    trust_sh('umount -l ' . trust_q($m));
    trust_show('unmounted', $paths, $d);
    trust_show('again', $paths, $d);
    fclose($pipes[0]);
    fclose($pipes[1]);
    proc_close($keep);
    trust_show('holder gone', $paths, $d);
    exit(0);
}

$d = sc_tmpdir('mnt-lazy');
mkdir("$d/m");
file_put_contents("$d/m/under", 'underneath');
trust_ns_run(__FILE__, ['statcache.test_watcher' => 0, 'statcache.max_staleness_ms' => 0], ['inner', $d]);
?>
--EXPECT--
underneath: m=dir rwx, m/under=file rw- 10, m/over=missing [6 warnings], m/overdir=missing [6 warnings], m/overdir/x=missing [6 warnings]
  php -n: same
mounted: m=dir rwx, m/under=missing [6 warnings], m/over=file rw- 4, m/overdir=dir rwx, m/overdir/x=file rw- 2
  php -n: same
cached: yes
in
unmounted: m=dir rwx, m/under=file rw- 10, m/over=missing [6 warnings], m/overdir=missing [6 warnings], m/overdir/x=missing [6 warnings]
  php -n: same
again: m=dir rwx, m/under=file rw- 10, m/over=missing [6 warnings], m/overdir=missing [6 warnings], m/overdir/x=missing [6 warnings]
  php -n: same
holder gone: m=dir rwx, m/under=file rw- 10, m/over=missing [6 warnings], m/overdir=missing [6 warnings], m/overdir/x=missing [6 warnings]
  php -n: same
