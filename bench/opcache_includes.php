<?php
/* bench/opcache_includes.sh's worker: includes each of $argv[2]'s N
 * scripts $argv[1] times (include, not _once: opcache serves each from its
 * memory), by relative name with $argv[3] "relative", then prints what it
 * did. */
[$_, $rounds, $dir] = $argv;
$files = glob("$dir/s*.php");
if (($argv[3] ?? '') === 'relative') {
    /* by relative name: the working directory, then lib/ */
    chdir($dir);
    set_include_path('.' . PATH_SEPARATOR . 'lib');
    $files = array_map('basename', glob("$dir/lib/s*.php"));
}
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
