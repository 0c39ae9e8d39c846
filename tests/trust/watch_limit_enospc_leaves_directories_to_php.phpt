--TEST--
trust: inotify_add_watch() failing with ENOSPC (a user namespace whose max_inotify_watches is 12, a tree of 40 nested directories): directories past the limit are left to PHP (failed_watches, one log line), those above stay cached, and every answer equals a fresh syscall, also after changes by a child we wait for
--SKIPIF--
<?php
require __DIR__ . '/../include/trust_common.inc';
if ($why = trust_userns_missing()) die("skip $why");
?>
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/trust_common.inc';

if (($argv[1] ?? '') === 'inner') {
    $d = $argv[2];
    $dirs = [];
    $p = $d;
    for ($i = 1; $i <= 40; $i++) {
        $p .= "/d$i";
        $dirs[$i] = $p;
    }
    $paths = [$dirs[1], $dirs[2] . '/f', $dirs[5] . '/f', $dirs[20] . '/f', $dirs[40] . '/f', $dirs[40] . '/missing'];
    trust_show('first', $paths, $d);
    $s = trust_stats();
    trust_records([$dirs[1], $dirs[2] . '/f']);
    $top = trust_delta($s, trust_stats(), ['hits', 'bypassed']);
    $s = trust_stats();
    trust_records([$dirs[20] . '/f', $dirs[40] . '/f']);
    $deep = trust_delta($s, trust_stats(), ['hits', 'bypassed']);
    echo "near the top: ", $top['hits'] > 0 ? 'hits' : 'no hits', "; deep: ", $deep['hits'] === 0 && $deep['bypassed'] > 0 ? 'left to PHP' : json_encode($deep), "\n";

    trust_sh('echo longer-now > ' . trust_q($dirs[40] . '/f') . ' && echo new > ' . trust_q($dirs[40] . '/missing')
        . ' && rm ' . trust_q($dirs[2] . '/f') . ' && echo 22 > ' . trust_q($dirs[20] . '/f'));
    trust_show('changed', $paths, $d);
    $st = trust_stats();
    echo "enabled: ", var_export($st['enabled'], true), ", failed_watches: ", $st['failed_watches'] > 0 ? 'counted' : 0, "\n";
    exit(0);
}

$d = sc_tmpdir('enospc');
$p = $d;
for ($i = 1; $i <= 40; $i++) {
    $p .= "/d$i";
}
mkdir($p, 0755, true);
$p = $d;
for ($i = 1; $i <= 40; $i++) {
    $p .= "/d$i";
    file_put_contents("$p/f", "level $i");
}
$cmd = array_merge(sc_php_with_ext(['statcache.enable_cli' => 1, 'statcache.test_watcher' => 0,
    'statcache.max_staleness_ms' => 0, 'realpath_cache_size' => 0, 'display_errors' => 1, 'log_errors' => 0]),
    [__FILE__, 'inner', $d]);
[$rc, $out, $err] = sc_run(trust_userns_cmd(['max_inotify_watches' => 12], $cmd));
echo $out, $err, "rc $rc\n";
?>
--EXPECTF--
first: d1=dir rwx, d1/d2/f=file rw- 7, d1/d2/d3/d4/d5/f=file rw- 7, %s
  php -n: same
near the top: hits; deep: left to PHP
changed: d1=dir rwx, d1/d2/f=missing [6 warnings], %s
  php -n: same
enabled: true, failed_watches: counted
statcache: inotify_add_watch() failed with ENOSPC; files and directories past the limit are left to PHP (raise fs.inotify.max_user_watches)
rc 0
