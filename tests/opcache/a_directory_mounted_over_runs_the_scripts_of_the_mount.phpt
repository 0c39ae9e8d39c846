--TEST--
opcache_invalidate: a mount change (a directory bind-mounted over the one that holds a script opcache holds, by a child this process waits for, in a private mount namespace) runs the mounted directory's script at the next include; without the setting opcache keeps the old code
--SKIPIF--
<?php
require __DIR__ . '/opcache.inc';
require __DIR__ . '/../include/trust_common.inc';
if ($r = sc_oc_skip_reason()) die("skip $r");
if ($why = trust_mount_ns_missing()) die("skip $why");
?>
--FILE--
<?php
require __DIR__ . '/opcache.inc';
$d = sc_tmpdir('oc-mount');
$code = <<<'PHP'
<?php
$d = $argv[1] . '/' . ini_get('statcache.opcache_invalidate');
mkdir("$d/app", 0777, true);
mkdir("$d/other");
file_put_contents("$d/app/s.php", '<?php return "app";');
file_put_contents("$d/other/s.php", '<?php return "other";');
echo include "$d/app/s.php", ' ';
exec('mount --bind ' . escapeshellarg("$d/other") . ' ' . escapeshellarg("$d/app"), $o, $rc);
echo $rc === 0 ? '' : "mount failed ", include "$d/app/s.php", ' ', include "$d/app/s.php", "\n";
exec('umount ' . escapeshellarg("$d/app"));
PHP;
foreach (['1', '0'] as $on) {
    file_put_contents("$d/main$on.php", $code);
    [$rc, $out, $err] = sc_run(array_merge(['unshare', '-m', '--propagation', 'private'],
        sc_oc_php(['statcache.opcache_invalidate' => $on, 'realpath_cache_size' => '0']), ["$d/main$on.php", $d]));
    echo "[$on] $out$err";
}
?>
--EXPECT--
[1] app other other
[0] app app app
