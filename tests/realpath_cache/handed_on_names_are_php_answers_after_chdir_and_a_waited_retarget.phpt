--TEST--
realpath cache: includes, require_once, opens and realpath() of names through a symlinked directory give what PHP gives (__FILE__, get_included_files(), the file read): before and after a waited-for child retargets the link, with PHP's realpath cache kept (its old entry still answers, as in PHP) and emptied (the new target); relative opens follow chdir(); PHP's realpath cache ends as PHP's
--DESCRIPTION--
The resolver and the opener hand on the name the replay resolved, which
is the entry PHP's own call would take from its realpath cache: while
that cache keeps the old link target, PHP answers with it, and so must
statcache, even though the stat cache already knows the new target.
Compared with `php -n` on the same tree, keys included.
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$script = <<<'PHP'
<?php
$d = $argv[1];
function calls(string $d, string $when): void {
    $r = include "$d/lnk/g.php";
    $o = require_once "$d/lnk/once.php";
    $f = fopen("$d/lnk/f.txt", 'r');
    echo "$when: include $r, require_once ", json_encode($o, JSON_UNESCAPED_SLASHES), ", read ", fgets($f),
        ", realpath ", realpath("$d/lnk/f.txt"), ", file ", file_get_contents("$d/lnk/f.txt"), "\n";
    fclose($f);
}
file_exists("$d/a");                        /* the stat cache is started (an include never starts it) */
calls($d, 'first');
$p = proc_open([PHP_BINARY, '-n', '-r', 'unlink($argv[1]); symlink("b", $argv[1]);', "$d/lnk"], [], $pipes);
proc_close($p);                             /* waited for: a sync point */
calls($d, 'retargeted, realpath cache kept');
clearstatcache(true);
calls($d, 'realpath cache emptied');
chdir("$d/a");
$a = file_get_contents('f.txt');
chdir("$d/b");
echo "relative after chdir: $a, ", file_get_contents('f.txt'), ", ", fgets(fopen('./f.txt', 'r')), "\n";
echo json_encode(array_slice(get_included_files(), 1), JSON_UNESCAPED_SLASHES), "\n";
$rc = realpath_cache_get();
ksort($rc);
foreach ($rc as $k => &$b) {
    unset($b['expires']);
}
echo json_encode($rc, JSON_UNESCAPED_SLASHES), "\n";
PHP;
$base = sc_tmpdir('rp-handoff-chdir');
file_put_contents("$base/script.php", $script);
$d = "$base/d";
$outs = [];
foreach (['php -n' => sc_php_plain(), 'statcache' => sc_php_with_ext(['statcache.enable_cli' => 1])] as $what => $cmd) {
    if (is_dir($d)) {
        sc_rmtree($d);
    }
    foreach (['a', 'b'] as $x) {
        mkdir("$d/$x", 0755, true);
        file_put_contents("$d/$x/f.txt", $x);
        file_put_contents("$d/$x/g.php", '<?php return __FILE__;');
        file_put_contents("$d/$x/once.php", '<?php return __FILE__;');
    }
    symlink('a', "$d/lnk");
    [$rc, $out, $err] = sc_run(array_merge($cmd, ["$base/script.php", $d]));
    $outs[$what] = "exit $rc\n" . str_replace($d, 'DIR', $out . $err);
}
echo $outs['php -n'] === $outs['statcache'] ? "as PHP without statcache\n"
    : "DIFFERENT\n--- php -n\n{$outs['php -n']}--- statcache\n{$outs['statcache']}";
echo implode("\n", array_slice(explode("\n", $outs['php -n']), 0, 6)), "\n";
?>
--EXPECT--
as PHP without statcache
exit 0
first: include DIR/a/g.php, require_once "DIR/a/once.php", read a, realpath DIR/a/f.txt, file a
retargeted, realpath cache kept: include DIR/a/g.php, require_once true, read a, realpath DIR/a/f.txt, file a
realpath cache emptied: include DIR/b/g.php, require_once "DIR/b/once.php", read b, realpath DIR/b/f.txt, file b
relative after chdir: a, b, b
["DIR/a/g.php","DIR/a/once.php","DIR/b/g.php","DIR/b/once.php"]
