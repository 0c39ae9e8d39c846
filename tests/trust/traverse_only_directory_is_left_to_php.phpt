--TEST--
trust: a directory the PHP user can traverse but not read (mode 0711, owned by another user; the lookups run as nobody): it cannot be watched (EACCES), everything below is answered by PHP (bypassed, failed_watches), answers equal PHP's, and a change below it is seen at once with no sync point
--CONFLICTS--
# prints or compares exact hit and miss counts: another test's events (a slot
# they share) would add a miss
all
--SKIPIF--
<?php
require __DIR__ . '/../include/trust_common.inc';
if (sc_euid() !== 0) die('skip needs root to run the lookups as nobody');
exec('command -v setpriv', $o, $rc);
if ($rc !== 0) die('skip setpriv (util-linux) is not installed');
exec('setpriv --reuid=65534 --regid=65534 --clear-groups test -x ' . escapeshellarg(PHP_BINARY), $o, $rc);
if ($rc !== 0) die('skip this PHP binary is not executable by nobody (e.g. the ZTS build under /root)');
exec('setpriv --reuid=65534 --regid=65534 --clear-groups test -r ' . escapeshellarg(__FILE__), $o, $rc);
if ($rc !== 0) die('skip this test is not readable by nobody (a checkout under /root or a mode-0700 home?)');
if (!sc_module_is_builtin()) {
    exec('setpriv --reuid=65534 --regid=65534 --clear-groups test -r ' . escapeshellarg(sc_module_path()), $o, $rc);
    if ($rc !== 0) die('skip statcache.so is not readable by nobody (a checkout under /root or a mode-0700 home?)');
}
?>
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/trust_common.inc';

if (($argv[1] ?? '') === 'inner') {
    $d = $argv[2];
    $p = "$d/priv";
    $paths = [$d, "$d/open", $p, "$p/f", "$p/secret", "$p/sub", "$p/sub/g", "$p/sub2", "$p/sub2/h", "$p/missing", "$p/later"];
    echo "uid: ", trim(shell_exec('id -u')), "\n";
    trust_show('first', $paths, $d);
    $below = array_slice($paths, 3);
    $s = trust_stats();
    trust_records($below);
    $f = trust_delta($s, trust_stats(), ['hits', 'misses', 'bypassed']);
    echo "below priv again: hits $f[hits], misses $f[misses], bypassed ", $f['bypassed'] > 50 ? 'counted' : $f['bypassed'], "\n";
    $s = trust_stats();
    trust_records([$d, "$d/open"]);
    echo "above priv again: hits ", trust_delta($s, trust_stats(), ['hits'])['hits'] > 0 ? 'yes' : 'no', "\n";
    $st = trust_stats();
    echo "failed_watches: ", $st['failed_watches'] > 0 ? 'counted' : 0, "\n";
    /* root changes files below priv; we only read a line from it (no sync point) */
    echo "ready\n";
    fgets(STDIN);
    foreach (["$p/f", "$p/later", "$p/sub/g"] as $x) {
        trust_forget();
        echo basename($x), ': ', var_export(file_exists($x), true), ' ', var_export(@filesize($x), true), "\n";
    }
    trust_show('changed', $paths, $d);
    exit(0);
}

$d = sc_tmpdir('traverse');
mkdir("$d/priv/sub", 0755, true);
mkdir("$d/priv/sub2", 0700);
file_put_contents("$d/open", 'open');
file_put_contents("$d/priv/f", 'ffff');
file_put_contents("$d/priv/secret", 'secret');
file_put_contents("$d/priv/sub/g", 'gg');
file_put_contents("$d/priv/sub2/h", 'h');
chmod("$d/priv/secret", 0600);
exec('chown -R 12345:12345 ' . trust_q("$d/priv") . ' && chmod 0711 ' . trust_q("$d/priv"));
$cmd = array_merge(['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'],
    sc_php_with_ext(['statcache.enable_cli' => 1, 'statcache.test_watcher' => 0, 'statcache.max_staleness_ms' => 0,
        'realpath_cache_size' => 0, 'display_errors' => 1, 'log_errors' => 0]), [__FILE__, 'inner', $d]);
$proc = proc_open($cmd, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
while (($line = fgets($pipes[1])) !== false && $line !== "ready\n") {
    echo $line;
}
file_put_contents("$d/priv/f", 'f is longer now');
file_put_contents("$d/priv/later", 'later');
unlink("$d/priv/sub/g");
fwrite($pipes[0], "go\n");
echo stream_get_contents($pipes[1]), stream_get_contents($pipes[2]);
echo "exit ", proc_close($proc), "\n";
?>
--EXPECT--
uid: 65534
first: .=dir r-x, open=file r-- 4, priv=dir --x, priv/f=file r-- 4, priv/secret=file --- 6, priv/sub=dir r-x, priv/sub/g=file r-- 2, priv/sub2=dir ---, priv/sub2/h=missing [6 warnings], priv/missing=missing [6 warnings], priv/later=missing [6 warnings]
  php -n: same
below priv again: hits 0, misses 0, bypassed counted
above priv again: hits yes
failed_watches: counted
f: true 15
later: true 5
g: false false
changed: .=dir r-x, open=file r-- 4, priv=dir --x, priv/f=file r-- 15, priv/secret=file --- 6, priv/sub=dir r-x, priv/sub/g=missing [6 warnings], priv/sub2=dir ---, priv/sub2/h=missing [6 warnings], priv/missing=missing [6 warnings], priv/later=file r-- 5
  php -n: same
exit 0
