--TEST--
include_path: gzopen(), gzfile() and readgzfile() (zlib) with the include path open what PHP opens, skipping candidates known missing, with PHP's warnings, and the arguments and include_path an error handler sees (read and write modes, a directory, named and non-bool arguments, a name not found)
--SKIPIF--
<?php if (!extension_loaded('zlib')) die('skip zlib not loaded (the ZTS test PHP is built without it)'); ?>
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/include_path_common.inc';
$d = ip_tree('ip-fopen', [
    'b/Data.txt' => "line 1\nline 2\n",
    'c/Data.txt' => "shadowed\n",
    'c/Only.txt' => "only in c\n",
    'b/Dir/x' => '',
]);
mkdir("$d/cwd");
file_put_contents("$d/run.php", '<?php
$d = ' . var_export($d, true) . ';
set_include_path("$d/a:$d/b:$d/c");
chdir("$d/cwd");
set_error_handler(function (int $no, string $str) {
    global $d;
    if (preg_match("~^\\w+\\(\\): Read of \\d+ bytes failed with errno=21 Is a directory$~", $str)) {
        /* PHP 8.5\'s zlib reports its read of the directory, 8.2\'s and
         * 8.4\'s do not: compared with php -n on stderr, left out of what
         * the test shows */
        fwrite(STDERR, "directory read: $str\n");
        return true;
    }
    echo str_replace($d, "D", "handler: $str; args " . json_encode(debug_backtrace()[1]["args"] ?? null, JSON_UNESCAPED_SLASHES)
        . "; include_path resolves Data.txt to " . stream_resolve_include_path("Data.txt")), "\n";
    return false;
});
function show(string $what, $v): void {
    global $d;
    echo $what, ": ", str_replace($d, "D", json_encode($v, JSON_UNESCAPED_SLASHES)), "\n";
}
for ($i = 0; $i < 2; $i++) {
    echo "-- round $i\n";
    foreach (["Data.txt", "Only.txt", "Dir", "Missing.txt"] as $n) {
        $z = gzopen($n, "r", 1);
        show("gzopen $n", $z ? gzgets($z) : $z);
        show("gzfile $n", gzfile($n, 1));
        ob_start();
        $r = readgzfile($n, 1);
        show("readgzfile $n", [$r, ob_get_clean()]);
    }
    $f = fopen("Only.txt", "a", true);
    fwrite($f, "appended $i\n");
    fclose($f);
    show("after append", file_get_contents("$d/c/Only.txt"));
    $f = fopen("Made$i.txt", "w", true);
    fwrite($f, "made");
    fclose($f);
    show("made in", [is_file("$d/cwd/Made$i.txt"), is_file("$d/a/Made$i.txt")]);
}
unlink("$d/cwd/Made0.txt");
unlink("$d/cwd/Made1.txt");
file_put_contents("$d/c/Only.txt", "only in c\n");
' . ip_stats_line());
ob_start();
$s = ip_compare("$d/run.php");
echo preg_replace('~^directory read: .*\n~m', '', ob_get_clean());
echo "with the cache: include_path_hits ", $s['hits'] >= 10 ? ">= 10" : $s['hits'], ", skipped ", $s['skipped'] >= 10 ? ">= 10" : $s['skipped'], "\n";
?>
--EXPECT--
same
exit 0
-- round 0
gzopen Data.txt: "line 1\n"
gzfile Data.txt: ["line 1\n","line 2\n"]
readgzfile Data.txt: [14,"line 1\nline 2\n"]
gzopen Only.txt: "only in c\n"
gzfile Only.txt: ["only in c\n"]
readgzfile Only.txt: [10,"only in c\n"]
gzopen Dir: false
gzfile Dir: []
readgzfile Dir: [-1,""]
handler: gzopen(Missing.txt): Failed to open stream: No such file or directory; args ["Missing.txt","r",1]; include_path resolves Data.txt to D/b/Data.txt

Warning: gzopen(Missing.txt): Failed to open stream: No such file or directory in D/run.php on line 25
gzopen Missing.txt: false
handler: gzfile(Missing.txt): Failed to open stream: No such file or directory; args ["Missing.txt",1]; include_path resolves Data.txt to D/b/Data.txt

Warning: gzfile(Missing.txt): Failed to open stream: No such file or directory in D/run.php on line 27
gzfile Missing.txt: false
readgzfile Missing.txt: [false,"handler: readgzfile(Missing.txt): Failed to open stream: No such file or directory; args [\"Missing.txt\",1]; include_path resolves Data.txt to D/b/Data.txt\n\nWarning: readgzfile(Missing.txt): Failed to open stream: No such file or directory in D/run.php on line 29\n"]
after append: "only in c\nappended 0\n"
made in: [true,false]
-- round 1
gzopen Data.txt: "line 1\n"
gzfile Data.txt: ["line 1\n","line 2\n"]
readgzfile Data.txt: [14,"line 1\nline 2\n"]
gzopen Only.txt: "only in c\n"
gzfile Only.txt: ["only in c\n","appended 0\n"]
readgzfile Only.txt: [21,"only in c\nappended 0\n"]
gzopen Dir: false
gzfile Dir: []
readgzfile Dir: [-1,""]
handler: gzopen(Missing.txt): Failed to open stream: No such file or directory; args ["Missing.txt","r",1]; include_path resolves Data.txt to D/b/Data.txt

Warning: gzopen(Missing.txt): Failed to open stream: No such file or directory in D/run.php on line 25
gzopen Missing.txt: false
handler: gzfile(Missing.txt): Failed to open stream: No such file or directory; args ["Missing.txt",1]; include_path resolves Data.txt to D/b/Data.txt

Warning: gzfile(Missing.txt): Failed to open stream: No such file or directory in D/run.php on line 27
gzfile Missing.txt: false
readgzfile Missing.txt: [false,"handler: readgzfile(Missing.txt): Failed to open stream: No such file or directory; args [\"Missing.txt\",1]; include_path resolves Data.txt to D/b/Data.txt\n\nWarning: readgzfile(Missing.txt): Failed to open stream: No such file or directory in D/run.php on line 29\n"]
after append: "only in c\nappended 0\nappended 1\n"
made in: [true,false]
with the cache: include_path_hits >= 10, skipped >= 10