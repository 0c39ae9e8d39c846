<?php
// threads: 2
// requests: 1
// requires: statcache
// ini: statcache.test_watcher=0
// ini: statcache.max_staleness_ms=0
// A write by thread 0 through PHP is seen by thread 1's very next lookup.
// The watcher is switched off and the staleness bound too, so only the
// process-wide sync point can make thread 1 see it.  The threads hand over
// through relative-path files, which the cache never answers.
$root = sys_get_temp_dir() . '/sc_handover_' . getmypid();
@mkdir($root);
chdir($root);
$target = "$root/created-by-thread-0";

function wait_for(string $rel): bool
{
    /* no clearstatcache() here: it drains the queue, which is what the
     * sync point must be shown to do by itself */
    for ($i = 0; $i < 5000; $i++) {
        if (file_exists($rel)) {
            return true;
        }
        usleep(1000);
    }
    return false;
}

if ($_SERVER['SC_THREAD'] === '1') {
    $before = file_exists($target);       /* cached: missing */
    $again = file_exists($target);        /* a hit */
    touch('t1-ready');
    if (!wait_for('t0-done')) {
        echo "timed out\n";
        return;
    }
    echo "before: ", var_export($before, true), ", again: ", var_export($again, true),
        ", after thread 0 wrote: ", var_export(file_exists($target), true), "\n";
} else {
    if (!wait_for('t1-ready')) {
        echo "timed out\n";
        return;
    }
    file_put_contents($target, "x");
    touch('t0-done');
    echo "wrote\n";
}
