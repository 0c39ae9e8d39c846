<?php
/* bench/zts.sh: one thread's hit rate over 200 cached paths (half missing).
 * Prints "hits_per_sec ns_per_hit" for this thread's last request. */
$n = (int) (getenv('SC_BENCH_HITS') ?: 400000);
$dir = getenv('SC_BENCH_DIR');
$paths = [];
for ($i = 0; $i < 100; $i++) {
    $paths[] = "$dir/src/Pkg" . ($i % 20) . "/Class$i.php";
    $paths[] = "$dir/vendor/composer/../../lib/Missing" . ($i % 20) . "/Class$i.php";
}
foreach ($paths as $p) {
    file_exists($p);
}
$t0 = hrtime(true);
for ($i = 0; $i < $n; $i++) {
    file_exists($paths[$i % 200]);
}
$ns = hrtime(true) - $t0;
if ($_SERVER['SC_REQUEST'] === (string) ((int) getenv('SC_BENCH_REQUESTS') - 1)) {
    printf("%.0f %.1f\n", $n / ($ns / 1e9), $ns / $n);
}
