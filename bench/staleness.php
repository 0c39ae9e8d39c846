<?php
/*
 * bench/staleness.sh: how long after an unrelated process changes a file
 * does a lookup see it?  This process polls file_exists() (hits) while a
 * separate writer (php -n, no cache, not waited for: no sync point) creates
 * the file and reports the CLOCK_MONOTONIC time it did so.  The writer
 * waits 1-20 ms (uniform) before it writes: the line this process sends it
 * is a sync point (a stream write), and the lookup right after it drains;
 * a writer that beat that drain would be seen by it, which measures
 * neither the watcher nor the bound.  The writer reports the time just
 * before its change (the delay is measured from it) and just after it: a
 * lookup that began more than BOUND_MS after the latter and still answered
 * "not there" broke statcache.max_staleness_ms (the start times of the
 * last 4,096 stale lookups of a round are kept to count them).  Prints one
 * JSON object: "delays" (microseconds, one a round) and "stale_past_bound"
 * (those lookups, over every round; BOUND_MS 0: no bound, not counted).
 *   php -d extension=... staleness.php DIR ROUNDS [BOUND_MS]
 */
[$dir, $rounds, $bound] = [$argv[1], (int) $argv[2], (int) ($argv[3] ?? 0)];
@mkdir($dir);
$writer = proc_open([PHP_BINARY, '-n', '-r', '
    $dir = $argv[1];
    while (($line = fgets(STDIN)) !== false) {
        $f = "$dir/" . trim($line);
        usleep(random_int(1000, 20000));
        $t = hrtime(true);
        touch($f);
        $t1 = hrtime(true);
        fwrite(STDOUT, "$t $t1\n");
    }', $dir], [0 => ['pipe', 'r'], 1 => ['pipe', 'w']], $pipes);
$delays = [];
$stalePastBound = 0;
$ring = array_fill(0, 4096, 0);
for ($i = 0; $i < $rounds; $i++) {
    $name = "f$i";
    @unlink("$dir/$name");
    while (file_exists("$dir/$name")) { /* our own unlink is a sync point: seen at once */ }
    fwrite($pipes[0], "$name\n");
    fflush($pipes[0]);
    /* poll until seen: every call is a lookup (hit until the change is seen) */
    $deadline = hrtime(true) + 2e9;
    $k = 0;
    while (true) {
        $start = hrtime(true);
        if (file_exists("$dir/$name") || $start > $deadline) {
            break;
        }
        $ring[$k++ & 4095] = $start;   /* a lookup that answered stale */
    }
    $seen = hrtime(true);
    [$t0, $t1] = array_map('intval', explode(' ', trim(fgets($pipes[1]))));
    $delays[] = ($seen - $t0) / 1000;
    /* the stale lookups that began past the bound: the last ones */
    for ($j = $k - 1; $bound > 0 && $j >= 0 && $j >= $k - 4096 && $ring[$j & 4095] > $t1 + $bound * 1000000; $j--) {
        $stalePastBound++;
    }
    @unlink("$dir/$name");
}
fclose($pipes[0]);
proc_close($writer);
echo json_encode(['delays' => $delays, 'stale_past_bound' => $stalePastBound]), "\n";
