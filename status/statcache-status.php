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
 * ?format=json gives the same numbers as JSON (the page polls it).
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
    foreach (['enable', 'enable_cli', 'shared', 'shared_slots', 'max_entries', 'max_watches',
            'max_staleness_ms', 'verify_rate', 'max_listing_bytes'] as $k) {
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

$d = statcache_status_data();
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
      'verify_checks', 'verify_mismatches', 'verify_stale'].forEach(function (k) { set(k, fmt(s[k])); });
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
