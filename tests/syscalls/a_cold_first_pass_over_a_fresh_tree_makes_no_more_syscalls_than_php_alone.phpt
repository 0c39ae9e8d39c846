--TEST--
syscalls: a new process's first pass over a fresh tree (an autoloader's: 200 directories, 600 class files, 600 PSR-4 candidates that miss) makes no more syscalls with the cache than PHP alone, with the same answers
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--SKIPIF--
<?php
$strace = trim((string) shell_exec('command -v strace 2>/dev/null'));
if ($strace === '') {
    die('skip strace not installed');
}
exec('strace -o /dev/null true 2>&1', $out, $rc);
if ($rc !== 0) {
    die('skip strace cannot trace here: ' . implode(' ', $out));
}
?>
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('cold');

// two copies of one tree, one per run: each is new to the process that
// looks at it (nothing of it cached, no watch on it)
foreach (['off', 'on'] as $run) {
    for ($i = 0; $i < 200; $i++) {
        mkdir("$d/$run/src/Pkg$i", 0755, true);
        for ($j = 0; $j < 3; $j++) {
            file_put_contents("$d/$run/src/Pkg$i/Class$j.php", '<?php');
        }
    }
}
// the log outside both trees: strace's writes raise no event they watch
mkdir("$d/log");
$script = "$d/log/pass.php";
file_put_contents($script, '<?php
$base = $argv[1];
$n = 0;
usleep(1111);
for ($i = 0; $i < 200; $i++) {
    for ($j = 0; $j < 3; $j++) {
        // PSR-4 with two base directories: the first misses
        $n += file_exists("$base/lib/Pkg$i/Class$j.php") ? 1 : 0;
        $n += file_exists("$base/src/Pkg$i/Class$j.php") ? 10 : 0;
    }
}
usleep(2222);
echo $n, "\n";
if (function_exists("statcache_stats")) {
    $s = statcache_stats();
    echo $s["misses"] + $s["negative_hits"] > 0 ? "answered by statcache" : "not answered by statcache", "\n";
}
');

/* Every syscall the pass made (between its markers), from an strace log. */
function pass_syscalls(string $log): int
{
    $in = false;
    $n = 0;
    foreach (file($log, FILE_IGNORE_NEW_LINES) as $l) {
        if (preg_match('/^\d+\s+\w*nanosleep\(.*tv_nsec=(1111|2222)000\b/', $l, $m)) {
            $in = $m[1] === '1111';
            continue;
        }
        if ($in && preg_match('/^\d+\s+\w+\(/', $l)) {
            $n++;
        }
    }
    return $n;
}

$runs = [
    'off' => sc_php_plain(),
    // a drain by the staleness bound is one poll() every max_staleness_ms
    // of wall time, which strace stretches: the bound is the one thing
    // set here, so that a loaded machine does not add polls to the count
    'on' => sc_php_with_ext(['statcache.enable_cli' => 1, 'statcache.max_staleness_ms' => 100,
        'statcache.first_look' => 1]),
];
$count = $answer = [];
foreach ($runs as $run => $php) {
    $log = "$d/log/strace.$run";
    [$rc, $out, $err] = sc_run(array_merge(['strace', '-f', '-o', $log], $php, [$script, "$d/$run"]));
    $lines = explode("\n", trim($out));
    $answer[$run] = $lines[0];
    if ($run === 'on') {
        echo $lines[1] ?? 'no stats', "\n";
    }
    echo $rc === 0 && $err === '' ? '' : "$run: exit $rc, stderr: $err\n";
    $count[$run] = pass_syscalls($log);
}
echo "answers: ", $answer['on'] === $answer['off'] ? "the same, $answer[on]" : "on $answer[on], off $answer[off]", "\n";
// without the cache each probe is one access(): 1,200
echo "off: ", $count['off'] >= 1200 ? "at least one syscall a probe" : "only $count[off] syscalls", "\n";
echo "on <= off: ", $count['on'] <= $count['off'] ? "yes" : "no ($count[on] > $count[off])", "\n";
?>
--EXPECT--
answered by statcache
answers: the same, 6000
off: at least one syscall a probe
on <= off: yes
