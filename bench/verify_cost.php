<?php
/*
 * The hit loop that bench/verify_cost.sh runs under callgrind: is_file() on
 * 200 cached files, ITERATIONS times, then statcache_stats() as JSON.
 * Usage: php verify_cost.php DATA_DIR ITERATIONS
 */
$dir = $argv[1];
$iters = (int) $argv[2];
$paths = [];
for ($i = 0; $i < 200; $i++) {
	$paths[] = "$dir/src/Pkg" . ($i % 20) . "/Class$i.php";
}
foreach ($paths as $p) {
	is_file($p); /* fills the cache */
}
for ($i = 0; $i < $iters; $i++) {
	foreach ($paths as $p) {
		is_file($p);
	}
}
echo json_encode(statcache_stats()), "\n";
