--TEST--
children: `mv a b` by a child then file_exists('b') is right every time in a row for every wait function, with both cores kept busy (300 rounds each in 30 s; 2,000 in 120 s with SC_LONG=1)
--DESCRIPTION--
The spec's regression: without a sync point after the wait,
exec('mv a b'); file_exists('b') answered from the cache on a loaded
machine about once in a hundred.  Two busy loops keep the CPUs loaded
while a child moves a file back and forth per wait function; after each
wait both names are looked up (both cached, each time) and every wrong
answer is counted.  With the watcher on (the default) the watcher thread
races the lookup, as in production; the sync point must win every time.
By default each wait function runs 300 rounds within its share of a 30 s
budget, so that the test fits run-tests.php's default 60 s timeout
(`make test`); with SC_LONG=1 in the environment (the long tier) it runs
2,000 rounds within a 120 s budget (run-tests.php needs --set-timeout
300 then).  On a slow or shared machine a wait function stops early when
its share of the budget is spent, after at least 20 rounds.
The busy loops end themselves when this process is gone (a killed test
must not leave them spinning).
--SKIPIF--
<?php if (getenv('SKIP_SLOW_TESTS')) die('skip slow test'); ?>
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/sync_common.inc';
$long = (string) getenv('SC_LONG') !== '' && getenv('SC_LONG') !== '0';
define('ROUNDS', $long ? 2000 : 300);
define('BUDGET_S', $long ? 120.0 : 30.0);
const MIN_ROUNDS = 20;
$d = sc_tmpdir('child-stress');
touch("$d/a");

$busy = [];
for ($i = 0; $i < 2; $i++) {
    $busy[] = proc_open(['sh', '-c', 'while kill -0 $PPID 2>/dev/null; do :; done'],
        [0 => ['file', '/dev/null', 'r'], 1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']],
        $pipes);
}

$waits = [
    'exec' => function (string $cmd) { exec($cmd); },
    'system' => function (string $cmd) { system($cmd); },
    'shell_exec' => function (string $cmd) { shell_exec($cmd); },
    'proc_close' => function (string $cmd) { proc_close(proc_open(['sh', '-c', $cmd], [], $pipes)); },
    'pclose' => function (string $cmd) { pclose(popen($cmd, 'r')); },
];
if (function_exists('pcntl_fork')) {
    $fork = function (string $cmd): int {
        $pid = pcntl_fork();
        if ($pid === 0) {
            pcntl_exec('/bin/sh', ['-c', $cmd]);
            exit(127);
        }
        return $pid;
    };
    $waits['pcntl_wait'] = function (string $cmd) use ($fork) { $fork($cmd); pcntl_wait($st); };
    $waits['pcntl_waitpid'] = function (string $cmd) use ($fork) { pcntl_waitpid($fork($cmd), $st); };
    if (function_exists('pcntl_waitid')) {
        $waits['pcntl_waitid'] = function (string $cmd) use ($fork) {
            pcntl_waitid(P_PID, $fork($cmd), $info, WEXITED);
        };
    }
}

$hits = statcache_stats()['hits'];
$wrong = $done = [];
foreach ($waits as $name => $wait) {
    $wrong[$name] = 0;
    $until = microtime(true) + BUDGET_S / count($waits);
    $from = "$d/a";
    $to = "$d/b";
    if (!file_exists($from)) {
        [$from, $to] = [$to, $from];
    }
    $mv = ['mv ' . escapeshellarg($from) . ' ' . escapeshellarg($to),
           'mv ' . escapeshellarg($to) . ' ' . escapeshellarg($from)];
    for ($i = 0; $i < ROUNDS && ($i < MIN_ROUNDS || microtime(true) < $until); $i++) {
        file_exists($from);                   // both cached before the move
        file_exists($to);
        $wait($mv[$i & 1]);
        if (!file_exists($to) || file_exists($from)) {
            $wrong[$name]++;
        }
        [$from, $to] = [$to, $from];
    }
    $done[$name] = $i;
}

foreach ($busy as $p) {
    proc_terminate($p);
    proc_close($p);
}
foreach (['exec', 'system', 'shell_exec', 'proc_close', 'pclose'] as $name) {
    echo "$name: ", $wrong[$name], " wrong in ", $done[$name], " rounds\n";
}
var_dump(array_sum($wrong));
var_dump(statcache_stats()['hits'] - $hits >= array_sum($done));   // the cache answered
?>
--EXPECTF--
exec: 0 wrong in %d rounds
system: 0 wrong in %d rounds
shell_exec: 0 wrong in %d rounds
proc_close: 0 wrong in %d rounds
pclose: 0 wrong in %d rounds
int(0)
bool(true)
