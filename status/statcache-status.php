<?php
/*
 * statcache status page: what statcache_stats(true) says, against the caps
 * and the kernel's inotify limits, with a hit-rate chart kept in the browser.
 * One file, no external assets, no path of the site is ever shown.
 *
 * It refuses to run unless a wrapper enables it, so that copying it into a
 * docroot exposes nothing by itself:
 *
 *     <?php // e.g. /var/www/admin/statcache.php, behind your own auth
 *     define('STATCACHE_STATUS_ENABLED', true);
 *     require '/usr/share/statcache/statcache-status.php';
 *
 * ?format=json gives the same numbers as JSON (the page polls it);
 * ?format=prometheus gives the counters in Prometheus' text exposition
 * format (HELP and TYPE lines; in shared mode one series per worker,
 * labelled worker="PID"), for a scrape job pointed at the wrapper.
 */
declare(strict_types=1);

if (!defined('STATCACHE_STATUS_ENABLED') || STATCACHE_STATUS_ENABLED !== true) {
    if (PHP_SAPI !== 'cli') {
        http_response_code(403);
        header('Content-Type: text/plain; charset=utf-8');
    }
    echo "The statcache status page is disabled.\n\n",
        "To enable it, serve a wrapper that defines the constant and includes this file,\n",
        "and protect the wrapper as you would phpinfo() (it shows settings and counters):\n\n",
        "    <?php\n",
        "    define('STATCACHE_STATUS_ENABLED', true);\n",
        "    require '/path/to/", basename(__FILE__), "';\n";
    return;
}

/** Reads one /proc/sys/fs/inotify limit; null when unreadable. */
function statcache_status_sysctl(string $name): ?int
{
    $v = @file_get_contents("/proc/sys/fs/inotify/$name");
    return $v === false ? null : (int) trim($v);
}

/** Everything the page shows, as one array (the JSON view). */
function statcache_status_data(): array
{
    $loaded = extension_loaded('statcache');
    $ini = [];
    foreach (['enable', 'enable_cli', 'shared', 'shared_slots', 'shared_users', 'max_entries', 'max_watches',
            'max_staleness_ms', 'verify_rate', 'max_listing_bytes', 'watcher', 'opcache_invalidate'] as $k) {
        $v = ini_get("statcache.$k");
        $ini[$k] = $v === false ? null : $v;
    }
    return [
        'loaded' => $loaded,
        'version' => $loaded ? phpversion('statcache') : null,
        'php' => PHP_VERSION . (PHP_ZTS ? ' ZTS' : ''),
        'sapi' => PHP_SAPI,
        'pid' => getmypid(),
        'time' => microtime(true),
        'stats' => $loaded ? statcache_stats(true) : null,
        'ini' => $ini,
        'kernel' => [
            'max_user_instances' => statcache_status_sysctl('max_user_instances'),
            'max_user_watches' => statcache_status_sysctl('max_user_watches'),
            'max_queued_events' => statcache_status_sysctl('max_queued_events'),
        ],
    ];
}

/*
 * The Prometheus families: key of statcache_stats() => [type, help]. Whose
 * number each is decides its labels:
 *  - STATCACHE_STATUS_PER_WORKER: a worker's own counters (statcache_stats()
 *    sums them); in shared mode one series per live worker, labelled
 *    worker="PID"; otherwise the answering process's, labelled with its pid.
 *  - STATCACHE_STATUS_PER_TABLE: the generation table's, which the workers
 *    of a shared region share: no label in shared mode, the answering
 *    process's pid otherwise.
 *  - STATCACHE_STATUS_PER_PROCESS: the answering process's own, labelled
 *    with its pid in every mode.
 */
const STATCACHE_STATUS_PER_WORKER = [
    'hits' => ['counter', 'Lookups answered from the cache, with no system call.'],
    'misses' => ['counter', 'Lookups that asked the kernel, then cached the answer.'],
    'negative_hits' => ['counter', 'Hits that answered "does not exist" (counted in hits too).'],
    'bypassed' => ['counter', 'Lookups left to PHP: not cacheable.'],
    'untrusted' => ['counter', 'Lookups left to PHP: a file system whose events cannot be trusted.'],
    'access_calls' => ['counter', 'access() calls asked of the kernel.'],
    'entries' => ['gauge', 'Results and spellings held.'],
    'memory' => ['gauge', 'Bytes held by the results and spellings.'],
    'verify_checks' => ['counter', 'Hits re-checked with a real lstat() (statcache.verify_rate).'],
    'verify_mismatches' => ['counter', 'Re-checked hits that were wrong with no event pending: report them.'],
    'verify_stale' => ['counter', 'Re-checked hits that were behind a queued event.'],
    'include_path_hits' => ['counter', 'Relative includes resolved by the cached include_path walk.'],
    'include_path_skipped' => ['counter', 'include_path candidates skipped as known missing, with no system call.'],
    'include_path_fallbacks' => ['counter', 'include_path resolutions left to PHP (a wrapper, phar://).'],
    'link_hits' => ['counter', 'Hits for a path spelled through symlinked directories (counted in hits too).'],
    'realpath_fills' => ['counter', 'Names written into PHP\'s realpath cache from cached answers.'],
    'realpath_walks' => ['counter', 'Names left to PHP\'s own realpath walk: a step not cached.'],
    'realpath_handoffs' => ['counter', 'Resolutions handed on to an include, an open or realpath().'],
    'open_failures' => ['counter', 'Read-only opens of a name known missing, failed from the cache.'],
    'listing_hits' => ['counter', 'opendir(), scandir() and glob() answered from a remembered listing.'],
    'listing_misses' => ['counter', 'Directory listings read from the kernel.'],
    'listing_flushes' => ['counter', 'Times the listings were dropped at statcache.max_listing_bytes.'],
    'listing_bytes' => ['gauge', 'Bytes held by remembered listings.'],
    'mount_points' => ['counter', 'Answers left to PHP: a file mounted over (counted in bypassed too).'],
];
const STATCACHE_STATUS_PER_TABLE = [
    'drains' => ['counter', 'Reads of the inotify queue.'],
    'events' => ['counter', 'inotify events applied: changes seen.'],
    'flushes' => ['counter', 'Times everything was dropped (a cap reached, a reset, an overflow).'],
    'overflows' => ['counter', 'inotify queue overflows: everything dropped.'],
    'drain_takeovers' => ['counter', 'Drains left half-done by a dead or stopped process, taken over.'],
    'watches' => ['gauge', 'Live inotify watches of the instance.'],
];
const STATCACHE_STATUS_PER_PROCESS = [
    'failed_watches' => ['counter', 'Directories that could not be watched: left to PHP.'],
    'instance_failures' => ['gauge', '1 when this process could not get an inotify instance.'],
    'watcher_wakeups' => ['counter', 'Times the watcher thread woke (0 without one).'],
    'ops_replaced' => ['counter', 'Times another extension replaced the stream ops statcache hooks.'],
    'opcache_invalidations' => ['counter', 'Scripts invalidated in opcache after a change (statcache.opcache_invalidate).'],
    'opcache_precautions' => ['counter', 'opcache copies invalidated because nothing vouched for them.'],
    'opcache_recompiles' => ['counter', 'Compiles of a script this process had compiled, unchanged since.'],
    'opcache_scripts' => ['gauge', 'Scripts recorded for opcache in this process.'],
    'opcache_polled' => ['gauge', 'Recorded scripts stat()ed at opcache.revalidate_freq: not vouched for.'],
    'opcache_unchecked' => ['gauge', 'Recorded scripts compiled from a stream wrapper: not checked.'],
];

/** A label value escaped as the text format wants it. */
function statcache_status_label(string $v): string
{
    return str_replace(['\\', '"', "\n"], ['\\\\', '\\"', '\\n'], $v);
}

/** One family: HELP, TYPE and its samples ([labels, value] pairs). */
function statcache_status_family(string $key, string $type, string $help, array $samples): string
{
    $name = 'statcache_' . $key . ($type === 'counter' ? '_total' : '');
    if ($key === 'memory' || $key === 'listing_bytes') {
        $name = 'statcache_' . ($key === 'memory' ? 'memory_bytes' : 'listing_bytes');
    }
    $out = "# HELP $name $help\n# TYPE $name $type\n";
    foreach ($samples as [$labels, $value]) {
        $l = [];
        foreach ($labels as $k => $v) {
            $l[] = $k . '="' . statcache_status_label((string) $v) . '"';
        }
        $out .= $name . ($l ? '{' . implode(',', $l) . '}' : '') . ' ' . (is_float($value) ? sprintf('%.17g', $value) : (int) $value) . "\n";
    }
    return $out;
}

/** statcache's numbers in Prometheus' text exposition format (0.0.4). */
function statcache_status_prometheus(array $d): string
{
    $s = $d['stats'] ?? null;
    $out = statcache_status_family('up', 'gauge', '1 when the statcache extension is loaded in this PHP.',
        [[[], $s === null ? 0 : 1]]);
    if ($s === null) {
        return $out;
    }
    $shared = !empty($s['shared']);
    $self = ['worker' => (string) $d['pid']];
    $info = ['version' => (string) $d['version'], 'mode' => (string) $s['mode'], 'watcher' => (string) ($s['watcher'] ?? ''),
        'staleness_clock' => (string) ($s['staleness_clock'] ?? ''), 'sapi' => (string) $d['sapi'], 'php' => (string) $d['php']];
    $out .= statcache_status_family('info', 'gauge', 'statcache\'s version, mode, watcher and staleness clock (always 1).', [[$info, 1]]);
    $out .= statcache_status_family('enabled', 'gauge', '1 when the cache answers in this process.', [[$self, empty($s['enabled']) ? 0 : 1]]);
    $out .= statcache_status_family('shared', 'gauge', '1 in shared mode (statcache.shared=1 or statcache_share()).', [[[], $shared ? 1 : 0]]);
    $out .= statcache_status_family('opcache_invalidate', 'gauge', '1 when statcache tells opcache of changed scripts in this process.',
        [[$self, empty($s['opcache_invalidate']) ? 0 : 1]]);
    foreach (STATCACHE_STATUS_PER_WORKER as $k => [$type, $help]) {
        $samples = [];
        if ($shared && isset($s['workers'])) {
            foreach ($s['workers'] as $w) {
                if (isset($w[$k])) {
                    $samples[] = [['worker' => (string) $w['pid']], $w[$k]];
                }
            }
        } elseif (isset($s[$k])) {
            $samples[] = [$self, $s[$k]];
        }
        if ($samples) {
            $out .= statcache_status_family($k, $type, $help, $samples);
        }
    }
    foreach (STATCACHE_STATUS_PER_TABLE as $k => [$type, $help]) {
        if (isset($s[$k])) {
            $out .= statcache_status_family($k, $type, $help, [[$shared ? [] : $self, $s[$k]]]);
        }
    }
    foreach (STATCACHE_STATUS_PER_PROCESS as $k => [$type, $help]) {
        if (isset($s[$k])) {
            $out .= statcache_status_family($k, $type, $help, [[$self, $s[$k]]]);
        }
    }
    $limits = [
        'max_entries' => 'statcache.max_entries: results and spellings per thread before a flush.',
        'max_watches' => 'statcache.max_watches: inotify watches per instance before a flush.',
        'max_listing_bytes' => 'statcache.max_listing_bytes: listing bytes per thread.',
    ];
    foreach ($limits as $k => $help) {
        if ($d['ini'][$k] !== null) {
            $out .= statcache_status_family("config_$k", 'gauge', $help, [[[], (int) $d['ini'][$k]]]);
        }
    }
    if ($d['ini']['max_staleness_ms'] !== null) {
        $out .= statcache_status_family('config_max_staleness_seconds', 'gauge',
            'statcache.max_staleness_ms: the bound on seeing another process\'s change (0: the watcher alone).',
            [[[], (int) $d['ini']['max_staleness_ms'] / 1000]]);
    }
    foreach ($d['kernel'] as $k => $v) {
        if ($v !== null) {
            $out .= statcache_status_family("kernel_inotify_$k", 'gauge', "fs.inotify.$k of the kernel.", [[[], $v]]);
        }
    }
    return $out;
}

$d = statcache_status_data();
if (($_GET['format'] ?? '') === 'prometheus') {
    header('Content-Type: text/plain; version=0.0.4; charset=utf-8');
    header('Cache-Control: no-store');
    echo statcache_status_prometheus($d);
    return;
}
if (($_GET['format'] ?? '') === 'json') {
    header('Content-Type: application/json');
    header('Cache-Control: no-store');
    echo json_encode($d, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), "\n";
    return;
}

/** Escapes for HTML. */
function statcache_status_h(?string $s): string
{
    return htmlspecialchars((string) $s, ENT_QUOTES | ENT_SUBSTITUTE, 'UTF-8');
}

/** An integer as the page prints it (the script formats the same way). */
function statcache_status_n($v): string
{
    return $v === null ? '–' : number_format((int) $v);
}

/** A table row whose value cell the page's script keeps up to date. */
function statcache_status_row(string $label, string $key, $value, string $of = '', string $hint = ''): string
{
    return '<tr><th>' . statcache_status_h($label) . '</th><td class="num" data-key="' . statcache_status_h($key) . '">'
        . statcache_status_n($value) . '</td><td class="of">' . $of . '</td><td class="hint">'
        . statcache_status_h($hint) . '</td></tr>';
}

/** A table row whose value is a word (a mode, a clock), kept up to date too. */
function statcache_status_trow(string $label, string $key, ?string $value, string $hint = ''): string
{
    return '<tr><th>' . statcache_status_h($label) . '</th><td class="num" data-key="' . statcache_status_h($key) . '">'
        . statcache_status_h($value ?? '–') . '</td><td class="of"></td><td class="hint">'
        . statcache_status_h($hint) . '</td></tr>';
}

/** "of CAP" with a bar, for a value against its limit. */
function statcache_status_of($value, $cap, string $capkey): string
{
    if ($cap === null || (int) $cap <= 0) {
        return '';
    }
    $pct = $value === null ? 0 : min(100, 100 * (int) $value / (int) $cap);
    return 'of <span data-key="' . statcache_status_h($capkey) . '">' . statcache_status_n($cap) . '</span>'
        . ' <span class="bar"><span style="width:' . sprintf('%.1f', $pct) . '%"></span></span>';
}

$s = $d['stats'] ?? [];
$lookups = ($s['hits'] ?? 0) + ($s['misses'] ?? 0);
$rate = $lookups > 0 ? sprintf('%.1f %%', 100 * $s['hits'] / $lookups) : '–';
$on = $d['loaded'] && !empty($s['enabled']);
$shared = !empty($s['shared']);
$workers = $s['workers'] ?? [];
$maxEntries = $d['ini']['max_entries'];
$maxEntriesAll = $shared && $maxEntries !== null ? (int) $maxEntries * max(1, count($workers)) : $maxEntries;
/* statcache's inotify instances: one per process, or one for a shared pool */
$instances = $on && empty($s['instance_failures']) ? 1 : 0;
header('Cache-Control: no-store');
?><!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>statcache status</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; background: #fafafa; }
h1 { font-size: 1.4em; margin: 0 0 .2em; }
h2 { font-size: 1.05em; margin: 1.4em 0 .4em; }
.sub { color: #666; }
.state { display: inline-block; padding: .1em .6em; border-radius: 1em; font-weight: 600; }
.state.on { background: #d6f5d6; color: #145214; } .state.off { background: #fbd9d9; color: #7a1212; }
.grid { display: flex; flex-wrap: wrap; gap: 1.5em; }
.card { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: .8em 1em; min-width: 22em; }
table { border-collapse: collapse; }
th { text-align: left; font-weight: normal; color: #444; padding: .15em 1em .15em 0; white-space: nowrap; }
td { padding: .15em .6em .15em 0; }
td.num { text-align: right; font-variant-numeric: tabular-nums; font-weight: 600; }
td.hint { color: #888; font-size: .9em; }
.bar { display: inline-block; width: 6em; height: .6em; background: #eee; border-radius: .3em; vertical-align: middle; }
.bar span { display: block; height: 100%; background: #4a8; border-radius: .3em; }
.big { font-size: 2.2em; font-weight: 700; }
#chart { width: 100%; max-width: 46em; height: 11em; background: #fff; border: 1px solid #ddd; border-radius: 6px; }
#chart text { font-size: 10px; fill: #666; }
table.workers td, table.workers th { padding-right: 1.2em; text-align: right; }
</style>
</head>
<body>
<h1>statcache <span class="sub" data-key="version"><?= statcache_status_h($d['version'] ?? 'not loaded') ?></span></h1>
<div class="sub">PHP <?= statcache_status_h($d['php']) ?> · <?= statcache_status_h($d['sapi']) ?> · answered by pid <span data-key="pid"><?= (int) $d['pid'] ?></span> · <span id="updated">rendered by the server</span></div>
<?php if (!$d['loaded']): ?>
<p><span class="state off">not loaded</span> The statcache extension is not loaded in this PHP (see <code>php --ri statcache</code> and the install section of the README).</p>
<?php else: ?>
<p><span class="state <?= $on ? 'on' : 'off' ?>" data-key="state"><?= $on ? 'on' : 'off' ?></span>
 mode <b data-key="mode"><?= statcache_status_h($s['mode'] ?? '') ?></b>
 <span id="offreason" data-key="off_reason"<?= isset($s['off_reason']) ? '' : ' hidden' ?>>— off because: <?= statcache_status_h($s['off_reason'] ?? '') ?></span></p>
<div class="grid">
<div class="card">
<h2>Hit rate</h2>
<div class="big" data-key="hit_rate"><?= $rate ?></div>
<div class="sub">hits / (hits + misses), <?= $shared ? 'every worker' : 'this process' ?>, since start</div>
<table>
<?= statcache_status_row('Hits', 'hits', $s['hits'] ?? null, '', 'answered from the cache, no syscall') ?>
<?= statcache_status_row('Misses', 'misses', $s['misses'] ?? null, '', 'asked the kernel, then cached') ?>
<?= statcache_status_row('Negative hits', 'negative_hits', $s['negative_hits'] ?? null, '', '"does not exist" from the cache (in hits)') ?>
<?= statcache_status_row('Bypassed', 'bypassed', $s['bypassed'] ?? null, '', 'left to PHP (not cacheable)') ?>
<?= statcache_status_row('Untrusted', 'untrusted', $s['untrusted'] ?? null, '', 'left to PHP: file system without events') ?>
</table>
</div>
<div class="card">
<h2>Size</h2>
<table>
<?= statcache_status_row('Entries', 'entries', $s['entries'] ?? null, statcache_status_of($s['entries'] ?? null, $maxEntriesAll, 'entries_cap'),
    $shared ? 'statcache.max_entries per worker × workers' : 'statcache.max_entries') ?>
<?= statcache_status_row('Memory (bytes)', 'memory', $s['memory'] ?? null, '', 'held by the entries') ?>
<?= statcache_status_row('Listing bytes', 'listing_bytes', $s['listing_bytes'] ?? null,
    statcache_status_of($s['listing_bytes'] ?? null, $d['ini']['max_listing_bytes'], 'listing_cap'), 'statcache.max_listing_bytes') ?>
<?= statcache_status_row('Flushes', 'flushes', $s['flushes'] ?? null, '', 'everything dropped (cap reached, reset, overflow)') ?>
<?= statcache_status_row('Overflows', 'overflows', $s['overflows'] ?? null, '', 'inotify queue overflowed: all dropped') ?>
</table>
</div>
<div class="card">
<h2>inotify</h2>
<table>
<?= statcache_status_row('Watches (statcache)', 'watches', $s['watches'] ?? null,
    statcache_status_of($s['watches'] ?? null, $d['ini']['max_watches'], 'watches_cap'), 'statcache.max_watches') ?>
<?= statcache_status_row('Watches against the kernel', 'watches', $s['watches'] ?? null,
    statcache_status_of($s['watches'] ?? null, $d['kernel']['max_user_watches'], 'max_user_watches'),
    'fs.inotify.max_user_watches, per user' . ($shared ? '' : ': every worker holds its own')) ?>
<?= statcache_status_row('Instances', 'instances', $instances,
    statcache_status_of($instances, $d['kernel']['max_user_instances'], 'max_user_instances'),
    'fs.inotify.max_user_instances, per user: ' . ($shared ? 'the pool shares this one' : 'one per worker')) ?>
<?= statcache_status_row('Failed watches', 'failed_watches', $s['failed_watches'] ?? null, '', 'directories left to PHP') ?>
<?= statcache_status_row('Instance failures', 'instance_failures', $s['instance_failures'] ?? null, '', '1: no inotify instance here') ?>
<?= statcache_status_row('Events', 'events', $s['events'] ?? null, '', 'changes seen') ?>
<?= statcache_status_row('Drains', 'drains', $s['drains'] ?? null, '', 'queue reads') ?>
</table>
</div>
<div class="card">
<h2>Verify (statcache.verify_rate = <span data-key="verify_rate"><?= statcache_status_h($d['ini']['verify_rate']) ?></span>)</h2>
<table>
<?= statcache_status_row('Checks', 'verify_checks', $s['verify_checks'] ?? null, '', 'hits re-asked of the kernel') ?>
<?= statcache_status_row('Mismatches', 'verify_mismatches', $s['verify_mismatches'] ?? null, '', 'wrong with no event pending: report it') ?>
<?= statcache_status_row('Stale', 'verify_stale', $s['verify_stale'] ?? null, '', 'behind a queued event') ?>
</table>
</div>
<div class="card">
<h2>Freshness</h2>
<table>
<?= statcache_status_trow('Watcher', 'watcher', $s['watcher'] ?? null, 'thread: wakes on each event; lookup: the drains of the bound') ?>
<?= statcache_status_trow('Staleness clock', 'staleness_clock', $s['staleness_clock'] ?? null, 'ticks, calibrating, clock or none') ?>
<?= statcache_status_trow('Bound (ms)', 'max_staleness_ms', $d['ini']['max_staleness_ms'], 'statcache.max_staleness_ms') ?>
<?= statcache_status_row('Watcher wake-ups', 'watcher_wakeups', $s['watcher_wakeups'] ?? null, '', 'this process; 0 without a thread') ?>
<?= statcache_status_row('Drain takeovers', 'drain_takeovers', $s['drain_takeovers'] ?? null, '', 'a dead or stopped process\'s drain finished: should stay 0') ?>
<?= statcache_status_row('Ops replaced', 'ops_replaced', $s['ops_replaced'] ?? null, '', 'another extension swapped the stream ops') ?>
</table>
</div>
<div class="card">
<h2>opcache (statcache.opcache_invalidate = <span data-key="opcache_invalidate"><?= empty($s['opcache_invalidate']) ? 'off' : 'on' ?></span>)</h2>
<table>
<?= statcache_status_row('Invalidations', 'opcache_invalidations', $s['opcache_invalidations'] ?? null, '', 'scripts invalidated after a change (this process)') ?>
<?= statcache_status_row('Precautions', 'opcache_precautions', $s['opcache_precautions'] ?? null, '', 'copies nothing vouched for: one compile each') ?>
<?= statcache_status_row('Recompiles', 'opcache_recompiles', $s['opcache_recompiles'] ?? null, '', 'unchanged scripts compiled again: flat after warm-up') ?>
<?= statcache_status_row('Scripts', 'opcache_scripts', $s['opcache_scripts'] ?? null, '', 'recorded in this process') ?>
<?= statcache_status_row('Polled', 'opcache_polled', $s['opcache_polled'] ?? null, '', 'stat()ed at revalidate_freq: not vouched for') ?>
<?= statcache_status_row('Unchecked', 'opcache_unchecked', $s['opcache_unchecked'] ?? null, '', 'from a stream wrapper') ?>
</table>
</div>
<div class="card">
<h2>Includes, realpath, listings</h2>
<table>
<?= statcache_status_row('include_path hits', 'include_path_hits', $s['include_path_hits'] ?? null, '', 'relative includes resolved by the cached walk') ?>
<?= statcache_status_row('include_path skipped', 'include_path_skipped', $s['include_path_skipped'] ?? null, '', 'candidates known missing: no syscall') ?>
<?= statcache_status_row('include_path fallbacks', 'include_path_fallbacks', $s['include_path_fallbacks'] ?? null, '', 'left to PHP (wrapper, phar://)') ?>
<?= statcache_status_row('Link hits', 'link_hits', $s['link_hits'] ?? null, '', 'spelled through symlinks (in hits)') ?>
<?= statcache_status_row('Realpath fills', 'realpath_fills', $s['realpath_fills'] ?? null, '', 'written into PHP\'s realpath cache') ?>
<?= statcache_status_row('Realpath walks', 'realpath_walks', $s['realpath_walks'] ?? null, '', 'left to PHP\'s walk: a step not cached') ?>
<?= statcache_status_row('Realpath handoffs', 'realpath_handoffs', $s['realpath_handoffs'] ?? null, '', 'PHP\'s walk not repeated') ?>
<?= statcache_status_row('Open failures', 'open_failures', $s['open_failures'] ?? null, '', 'opens of names known missing, no syscall') ?>
<?= statcache_status_row('Listing hits', 'listing_hits', $s['listing_hits'] ?? null, '', 'opendir/scandir/glob from a listing') ?>
<?= statcache_status_row('Listing misses', 'listing_misses', $s['listing_misses'] ?? null, '', 'read from the kernel') ?>
<?= statcache_status_row('Listing flushes', 'listing_flushes', $s['listing_flushes'] ?? null, '', 'dropped at statcache.max_listing_bytes') ?>
<?= statcache_status_row('Mount points', 'mount_points', $s['mount_points'] ?? null, '', 'files mounted over: left to PHP') ?>
<?= statcache_status_row('access() calls', 'access_calls', $s['access_calls'] ?? null, '', 'asked of the kernel') ?>
</table>
</div>
</div>
<h2>Hit rate over time <span class="sub">(per interval, kept in this browser tab)</span></h2>
<svg id="chart" viewBox="0 0 460 110" preserveAspectRatio="none" role="img" aria-label="hit rate over time">
<text x="4" y="10">100 %</text><text x="4" y="106">0 %</text>
<polyline id="line" fill="none" stroke="#2a7" stroke-width="1.5" points=""/>
</svg>
<div class="sub" id="samples">0 samples</div>
<h2>Workers <span class="sub"><?= $shared ? '(shared table: every live worker)' : '(per process: this worker only; statcache.shared=1 lists every worker)' ?></span></h2>
<table class="workers" id="workers">
<tr><th>pid</th><th>hits</th><th>misses</th><th>hit rate</th><th>entries</th><th>memory</th></tr>
<?php foreach ($workers as $w): $wl = $w['hits'] + $w['misses']; ?>
<tr data-pid="<?= (int) $w['pid'] ?>"><td><?= (int) $w['pid'] ?></td><td><?= statcache_status_n($w['hits']) ?></td><td><?= statcache_status_n($w['misses']) ?></td>
<td><?= $wl > 0 ? sprintf('%.1f %%', 100 * $w['hits'] / $wl) : '–' ?></td><td><?= statcache_status_n($w['entries']) ?></td><td><?= statcache_status_n($w['memory']) ?></td></tr>
<?php endforeach; ?>
</table>
<?php endif; ?>
<script type="application/json" id="initial"><?= json_encode($d, JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES) ?></script>
<script>
(function () {
  'use strict';
  var params = new URLSearchParams(location.search);
  var every = Math.max(250, Number(params.get('interval') || 2000));
  var keyName = 'statcache-status-samples';
  var samples = [];
  try { samples = JSON.parse(sessionStorage.getItem(keyName) || '[]'); } catch (e) { samples = []; }
  function fmt(v) { return v === null || v === undefined ? '\u2013' : Number(v).toLocaleString('en-US'); }
  function pct(h, m) { return h + m > 0 ? (100 * h / (h + m)).toFixed(1) + ' %' : '\u2013'; }
  function set(key, text) {
    document.querySelectorAll('[data-key="' + key + '"]').forEach(function (el) { el.textContent = text; });
  }
  function render(d) {
    var s = d.stats || {};
    ['hits', 'misses', 'negative_hits', 'bypassed', 'untrusted', 'entries', 'memory', 'listing_bytes',
      'flushes', 'overflows', 'watches', 'failed_watches', 'instance_failures', 'events', 'drains',
      'verify_checks', 'verify_mismatches', 'verify_stale', 'watcher_wakeups', 'drain_takeovers', 'ops_replaced',
      'opcache_invalidations', 'opcache_precautions', 'opcache_recompiles', 'opcache_scripts', 'opcache_polled',
      'opcache_unchecked', 'include_path_hits', 'include_path_skipped', 'include_path_fallbacks', 'link_hits',
      'realpath_fills', 'realpath_walks', 'realpath_handoffs', 'open_failures', 'listing_hits', 'listing_misses',
      'listing_flushes', 'mount_points', 'access_calls'].forEach(function (k) { set(k, fmt(s[k])); });
    set('watcher', s.watcher || '\u2013');
    set('staleness_clock', s.staleness_clock || '\u2013');
    set('opcache_invalidate', s.opcache_invalidate ? 'on' : 'off');
    set('instances', fmt(s.enabled && !s.instance_failures ? 1 : 0));
    set('pid', String(d.pid));
    set('mode', s.mode || '');
    set('hit_rate', pct(s.hits || 0, s.misses || 0));
    var off = document.getElementById('offreason');
    if (off) { off.hidden = !s.off_reason; if (s.off_reason) { off.textContent = '\u2014 off because: ' + s.off_reason; } }
    var t = document.getElementById('workers');
    if (t && s.workers) {
      while (t.rows.length > 1) { t.deleteRow(1); }
      s.workers.forEach(function (w) {
        var r = t.insertRow(-1);
        r.setAttribute('data-pid', w.pid);
        [String(w.pid), fmt(w.hits), fmt(w.misses), pct(w.hits, w.misses), fmt(w.entries), fmt(w.memory)]
          .forEach(function (x) { r.insertCell(-1).textContent = x; });
      });
    }
    document.getElementById('updated').textContent = 'updated ' + new Date(d.time * 1000).toLocaleTimeString();
  }
  function sample(d) {
    var s = d.stats || {};
    var prev = samples.length ? samples[samples.length - 1] : null;
    var cur = { t: d.time, h: s.hits || 0, m: s.misses || 0 };
    if (prev && cur.h >= prev.h && cur.m >= prev.m) {
      var dh = cur.h - prev.h, dm = cur.m - prev.m;
      cur.r = dh + dm > 0 ? dh / (dh + dm) : (prev.r === undefined ? null : prev.r);
    } else {
      cur.r = cur.h + cur.m > 0 ? cur.h / (cur.h + cur.m) : null;
    }
    samples.push(cur);
    if (samples.length > 300) { samples = samples.slice(-300); }
    try { sessionStorage.setItem(keyName, JSON.stringify(samples)); } catch (e) { /* storage full or off */ }
    var pts = [], n = samples.length;
    samples.forEach(function (p, i) {
      if (p.r === null || p.r === undefined) { return; }
      var x = n > 1 ? 40 + 415 * i / (n - 1) : 40;
      pts.push(x.toFixed(1) + ',' + (105 - 100 * p.r).toFixed(1));
    });
    document.getElementById('line').setAttribute('points', pts.join(' '));
    document.getElementById('samples').textContent = n + ' samples, every ' + (every / 1000) + ' s';
  }
  var first = JSON.parse(document.getElementById('initial').textContent);
  if (!first.loaded) { return; }
  sample(first);
  function poll() {
    var u = new URL(location.href);
    u.searchParams.set('format', 'json');
    fetch(u.toString(), { cache: 'no-store', credentials: 'same-origin' })
      .then(function (r) { return r.json(); })
      .then(function (d) { render(d); sample(d); })
      .catch(function () { document.getElementById('updated').textContent = 'update failed; retrying'; })
      .then(function () { setTimeout(poll, every); });
  }
  setTimeout(poll, every);
})();
</script>
</body>
</html>
