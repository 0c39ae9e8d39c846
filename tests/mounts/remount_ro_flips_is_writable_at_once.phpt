--TEST--
mounts: remount,ro of a tmpfs holding cached files (by a child we wait for): is_writable() on its files and directories turns false at once, and true again after remount,rw
--CONFLICTS--
# prints or compares exact hit and miss counts: another test's events (a slot
# they share) would add a miss
all
--SKIPIF--
<?php
require __DIR__ . '/../include/trust_common.inc';
if ($why = trust_mount_ns_missing()) die("skip $why");
?>
--INI--
statcache.first_look=0
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/trust_common.inc';

function w(array $paths): string
{
    $o = [];
    foreach ($paths as $p) {
        $o[] = basename($p) . '=' . var_export(is_writable($p), true);
    }
    return implode(' ', $o);
}

if (($argv[1] ?? '') === 'inner') {
    $d = $argv[2];
    $t = "$d/t";
    trust_sh('mount -t tmpfs none ' . trust_q($t) . ' && mkdir ' . trust_q("$t/dir")
        . ' && echo abc > ' . trust_q("$t/f") . ' && echo de > ' . trust_q("$t/dir/g"));
    $paths = [$t, "$t/f", "$t/dir", "$t/dir/g"];
    echo "rw:      ", w($paths), "\n";
    $s = trust_stats();
    echo "cached:  ", w($paths), "\n";
    $h = trust_delta($s, trust_stats(), ['hits', 'access_calls']);
    echo "answered from the cache: ", $h['hits'] === 4 && $h['access_calls'] === 0 ? 'yes' : json_encode($h), "\n";

    trust_sh('mount -o remount,ro ' . trust_q($t));
    echo "ro:      ", w($paths), "\n";
    echo "again:   ", w($paths), "\n";
    trust_show('ro', $paths, $d);
    var_dump(@touch("$t/f"));

    trust_sh('mount -o remount,rw ' . trust_q($t));
    echo "rw:      ", w($paths), "\n";
    trust_show('rw', $paths, $d);
    exit(0);
}

$d = sc_tmpdir('mnt-ro');
mkdir("$d/t");
trust_ns_run(__FILE__, ['statcache.test_watcher' => 0, 'statcache.max_staleness_ms' => 0], ['inner', $d]);
?>
--EXPECT--
rw:      t=true f=true dir=true g=true
cached:  t=true f=true dir=true g=true
answered from the cache: yes
ro:      t=false f=false dir=false g=false
again:   t=false f=false dir=false g=false
ro: t=dir r-x, t/f=file r-- 4, t/dir=dir r-x, t/dir/g=file r-- 3
  php -n: same
bool(false)
rw:      t=true f=true dir=true g=true
rw: t=dir rwx, t/f=file rw- 4, t/dir=dir rwx, t/dir/g=file rw- 3
  php -n: same
