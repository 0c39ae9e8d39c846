--TEST--
trust: a FUSE file system (bindfs, mounted inside a trusted tmpfs directory in a private mount namespace): its paths are counted untrusted and never hit, the trusted directory around it is cached, and a change made through the underlying directory is seen through FUSE at once
--SKIPIF--
<?php
require __DIR__ . '/../include/trust_common.inc';
if ($why = trust_mount_ns_missing()) die("skip $why");
if (!file_exists('/dev/fuse')) die('skip no /dev/fuse');
exec('command -v bindfs', $o, $rc);
if ($rc !== 0 && sc_euid() === 0) {
    exec('command -v apt-get >/dev/null && timeout 180 apt-get install -y -q bindfs >/dev/null 2>&1; command -v bindfs', $o, $rc);
}
if ($rc !== 0) die('skip bindfs is not installed and apt-get install -y bindfs failed');
?>
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/trust_common.inc';

if (($argv[1] ?? '') === 'inner') {
    $d = $argv[2];
    $t = "$d/t";
    /* a trusted tmpfs; below it the real files (src) and a FUSE view of them */
    trust_sh('mount -t tmpfs -o mode=0755 none ' . trust_q($t) . ' && mkdir ' . trust_q("$t/src/sub") . ' ' . trust_q("$t/fuse")
        . ' -p && echo hello > ' . trust_q("$t/src/f") . ' && echo bee > ' . trust_q("$t/src/sub/b")
        . ' && echo near > ' . trust_q("$t/near"));
    trust_sh('bindfs -o entry_timeout=0,attr_timeout=0,negative_timeout=0 ' . trust_q("$t/src") . ' ' . trust_q("$t/fuse"));
    $fuse = ["$t/fuse", "$t/fuse/f", "$t/fuse/sub", "$t/fuse/sub/b", "$t/fuse/new", "$t/fuse/no/such"];
    $trusted = [$t, "$t/near", "$t/src/f", "$t/src/new"];

    trust_show('fuse', $fuse, $d);
    trust_show('trusted', $trusted, $d);
    $s = trust_stats();
    trust_records($fuse);
    $f = trust_delta($s, trust_stats(), ['hits', 'misses', 'untrusted']);
    echo "fuse again: hits $f[hits], misses $f[misses], untrusted ", $f['untrusted'] >= 60 ? 'counted' : $f['untrusted'], "\n";
    $s = trust_stats();
    trust_records($trusted);
    $f = trust_delta($s, trust_stats(), ['hits', 'untrusted']);
    echo "trusted again: hits ", $f['hits'] >= 40 ? 'yes' : $f['hits'], ", untrusted $f[untrusted]\n";

    /* another process changes the underlying directory and says so through
     * a pipe (no sync point, watcher silenced): FUSE answers are PHP's, at once */
    $p = proc_open(['sh', '-c', 'echo 123456789 > "$0/f" && echo x > "$0/new" && rm "$0/sub/b" && echo done && sleep 1',
        "$t/src"], [1 => ['pipe', 'w']], $pipes);
    echo trim(fgets($pipes[1])), "\n";
    foreach (['f', 'new', 'sub/b'] as $n) {
        trust_forget();
        echo "fuse/$n: ", var_export(file_exists("$t/fuse/$n"), true), ' ', var_export(@filesize("$t/fuse/$n"), true), "\n";
    }
    fclose($pipes[1]);
    proc_close($p);
    trust_show('fuse after', $fuse, $d);
    trust_sh('umount ' . trust_q("$t/fuse"));
    exit(0);
}

$d = sc_tmpdir('fuse');
mkdir("$d/t");
trust_ns_run(__FILE__, ['statcache.test_watcher' => 0, 'statcache.max_staleness_ms' => 0], ['inner', $d]);
?>
--EXPECTF--
fuse: t/fuse=dir rwx, t/fuse/f=file rw- 6, t/fuse/sub=dir rwx, t/fuse/sub/b=file rw- 4, t/fuse/new=missing [6 warnings], t/fuse/no/such=missing [6 warnings]
  php -n: same
trusted: t=dir rwx, t/near=file rw- 5, t/src/f=file rw- 6, t/src/new=missing [6 warnings]
  php -n: same
fuse again: hits 0, misses 0, untrusted counted
trusted again: hits yes, untrusted 0
done
fuse/f: true 10
fuse/new: true 2
fuse/sub/b: false false
fuse after: t/fuse=dir rwx, t/fuse/f=file rw- 10, t/fuse/sub=dir rwx, t/fuse/sub/b=missing [6 warnings], t/fuse/new=file rw- 2, t/fuse/no/such=missing [6 warnings]
  php -n: same
statcache: %s/t/fuse is on a file system that raises no events for other machines' changes (fuse); paths below it are not cached
