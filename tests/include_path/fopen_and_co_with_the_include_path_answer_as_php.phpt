--TEST--
include_path: fopen(), file_get_contents(), file(), readfile(), get_meta_tags(), and SplFileObject with the include path open what PHP opens, skipping candidates known missing, with PHP's warnings, and the arguments and include_path an error handler sees (read and write modes, a directory, named and non-bool arguments, a name not found)
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
        $f = fopen($n, "r", true);
        show("fopen r $n", $f ? [stream_get_meta_data($f)["uri"], fgets($f)] : $f);
        show("file_get_contents $n", file_get_contents($n, true));
        show("named $n", file_get_contents(use_include_path: true, filename: $n));
        show("int flag $n", file_get_contents($n, 1));
        show("file $n", file($n, FILE_USE_INCLUDE_PATH | FILE_IGNORE_NEW_LINES));
        ob_start();
        $r = readfile($n, true);
        show("readfile $n", [$r, ob_get_clean()]);
        show("get_meta_tags $n", get_meta_tags($n, true));
        try {
            $o = new SplFileObject($n, "r", true);
            show("SplFileObject $n", [$o->getPathname(), $o->fgets()]);
        } catch (Throwable $e) {
            show("SplFileObject $n", get_class($e) . ": " . $e->getMessage());
        }
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
// "same" is the comparison with php -n; the read sizes in the notices are
// PHP's own and vary with its version, so the text below leaves them open
$s = ip_compare("$d/run.php");
echo "with the cache: include_path_hits ", $s['hits'] >= 40 ? ">= 40" : $s['hits'], ", skipped ", $s['skipped'] >= 40 ? ">= 40" : $s['skipped'], "\n";
?>
--EXPECTF--
same
exit 0
-- round 0
fopen r Data.txt: ["D/b/Data.txt","line 1\n"]
file_get_contents Data.txt: "line 1\nline 2\n"
named Data.txt: "line 1\nline 2\n"
int flag Data.txt: "line 1\nline 2\n"
file Data.txt: ["line 1","line 2"]
readfile Data.txt: [14,"line 1\nline 2\n"]
get_meta_tags Data.txt: []
SplFileObject Data.txt: ["Data.txt","line 1\n"]
fopen r Only.txt: ["D/c/Only.txt","only in c\n"]
file_get_contents Only.txt: "only in c\n"
named Only.txt: "only in c\n"
int flag Only.txt: "only in c\n"
file Only.txt: ["only in c"]
readfile Only.txt: [10,"only in c\n"]
get_meta_tags Only.txt: []
SplFileObject Only.txt: ["Only.txt","only in c\n"]
handler: fgets(): Read of %d bytes failed with errno=21 Is a directory; args ; include_path resolves Data.txt to D/b/Data.txt

Notice: fgets(): Read of %d bytes failed with errno=21 Is a directory in D/run.php on line 19
fopen r Dir: ["D/b/Dir",false]
handler: file_get_contents(): Read of %d bytes failed with errno=21 Is a directory; args ["Dir",true]; include_path resolves Data.txt to D/b/Data.txt

Notice: file_get_contents(): Read of %d bytes failed with errno=21 Is a directory in D/run.php on line 20
file_get_contents Dir: ""
handler: file_get_contents(): Read of %d bytes failed with errno=21 Is a directory; args ["Dir",true]; include_path resolves Data.txt to D/b/Data.txt

Notice: file_get_contents(): Read of %d bytes failed with errno=21 Is a directory in D/run.php on line 21
named Dir: ""
handler: file_get_contents(): Read of %d bytes failed with errno=21 Is a directory; args ["Dir",1]; include_path resolves Data.txt to D/b/Data.txt

Notice: file_get_contents(): Read of %d bytes failed with errno=21 Is a directory in D/run.php on line 22
int flag Dir: ""
handler: file(): Read of %d bytes failed with errno=21 Is a directory; args ["Dir",3]; include_path resolves Data.txt to D/b/Data.txt

Notice: file(): Read of %d bytes failed with errno=21 Is a directory in D/run.php on line 23
file Dir: []
readfile Dir: [-1,"handler: readfile(): Read of %d bytes failed with errno=21 Is a directory; args [\"Dir\",true]; include_path resolves Data.txt to D/b/Data.txt\n\nNotice: readfile(): Read of %d bytes failed with errno=21 Is a directory in D/run.php on line 25\n"]
handler: get_meta_tags(): Read of %d bytes failed with errno=21 Is a directory; args ["Dir",true]; include_path resolves Data.txt to D/b/Data.txt

Notice: get_meta_tags(): Read of %d bytes failed with errno=21 Is a directory in D/run.php on line 27
get_meta_tags Dir: []
handler: SplFileObject::fgets(): Read of %d bytes failed with errno=21 Is a directory; args []; include_path resolves Data.txt to D/b/Data.txt

Notice: SplFileObject::fgets(): Read of %d bytes failed with errno=21 Is a directory in D/run.php on line 30
SplFileObject Dir: ["Dir",""]
handler: fopen(Missing.txt): Failed to open stream: No such file or directory; args ["Missing.txt","r",true]; include_path resolves Data.txt to D/b/Data.txt

Warning: fopen(Missing.txt): Failed to open stream: No such file or directory in D/run.php on line 18
fopen r Missing.txt: false
handler: file_get_contents(Missing.txt): Failed to open stream: No such file or directory; args ["Missing.txt",true]; include_path resolves Data.txt to D/b/Data.txt

Warning: file_get_contents(Missing.txt): Failed to open stream: No such file or directory in D/run.php on line 20
file_get_contents Missing.txt: false
handler: file_get_contents(Missing.txt): Failed to open stream: No such file or directory; args ["Missing.txt",true]; include_path resolves Data.txt to D/b/Data.txt

Warning: file_get_contents(Missing.txt): Failed to open stream: No such file or directory in D/run.php on line 21
named Missing.txt: false
handler: file_get_contents(Missing.txt): Failed to open stream: No such file or directory; args ["Missing.txt",1]; include_path resolves Data.txt to D/b/Data.txt

Warning: file_get_contents(Missing.txt): Failed to open stream: No such file or directory in D/run.php on line 22
int flag Missing.txt: false
handler: file(Missing.txt): Failed to open stream: No such file or directory; args ["Missing.txt",3]; include_path resolves Data.txt to D/b/Data.txt

Warning: file(Missing.txt): Failed to open stream: No such file or directory in D/run.php on line 23
file Missing.txt: false
readfile Missing.txt: [false,"handler: readfile(Missing.txt): Failed to open stream: No such file or directory; args [\"Missing.txt\",true]; include_path resolves Data.txt to D/b/Data.txt\n\nWarning: readfile(Missing.txt): Failed to open stream: No such file or directory in D/run.php on line 25\n"]
handler: get_meta_tags(Missing.txt): Failed to open stream: No such file or directory; args ["Missing.txt",true]; include_path resolves Data.txt to D/b/Data.txt

Warning: get_meta_tags(Missing.txt): Failed to open stream: No such file or directory in D/run.php on line 27
get_meta_tags Missing.txt: false
SplFileObject Missing.txt: "RuntimeException: SplFileObject::__construct(Missing.txt): Failed to open stream: No such file or directory"
after append: "only in c\nappended 0\n"
made in: [true,false]
-- round 1
fopen r Data.txt: ["D/b/Data.txt","line 1\n"]
file_get_contents Data.txt: "line 1\nline 2\n"
named Data.txt: "line 1\nline 2\n"
int flag Data.txt: "line 1\nline 2\n"
file Data.txt: ["line 1","line 2"]
readfile Data.txt: [14,"line 1\nline 2\n"]
get_meta_tags Data.txt: []
SplFileObject Data.txt: ["Data.txt","line 1\n"]
fopen r Only.txt: ["D/c/Only.txt","only in c\n"]
file_get_contents Only.txt: "only in c\nappended 0\n"
named Only.txt: "only in c\nappended 0\n"
int flag Only.txt: "only in c\nappended 0\n"
file Only.txt: ["only in c","appended 0"]
readfile Only.txt: [21,"only in c\nappended 0\n"]
get_meta_tags Only.txt: []
SplFileObject Only.txt: ["Only.txt","only in c\n"]
handler: fgets(): Read of %d bytes failed with errno=21 Is a directory; args ; include_path resolves Data.txt to D/b/Data.txt

Notice: fgets(): Read of %d bytes failed with errno=21 Is a directory in D/run.php on line 19
fopen r Dir: ["D/b/Dir",false]
handler: file_get_contents(): Read of %d bytes failed with errno=21 Is a directory; args ["Dir",true]; include_path resolves Data.txt to D/b/Data.txt

Notice: file_get_contents(): Read of %d bytes failed with errno=21 Is a directory in D/run.php on line 20
file_get_contents Dir: ""
handler: file_get_contents(): Read of %d bytes failed with errno=21 Is a directory; args ["Dir",true]; include_path resolves Data.txt to D/b/Data.txt

Notice: file_get_contents(): Read of %d bytes failed with errno=21 Is a directory in D/run.php on line 21
named Dir: ""
handler: file_get_contents(): Read of %d bytes failed with errno=21 Is a directory; args ["Dir",1]; include_path resolves Data.txt to D/b/Data.txt

Notice: file_get_contents(): Read of %d bytes failed with errno=21 Is a directory in D/run.php on line 22
int flag Dir: ""
handler: file(): Read of %d bytes failed with errno=21 Is a directory; args ["Dir",3]; include_path resolves Data.txt to D/b/Data.txt

Notice: file(): Read of %d bytes failed with errno=21 Is a directory in D/run.php on line 23
file Dir: []
readfile Dir: [-1,"handler: readfile(): Read of %d bytes failed with errno=21 Is a directory; args [\"Dir\",true]; include_path resolves Data.txt to D/b/Data.txt\n\nNotice: readfile(): Read of %d bytes failed with errno=21 Is a directory in D/run.php on line 25\n"]
handler: get_meta_tags(): Read of %d bytes failed with errno=21 Is a directory; args ["Dir",true]; include_path resolves Data.txt to D/b/Data.txt

Notice: get_meta_tags(): Read of %d bytes failed with errno=21 Is a directory in D/run.php on line 27
get_meta_tags Dir: []
handler: SplFileObject::fgets(): Read of %d bytes failed with errno=21 Is a directory; args []; include_path resolves Data.txt to D/b/Data.txt

Notice: SplFileObject::fgets(): Read of %d bytes failed with errno=21 Is a directory in D/run.php on line 30
SplFileObject Dir: ["Dir",""]
handler: fopen(Missing.txt): Failed to open stream: No such file or directory; args ["Missing.txt","r",true]; include_path resolves Data.txt to D/b/Data.txt

Warning: fopen(Missing.txt): Failed to open stream: No such file or directory in D/run.php on line 18
fopen r Missing.txt: false
handler: file_get_contents(Missing.txt): Failed to open stream: No such file or directory; args ["Missing.txt",true]; include_path resolves Data.txt to D/b/Data.txt

Warning: file_get_contents(Missing.txt): Failed to open stream: No such file or directory in D/run.php on line 20
file_get_contents Missing.txt: false
handler: file_get_contents(Missing.txt): Failed to open stream: No such file or directory; args ["Missing.txt",true]; include_path resolves Data.txt to D/b/Data.txt

Warning: file_get_contents(Missing.txt): Failed to open stream: No such file or directory in D/run.php on line 21
named Missing.txt: false
handler: file_get_contents(Missing.txt): Failed to open stream: No such file or directory; args ["Missing.txt",1]; include_path resolves Data.txt to D/b/Data.txt

Warning: file_get_contents(Missing.txt): Failed to open stream: No such file or directory in D/run.php on line 22
int flag Missing.txt: false
handler: file(Missing.txt): Failed to open stream: No such file or directory; args ["Missing.txt",3]; include_path resolves Data.txt to D/b/Data.txt

Warning: file(Missing.txt): Failed to open stream: No such file or directory in D/run.php on line 23
file Missing.txt: false
readfile Missing.txt: [false,"handler: readfile(Missing.txt): Failed to open stream: No such file or directory; args [\"Missing.txt\",true]; include_path resolves Data.txt to D/b/Data.txt\n\nWarning: readfile(Missing.txt): Failed to open stream: No such file or directory in D/run.php on line 25\n"]
handler: get_meta_tags(Missing.txt): Failed to open stream: No such file or directory; args ["Missing.txt",true]; include_path resolves Data.txt to D/b/Data.txt

Warning: get_meta_tags(Missing.txt): Failed to open stream: No such file or directory in D/run.php on line 27
get_meta_tags Missing.txt: false
SplFileObject Missing.txt: "RuntimeException: SplFileObject::__construct(Missing.txt): Failed to open stream: No such file or directory"
after append: "only in c\nappended 0\nappended 1\n"
made in: [true,false]
with the cache: include_path_hits >= 40, skipped >= 40