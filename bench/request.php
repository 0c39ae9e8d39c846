<?php
/*
 * bench/request.sh's app-like request, REQUESTS times in one process after
 * one unmeasured (warming) request.  Each request:
 *   - clearstatcache(true) ("emptied": PHP's realpath cache is emptied, as
 *     the reported request did) or clearstatcache() ("kept": PHP's one-entry
 *     stat cache goes, as at the end of every php-fpm request, but the
 *     realpath cache stays, as it does in a php-fpm worker for
 *     realpath_cache_ttl);
 *   - 300 require_once of absolute paths (generated class files);
 *   - 200 stat-family calls: 60 file_exists() of class files, 40
 *     file_exists() of class files missing in packages that exist (Composer's
 *     PSR-4 walk), 40 is_file(), 20 is_dir(), 20 filemtime(), 20
 *     is_readable();
 *   - 20 fopen(..., 'r') + fclose() of templates.
 * Prints one JSON object: ns per request (the median of the measured ones), the entries a
 * request finds in PHP's realpath cache, statcache_stats().
 *   php request.php DATA_DIR REQUESTS kept|emptied
 */
[$_, $dir, $requests, $mode] = $argv + [null, null, '1', 'emptied'];
$requests = (int) $requests;
$emptied = $mode === 'emptied';
($emptied || $mode === 'kept') || exit("request.php: mode is kept or emptied, not '$mode'\n");

$inc = $exists = $missing = [];
for ($i = 0; $i < 300; $i++) {
	$inc[] = "$dir/vendor/acme/pkg" . ($i % 30) . "/src/Class$i.php";
}
for ($i = 0; $i < 40; $i++) {
	$missing[] = "$dir/vendor/acme/pkg" . ($i % 30) . "/src/Missing$i.php";
}
$exists = array_slice($inc, 0, 60);
$files = array_slice($inc, 100, 40);
$dirs = [];
for ($i = 0; $i < 20; $i++) {
	$dirs[] = "$dir/vendor/acme/pkg$i/src";
}
$mtimes = array_slice($inc, 200, 20);
$readable = array_slice($inc, 250, 20);
$open = [];
for ($i = 0; $i < 20; $i++) {
	$open[] = "$dir/templates/t$i.html";
}

function request(bool $emptied, array $inc, array $exists, array $missing, array $files, array $dirs, array $mtimes, array $readable, array $open): void
{
	clearstatcache($emptied);
	foreach ($inc as $f) {
		require_once $f;
	}
	foreach ($exists as $f) {
		file_exists($f);
	}
	foreach ($missing as $f) {
		file_exists($f);
	}
	foreach ($files as $f) {
		is_file($f);
	}
	foreach ($dirs as $f) {
		is_dir($f);
	}
	foreach ($mtimes as $f) {
		filemtime($f);
	}
	foreach ($readable as $f) {
		is_readable($f);
	}
	foreach ($open as $f) {
		fclose(fopen($f, 'r'));
	}
}

request($emptied, $inc, $exists, $missing, $files, $dirs, $mtimes, $readable, $open);
/* each request timed alone; the median of them, so that a preemption on
 * this shared machine moves one request, not the figure */
$t = [];
for ($r = 0; $r < $requests; $r++) {
	$t0 = hrtime(true);
	request($emptied, $inc, $exists, $missing, $files, $dirs, $mtimes, $readable, $open);
	$t[] = hrtime(true) - $t0;
}
sort($t);
$ns = $t ? $t[intdiv(count($t), 2)] : 0;
/* what a request finds in PHP's realpath cache after its clearstatcache() */
clearstatcache($emptied);
$rp_start = count(realpath_cache_get());
echo json_encode([
	'ns_per_request' => $ns, 'requests' => $requests, 'mode' => $mode,
	'realpath_cache_entries_at_start' => $rp_start,
	'included' => count(get_included_files()),
	'_stats' => function_exists('statcache_stats') ? statcache_stats() : null,
]), "\n";
