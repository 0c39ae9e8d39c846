<?php
/*
 * The differential tester on several PHP threads of one process (the
 * threaded embed host, tests/host/sc_host): each thread runs its own
 * session (session.inc) on its own tree, so the threads share the
 * process's watcher, inotify instance and generation table while each
 * compares its own answers with its own `php -n` reference.
 * Environment (tests/diff/run.sh sets it): SC_DIFF_PHP (the CLI PHP of the
 * same build, for -n co-processes), SC_DIFF_SEED (thread N uses seed+N),
 * SC_DIFF_OPS, SC_DIFF_QUERIES (most queries per write, default 8),
 * SC_DIFF_MODES (comma-separated; thread N takes the N-th, cyclically),
 * SC_DIFF_DELAYS (unrelated writes' delays go to this path + ".tN"),
 * SC_DIFF_MAX_DELAY_MS (unrelated writes, default 2000), SC_DIFF_LINKS
 * (quiet or busy: session.inc's links mode).
 *
 * The churn of threads (SC_DIFF_CHURN=DIR, with sc_host -R ROUNDS -n
 * REQUESTS): thread N's sessions all work on the tree DIR/slotN, kept from
 * one request and one round to the next, so that every new thread finds
 * the directories, watches and generations the threads before it left in
 * the process; session K of slot N uses seed SEED + 100 * N + K and a
 * length of OPS/2, OPS or 3*OPS/2 (threads end while others still run).
 * A thread whose mode is "reader" compares nothing: it queries the other
 * slots' trees while they write (refills and watches of directories other
 * threads write in), until they are done.
 */
require __DIR__ . '/session.inc';
error_reporting(E_ALL);
$t = (int) $_SERVER['SC_THREAD'];
$modes = explode(',', $_SERVER['SC_DIFF_MODES']);
$mode = $modes[$t % count($modes)];
$o = ['seed' => (int) $_SERVER['SC_DIFF_SEED'] + $t, 'ops' => (int) $_SERVER['SC_DIFF_OPS'],
    'mode' => $mode, 'php' => $_SERVER['SC_DIFF_PHP'], 'threads' => true,
    'label' => "zts-thread$t", 'queries' => (int) ($_SERVER['SC_DIFF_QUERIES'] ?? 8),
    'max_delay_ms' => (int) ($_SERVER['SC_DIFF_MAX_DELAY_MS'] ?? 2000), 'links' => $_SERVER['SC_DIFF_LINKS'] ?? ''];
$churn = $_SERVER['SC_DIFF_CHURN'] ?? '';
if ($churn !== '') {
    $slot = "$churn/slot$t";
    @mkdir($slot, 0755, true);
    $k = (int) @file_get_contents("$slot/count");
    file_put_contents("$slot/count", (string) ($k + 1));
    if ($mode === 'reader') {
        $bases = [];
        foreach ($modes as $i => $m) {
            if ($m !== 'reader') {
                $bases[] = "$churn/slot$i";
            }
        }
        $n = sc_diff_reader($bases, 100 * $o['ops'], $o['seed'] + 100 * $k);
        echo "read zts-thread$t mode=reader session=$k queries=$n (not compared)\n";
        return;
    }
    $o['base'] = $slot;
    $o['seed'] = (int) $_SERVER['SC_DIFF_SEED'] + 100 * $t + $k;
    $o['ops'] = intdiv($o['ops'] * (1 + ($t + $k) % 3), 2);
    $o['label'] = "zts-thread$t-session$k";
}
$r = sc_diff_session($o);
printf("%s %s mode=%s seed=%d ops=%d writes=%d queries=%d stale=%d\n", $r['mismatches'] ? 'FAIL' : 'ok',
    $o['label'], $o['mode'], $o['seed'], $r['ops'], $r['writes'], $r['queries'], $r['stale']);
foreach ($r['mismatches'] as $m) {
    echo $m, "\n";
}
if (!empty($_SERVER['SC_DIFF_DELAYS']) && $r['delays']) {
    file_put_contents($_SERVER['SC_DIFF_DELAYS'] . ".t$t", implode("\n", $r['delays']) . "\n", FILE_APPEND);
}
