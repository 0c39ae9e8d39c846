<?php
// A neighbour of the application (bench/apps/run.sh --neighbour N): another
// process that makes and removes RATE short-lived files a second in DIR, as
// a database's journal, a cache or a session store next to an app's files
// does. Each file (".neighbour-PID-N", a few bytes) is removed two files
// later, so it lives about 2/RATE s. Paced by the clock, not by sleeps
// alone: a late round catches up. Every 20 files, STATUS gets
// "files seconds" (what it made so far, over how long). Runs until killed.
//
//   php -n bench/apps/neighbour.php DIR RATE STATUS

[$_, $dir, $rate, $status] = $argv + [null, null, null, null];
$rate = (int)$rate;
if (!is_dir((string)$dir) || $rate <= 0 || $status === null) {
    fwrite(STDERR, "usage: neighbour.php DIR RATE STATUS\n");
    exit(2);
}
$pid = getmypid();
$step = 1e9 / $rate;
$t0 = hrtime(true);
$live = [];
for ($i = 0; ; $i++) {
    $name = "$dir/.neighbour-$pid-$i";
    if (@file_put_contents($name, "$i\n") === false) {
        fwrite(STDERR, "neighbour: cannot write $name\n");
        exit(1);
    }
    $live[] = $name;
    if (count($live) > 2) {
        unlink(array_shift($live));
    }
    if ($i % 20 === 0) {
        file_put_contents($status, sprintf("%d %.3f\n", $i + 1, (hrtime(true) - $t0) / 1e9));
    }
    $wait = (int)($t0 + ($i + 1) * $step - hrtime(true));
    if ($wait > 0) {
        time_nanosleep(intdiv($wait, 1000000000), $wait % 1000000000);
    }
}
