--TEST--
realpath cache: with open_basedir set at run time (PHP's realpath cache on), opens, includes and realpath() through a link inside the allowed tree (to a file inside, to a file outside) answer and warn as PHP without statcache (an open names the path as spelled), and leave PHP's realpath cache as PHP leaves it
--DESCRIPTION--
Under open_basedir PHP's opener checks the name as it was spelled before
it expands it, and its warning quotes that spelling: a resolved name
handed on to the opener would be checked and quoted instead.  So no
result is handed on while open_basedir is in force.  Each case runs in a
fresh process, once with `php -n` and once with statcache, on the same
tree; output and realpath_cache_get() (expiry left out) must be
identical.
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$script = <<<'PHP'
<?php
[, $d, $case] = $argv;
set_error_handler(function ($no, $m) { echo "  W: $m\n"; return true; });
file_exists("$d/in/f.txt");                /* the stat cache is started */
ini_set('open_basedir', "$d/in");
$out = [];
foreach (['in-link/f', 'out-link/f', 'f'] as $name) {
    $p = "$d/in/$name";
    switch ($case) {
        case 'fopen':    $f = fopen("$p.txt", 'r'); $out[] = $f ? fgets($f) : false; break;
        case 'fopen-w':  $out[] = file_put_contents("$p.new", 'x'); break;
        case 'fgc':      $out[] = file_get_contents("$p.txt"); break;
        case 'include':  $out[] = include "$p.php"; break;
        case 'include_once': $out[] = include_once "$p.php"; break;
        case 'realpath': $out[] = realpath("$p.txt"); break;
    }
}
$rc = realpath_cache_get();
ksort($rc);
foreach ($rc as $k => &$b) {
    unset($b['expires']);
}
echo $case, ': ', json_encode($out, JSON_UNESCAPED_SLASHES), "\n", json_encode($rc, JSON_UNESCAPED_SLASHES), "\n";
PHP;
$base = sc_tmpdir('rp-handoff-basedir');
file_put_contents("$base/script.php", $script);
$d = "$base/d";
$cases = ['fopen', 'fopen-w', 'fgc', 'include', 'include_once', 'realpath'];
$same = 0;
$warned = 0;
foreach ($cases as $case) {
    $outs = [];
    foreach (['php -n' => sc_php_plain(), 'statcache' => sc_php_with_ext(['statcache.enable_cli' => 1])] as $what => $cmd) {
        if (is_dir($d)) {
            sc_rmtree($d);
        }
        mkdir("$d/in/sub", 0755, true);
        mkdir("$d/out");
        foreach (["$d/in", "$d/in/sub", "$d/out"] as $dir) {
            file_put_contents("$dir/f.txt", "text in " . basename($dir));
            file_put_contents("$dir/f.php", '<?php return "php in ' . basename($dir) . '";');
        }
        symlink('sub', "$d/in/in-link");
        symlink('../out', "$d/in/out-link");
        [$rc, $out, $err] = sc_run(array_merge($cmd, ["$base/script.php", $d, $case]));
        $outs[$what] = "exit $rc\n" . str_replace($d, 'DIR', $out . $err);
    }
    if ($outs['php -n'] === $outs['statcache']) {
        $same++;
    } else {
        echo "DIFFERENT: $case\n--- php -n\n{$outs['php -n']}--- statcache\n{$outs['statcache']}";
    }
    /* the cases are about what they say: PHP refuses the name through out-link (opens
     * quote it as spelled, includes and realpath() as resolved) */
    $warned += str_contains($outs['php -n'], 'File(DIR/' . (in_array($case, ['include', 'include_once', 'realpath']) ? 'out' : 'in/out-link') . '/f.');
}
echo "$same of ", count($cases), " cases identical\n";
echo "$warned of ", count($cases), " cases refused the name through the link under open_basedir\n";
?>
--EXPECT--
6 of 6 cases identical
6 of 6 cases refused the name through the link under open_basedir
