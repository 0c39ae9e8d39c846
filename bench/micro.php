<?php
/*
 * statcache micro-benchmark: ns per call of the stat family over a tree of
 * existing files and of Composer-style probes.
 * Run by bench/micro.sh, once per configuration per pass (every case, timed
 * in interleaved rounds; prints one JSON object of ns per call, each the
 * median of its rounds), and under callgrind once per case,
 * configuration and loop length (CASE given: that case alone, untimed).
 *   php micro.php DATA_DIR ITERATIONS [CASE]
 * A case is a closure that runs its body once per path (200 paths); the
 * 'empty loop' case is the same closure and loop with an empty body, so
 * (case - empty loop) is what the call itself costs.
 */
$dir = $argv[1] ?? sys_get_temp_dir() . '/statcache-micro';
$iters = (int) ($argv[2] ?? 200);
$only = $argv[3] ?? null;

$hits = [];
$probes = [];
$vendor = [];
for ($i = 0; $i < 200; $i++) {
	$hits[] = "$dir/src/Pkg" . ($i % 20) . "/Class$i.php";
	/* the autoloader's shape: vendor/composer/../../src/..., parent missing */
	$probes[] = "$dir/vendor/composer/../../lib/Missing" . ($i % 20) . "/Class$i.php";
	/* Composer's PSR-4 walk: a class file missing in a package that exists */
	$vendor[] = "$dir/vendor/composer/../acme/pkg" . ($i % 20) . "/src/Missing$i.php";
}
$memo = array_fill_keys($hits, true);

$cases = [
	'file_exists hit' => [function ($p) { foreach ($p as $f) { file_exists($f); } }, $hits],
	'is_file hit' => [function ($p) { foreach ($p as $f) { is_file($f); } }, $hits],
	'filemtime hit' => [function ($p) { foreach ($p as $f) { filemtime($f); } }, $hits],
	'is_file+filemtime hit' => [function ($p) { foreach ($p as $f) { is_file($f) && filemtime($f); } }, $hits],
	'is_readable hit' => [function ($p) { foreach ($p as $f) { is_readable($f); } }, $hits],
	'file_exists vendor/ probe (missing class file)' => [function ($p) { foreach ($p as $f) { file_exists($f); } }, $vendor],
	'file_exists missing-parent probe' => [function ($p) { foreach ($p as $f) { file_exists($f); } }, $probes],
	'is_file missing-parent probe' => [function ($p) { foreach ($p as $f) { is_file($f); } }, $probes],
	'isset($memo[$path])' => [function ($p) use ($memo) { foreach ($p as $f) { isset($memo[$f]); } }, $hits],
	'empty loop' => [function ($p) { foreach ($p as $f) { } }, $hits],
];

if ($only !== null) {
	isset($cases[$only]) || exit("micro.php: no case '$only'\n");
	[$body, $paths] = $cases[$only];
	$body($paths); /* warm: fills the cache and the realpath cache */
	for ($i = 0; $i < $iters; $i++) {
		$body($paths);
	}
	echo json_encode(['case' => $only, 'iterations' => $iters, 'calls' => $iters * count($paths), '_jit' => jit_on(),
		'_stats' => function_exists('statcache_stats') ? statcache_stats() : null]), "\n";
	exit;
}

function jit_on(): bool
{
	return function_exists('opcache_get_status') && (opcache_get_status(false)['jit']['on'] ?? false);
}

/* Timed in rounds: each round runs every case for a slice of the
 * iterations, so the cases are measured close together in time and a
 * preemption or a burst of load on this shared machine falls in a few
 * rounds of one case; each case's figure is the median of its rounds. */
$rounds = min($iters, 15);
$per = [];
foreach ($cases as $name => [$body, $paths]) {
	$body($paths); /* warm: fills the cache and the realpath cache */
}
for ($r = 0; $r < $rounds; $r++) {
	$n = intdiv($iters, $rounds) + ($r < $iters % $rounds ? 1 : 0);
	foreach ($cases as $name => [$body, $paths]) {
		$t0 = hrtime(true);
		for ($i = 0; $i < $n; $i++) {
			$body($paths);
		}
		$per[$name][] = (hrtime(true) - $t0) / ($n * count($paths));
	}
}
$out = [];
foreach ($per as $name => $v) {
	sort($v);
	$out[$name] = $v[intdiv(count($v), 2)];
}
$out['_stats'] = function_exists('statcache_stats') ? statcache_stats() : null;
$out['_jit'] = jit_on();
echo json_encode($out), "\n";
