<?php
/*
 * bench/staleness.sh: how long after an unrelated process changes a file
 * does a lookup see it?  This process polls file_exists() (hits) while a
 * separate writer (php -n, no cache, not waited for: no sync point) creates
 * the file and reports the CLOCK_MONOTONIC time it did so.  The writer
 * waits 1-20 ms (uniform) before it writes: the line this process sends it
 * is a sync point (a stream write), and the lookup right after it drains;
 * a writer that beat that drain would be seen by it, which measures
 * neither the watcher nor the bound.  Prints one JSON array of delays in
 * microseconds.
 *   php -d extension=... staleness.php DIR ROUNDS
 */
[$dir, $rounds] = [$argv[1], (int) $argv[2]];
@mkdir($dir);
$writer = proc_open([PHP_BINARY, '-n', '-r', '
    $dir = $argv[1];
    while (($line = fgets(STDIN)) !== false) {
        $f = "$dir/" . trim($line);
        usleep(random_int(1000, 20000));
        $t = hrtime(true);
        touch($f);
        fwrite(STDOUT, "$t\n");
    }', $dir], [0 => ['pipe', 'r'], 1 => ['pipe', 'w']], $pipes);
$delays = [];
for ($i = 0; $i < $rounds; $i++) {
    $name = "f$i";
    @unlink("$dir/$name");
    while (file_exists("$dir/$name")) { /* our own unlink is a sync point: seen at once */ }
    fwrite($pipes[0], "$name\n");
    fflush($pipes[0]);
    /* poll until seen: every call is a lookup (hit until the change is seen) */
    $deadline = hrtime(true) + 2e9;
    while (!file_exists("$dir/$name")) {
        if (hrtime(true) > $deadline) {
            break;
        }
    }
    $seen = hrtime(true);
    $t0 = (int) fgets($pipes[1]);
    $delays[] = ($seen - $t0) / 1000;
    @unlink("$dir/$name");
}
fclose($pipes[0]);
proc_close($writer);
echo json_encode($delays), "\n";
