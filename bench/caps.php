<?php
// bench/caps.sh's loop: is_file() round robin over N paths of a tree
// (argv: dir, paths, rounds[, warm-up rounds]); prints JSON: ns per call
// over the counted rounds, and statcache_stats() after them.
[, $dir, $n, $rounds] = $argv;
$warm = (int) ($argv[4] ?? 2);
$paths = [];
for ($i = 0; $i < (int) $n; $i++) {
    $paths[] = sprintf('%s/d%d/f%d.php', $dir, intdiv($i, 100), $i);
}
$sum = 0;
for ($r = 0; $r < $warm; $r++) {
    foreach ($paths as $p) {
        $sum += is_file($p);
    }
}
$before = function_exists('statcache_stats') ? statcache_stats() : [];
$t = hrtime(true);
for ($r = 0; $r < (int) $rounds; $r++) {
    foreach ($paths as $p) {
        $sum += is_file($p);
    }
}
$ns = (hrtime(true) - $t) / max(1, (int) $rounds * count($paths));
$out = ['ns' => $ns, 'found' => $sum];
if ($before) {
    $after = statcache_stats();
    foreach (['hits', 'misses', 'bypassed', 'cap_bypassed', 'watch_cap_bypassed', 'evictions', 'watch_evictions', 'flushes', 'events', 'entries', 'watches'] as $k) {
        // ?? 0: a counter a build measured for comparison does not have yet
        $out[$k] = in_array($k, ['entries', 'watches'], true) ? $after[$k] : ($after[$k] ?? 0) - ($before[$k] ?? 0);
    }
    // events other than the IN_IGNORED of the watches statcache itself
    // evicted (one each): what another writer would have caused
    $out['_stats'] = ['events' => $after['events'] - $before['events'] - $out['watch_evictions']];
}
echo json_encode($out), "\n";
