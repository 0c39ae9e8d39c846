<?php
/*
 * Checks the status page as Chromium rendered it (--dump-dom) against
 * statcache_stats(true) fetched through the page's JSON view before (A)
 * and after (C) the browser ran, and against what tests/status/run.sh
 * read itself (kernel limits, the pool's worker pids, the workload size);
 * and the page's Prometheus output, read between A and C, against both.
 *
 *   php -n check_page.php DOM.html A.json C.json FACTS.json METRICS.txt
 *
 * Prints PASS/FAIL lines; exits 1 on any FAIL.
 */
[$_, $domFile, $aFile, $cFile, $factsFile, $metricsFile] = $argv;
$dom = file_get_contents($domFile);
$A = json_decode(file_get_contents($aFile), true);
$C = json_decode(file_get_contents($cFile), true);
$facts = json_decode(file_get_contents($factsFile), true);
$fail = 0;
function check(string $name, bool $ok, string $detail = ''): void {
    global $fail;
    echo ($ok ? 'PASS' : 'FAIL'), " status-$name", $detail === '' ? '' : " ($detail)", "\n";
    if (!$ok) { $fail++; }
}
/* The text of every element with data-key=KEY (several may share one). */
function texts(string $dom, string $key): array {
    preg_match_all('~data-key="' . preg_quote($key, '~') . '"[^>]*>([^<]*)<~', $dom, $m);
    return array_map(fn($t) => html_entity_decode(trim($t), ENT_QUOTES | ENT_HTML5, 'UTF-8'), $m[1]);
}
/* A rendered integer ("12,345") or null when the text is no integer. */
function num(?string $t): ?int {
    if ($t === null) { return null; }
    $t = str_replace(',', '', $t);
    return preg_match('/^-?[0-9]+$/', $t) ? (int) $t : null;
}
$B = [];
$counters = ['hits', 'misses', 'negative_hits', 'bypassed', 'untrusted', 'entries', 'memory', 'listing_bytes',
    'flushes', 'overflows', 'watches', 'failed_watches', 'instance_failures', 'events', 'drains',
    'verify_checks', 'verify_mismatches', 'verify_stale',
    // the counters the documentation tells users to watch
    'watcher_wakeups', 'drain_takeovers', 'ops_replaced',
    'opcache_invalidations', 'opcache_precautions', 'opcache_recompiles', 'opcache_scripts', 'opcache_polled',
    'opcache_unchecked', 'include_path_hits', 'include_path_skipped', 'include_path_fallbacks', 'link_hits',
    'realpath_fills', 'realpath_walks', 'realpath_handoffs', 'open_failures', 'listing_hits', 'listing_misses',
    'listing_flushes', 'mount_points', 'access_calls'];
$missing = array_values(array_filter($counters, fn($k) => !array_key_exists($k, $C['stats'])));
check('counters-exist-in-stats', !$missing, $missing ? 'statcache_stats() has no ' . implode(', ', $missing) : count($counters) . ' keys');
$counters = array_values(array_diff($counters, $missing));
$bad = [];
foreach ($counters as $k) {
    $t = texts($dom, $k);
    $B[$k] = num($t[0] ?? null);
    $a = $A['stats'][$k]; $c = $C['stats'][$k];
    // counters only grow, except entries/memory/watches/listing_bytes, which a
    // request's own lookups only add to here (no flush, no write in between)
    if ($B[$k] === null || $B[$k] < $a || $B[$k] > $c) {
        $bad[] = "$k: rendered " . var_export($t[0] ?? null, true) . ", stats before $a, after $c";
    }
}
check('counters-match-stats', !$bad, $bad ? implode('; ', $bad) : count($counters) . ' counters within [before, after]');
check('workload-counted', $B['hits'] !== null && $B['hits'] >= $A['stats']['hits'] + $facts['workload_hits'],
    "hits {$B['hits']} >= {$A['stats']['hits']} + {$facts['workload_hits']} of the workload");
check('listings-counted', $B['listing_hits'] !== null && $B['listing_hits'] >= $A['stats']['listing_hits'] + $facts['workload_hits'],
    "listing_hits {$B['listing_hits']} >= {$A['stats']['listing_hits']} + {$facts['workload_hits']} of the workload");
$words = ['watcher' => $C['stats']['watcher'], 'staleness_clock' => $C['stats']['staleness_clock'],
    'opcache_invalidate' => $C['stats']['opcache_invalidate'] ? 'on' : 'off', 'max_staleness_ms' => (string) $C['ini']['max_staleness_ms']];
$bad = [];
foreach ($words as $k => $v) {
    $r = texts($dom, $k)[0] ?? null;
    if ($r !== $v) { $bad[] = "$k: rendered " . var_export($r, true) . ", stats " . var_export($v, true); }
}
check('watcher-clock-opcache-shown', !$bad, $bad ? implode('; ', $bad) : implode(', ', array_map(fn($k, $v) => "$k=$v", array_keys($words), $words)));
$rate = texts($dom, 'hit_rate')[0] ?? '';
$want = sprintf('%.1f %%', 100 * $B['hits'] / max(1, $B['hits'] + $B['misses']));
check('hit-rate', $rate === $want, "rendered '$rate', hits/(hits+misses) of the rendered numbers '$want'");
check('mode', (texts($dom, 'mode')[0] ?? '') === $C['stats']['mode'] && $C['stats']['mode'] === 'shared',
    'rendered ' . (texts($dom, 'mode')[0] ?? '?') . ', stats ' . $C['stats']['mode']);
check('state-on', (texts($dom, 'state')[0] ?? '') === 'on' && $C['stats']['enabled'] === true);
check('version', (texts($dom, 'version')[0] ?? '') === $facts['version'], 'rendered ' . (texts($dom, 'version')[0] ?? '?') . ", php --ri: {$facts['version']}");
$caps = [
    'max_user_watches' => $facts['max_user_watches'],
    'max_user_instances' => $facts['max_user_instances'],
    'watches_cap' => (int) $C['ini']['max_watches'],
    'entries_cap' => (int) $C['ini']['max_entries'] * count($facts['worker_pids']),
    'listing_cap' => (int) $C['ini']['max_listing_bytes'],
];
$bad = [];
foreach ($caps as $k => $v) {
    $r = num(texts($dom, $k)[0] ?? null);
    if ($r !== $v) { $bad[] = "$k: rendered " . var_export($r, true) . ", expected $v"; }
}
check('caps-and-kernel-limits', !$bad, $bad ? implode('; ', $bad) : implode(', ', array_map(fn($k, $v) => "$k=$v", array_keys($caps), $caps)));
$ui = num(texts($dom, 'instances')[0] ?? null);
check('inotify-instances', $ui === $facts['worker_inotify_fds'], "rendered $ui, inotify fds of the answering worker in /proc: {$facts['worker_inotify_fds']}");
preg_match_all('~<tr data-pid="([0-9]+)"~', $dom, $m);
$pids = array_map('intval', $m[1]); sort($pids);
$want = $facts['worker_pids']; sort($want);
check('workers-listed', $pids === $want, 'rendered pids ' . implode(',', $pids) . ', pool workers ' . implode(',', $want));
$rowsOk = true;
foreach ($C['stats']['workers'] as $w) {
    if (!preg_match('~<tr data-pid="' . $w['pid'] . '"><td>[0-9]+</td><td>([0-9,]+)</td><td>([0-9,]+)</td>~', $dom, $mm)) { $rowsOk = false; continue; }
    $aw = array_values(array_filter($A['stats']['workers'], fn($x) => $x['pid'] === $w['pid']))[0] ?? ['hits' => 0, 'misses' => 0];
    if (num($mm[1]) < $aw['hits'] || num($mm[1]) > $w['hits'] || num($mm[2]) < $aw['misses'] || num($mm[2]) > $w['misses']) { $rowsOk = false; }
}
check('worker-rows-match-stats', $rowsOk);
preg_match('~id="line"[^>]*points="([^"]*)"~', $dom, $pm);
$points = isset($pm[1]) ? count(preg_split('/\s+/', trim($pm[1]), -1, PREG_SPLIT_NO_EMPTY)) : 0;
preg_match('~id="samples">([0-9]+) samples~', $dom, $sm);
check('chart-drawn', $points >= 3 && (int) ($sm[1] ?? 0) >= 3, "$points points, " . ($sm[1] ?? 0) . ' samples polled by the browser');
check('no-paths', strpos($dom, $facts['tmp']) === false && strpos(json_encode($C), $facts['tmp']) === false,
    'neither the page nor its JSON names the site\'s directory');

/* ---- the Prometheus view ---- */
$families = []; $samples = [];   // name => type; [name, labels, value]
foreach (preg_split('/\n/', (string) file_get_contents($metricsFile), -1, PREG_SPLIT_NO_EMPTY) as $line) {
    if (preg_match('/^# TYPE (\S+) (counter|gauge)$/', $line, $m)) { $families[$m[1]] = $m[2]; continue; }
    if ($line[0] === '#') { continue; }
    if (preg_match('/^([a-z_]+)(?:\{([^}]*)\})? (\S+)$/', $line, $m)) {
        preg_match_all('/([a-z_]+)="([^"]*)"/', $m[2] ?? '', $lm, PREG_SET_ORDER);
        $samples[] = [$m[1], array_column($lm, 2, 1), (float) $m[3]];
    }
}
$unhelped = array_diff(array_keys($families), array_map(fn($x) => $x[0], $samples));
check('prometheus-families', count($families) >= 30 && !$unhelped,
    count($families) . ' families with TYPE' . ($unhelped ? ', without samples: ' . implode(', ', $unhelped) : ''));
$series = fn(string $name) => array_values(array_filter($samples, fn($x) => $x[0] === $name));
$hits = $series('statcache_hits_total');
$hitPids = array_map(fn($x) => (int) ($x[1]['worker'] ?? 0), $hits); sort($hitPids);
$pool = $facts['worker_pids']; sort($pool);
check('prometheus-series-per-worker', $hitPids === $pool,
    'statcache_hits_total for workers ' . implode(',', $hitPids) . ', pool workers ' . implode(',', $pool));
$bad = [];
foreach (['hits', 'misses', 'listing_hits', 'include_path_hits', 'realpath_fills', 'open_failures'] as $k) {
    $sum = array_sum(array_map(fn($x) => $x[2], $series("statcache_{$k}_total")));
    if ($sum < $A['stats'][$k] || $sum > $C['stats'][$k]) { $bad[] = "$k: sum of the workers' series $sum, stats before {$A['stats'][$k]}, after {$C['stats'][$k]}"; }
}
foreach (['drains', 'events', 'drain_takeovers'] as $k) {
    $x = $series("statcache_{$k}_total");
    if (count($x) !== 1 || $x[0][1] !== [] || $x[0][2] < $A['stats'][$k] || $x[0][2] > $C['stats'][$k]) {
        $bad[] = "$k: " . json_encode($x) . ", stats before {$A['stats'][$k]}, after {$C['stats'][$k]} (one unlabelled series: the shared table's)";
    }
}
check('prometheus-numbers-match-stats', !$bad, $bad ? implode('; ', $bad) : 'per-worker sums and the shared table\'s counters within [before, after]');
$info = $series('statcache_info')[0][1] ?? [];
check('prometheus-info', ($info['version'] ?? '') === $facts['version'] && ($info['mode'] ?? '') === 'shared'
    && ($info['watcher'] ?? '') === $C['stats']['watcher'], json_encode($info));
check('prometheus-no-paths', strpos((string) file_get_contents($metricsFile), $facts['tmp']) === false, 'the metrics name no directory of the site');
exit($fail ? 1 : 0);
