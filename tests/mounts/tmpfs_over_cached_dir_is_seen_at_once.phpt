--TEST--
mounts: a tmpfs mounted (by a child we wait for) over a watched directory whose contents were cached: the next lookups answer for the new, empty mount, as a fresh syscall does
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
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/trust_common.inc';

if (($argv[1] ?? '') === 'inner') {
    /* In a private mount namespace, watcher silenced: only the exec() waits
     * (sync points) drain, and only the mount table says what changed. */
    $d = $argv[2];
    $m = "$d/m";
    $paths = [$m, "$m/a", "$m/sub", "$m/sub/b", "$m/new", "$d/beside"];
    trust_show('before', $paths, $d);
    $s = trust_stats();
    $mine = trust_records($paths);
    $t = trust_delta($s, trust_stats(), ['hits', 'misses']);
    echo "second look: hits ", $t['hits'] >= 20 ? 'yes' : "no ($t[hits])", ", misses $t[misses]\n";

    trust_sh('mount -t tmpfs -o mode=0750 none ' . trust_q($m));
    trust_show('mounted', $paths, $d);

    trust_sh('echo 12345 > ' . trust_q("$m/new") . ' && mkdir ' . trust_q("$m/sub"));
    trust_show('written inside the mount', $paths, $d);
    $st = trust_stats();
    echo "enabled: ", var_export($st['enabled'], true), ", untrusted: $st[untrusted]\n";
    exit(0);
}

$d = sc_tmpdir('mnt-tmpfs');
mkdir("$d/m/sub", 0755, true);
file_put_contents("$d/m/a", 'aaa');
file_put_contents("$d/m/sub/b", 'bb');
file_put_contents("$d/beside", 'x');
trust_ns_run(__FILE__, ['statcache.test_watcher' => 0, 'statcache.max_staleness_ms' => 0], ['inner', $d]);
echo "after the namespace ended: ", file_exists("$d/m/a") ? 'a is back' : 'a is gone', "\n";
?>
--EXPECT--
before: m=dir rwx, m/a=file rw- 3, m/sub=dir rwx, m/sub/b=file rw- 2, m/new=missing [6 warnings], beside=file rw- 1
  php -n: same
second look: hits yes, misses 0
mounted: m=dir rwx, m/a=missing [6 warnings], m/sub=missing [6 warnings], m/sub/b=missing [6 warnings], m/new=missing [6 warnings], beside=file rw- 1
  php -n: same
written inside the mount: m=dir rwx, m/a=missing [6 warnings], m/sub=dir rwx, m/sub/b=missing [6 warnings], m/new=file rw- 6, beside=file rw- 1
  php -n: same
enabled: true, untrusted: 0
after the namespace ended: a is back
