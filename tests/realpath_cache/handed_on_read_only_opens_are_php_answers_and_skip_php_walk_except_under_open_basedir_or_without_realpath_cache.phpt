--TEST--
realpath cache: read-only opens (fopen 'r'/'rb', file_get_contents, file, readfile; absolute, through a symlinked directory, relative after chdir) hand on the name the replay resolved (realpath_handoffs counts one each) and give what PHP gives, before and after a waited-for child retargets the link with PHP's realpath cache kept; a missing name still fails as PHP's; none is handed on under open_basedir or with realpath_cache_size=0; PHP's realpath cache ends as PHP's in all three
--DESCRIPTION--
A read-only open runs the fill (sc_open_fails()) before PHP's opener:
where PHP's expand_filepath() would take the name from the entry the fill
found or wrote for the whole spelling, that name is handed on with
STREAM_ASSUME_REALPATH instead of PHP walking its realpath cache again.
Every answer, warning and realpath_cache_get() (keys included) is compared
with `php -n` under the same settings; the counter shows which opens were
handed on.
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$script = <<<'PHP'
<?php
$d = $argv[1];
$counted = function_exists('statcache_stats') && ini_get('statcache.enable_cli');
$handed = fn() => $counted ? statcache_stats()['realpath_handoffs'] : 0;
$counts = [];
function run(string $what, callable $f, array &$counts, callable $handed): void {
    $before = $handed();
    $r = $f();
    $counts[] = "$what " . ($handed() - $before);
    echo "$what: ", json_encode($r, JSON_UNESCAPED_SLASHES), "\n";
}
/* what the opener made: the stream as PHP's _php_stream_fopen() makes it */
function opened($f): array {
    $m = stream_get_meta_data($f);
    return [fgets($f), ftell($f), $m['mode'], $m['seekable'], $m['uri'], $m['stream_type'], $m['wrapper_type'],
        fstat($f)['size'], fseek($f, 0), fread($f, 8), feof($f)];
}
file_exists("$d/a");                        /* the stat cache is started (an open never starts it) */
$opens = function (string $when) use ($d, &$counts, $handed) {
    run("$when fopen r", fn() => opened(fopen("$d/lnk/f.txt", 'r')), $counts, $handed);
    run("$when fopen rb", fn() => opened(fopen("$d/a/f.txt", 'rb')), $counts, $handed);
    run("$when file_get_contents", fn() => file_get_contents("$d/lnk/f.txt"), $counts, $handed);
    run("$when file", fn() => file("$d/lnk/sub/g.txt"), $counts, $handed);
    run("$when missing", fn() => @file_get_contents("$d/lnk/nope.txt"), $counts, $handed);
};
$opens('first');
$opens('again');
$p = proc_open([PHP_BINARY, '-n', '-r', 'unlink($argv[1]); symlink("b", $argv[1]);', "$d/lnk"], [], $pipes);
proc_close($p);                             /* waited for: a sync point */
$opens('retargeted, realpath cache kept');
chdir("$d/lnk");
run('relative readfile', function () { ob_start(); readfile('f.txt'); return ob_get_clean(); }, $counts, $handed);
run('relative fopen', fn() => fgets(fopen('sub/g.txt', 'r')), $counts, $handed);
$rc = realpath_cache_get();
ksort($rc);
foreach ($rc as $k => &$b) {
    unset($b['expires']);
}
echo json_encode($rc, JSON_UNESCAPED_SLASHES), "\n";
if ($counted) {
    fwrite(STDERR, implode("\n", $counts) . "\n");
}
PHP;
$base = sc_tmpdir('rp-handoff-open');
file_put_contents("$base/script.php", $script);
$d = "$base/d";
$modes = [
    'realpath cache on' => [],
    'open_basedir' => ['open_basedir' => "$base"],
    'realpath_cache_size=0' => ['realpath_cache_size' => '0'],
];
foreach ($modes as $mode => $ini) {
    $outs = [];
    $counts = '';
    foreach (['php -n' => sc_php_plain($ini), 'statcache' => sc_php_with_ext($ini + ['statcache.enable_cli' => 1])] as $what => $cmd) {
        if (is_dir($d)) {
            sc_rmtree($d);
        }
        foreach (['a', 'b'] as $x) {
            mkdir("$d/$x/sub", 0755, true);
            file_put_contents("$d/$x/f.txt", $x);
            file_put_contents("$d/$x/sub/g.txt", "g$x");
        }
        symlink('a', "$d/lnk");
        [$rc, $out, $err] = sc_run(array_merge($cmd, ["$base/script.php", $d]));
        $outs[$what] = "exit $rc\n" . str_replace($d, 'DIR', $out);
        if ($what === 'statcache') {
            $counts = $err;
        }
    }
    echo "== $mode: ", $outs['php -n'] === $outs['statcache'] ? "as PHP without statcache\n"
        : "DIFFERENT\n--- php -n\n{$outs['php -n']}--- statcache\n{$outs['statcache']}";
    if ($mode === 'realpath cache on') {
        /* (the relative opens' lines are compared, not shown: under ZTS
         * chdir() itself resolves through PHP's realpath cache) */
        echo implode("\n", array_slice(explode("\n", $outs['php -n']), 0, 16)), "\n";
    }
    echo "handed on:\n", $counts;
}
?>
--EXPECT--
== realpath cache on: as PHP without statcache
exit 0
first fopen r: ["a",1,"r",true,"DIR/lnk/f.txt","STDIO","plainfile",1,0,"a",true]
first fopen rb: ["a",1,"rb",true,"DIR/a/f.txt","STDIO","plainfile",1,0,"a",true]
first file_get_contents: "a"
first file: ["ga"]
first missing: false
again fopen r: ["a",1,"r",true,"DIR/lnk/f.txt","STDIO","plainfile",1,0,"a",true]
again fopen rb: ["a",1,"rb",true,"DIR/a/f.txt","STDIO","plainfile",1,0,"a",true]
again file_get_contents: "a"
again file: ["ga"]
again missing: false
retargeted, realpath cache kept fopen r: ["a",1,"r",true,"DIR/lnk/f.txt","STDIO","plainfile",1,0,"a",true]
retargeted, realpath cache kept fopen rb: ["a",1,"rb",true,"DIR/a/f.txt","STDIO","plainfile",1,0,"a",true]
retargeted, realpath cache kept file_get_contents: "a"
retargeted, realpath cache kept file: ["ga"]
retargeted, realpath cache kept missing: false
handed on:
first fopen r 1
first fopen rb 1
first file_get_contents 1
first file 1
first missing 0
again fopen r 1
again fopen rb 1
again file_get_contents 1
again file 1
again missing 0
retargeted, realpath cache kept fopen r 1
retargeted, realpath cache kept fopen rb 1
retargeted, realpath cache kept file_get_contents 1
retargeted, realpath cache kept file 1
retargeted, realpath cache kept missing 0
relative readfile 1
relative fopen 1
== open_basedir: as PHP without statcache
handed on:
first fopen r 0
first fopen rb 0
first file_get_contents 0
first file 0
first missing 0
again fopen r 0
again fopen rb 0
again file_get_contents 0
again file 0
again missing 0
retargeted, realpath cache kept fopen r 0
retargeted, realpath cache kept fopen rb 0
retargeted, realpath cache kept file_get_contents 0
retargeted, realpath cache kept file 0
retargeted, realpath cache kept missing 0
relative readfile 0
relative fopen 0
== realpath_cache_size=0: as PHP without statcache
handed on:
first fopen r 0
first fopen rb 0
first file_get_contents 0
first file 0
first missing 0
again fopen r 0
again fopen rb 0
again file_get_contents 0
again file 0
again missing 0
retargeted, realpath cache kept fopen r 0
retargeted, realpath cache kept fopen rb 0
retargeted, realpath cache kept file_get_contents 0
retargeted, realpath cache kept file 0
retargeted, realpath cache kept missing 0
relative readfile 0
relative fopen 0
