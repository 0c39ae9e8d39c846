<?php
/*
 * statcache micro-benchmark: ns per call of the stat family over a tree of
 * existing files and of Composer-style probes.
 * Run by bench/micro.sh, once per configuration per pass (every case, timed
 * in interleaved rounds; prints one JSON object of ns per call, each the
 * median of its rounds), and under callgrind once per case,
 * configuration and loop length (CASE given: that case alone, untimed).
 *   php micro.php DATA_DIR ITERATIONS [CASE]
 *   php micro.php DATA_DIR 0 --list     (each case and its baseline)
 * A case is a closure that runs its body once per path (200 paths); its
 * baseline is the same closure and loop without the call ('empty loop',
 * or 'string building loop' for the probes that build their name per
 * call, as Composer's autoloader does), so (case - baseline) is what the
 * call itself costs.
 * Alone (CASE given), a case is warmed up the same way whatever the
 * iterations: a drain now and one 100 ms later (clearstatcache(): the tick
 * counter statcache's staleness bound uses is calibrated between them, so
 * that nothing after reads the clock or drains on a timer), then three
 * passes (fills, the JIT's traces); then the counted loop, with the drains
 * it saw and the staleness clock before and after reported, so that a
 * pair of runs (N and 2N iterations) differs only in the count.
 */
/* the threaded host (bench/micro.sh --zts) gives a script no arguments:
 * there they come tab-separated in SC_MICRO_ARGS */
$args = getenv('SC_MICRO_ARGS') !== false ? explode("\t", getenv('SC_MICRO_ARGS')) : array_slice($argv, 1);
$dir = $args[0] ?? sys_get_temp_dir() . '/statcache-micro';
$iters = (int) ($args[1] ?? 200);
$only = $args[2] ?? null;

$hits = [];
$probes = [];
$vendor = [];
$missing = [];
$names = [];
for ($i = 0; $i < 200; $i++) {
	$hits[] = "$dir/src/Pkg" . ($i % 20) . "/Class$i.php";
	/* a PSR-4 probe that finds its class file: the name is built per call */
	$names[] = "/src/Pkg" . ($i % 20) . "/Class$i";
	/* the autoloader's shape: vendor/composer/../../src/..., parent missing */
	$probes[] = "$dir/vendor/composer/../../lib/Missing" . ($i % 20) . "/Class$i.php";
	/* Composer's PSR-4 walk: a class file missing in a package that exists */
	$vendor[] = "$dir/vendor/composer/../acme/pkg" . ($i % 20) . "/src/Missing$i.php";
	/* a PSR-4 fallback's shape, names as written: a candidate missing in
	 * a package that exists, then the class file found */
	$missing[] = "$dir/vendor/acme/pkg" . ($i % 20) . "/src/Class$i.php";
}
$memo = array_fill_keys($hits, true);

$cases = [
	'file_exists hit' => [function ($p) { foreach ($p as $f) { file_exists($f); } }, $hits],
	'is_file hit' => [function ($p) { foreach ($p as $f) { is_file($f); } }, $hits],
	'filemtime hit' => [function ($p) { foreach ($p as $f) { filemtime($f); } }, $hits],
	'is_file+filemtime hit' => [function ($p) { foreach ($p as $f) { is_file($f) && filemtime($f); } }, $hits],
	'is_readable hit' => [function ($p) { foreach ($p as $f) { is_readable($f); } }, $hits],
	'file_exists Composer probe hit (name built per call)' => [function ($p) use ($dir) { foreach ($p as $n) { file_exists($dir . $n . '.php'); } }, $names, 'string building loop'],
	'file_exists vendor/ probe (missing class file)' => [function ($p) { foreach ($p as $f) { file_exists($f); } }, $vendor],
	'is_file Composer probe (a missing candidate, then the file: 2 calls)' => [function ($p) use ($missing) { foreach ($p as $i => $f) { is_file($missing[$i]) || is_file($f); } }, $hits],
	'file_exists missing-parent probe' => [function ($p) { foreach ($p as $f) { file_exists($f); } }, $probes],
	'is_file missing-parent probe' => [function ($p) { foreach ($p as $f) { is_file($f); } }, $probes],
	'isset($memo[$path])' => [function ($p) use ($memo) { foreach ($p as $f) { isset($memo[$f]); } }, $hits],
	/* the fair baseline of the Composer probe built per call: the same
	 * name built the same way, then looked up in the memo */
	'isset($memo[name built per call])' => [function ($p) use ($dir, $memo) { foreach ($p as $n) { isset($memo[$dir . $n . '.php']); } }, $names, 'string building loop'],
	'empty loop' => [function ($p) { foreach ($p as $f) { } }, $hits],
	'string building loop' => [function ($p) use ($dir) { foreach ($p as $n) { $dir . $n . '.php'; } }, $names],
];
/* the baselines themselves are not timed as calls */
$baselines = ['empty loop', 'string building loop'];

if ($only === '--list') {
	foreach ($cases as $name => $c) {
		if (!in_array($name, $baselines, true)) {
			echo $name, "\t", $c[2] ?? 'empty loop', "\n";
		}
	}
	exit;
}

if ($only !== null) {
	isset($cases[$only]) || exit("micro.php: no case '$only'\n");
	[$body, $paths] = $cases[$only];
	$stats = function_exists('statcache_stats') ? 'statcache_stats' : fn () => null;
	/* first the staleness clock, before anything is timed by it: a lookup
	 * starts statcache's process machine, a drain now (clearstatcache())
	 * takes the tick counter's first sample and one 100 ms on its second:
	 * calibrated, so no lookup reads the clock or drains on a timer after */
	file_exists($dir);
	clearstatcache();
	usleep(100000);
	clearstatcache();
	for ($i = 0; $i < 3; $i++) {
		$body($paths); /* warm: fills the cache and the realpath cache, compiles the JIT's traces */
	}
	$before = $stats();
	for ($i = 0; $i < $iters; $i++) {
		$body($paths);
	}
	$after = $stats();
	echo json_encode(['case' => $only, 'iterations' => $iters, 'calls' => $iters * count($paths), '_jit' => jit_on(),
		'_counted' => $after === null ? null : ['drains' => $after['drains'] - $before['drains'],
			'clock_before' => $before['staleness_clock'] ?? null, 'clock_after' => $after['staleness_clock'] ?? null],
		'_stats' => $after]), "\n";
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
