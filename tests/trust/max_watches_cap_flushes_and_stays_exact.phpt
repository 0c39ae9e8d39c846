--TEST--
trust: statcache.max_watches=16 with a tree of 40 nested directories: the files' watches evicted do not bring it under the cap, so it flushes (flushes grows), and every answer, before and after changes by a child we wait for, equals a fresh syscall
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.max_watches=16
statcache.test_watcher=0
statcache.max_staleness_ms=0
realpath_cache_size=0
--FILE--
<?php
require __DIR__ . '/../include/trust_common.inc';

$d = sc_tmpdir('cap');
$dirs = [];
$p = $d;
for ($i = 1; $i <= 40; $i++) {
    $p .= "/d$i";
    $dirs[$i] = $p;
}
exec('mkdir -p ' . trust_q($dirs[40]));
foreach ([5, 10, 20, 30, 40] as $i) {
    exec('echo level' . $i . ' > ' . trust_q($dirs[$i] . '/f'));
}
$paths = [$dirs[1], $dirs[5] . '/f', $dirs[10] . '/f', $dirs[15], $dirs[20] . '/f', $dirs[30] . '/f',
    $dirs[40] . '/f', $dirs[40] . '/missing', $dirs[12] . '/f'];
$s = trust_stats();
trust_show('first', $paths, $d);
trust_show('again', $paths, $d);
$f = trust_delta($s, trust_stats(), ['flushes']);
echo "flushes grew: ", $f['flushes'] > 0 ? 'yes' : 'no', "\n";
echo "watches now: ", trust_stats()['watches'] <= 17 ? 'at most the cap' : trust_stats()['watches'], "\n";

exec('echo longer-now > ' . trust_q($dirs[40] . '/f') . ' && echo new > ' . trust_q($dirs[12] . '/f')
    . ' && rm ' . trust_q($dirs[5] . '/f') . ' && mv ' . trust_q($dirs[30] . '/d31') . ' ' . trust_q($dirs[30] . '/moved'));
trust_show('changed', $paths, $d);
trust_show('again', $paths, $d);
$st = trust_stats();
echo "enabled: ", var_export($st['enabled'], true), ", failed_watches: $st[failed_watches]\n";
?>
--EXPECTF--
statcache: statcache.max_watches (16) reached; files past it are answered without a watch (not kept) and the oldest files' watches evicted now and then (raise statcache.max_watches if statcache_stats()'s watch_cap_bypassed or watch_evictions keep growing)
statcache: statcache.max_watches (16) reached; everything is dropped and watched again (raise statcache.max_watches if this repeats)
first: d1=dir rwx, %s
  php -n: same
again: d1=dir rwx, %s
  php -n: same
flushes grew: yes
watches now: at most the cap
changed: d1=dir rwx, %s
  php -n: same
again: d1=dir rwx, %s
  php -n: same
enabled: true, failed_watches: 0
