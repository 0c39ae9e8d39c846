--TEST--
adversarial: with open_basedir set at run time (PHP's realpath cache on), the first call on a name through a dangling or retargeted link ("dl/", "dl/.", "dl/..", "dl/x", opendir, scandir, DirectoryIterator, the stat family) gives PHP's first answer and warning, not the one PHP gives when its realpath cache already holds the link
--DESCRIPTION--
PHP's open_basedir check expands the name (CWD_FILEPATH), which writes the
links it passes into PHP's realpath cache, a dangling one as "not a
directory"; a later check of "dl/" or "dl/.." then fails on that entry
("open_basedir restriction in effect") where the first said "No such file
or directory".  statcache's quiet check must not run before a call PHP
makes anyway, and realpath() (which checks nothing before its walk) must
not run one at all.  Each case runs in a fresh process with `php -n` and
with statcache: the answers, the warnings and realpath_cache_get()
(expiry left out) must be identical.
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$script = <<<'PHP'
<?php
[, $d, $case] = $argv;
ini_set('open_basedir', $d);
set_error_handler(function ($no, $m) { echo "  W: $m\n"; return true; });
file_exists("$d/f");                       /* the stat cache is started */
$ops = [
    'opendir' => function ($p) { $h = opendir($p); return $h !== false; },
    'scandir' => fn ($p) => scandir($p),
    'dir_iter' => function ($p) { try { new DirectoryIterator($p); return true; } catch (Throwable $e) { return get_class($e) . ': ' . $e->getMessage(); } },
    'is_dir' => fn ($p) => is_dir($p),
    'file_exists' => fn ($p) => file_exists($p),
    'filesize' => fn ($p) => filesize($p),
    'is_readable' => fn ($p) => is_readable($p),
    'realpath' => fn ($p) => realpath($p),
    'stat' => fn ($p) => stat($p) !== false,
];
[$first, $op, $name] = explode(':', $case);
if ($first !== '') {
    [$fop, $fname] = explode('=', $first);
    echo "$fop $fname: ", json_encode($ops[$fop]("$d/$fname"), JSON_UNESCAPED_SLASHES), "\n";
}
foreach ([1, 2] as $i) {
    stat("$d/f"); lstat("$d/f");           /* PHP's one-entry stat cache elsewhere */
    echo "$op $name #$i: ", json_encode($ops[$op]("$d/$name"), JSON_UNESCAPED_SLASHES), "\n";
}
$rc = realpath_cache_get();
ksort($rc);
foreach ($rc as $k => &$b) {
    unset($b['expires'], $b['key']);
}
echo json_encode($rc, JSON_UNESCAPED_SLASHES), "\n";
PHP;
$base = sc_tmpdir('adv-basedir-first');
file_put_contents("$base/script.php", $script);
$d = "$base/d";
mkdir($d);
mkdir("$d/sub");
touch("$d/f");
symlink('missing', "$d/dl");
symlink('dl', "$d/ldl");
symlink('f', "$d/fl");
symlink('sub', "$d/dirl");
symlink('missing', "$d/sub/dl");
$cases = [
    'realpath=dl:opendir:dl/', 'realpath=dl:scandir:dl/', 'realpath=dl:dir_iter:dl/', 'realpath=ldl:opendir:ldl/',
    'realpath=dirl/dl:opendir:dirl/dl/', 'realpath=dl:is_dir:dl/..', 'realpath=dl:filesize:dl/x',
    ':opendir:dl/', ':scandir:dl/.', ':dir_iter:dl/', ':opendir:dirl/dl/',
    ':is_dir:dl/..', ':is_dir:dl/.', ':file_exists:ldl/..', ':filesize:dl/..', ':is_readable:dl/.',
    ':filesize:dl/x', ':filesize:f/x', ':is_dir:fl/..', ':stat:dirl/dl/..', ':realpath:dl/..',
    'file_exists=dl:opendir:dl/', 'is_file=dl:realpath:dl',
];
$same = 0;
foreach ($cases as $case) {
    $case = str_replace('is_file=', 'stat=', $case);
    $outs = [];
    foreach (['php -n' => sc_php_plain(), 'statcache' => sc_php_with_ext(['statcache.enable_cli' => 1])] as $what => $cmd) {
        [$rc, $out, $err] = sc_run(array_merge($cmd, ["$base/script.php", $d, $case]));
        $outs[$what] = "exit $rc\n" . str_replace($d, 'DIR', $out . $err);
    }
    if ($outs['php -n'] === $outs['statcache']) {
        $same++;
    } else {
        echo "DIFFERENT: $case\n--- php -n\n{$outs['php -n']}--- statcache\n{$outs['statcache']}";
    }
}
echo "$same of ", count($cases), " cases identical\n";
/* the cases are about what they say: PHP's first and second calls differ */
[, $out] = sc_run(array_merge(sc_php_plain(), ["$base/script.php", $d, ':opendir:dl/']));
echo preg_match('~#1:   W: opendir\(\S+\): Failed to open directory: No such file or directory\n.*#2:   W: opendir\(\): open_basedir restriction in effect~s', $out)
    ? "php -n: first ENOENT, then the open_basedir warning\n" : "php -n said: $out";
?>
--EXPECT--
23 of 23 cases identical
php -n: first ENOENT, then the open_basedir warning
