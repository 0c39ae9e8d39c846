--TEST--
adversarial: with open_basedir set at run time (PHP's realpath cache on), realpath() and stream_resolve_include_path() of a dangling symlink (direct, through a second link, below a link) are false as without statcache, and PHP's realpath cache holds what it holds without statcache
--DESCRIPTION--
open_basedir set with ini_set() keeps PHP's realpath cache on (set at
startup, PHP turns it off).  PHP's realpath() checks open_basedir only on
a name its walk resolved; a quiet check run before it expands the name as
open_basedir does (CWD_FILEPATH), which writes a dangling link's missing
target into PHP's realpath cache, and PHP's walk then answers from there.
Each case runs in a fresh process, once with `php -n` and once with
statcache; the answers and realpath_cache_get() (expiry left out) must be
identical.
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
$out = [];
file_exists("$d/f");                       /* the stat cache is started */
switch ($case) {
    case 'realpath':       $out[] = realpath("$d/dl"); $out[] = realpath("$d/dl"); break;
    case 'realpath-chain': $out[] = realpath("$d/ldl"); $out[] = realpath("$d/dl"); break;
    case 'realpath-below': $out[] = realpath("$d/dirl/dl"); $out[] = realpath("$d/sub/dl"); break;
    case 'realpath-abs':   $out[] = realpath("$d/adl"); break;
    case 'srip':           $out[] = stream_resolve_include_path("$d/dl"); $out[] = realpath("$d/dl"); break;
    case 'srip-relative':  set_include_path($d); $out[] = stream_resolve_include_path('dl'); $out[] = realpath("$d/dl"); break;
    case 'after-is_file':  $out[] = is_file("$d/dl"); $out[] = realpath("$d/dl"); break;
    case 'after-exists':   $out[] = file_exists("$d/ldl"); $out[] = realpath("$d/ldl"); break;
    case 'missing':        $out[] = realpath("$d/nothing"); $out[] = realpath("$d/nothing"); break;
}
$rc = realpath_cache_get();
ksort($rc);
foreach ($rc as $k => &$b) {
    unset($b['expires'], $b['key']);
}
echo $case, ': ', json_encode($out, JSON_UNESCAPED_SLASHES), "\n", json_encode($rc, JSON_UNESCAPED_SLASHES), "\n";
PHP;
$base = sc_tmpdir('adv-rp-basedir');
file_put_contents("$base/script.php", $script);
$d = "$base/d";
mkdir($d);
mkdir("$d/sub");
touch("$d/f");
symlink('missing', "$d/dl");
symlink('dl', "$d/ldl");
symlink("$d/missing-too", "$d/adl");
symlink('missing', "$d/sub/dl");
symlink('sub', "$d/dirl");
$cases = ['realpath', 'realpath-chain', 'realpath-below', 'realpath-abs', 'srip', 'srip-relative',
    'after-is_file', 'after-exists', 'missing'];
$same = 0;
foreach ($cases as $case) {
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
/* the cases are about what they say: PHP alone says false for the dangling link */
[, $out] = sc_run(array_merge(sc_php_plain(), ["$base/script.php", $d, 'realpath']));
echo strncmp($out, 'realpath: [false,false]', 23) === 0 ? "php -n: false\n" : "php -n said: $out";
?>
--EXPECT--
9 of 9 cases identical
php -n: false
