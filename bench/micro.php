<?php
/*
 * statcache micro-benchmark: ns per call of the stat family over a tree of
 * existing files and of Composer-style probes whose parent is missing.
 * Run by bench/micro.sh, once per configuration per pass; prints one JSON
 * object.  Usage: php micro.php DATA_DIR ITERATIONS
 */
$dir = $argv[1] ?? sys_get_temp_dir() . '/statcache-micro';
$iters = (int) ($argv[2] ?? 200);

$hits = [];
$probes = [];
for ($i = 0; $i < 200; $i++) {
	$hits[] = "$dir/src/Pkg" . ($i % 20) . "/Class$i.php";
	/* the autoloader's shape: vendor/composer/../../src/..., parent missing */
	$probes[] = "$dir/vendor/composer/../../lib/Missing" . ($i % 20) . "/Class$i.php";
}
$memo = array_fill_keys($hits, true);

function bench(string $name, callable $body, array $paths, int $iters): array
{
	$body($paths); /* warm: fills the cache and the realpath cache */
	$t0 = hrtime(true);
	for ($i = 0; $i < $iters; $i++) {
		$body($paths);
	}
	$ns = (hrtime(true) - $t0) / ($iters * count($paths));
	return [$name, $ns];
}

$cases = [
	['file_exists hit', function ($p) { foreach ($p as $f) { file_exists($f); } }, $hits],
	['is_file hit', function ($p) { foreach ($p as $f) { is_file($f); } }, $hits],
	['is_file+filemtime hit', function ($p) { foreach ($p as $f) { is_file($f) && filemtime($f); } }, $hits],
	['is_readable hit', function ($p) { foreach ($p as $f) { is_readable($f); } }, $hits],
	['file_exists missing-parent probe', function ($p) { foreach ($p as $f) { file_exists($f); } }, $probes],
	['is_file missing-parent probe', function ($p) { foreach ($p as $f) { is_file($f); } }, $probes],
	['isset($memo[$path])', function ($p) use ($memo) { foreach ($p as $f) { isset($memo[$f]); } }, $hits],
	['empty loop', function ($p) { foreach ($p as $f) { } }, $hits],
];

$out = [];
foreach ($cases as [$name, $body, $paths]) {
	[$n, $ns] = bench($name, $body, $paths, $iters);
	$out[$n] = $ns;
}
$out['_stats'] = function_exists('statcache_stats') ? statcache_stats() : null;
echo json_encode($out), "\n";
