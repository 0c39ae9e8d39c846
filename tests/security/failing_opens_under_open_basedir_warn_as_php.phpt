--TEST--
security: under open_basedir, read-only opens of missing names warn exactly as PHP alone: inside the allowed tree they fail from the cache after PHP's own check ("No such file or directory"), outside it PHP's check refuses first ("open_basedir restriction in effect", then "Operation not permitted"), relative names and include-path opens alike
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('open-basedir');
foreach (['a', 'b', 'c', 'd'] as $e) {
    mkdir("$d/app/inc/$e", 0755, true);
}
mkdir("$d/outside");
file_put_contents("$d/app/here.txt", 'here');
file_put_contents("$d/outside/secret.txt", 'secret');
$script = "$d/opens.php";
file_put_contents($script, '<?php
$d = ' . var_export($d, true) . ';
chdir("$d/app");
file_exists("$d/app/here.txt");           // starts the cache
ini_set("open_basedir", "$d/app");
set_include_path("$d/app/inc/a:$d/app/inc/b:$d/outside:$d/app/inc/d");
$names = ["$d/app/missing.txt", "$d/app/nodir/x.txt", "$d/app/nodir/../missing.txt", "missing.txt",
    "$d/outside/missing.txt", "$d/outside/secret.txt", "$d/app/../outside/missing.txt", "../outside/missing.txt",
    "/nonexistent/x", "$d/app/here.txt"];
for ($pass = 0; $pass < 2; $pass++) {
    foreach ($names as $n) {
        $f = fopen($n, "r");
        echo json_encode([is_resource($f), file_get_contents($n), include $n]), "\n";
    }
    echo json_encode([fopen("Nope.txt", "r", true), file_get_contents("Nope.txt", true)]), "\n";
}
if (function_exists("statcache_stats") && ini_get("statcache.enable_cli")) {   // not the reference run of a PHP with statcache built in
    echo "open failures from the cache: ", statcache_stats()["open_failures"] > 0 ? "yes" : "no", "\n";
}
');
$ini = ['display_errors' => 1, 'html_errors' => 0, 'error_reporting' => E_ALL];
[$prc, $plain, $perr] = sc_run(array_merge(sc_php_plain($ini), [$script]));
[$rc, $out, $err] = sc_run(array_merge(sc_php_with_ext($ini + ['statcache.enable_cli' => 1]), [$script]));
$lines = explode("\n", rtrim($out, "\n"));
$counted = array_pop($lines);
echo "exit $prc/$rc: ", implode("\n", $lines) . "\n" === $plain ? "answers and warnings of php -n" : "differ from php -n:\n--- php -n\n$plain\n--- statcache\n$out", "\n";
echo $counted, "\n";
echo "restriction warnings: ", substr_count($plain, 'open_basedir restriction in effect') > 0 ? 'yes' : 'no', "\n";
echo $err === '' ? '' : "stderr: $err\n";
?>
--EXPECT--
exit 0/0: answers and warnings of php -n
open failures from the cache: yes
restriction warnings: yes
