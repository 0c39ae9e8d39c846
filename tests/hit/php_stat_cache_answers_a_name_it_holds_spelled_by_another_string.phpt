--TEST--
hit: filesize() of a name PHP's one-entry stat cache holds, in another string with the same text, answers from PHP's cache as PHP does (its old size after another process grew the file), though the stat cache holds the new one
--DESCRIPTION--
The hit path hands a name to PHP's own call when PHP's one-entry cache
holds it: at once when it is the very string that cache holds, and after
the probe when only the text is the same.  Here the stat cache is made to
hold the file's new size (file_exists() refills it after the sync point of
the child's exit) while PHP's cache still holds the old one: a filesize()
that answered from the stat cache would say the new size where PHP says
the old.  (PHP 8.2 keeps the old size there; 8.4's own call says the new
one: either way the answer is PHP's.)
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('hit-same-text');
$steps = '$dir = $argv[1]; mkdir($dir); $f = "$dir/f"; file_put_contents($f, "hello");
    clearstatcache();
    echo filesize($f), " ";
    exec(escapeshellarg(PHP_BINARY) . " -n -r " . escapeshellarg("file_put_contents(\$argv[1], \"hello, a longer content\");") . " " . escapeshellarg($f));
    file_exists("$dir/other"); file_exists("$dir/other"); file_exists($f); file_exists($f);
    $g = $dir . "/" . basename($f);
    echo filesize($g), " ", filesize($g), " ", $g === $f ? "same text" : "?";';
$php = sc_truth($steps, ["$d/plain"]);
$argv = [null, "$d/ours"];
ob_start();
eval($steps);
$ours = ob_get_clean();
echo $ours === $php ? "as php -n: $php" : "$ours <> php -n: $php", "\n";
clearstatcache();
var_dump(filesize("$d/ours/f"));
?>
--EXPECTF--
as php -n: 5 %r(5 5|23 23)%r same text
int(23)
