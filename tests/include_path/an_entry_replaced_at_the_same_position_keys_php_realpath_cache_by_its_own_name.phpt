--TEST--
include_path: an entry replaced by another of the same length at the same position is looked up in PHP's realpath cache under its own name (a stale entry there, a link removed by another process, still resolves as PHP resolves it)
--DESCRIPTION--
The walk keeps PHP's realpath-cache key state of each include_path entry
by position (src/php/include/include.c, sc_entry_key()), so that a candidate
hashes only its name.  The entry's text decides: "$d/b" then "$d/c" at
position 1 must not share a state.  PHP's realpath cache holds $d/c/X.txt
(a link to $d/real.txt, removed since by another process), and PHP's walk
answers from there: the file read is real.txt, as php -n reads it.
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$steps = <<<'PHP'
$d = $argv[1];
foreach (['a', 'b', 'c'] as $x) { mkdir("$d/$x"); }
file_put_contents("$d/real.txt", "real\n");
symlink("$d/real.txt", "$d/c/X.txt");
set_include_path("$d/a" . PATH_SEPARATOR . "$d/b");
var_dump(@file_get_contents('X.txt', true));
var_dump(realpath("$d/c/X.txt") === "$d/real.txt");
exec(escapeshellarg(PHP_BINARY) . ' -n -r ' . escapeshellarg('unlink($argv[1]);') . ' ' . escapeshellarg("$d/c/X.txt"));
clearstatcache();
set_include_path("$d/a" . PATH_SEPARATOR . "$d/c");
var_dump(@file_get_contents('X.txt', true));
var_dump(@fopen('X.txt', 'r', true) !== false);
PHP;
$d = sc_tmpdir('ip-samepos');
mkdir("$d/ours");
mkdir("$d/php");
$theirs = sc_truth($steps, ["$d/php"]);
$argv = [__FILE__, "$d/ours"];
ob_start();
eval($steps);
$ours = trim(ob_get_clean());
echo $ours === $theirs ? "as php -n\n" : "ours:\n$ours\nphp -n:\n$theirs\n";
echo $ours, "\n";
?>
--EXPECT--
as php -n
bool(false)
bool(true)
string(5) "real
"
bool(true)
