--TEST--
adversarial: a file of a FUSE mount (bindfs) bind-mounted onto a file of a trusted directory: its answers are PHP's, also right after another process changes the file underneath (no sync point, watcher silenced), while the directory around it stays cached
--SKIPIF--
<?php
require __DIR__ . '/../include/trust_common.inc';
if ($why = trust_mount_ns_missing()) die("skip $why");
if (!file_exists('/dev/fuse')) die('skip no /dev/fuse');
exec('command -v bindfs', $o, $rc);
if ($rc !== 0) die('skip bindfs is not installed');
?>
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/trust_common.inc';

if (($argv[1] ?? '') === 'inner') {
    $d = $argv[2];
    trust_sh('bindfs -o entry_timeout=0,attr_timeout=0,negative_timeout=0 ' . trust_q("$d/src") . ' ' . trust_q("$d/fuse"));
    trust_sh('mount --bind ' . trust_q("$d/fuse/f") . ' ' . trust_q("$d/app/conf.php"));
    $paths = ["$d/app/conf.php", "$d/app/near", "$d/app"];
    trust_show('mounted', $paths, $d);
    $s = trust_stats();
    trust_records($paths);
    $m = trust_delta($s, trust_stats(), ['hits']);
    echo "near and app hit: ", $m['hits'] >= 20 ? 'yes' : $m['hits'], "\n";

    /* another process changes the FUSE file's source and says so through a
     * pipe (no sync point; FUSE raises no event for it either) */
    $p = proc_open(['sh', '-c', 'echo 123456789 > "$0/f" && echo done && read x', "$d/src"],
        [0 => ['pipe', 'r'], 1 => ['pipe', 'w']], $pipes);
    echo trim(fgets($pipes[1])), "\n";
    trust_forget();
    echo "conf.php: ", var_export(@filesize("$d/app/conf.php"), true), "\n";
    fclose($pipes[0]);
    fclose($pipes[1]);
    proc_close($p);
    trust_show('after', $paths, $d);
    trust_sh('umount ' . trust_q("$d/app/conf.php") . ' && umount ' . trust_q("$d/fuse"));
    exit(0);
}

$d = sc_tmpdir('fusefile');
mkdir("$d/src");
mkdir("$d/fuse");
mkdir("$d/app");
file_put_contents("$d/src/f", 'fuse');
file_put_contents("$d/app/conf.php", 'plain');
file_put_contents("$d/app/near", 'near');
trust_ns_run(__FILE__, ['statcache.test_watcher' => 0, 'statcache.max_staleness_ms' => 0], ['inner', $d]);
?>
--EXPECT--
mounted: app/conf.php=file rw- 4, app/near=file rw- 4, app=dir rwx
  php -n: same
near and app hit: yes
done
conf.php: 10
after: app/conf.php=file rw- 10, app/near=file rw- 4, app=dir rwx
  php -n: same
