--TEST--
opcache with validate_timestamps=1 (Debian's default): its own stat() of a script it revalidates (revalidate_freq=0: at every include) is answered from the cache, no syscall; this process's change is seen at the next include, another process's once the bound has passed, as opcache alone sees them; --ri says so
--CONFLICTS--
# counts syscalls in a window
all
--SKIPIF--
<?php
require __DIR__ . '/opcache.inc';
if (PHP_ZTS) die('skip NTS only: a threaded PHP\'s opcache calls virtual_stat(), PHP\'s own');
if ($r = sc_oc_skip_reason()) die("skip $r");
if (sc_oc_builtin()) die('skip opcache is part of this PHP\'s binary (8.5): its stat() import is every caller\'s, and left alone');
exec('strace -o /dev/null true 2>&1', $out, $rc);
if ($rc !== 0) die('skip strace cannot trace here');
?>
--FILE--
<?php
require __DIR__ . '/opcache.inc';
$d = sc_tmpdir('oc-own-stat');
$code = SC_OC_CHILD_LIB . <<<'PHP'
$f = $argv[1] . '/s.php';
file_put_contents($f, '<?php return "v1";');
touch($f, time() - 100);
clearstatcache();
echo include $f, "\n";
for ($i = 0; $i < 5; $i++) {
    include $f;
}
usleep(1111);
for ($i = 0; $i < 20; $i++) {
    include $f;
}
usleep(2222);
// this process's change (a new mtime: what opcache compares)
file_put_contents($f, '<?php return "v2";');
touch($f, time() + 100);
echo include $f, "\n";
// another process's
$h = sc_unrelated('printf "<?php return \"v3\";" > "$1" && touch -d "+200 seconds" "$1"', $f);
sc_past_the_bound();
echo include $f, "\n";
sc_unrelated_end($h);
if (function_exists('statcache_stats')) {
    ob_start();
    (new ReflectionExtension('statcache'))->info();
    preg_match("~^opcache's own stat\(\) of a script => (.*)$~m", ob_get_clean(), $m);
    echo "--ri: ", $m[1] ?? 'no row', "\n";
}
PHP;
$main = "$d/main.php";
file_put_contents($main, $code);
$ini = sc_oc_load() + [
    'opcache.enable_cli' => '1',
    'opcache.validate_timestamps' => '1',
    'opcache.revalidate_freq' => '0',
    'opcache.file_update_protection' => '0',
    'opcache.jit' => 'disable',
    'statcache.first_look' => '0',
];
$count = [];
foreach (['off' => '0', 'on' => '1'] as $run => $enable) {
    $log = "$d/strace.$run";
    @mkdir("$d/$run");
    [$rc, $out, $err] = sc_run(array_merge(['strace', '-f', '-o', $log],
        sc_php_with_ext($ini + ['statcache.enable_cli' => $enable]), [$main, "$d/$run"]));
    echo "$run:\n", $out, $err !== '' ? "stderr: $err" : '', $rc !== 0 ? "exit code $rc\n" : '';
    // the stat-family calls naming the script between the two markers
    $in = false;
    $count[$run] = 0;
    foreach (file($log, FILE_IGNORE_NEW_LINES) as $l) {
        if (preg_match('/nanosleep\(.*tv_nsec=(1111|2222)000\b/', $l, $m)) {
            $in = $m[1] === '1111';
        } elseif ($in && preg_match('/\b(stat|lstat|newfstatat|statx)\(.*' . preg_quote("$d/$run/s.php", '/') . '"/', $l)) {
            $count[$run]++;
        }
    }
}
echo "20 includes: off ", $count['off'] >= 20 ? 'a stat() each' : "only $count[off] stat()s",
    ", on ", $count['on'] === 0 ? 'none' : "$count[on] stat()s", "\n";
?>
--EXPECT--
off:
v1
v2
v3
--ri: left to opcache
on:
v1
v2
v3
--ri: answered from the cache
20 includes: off a stat() each, on none
