--TEST--
compare: with open_basedir, a path longer than PATH_MAX gets PHP's "File name is longer" warning once, as without the cache
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/differential.inc';

$base = sc_fixture();
$long = "$base/" . implode('/', array_fill(0, 21, str_repeat('p', 200))) . '/f';
$paths = [$long, "$base/./" . substr($long, strlen($base) + 1), "$base/file/" . str_repeat('q', 4100)];
compare($paths, SC_DIFF_FUNCTIONS, ['open_basedir' => $base]);

// the same, spelled out for file_exists(): one warning, as PHP gives
ini_set('error_prepend_string', '');
set_error_handler(function ($no, $msg) { echo preg_replace('~/\S+~', 'PATH', $msg), "\n"; return true; });
var_dump(file_exists($long));
var_dump(is_readable($long));
?>
--EXPECT--
OK 198
file_exists(): File name is longer than the maximum allowed path length on this platform (4096): PATH
bool(false)
is_readable(): File name is longer than the maximum allowed path length on this platform (4096): PATH
bool(false)
