--TEST--
trust: inotify_add_watch() failing with ENOSPC half way through an application's tree (a user namespace whose max_inotify_watches is 60; 8 module directories of 12 class files each, every file and directory needing a watch of its own): what was watched before the limit stays cached, the files and directories past it are left to PHP (failed_watches, one log line), and every answer equals a fresh syscall, also after changes by a child we wait for
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
    /* an autoloader's walk: each module's class files, and a missing
     * candidate beside them, module after module */
    $paths = [];
    for ($m = 1; $m <= 8; $m++) {
        for ($c = 1; $c <= 12; $c++) {
            $paths[] = "$d/src/M$m/C$c.php";
        }
        $paths[] = "$d/src/M$m/Missing.php";
    }
    $first = array_slice($paths, 0, 13);
    $last = array_slice($paths, -13);
    trust_show('first', $paths, $d);
    $s = trust_stats();
    trust_records($first);
    $top = trust_delta($s, trust_stats(), ['hits', 'bypassed']);
    $s = trust_stats();
    trust_records($last);
    $deep = trust_delta($s, trust_stats(), ['hits', 'bypassed']);
    echo "first module: ", $top['hits'] > 0 && $top['bypassed'] === 0 ? 'cached' : json_encode($top),
        "; last module: ", $deep['bypassed'] > 0 ? 'left to PHP' : json_encode($deep), "\n";

    /* a child we wait for changes files on both sides of the limit */
    trust_sh('echo changed-class > ' . trust_q("$d/src/M1/C3.php") . ' && rm ' . trust_q("$d/src/M1/C4.php")
        . ' && echo new > ' . trust_q("$d/src/M8/Missing.php") . ' && chmod 600 ' . trust_q("$d/src/M8/C2.php"));
    trust_show('changed', $paths, $d);
    $st = trust_stats();
    echo "enabled: ", var_export($st['enabled'], true), ", failed_watches: ", $st['failed_watches'] > 0 ? 'counted' : 0,
        ", watches: ", $st['watches'] <= 60 ? 'within the limit' : $st['watches'], "\n";
    exit(0);
}

$d = sc_tmpdir('enospc-app');
for ($m = 1; $m <= 8; $m++) {
    mkdir("$d/src/M$m", 0755, true);
    for ($c = 1; $c <= 12; $c++) {
        file_put_contents("$d/src/M$m/C$c.php", "<?php class C$c {}\n");
    }
}
$cmd = array_merge(sc_php_with_ext(['statcache.enable_cli' => 1, 'statcache.test_watcher' => 0,
    'statcache.max_staleness_ms' => 0, 'realpath_cache_size' => 0, 'display_errors' => 1, 'log_errors' => 0]),
    [__FILE__, 'inner', $d]);
[$rc, $out, $err] = sc_run(trust_userns_cmd(['max_inotify_watches' => 60], $cmd));
echo $out, $err, "rc $rc\n";
?>
--EXPECTF--
first: src/M1/C1.php=file rw- 18, %s
  php -n: same
first module: cached; last module: left to PHP
changed: src/M1/C1.php=file rw- 18, %s
  php -n: same
enabled: true, failed_watches: counted, watches: within the limit
statcache: inotify_add_watch() failed with ENOSPC; files and directories past the limit are left to PHP (raise fs.inotify.max_user_watches)
rc 0
