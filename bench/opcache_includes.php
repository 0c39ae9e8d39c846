<?php
/* bench/opcache_includes.sh's worker: includes each of $argv[2]'s N
 * scripts $argv[1] times (include, not _once: opcache serves each from its
 * memory), then prints what it did. */
[$_, $rounds, $dir] = $argv;
$files = glob("$dir/s*.php");
$sum = 0;
for ($r = 0; $r < (int) $rounds; $r++) {
    foreach ($files as $f) {
        $sum += include $f;
    }
}
$s = function_exists('statcache_stats') ? statcache_stats() : [];
printf("%d includes, sum %d, opcache_invalidate %s, scripts %d, events %d, flushes %d\n",
    (int) $rounds * count($files), $sum, var_export($s['opcache_invalidate'] ?? null, true),
    $s['opcache_scripts'] ?? 0, $s['events'] ?? 0, $s['flushes'] ?? 0);
