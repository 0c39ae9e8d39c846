--TEST--
hit: a user wrapper registered as file:// in the middle of a request answers plain paths the cache answered just before, and after stream_wrapper_restore('file') the cache answers again; every answer is PHP's
--DESCRIPTION--
The hit path checks "file:// is PHP's own wrapper" once, then trusts one
compare until stream_wrapper_register(), _unregister() or _restore() runs.
The script registers an unrelated wrapper first (PHP copies its wrapper
table for the request then, and changes that copy in place afterwards),
fills the cache (and opens that path) with file_exists(),
is_file(), is_readable() and filemtime() hits, swaps file:// for a user
wrapper, empties PHP's one-entry stat cache (clearstatcache()), asks
again, swaps it back with stream_wrapper_restore(), then with
the alias stream_register_wrapper(), and asks again each time.  Its output
(every url_stat() the user wrapper sees, every answer) must be php -n's;
with the cache, it also says the cache answered before the swap and after
the restore.
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('hit-wrapper');
file_put_contents("$d/a.php", '<?php');
$script = "$d/run.php";
file_put_contents($script, '<?php
$d = ' . var_export($d, true) . ';
class FakeFile {
    public $context;
    function url_stat(string $path, int $flags) {
        echo "  url_stat ", str_replace($GLOBALS["d"], "D", $path), "\n";
        return str_ends_with($path, "/a.php") ? ["mode" => 0100644, "size" => 7, "mtime" => 12345] : false;
    }
}
function ask(string $when): void {
    global $d;
    $before = function_exists("statcache_stats") ? statcache_stats()["hits"] : 0;
    echo $when, "\n";
    foreach (["a.php", "missing.php"] as $n) {
        $p = "$d/$n";
        $r = json_encode([file_exists($p), is_file($p), is_readable($p), @filemtime($p) === 12345]);
        echo "  ", $n, ": ", $r, "\n";
    }
    if (function_exists("statcache_stats") && ini_get("statcache.enable_cli")) { // not the reference run of a PHP with statcache built in
        fprintf(STDERR, "%s: %s\n", $when, statcache_stats()["hits"] > $before ? "cache answered" : "cache did not answer");
    }
}
/* another wrapper first (Drupal registers several): PHP copies its wrapper
 * table for this request now, so the swaps below change that copy in place */
stream_wrapper_register("unrelated", "FakeFile");
foreach (["a.php", "missing.php"] as $n) { file_exists("$d/$n"); is_file("$d/$n"); is_readable("$d/$n"); @filemtime("$d/$n"); }
ask("plain");
stream_wrapper_unregister("file");
stream_wrapper_register("file", "FakeFile");
clearstatcache(); /* PHP\'s one-entry cache would answer for the last path */
ask("user wrapper");
stream_wrapper_restore("file");
clearstatcache();
ask("restored");
stream_wrapper_unregister("file");
stream_register_wrapper("file", "FakeFile");
clearstatcache();
ask("user wrapper again, by the alias");
stream_wrapper_restore("file");
clearstatcache();
ask("restored again");
');
[$prc, $plain, $perr] = sc_run(array_merge(sc_php_plain(), [$script]));
[$rc, $out, $err] = sc_run(array_merge(sc_php_with_ext(['statcache.enable_cli' => 1]), [$script]));
echo "exit $prc $rc: ", $out === $plain ? "the answers of php -n" : "differ:\n$out\n--- php -n:\n$plain", "\n";
echo $out;
echo $err;
echo $perr === '' ? '' : "php -n stderr: $perr\n";
?>
--EXPECT--
exit 0 0: the answers of php -n
plain
  a.php: [true,true,true,false]
  missing.php: [false,false,false,false]
user wrapper
  url_stat D/a.php
  a.php: [true,true,true,true]
  url_stat D/missing.php
  url_stat D/missing.php
  url_stat D/missing.php
  url_stat D/missing.php
  missing.php: [false,false,false,false]
restored
  a.php: [true,true,true,false]
  missing.php: [false,false,false,false]
user wrapper again, by the alias
  url_stat D/a.php
  a.php: [true,true,true,true]
  url_stat D/missing.php
  url_stat D/missing.php
  url_stat D/missing.php
  url_stat D/missing.php
  missing.php: [false,false,false,false]
restored again
  a.php: [true,true,true,false]
  missing.php: [false,false,false,false]
plain: cache answered
user wrapper: cache did not answer
restored: cache answered
user wrapper again, by the alias: cache did not answer
restored again: cache answered