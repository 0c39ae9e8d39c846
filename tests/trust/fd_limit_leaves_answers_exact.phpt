--TEST--
trust: a small fd limit (ulimit -n 32) with every fd taken but K at the first lookup, so that inotify_init1(), the two mount-table fds, epoll or the eventfd fail in turn: no crash, the cause is visible, and every answer equals PHP's, also after a mount over a cached directory (by a child we wait for)
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
    $k = (int) $argv[3];
    $m = "$d/m";
    $paths = [$m, "$m/a", "$m/sub", "$m/sub/b", "$m/none"];
    /* nothing was looked up yet (no instance, no watcher): every fd but $k
     * taken (reading /dev/null: no sync point) */
    $held = [];
    while (($f = @fopen('/dev/null', 'r')) !== false) {
        $held[] = $f;
    }
    for ($i = 0; $i < $k && $held; $i++) {
        fclose(array_pop($held));
    }
    $first = [];
    foreach ($paths as $p) {
        $first[] = file_exists($p) ? 'y' : 'n';
        $first[] = is_file($p) ? 'y' : 'n';
    }
    $again = [];
    foreach ($paths as $p) {
        $again[] = file_exists($p) ? 'y' : 'n';
        $again[] = is_file($p) ? 'y' : 'n';
    }
    $held = [];          // released: the comparisons below need pipes
    $st = trust_stats();
    echo "K=$k: ", implode('', $first), ' ', implode('', $again), ', cache ',
        $st['enabled'] ? 'on' : "off ($st[off_reason])", "\n";
    trust_show("K=$k cached", $paths, $d);
    trust_sh('mount -t tmpfs none ' . trust_q($m));
    trust_show("K=$k mounted", $paths, $d);
    exit(0);
}

$d = sc_tmpdir('fdlimit');
mkdir("$d/m/sub", 0755, true);
file_put_contents("$d/m/a", 'aaa');
file_put_contents("$d/m/sub/b", 'bb');
foreach ([0, 1, 2, 3, 4, 5] as $k) {
    $cmd = trust_ns_cmd(__FILE__, ['statcache.test_watcher' => 0, 'statcache.max_staleness_ms' => 0], ['inner', $d, $k]);
    $cmd = array_merge(array_slice($cmd, 0, 4), ['sh', '-c', 'ulimit -n 32 && exec "$@"', 'sh'], array_slice($cmd, 4));
    [$rc, $out, $err] = sc_run($cmd);
    echo $out, $err === '' ? '' : "stderr: $err", $rc ? "exit status $rc\n" : '';
}
?>
--EXPECTF--
K=0: ynyyynyynn ynyyynyynn, cache off (inotify_init1() failed (fs.inotify.max_user_instances, or the open-files limit?))
K=0 cached: m=dir rwx, m/a=file rw- 3, m/sub=dir rwx, m/sub/b=file rw- 2, m/none=missing [6 warnings]
  php -n: same
K=0 mounted: m=dir rwx, m/a=missing [6 warnings], m/sub=missing [6 warnings], m/sub/b=missing [6 warnings], m/none=missing [6 warnings]
  php -n: same
stderr: statcache: inotify_init1() failed: Too many open files; the cache is off in process %d (raise fs.inotify.max_user_instances, or ulimit -n)
K=1: ynyyynyynn ynyyynyynn, cache off (cannot open /proc/self/mountinfo (open-files limit?))
K=1 cached: m=dir rwx, m/a=file rw- 3, m/sub=dir rwx, m/sub/b=file rw- 2, m/none=missing [6 warnings]
  php -n: same
K=1 mounted: m=dir rwx, m/a=missing [6 warnings], m/sub=missing [6 warnings], m/sub/b=missing [6 warnings], m/none=missing [6 warnings]
  php -n: same
stderr: statcache: cannot open /proc/self/mountinfo: Too many open files; the cache is off in process %d
K=2: ynyyynyynn ynyyynyynn, cache on
K=2 cached: m=dir rwx, m/a=file rw- 3, m/sub=dir rwx, m/sub/b=file rw- 2, m/none=missing [6 warnings]
  php -n: same
K=2 mounted: m=dir rwx, m/a=missing [6 warnings], m/sub=missing [6 warnings], m/sub/b=missing [6 warnings], m/none=missing [6 warnings]
  php -n: same
stderr: statcache: no watcher thread (Too many open files); lookups drain the queue themselves every millisecond
K=3: ynyyynyynn ynyyynyynn, cache on
K=3 cached: m=dir rwx, m/a=file rw- 3, m/sub=dir rwx, m/sub/b=file rw- 2, m/none=missing [6 warnings]
  php -n: same
K=3 mounted: m=dir rwx, m/a=missing [6 warnings], m/sub=missing [6 warnings], m/sub/b=missing [6 warnings], m/none=missing [6 warnings]
  php -n: same
stderr: statcache: no watcher thread (Too many open files); lookups drain the queue themselves every millisecond
K=4: ynyyynyynn ynyyynyynn, cache on
K=4 cached: m=dir rwx, m/a=file rw- 3, m/sub=dir rwx, m/sub/b=file rw- 2, m/none=missing [6 warnings]
  php -n: same
K=4 mounted: m=dir rwx, m/a=missing [6 warnings], m/sub=missing [6 warnings], m/sub/b=missing [6 warnings], m/none=missing [6 warnings]
  php -n: same
stderr: statcache: no watcher thread (Too many open files); lookups drain the queue themselves every millisecond
K=5: ynyyynyynn ynyyynyynn, cache on
K=5 cached: m=dir rwx, m/a=file rw- 3, m/sub=dir rwx, m/sub/b=file rw- 2, m/none=missing [6 warnings]
  php -n: same
K=5 mounted: m=dir rwx, m/a=missing [6 warnings], m/sub=missing [6 warnings], m/sub/b=missing [6 warnings], m/none=missing [6 warnings]
  php -n: same
