<?php
/*
 * The coexistence probe (tests/matrix/coexist.sh): asks the stat family
 * about a fixture it builds in $argv[1] (which must not exist), changes it
 * by itself and through a child, and prints every answer and warning.  The
 * script runs under each configuration twice, with and without statcache;
 * both outputs must be byte-identical.  The last line, "statcache hits N",
 * is printed to stderr so that the caller can check the cache did answer.
 */
$dir = $argv[1];
$php = $argv[2] ?? PHP_BINARY;
mkdir($dir);
mkdir("$dir/d");
file_put_contents("$dir/f", "12345");
symlink("$dir/f", "$dir/l");
symlink("$dir/none", "$dir/dangling");
file_put_contents("$dir/inc.php", "<?php return 'included';\n");

$paths = ["$dir/f", "$dir/d", "$dir/l", "$dir/dangling", "$dir/none", "$dir/d/none/x", "$dir/inc.php"];

function ask(array $paths, string $label): void
{
    echo "== $label\n";
    foreach ($paths as $p) {
        $r = [
            file_exists($p), is_file($p), is_dir($p), is_link($p), is_readable($p),
            is_writable($p), is_executable($p), @filesize($p), @filetype($p), realpath($p),
            (new SplFileInfo($p))->isReadable(),
        ];
        echo basename($p), ': ', json_encode($r), "\n";
    }
    // warnings are part of the answer
    var_dump(filesize($paths[4]), filemtime($paths[4]) !== false, stat($paths[5]) !== false);
}

/* A child process changes the fixture (its exit is a sync point). */
function child(string $php, string $code): void
{
    $p = proc_open([$php, '-n', '-r', $code], [], $pipes);
    proc_close($p);
}

ask($paths, 'fresh');
ask($paths, 'again (answered from the cache when it is on)');
var_dump(include "$dir/inc.php");

// own writes
unlink("$dir/f");
touch("$dir/none");
chmod("$dir/d", 0500);
ask($paths, 'after own writes');

// a child's writes
child($php, 'unlink(' . var_export("$dir/inc.php", true) . '); file_put_contents('
    . var_export("$dir/f", true) . ', "1234567"); rmdir(' . var_export("$dir/d", true) . ');');
ask($paths, 'after a child removed inc.php and d, and wrote f');

clearstatcache();
ask($paths, 'after clearstatcache()');

if (extension_loaded('uopz')) {
    // uopz overrides win over whatever answers below them
    uopz_set_return('file_exists', false);
    uopz_set_return('is_file', function ($p) { return str_ends_with($p, '/none'); }, true);
    ask($paths, 'uopz_set_return(file_exists, false), is_file by closure');
    uopz_unset_return('file_exists');
    uopz_unset_return('is_file');
    ask($paths, 'uopz returns unset');
    uopz_set_hook('is_dir', function ($p) { echo "hook is_dir($p)\n"; });
    var_dump(is_dir("$dir/d"), is_dir($dir));
    uopz_unset_hook('is_dir');
}

// tear down the fixture
foreach (["$dir/f", "$dir/l", "$dir/dangling", "$dir/none", "$dir/inc.php"] as $p) {
    @unlink($p);
}
@chmod("$dir/d", 0700);
@rmdir("$dir/d");
rmdir($dir);
if (function_exists('statcache_stats')) {
    fprintf(STDERR, "statcache hits %d\n", statcache_stats()['hits']);
}
