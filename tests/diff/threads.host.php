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
 * SC_DIFF_DELAYS (unrelated writes' delays go to this path + ".tN").
 */
require __DIR__ . '/session.inc';
error_reporting(E_ALL);
$t = (int) $_SERVER['SC_THREAD'];
$modes = explode(',', $_SERVER['SC_DIFF_MODES']);
$o = ['seed' => (int) $_SERVER['SC_DIFF_SEED'] + $t, 'ops' => (int) $_SERVER['SC_DIFF_OPS'],
    'mode' => $modes[$t % count($modes)], 'php' => $_SERVER['SC_DIFF_PHP'], 'threads' => true,
    'label' => "zts-thread$t", 'queries' => (int) ($_SERVER['SC_DIFF_QUERIES'] ?? 8)];
$r = sc_diff_session($o);
printf("%s %s mode=%s seed=%d ops=%d writes=%d queries=%d stale=%d\n", $r['mismatches'] ? 'FAIL' : 'ok',
    $o['label'], $o['mode'], $o['seed'], $r['ops'], $r['writes'], $r['queries'], $r['stale']);
foreach ($r['mismatches'] as $m) {
    echo $m, "\n";
}
if (!empty($_SERVER['SC_DIFF_DELAYS']) && $r['delays']) {
    file_put_contents($_SERVER['SC_DIFF_DELAYS'] . ".t$t", implode("\n", $r['delays']) . "\n", FILE_APPEND);
}
