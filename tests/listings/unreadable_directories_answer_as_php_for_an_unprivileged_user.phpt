--TEST--
listings: as an unprivileged user, directories without read or search permission give PHP's answers and warnings (scandir, opendir, DirectoryIterator exceptions, glob() with and without GLOB_ERR, GLOB_ONLYDIR/GLOB_MARK where entries cannot be stat()ed), before and after chmod
--DESCRIPTION--
Root reads every directory, so the same script runs as uid/gid 65534
(setpriv), once with `php -n` and once with statcache; outputs must be
identical.
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
        die('skip statcache.so is not readable by nobody (a checkout under /root or a mode-0700 home?)');
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
function show(string $what, callable $f): void {
    $errs = [];
    set_error_handler(function ($no, $msg) use (&$errs) { $errs[] = "E$no: $msg"; return true; });
    try {
        $r = json_encode($f(), JSON_UNESCAPED_SLASHES);
    } catch (Throwable $e) {
        $r = get_class($e) . ': ' . $e->getMessage();
    }
    restore_error_handler();
    echo "$what: $r", $errs ? ' | ' . implode(' | ', $errs) : '', "\n";
}
function all(string $d): void {
    foreach (['open', 'noread', 'nosearch', 'none'] as $sub) {
        $p = "$d/$sub";
        show("scandir $sub", fn () => scandir($p));
        show("opendir $sub", function () use ($p) {
            $h = opendir($p);
            if (!$h) { return $h; }
            $r = [];
            while (($e = readdir($h)) !== false) { $r[] = $e; }
            sort($r);
            return $r;
        });
        show("DirectoryIterator $sub", function () use ($p) {
            $r = [];
            foreach (new DirectoryIterator($p) as $f) { $r[] = [$f->getFilename(), $f->isDir()]; }
            sort($r);
            return $r;
        });
        foreach ([0, GLOB_ERR, GLOB_ONLYDIR, GLOB_MARK, GLOB_ONLYDIR | GLOB_MARK | GLOB_ERR, GLOB_NOCHECK] as $fl) {
            show("glob $sub/* $fl", fn () => glob("$p/*", $fl));
            show("glob $sub/known $fl", fn () => glob("$p/known", $fl));
        }
        show("glob */ under $sub", fn () => glob("$p/*/*", GLOB_ERR));
    }
    show("glob all", fn () => glob("$d/*/*"));
    show("glob all GLOB_ERR", fn () => glob("$d/*/*", GLOB_ERR));
}
all($d);
all($d);                                   // again: from the cache where it keeps listings
chmod("$d/noread", 0755);
chmod("$d/open", 0311);
echo "-- after chmod\n";
all($d);
all($d);
PHP;
$base = sc_tmpdir('listings-perm');
chmod($base, 0755);
file_put_contents("$base/script.php", $script);
chmod("$base/script.php", 0644);
$outs = [];
foreach (['php -n' => sc_php_plain(), 'statcache' => sc_php_with_ext(['statcache.enable_cli' => 1])] as $what => $cmd) {
    $d = "$base/" . ($what === 'php -n' ? 'plain' : 'cached');
    mkdir($d);
    foreach (['open' => 0755, 'noread' => 0311, 'nosearch' => 0644, 'none' => 0000] as $sub => $mode) {
        mkdir("$d/$sub");
        mkdir("$d/$sub/dir");
        touch("$d/$sub/known");
        touch("$d/$sub/dir/inner");
        chmod("$d/$sub", $mode);
    }
    exec('chown -R 65534:65534 ' . escapeshellarg($d));
    [$rc, $out, $err] = sc_run(array_merge(['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'],
        $cmd, ["$base/script.php", $d]));
    $outs[$what] = "exit $rc\n" . str_replace($d, 'DIR', $out . $err);
}
echo $outs['php -n'] === $outs['statcache'] ? "identical\n" : "DIFFERENT\n--- php -n\n{$outs['php -n']}\n--- statcache\n{$outs['statcache']}";
// the script ran to its end as nobody, and met the permission errors it is about
echo preg_match('/^exit 0\nscandir open: \[/', $outs['php -n']) ? "ran as nobody\n" : "did not run:\n{$outs['php -n']}\n";
echo str_contains($outs['php -n'], 'scandir noread: false | E2: scandir(DIR/noread): Failed to open directory: Permission denied')
    ? "permission errors were raised\n" : "no permission error (the test proves nothing)\n";
?>
--EXPECT--
identical
ran as nobody
permission errors were raised
