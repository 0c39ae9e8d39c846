--TEST--
adversarial: as an ordinary user, "link/.." and "link/." where the link's target is a directory not searchable by that user (modes 0644, 0600, 0000; relative and absolute links) answer as PHP without statcache (the kernel: EACCES), before and after the target is made searchable
--DESCRIPTION--
The kernel resolves "link/.." as the parent of the link's target, and only
with search permission on the target.  The same script runs as nobody
(setpriv) with `php -n` and with statcache; the outputs must be identical.
In ZTS builds PHP's virtual CWD removes the dots lexically before the
kernel sees the path; the same comparison holds there.
--SKIPIF--
<?php
require __DIR__ . '/../include/common.inc';
if (sc_euid() !== 0) {
    die('skip needs root to switch to an unprivileged user');
}
if (trim((string) shell_exec('command -v setpriv 2>/dev/null')) === '') {
    die('skip setpriv not installed');
}
exec('setpriv --reuid=65534 --regid=65534 --clear-groups test -x ' . escapeshellarg(PHP_BINARY), $o, $rc);
if ($rc !== 0) {
    die('skip this PHP binary is not executable by nobody (e.g. the ZTS build under /root)');
}
if (!sc_module_is_builtin()) {
    exec('setpriv --reuid=65534 --regid=65534 --clear-groups test -r ' . escapeshellarg(sc_module_path()), $o, $rc);
    if ($rc !== 0) {
        die('skip statcache.so is not readable by nobody');
    }
}
?>
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$script = <<<'PHP'
<?php
$d = $argv[1];
function forget(): void { stat(__FILE__); lstat(__FILE__); }
function ask(string $p): string {
    $r = [];
    foreach ([1, 2] as $pass) {      /* a miss, then what a cache kept */
        forget(); $r[] = file_exists($p);
        forget(); $r[] = is_dir($p);
        forget(); $r[] = @filesize($p);
        forget(); $r[] = is_readable($p);
        forget(); $r[] = @filetype($p);
    }
    return json_encode($r);
}
function all(string $d): void {
    foreach (['644', '600', '000', '755'] as $m) {
        foreach (["rel$m", "abs$m"] as $l) {
            foreach (['..', '../top', '../sub/top', '.', './in', '../sub/dir' . $m . '/..'] as $tail) {
                echo str_pad("$l/$tail", 28), ask("$d/$l/$tail"), "\n";
            }
        }
    }
}
all($d);
echo "-- after chmod 0755 by their owner\n";
foreach (['644', '600', '000'] as $m) {
    chmod("$d/sub/dir$m", 0755);
}
all($d);
echo "-- and back\n";
foreach (['644', '600', '000'] as $m) {
    chmod("$d/sub/dir$m", octdec($m));
}
all($d);
PHP;
$base = sc_tmpdir('adv-dotdot-link');
file_put_contents("$base/script.php", $script);
chmod("$base/script.php", 0644);
$outs = [];
foreach (['php -n' => sc_php_plain(), 'statcache' => sc_php_with_ext([
    'statcache.enable_cli' => 1, 'statcache.test_watcher' => 0, 'statcache.max_staleness_ms' => 0,
])] as $what => $cmd) {
    $d = "$base/" . ($what === 'php -n' ? 'plain' : 'cached');
    mkdir($d);
    mkdir("$d/sub");
    file_put_contents("$d/top", 'top');
    file_put_contents("$d/sub/top", 'sub/top');
    foreach (['644', '600', '000', '755'] as $m) {
        mkdir("$d/sub/dir$m");
        file_put_contents("$d/sub/dir$m/in", 'in');
        symlink("sub/dir$m", "$d/rel$m");
        symlink("$d/sub/dir$m", "$d/abs$m");
    }
    exec('chown -R -h 65534:65534 ' . escapeshellarg($d));
    foreach (['644', '600', '000'] as $m) {
        chmod("$d/sub/dir$m", octdec($m));
    }
    [$rc, $out, $err] = sc_run(array_merge(['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'],
        $cmd, ["$base/script.php", $d]));
    $outs[$what] = "exit $rc\n" . str_replace($d, 'DIR', $out . $err);
}
echo $outs['php -n'] === $outs['statcache'] ? "identical\n" : "DIFFERENT\n--- php -n\n{$outs['php -n']}\n--- statcache\n{$outs['statcache']}";
echo preg_match('/^exit 0\nrel644\/\.\. /', $outs['php -n']) ? "ran as nobody\n" : "did not run:\n{$outs['php -n']}\n";
?>
--EXPECT--
identical
ran as nobody
