<?php
// Bookkeeping of bench/apps/run.sh (PHP CLI, statcache not involved).
//   report.php record OPMODE CFG PASS N LOAD T0 T1 "NS THREADS0 THREADS1" COUNTS HASHES STATS
//       one JSON line for one configuration and pass
//   report.php report RECORDS.jsonl OUT.json APP SO SO_COPY WORKER_CPU SECONDS SHORT
//       medians across passes -> OUT.json + Markdown on stdout
//   report.php render RESULTS.json [short]
//       the tables again, from a results file
//
// "stat family" = access (+faccessat/2) + stat + lstat (+statx): the
// path-based metadata calls statcache answers. fstat (on an fd), readlink
// and openat are shown apart: statcache does not replace them.

const PER_REQ = ['access', 'stat', 'lstat', 'statx', 'fstat', 'readlink', 'openat', 'getdents64', 'total'];

function median(array $v): float {
    sort($v);
    $n = count($v);
    return $n === 0 ? NAN : ($n % 2 ? $v[intdiv($n, 2)] : ($v[$n / 2 - 1] + $v[$n / 2]) / 2);
}

function record(array $a): void {
    [$opmode, $cfg, $pass, $n, $load, $t0, $t1, $sched, $countsF, $hashesF, $statsF] = $a;
    [$schedNs, $threads0, $threads1] = array_map('intval', explode(' ', $sched));
    $n = (int)$n;
    $counts = [];
    foreach (file($countsF, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $l) {
        [$k, $c] = explode(' ', $l);
        $counts[$k] = (int)$c;
    }
    $per = [];
    foreach (PER_REQ as $k) {
        $per[$k] = ($counts[$k] ?? 0) / $n;
    }
    $per['stat_family'] = $per['access'] + $per['stat'] + $per['lstat'] + $per['statx'];
    $hashes = [];
    foreach (file($hashesF, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $l) {
        [$url, $h] = explode(' ', $l);
        $hashes[$url][$h] = true;
    }
    $hashes = array_map('array_keys', $hashes);
    $s = json_decode(file_get_contents($statsF), true);
    echo json_encode([
        'opcache' => $opmode, 'config' => $cfg, 'pass' => (int)$pass, 'requests' => $n,
        'load1' => (float)$load,
        'cpu_ms' => ((float)$t1 - (float)$t0) / $n,            // utime+stime, clock ticks
        'cpu_sched_ms' => $schedNs / 1e6 / $n,                  // schedstat on-CPU ns, per thread
        'cpu_raw' => ['ticks_ms' => [(float)$t0, (float)$t1], 'sched_ns' => $schedNs, 'threads' => [$threads0, $threads1]],
        'per_req' => $per, 'counts' => $counts, 'hashes' => $hashes,
        'worker' => ['php' => $s['php'], 'zts' => (bool)$s['zts'], 'opcache' => (bool)$s['opcache'],
                     'validate_timestamps' => $s['validate_timestamps'], 'statcache_loaded' => $s['loaded']],
        'statcache_stats' => $s['stats'],
    ], JSON_UNESCAPED_SLASHES), "\n";
}

function fmt(float $v, int $d = 1): string { return number_format($v, $d, '.', ''); }

function report(array $a): void {
    [$recordsF, $outF, $app, $so, $soCopy, $wcpu, $secs, $short] = $a;
    $recs = str_ends_with($recordsF, '.json')   // re-render a results file
        ? json_decode(file_get_contents($recordsF), true)['runs']
        : array_map(fn($l) => json_decode($l, true), file($recordsF, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES));
    $by = [];
    foreach ($recs as $r) {
        $by[$r['opcache']][$r['config']][] = $r;
    }
    $repo = dirname(__DIR__, 2);
    $git = trim((string)shell_exec('git -C ' . escapeshellarg($repo) . ' rev-parse --short HEAD 2>/dev/null'));
    $dirty = trim((string)shell_exec('git -C ' . escapeshellarg($repo) . ' status --porcelain -- "*.c" "*.h" config.m4 2>/dev/null')) !== '';
    $w = $recs[0]['worker'];
    $env = [
        'app' => $app, 'date' => date('c'), 'kernel' => php_uname('r'), 'machine' => php_uname('m'),
        'cpus' => (int)trim((string)shell_exec('nproc')), 'worker_cpu' => $wcpu === '' ? null : (int)$wcpu,
        'php' => $w['php'], 'zts' => $w['zts'], 'sapi' => 'fpm-fcgi (pm=static, 1 worker) behind nginx',
        'opcache_enabled' => $w['opcache'],
        'statcache_so' => $so, 'statcache_so_sha256' => hash_file('sha256', $soCopy), // the copy loaded
        'source' => $git . ($dirty ? ' + uncommitted changes in C sources' : ''),
        'requests_per_run' => $recs[0]['requests'], 'passes' => max(array_column($recs, 'pass')),
        'load1_range' => [min(array_column($recs, 'load1')), max(array_column($recs, 'load1'))],
        'seconds' => (int)$secs,
    ];
    $result = ['env' => $env, 'medians' => [], 'runs' => $recs];
    $md = [];
    $shortMd = [];
    foreach ($by as $opmode => $cfgs) {
        $vt = $opmode === 'vt0' ? 'opcache.validate_timestamps=0' : "Debian's defaults (opcache.validate_timestamps=1, revalidate_freq=2)";
        // reference bodies: the 'off' runs; every URL must have one hash
        $ref = [];
        foreach ($cfgs['off'] ?? [] as $r) {
            foreach ($r['hashes'] as $u => $hs) {
                foreach ($hs as $h) $ref[$u][$h] = true;
            }
        }
        $md[] = "\n### $app, $vt\n";
        $md[] = '| config | access/req | stat/req | lstat/req | readlink/req | openat/req | fstat/req | all syscalls/req | CPU ms/req | on-CPU ms/req (schedstat) | bodies identical |';
        $md[] = '|---|---|---|---|---|---|---|---|---|---|---|';
        $med = [];
        foreach (['none', 'off', 'on'] as $cfg) {
            if (!isset($cfgs[$cfg])) continue;
            $rs = $cfgs[$cfg];
            $m = ['passes' => count($rs)];
            foreach (array_merge(PER_REQ, ['stat_family']) as $k) {
                $m[$k] = median(array_map(fn($r) => $r['per_req'][$k], $rs));
            }
            $cpu = array_column($rs, 'cpu_ms');
            $sch = array_column($rs, 'cpu_sched_ms');
            $m['cpu_ms'] = median($cpu);
            $m['cpu_ms_range'] = [min($cpu), max($cpu)];
            $m['cpu_sched_ms'] = median($sch);
            $m['cpu_sched_ms_range'] = [min($sch), max($sch)];
            // bodies: same set of hashes per URL as 'off', one hash per URL
            $bad = [];
            foreach ($rs as $r) {
                foreach ($r['hashes'] as $u => $hs) {
                    if (count($hs) !== 1 || !isset($ref[$u]) || count($ref[$u]) !== 1 || !isset($ref[$u][$hs[0]])) {
                        $bad[$u] = true;
                    }
                }
            }
            $m['bodies_identical'] = !$bad;
            $m['bodies_differ'] = array_keys($bad);
            $med[$cfg] = $m;
            $label = ['none' => 'not loaded', 'off' => 'loaded, off', 'on' => 'on'][$cfg];
            $md[] = sprintf('| %s | %s | %s | %s | %s | %s | %s | %s | %s (%s–%s) | %s (%s–%s) | %s |', $label,
                fmt($m['access']), fmt($m['stat']), fmt($m['lstat']), fmt($m['readlink']), fmt($m['openat']),
                fmt($m['fstat']), fmt($m['total'], 0),
                fmt($m['cpu_ms'], 2), fmt($m['cpu_ms_range'][0], 2), fmt($m['cpu_ms_range'][1], 2),
                fmt($m['cpu_sched_ms'], 2), fmt($m['cpu_sched_ms_range'][0], 2), fmt($m['cpu_sched_ms_range'][1], 2),
                $bad ? 'NO: ' . implode(', ', array_keys($bad)) : 'yes');
        }
        // statcache_stats() of the last 'on' worker (after warm-up + 2 N requests)
        $on = $cfgs['on'] ?? [];
        $stats = $on ? end($on)['statcache_stats'] : null;
        $result['medians'][$opmode] = ['configs' => $med, 'statcache_stats_on' => $stats];
        if (isset($med['off'], $med['on'])) {
            $o = $med['off']; $n = $med['on'];
            $save = fn($k) => sprintf('%s → %s', fmt($o[$k], $k === 'cpu_sched_ms' || $k === 'cpu_ms' ? 2 : 1), fmt($n[$k], $k === 'cpu_sched_ms' || $k === 'cpu_ms' ? 2 : 1))
                . ($o[$k] > 0 ? sprintf(' (%+.1f %%)', 100 * ($n[$k] - $o[$k]) / $o[$k]) : '');
            $md[] = '';
            $md[] = 'off → on: stat family/req ' . $save('stat_family') . '; CPU ms/req ' . $save('cpu_ms')
                . '; on-CPU ms/req ' . $save('cpu_sched_ms');
            $shortMd[] = sprintf('| %s | %s → %s | %s | %s → %s | %s |', $opmode === 'vt0' ? 'validate_timestamps=0' : 'Debian defaults',
                fmt($o['stat_family']), fmt($n['stat_family']), sprintf('%+.0f %%', $o['stat_family'] > 0 ? 100 * ($n['stat_family'] - $o['stat_family']) / $o['stat_family'] : 0),
                fmt($o['cpu_sched_ms'], 2), fmt($n['cpu_sched_ms'], 2),
                sprintf('%+.2f ms (%+.1f %%)', $n['cpu_sched_ms'] - $o['cpu_sched_ms'], 100 * ($n['cpu_sched_ms'] - $o['cpu_sched_ms']) / $o['cpu_sched_ms'])
                . ($n['bodies_identical'] ? '' : ' BODIES DIFFER'));
        }
        if ($stats) {
            $keys = ['hits', 'misses', 'negative_hits', 'bypassed', 'untrusted', 'drains', 'events', 'flushes', 'overflows', 'watches', 'entries', 'memory'];
            $md[] = '';
            $md[] = "statcache_stats() of the last 'on' worker: " . implode(', ', array_map(fn($k) => "$k=" . json_encode($stats[$k] ?? null), $keys));
        }
    }
    if ($outF !== '-') file_put_contents($outF, json_encode($result, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE) . "\n");
    $head = sprintf('%s · kernel %s · PHP %s %s (fpm, 1 static worker%s) · opcache %s · %d requests × %d passes per config · load %s–%s · %d s',
        $app, $env['kernel'], $env['php'], $env['zts'] ? 'ZTS' : 'NTS',
        $env['worker_cpu'] === null ? '' : ', pinned to CPU ' . $env['worker_cpu'],
        $env['opcache_enabled'] ? 'on' : 'off', $env['requests_per_run'], $env['passes'],
        $env['load1_range'][0], $env['load1_range'][1], $env['seconds']);
    if ($short) {
        echo "$head\n\n";
        echo "| opcache | stat-family syscalls/req off → on | saved | CPU ms/req off → on (worker, schedstat) | saved |\n|---|---|---|---|---|\n";
        echo implode("\n", $shortMd), "\n";
        echo "\n(stat family = access + stat + lstat; medians; full table: bench/apps/run.sh, raw: $outF)\n";
        return;
    }
    echo "$head\nstatcache.so sha256 " . substr($env['statcache_so_sha256'], 0, 16) . "…, source {$env['source']}\n";
    echo implode("\n", $md), "\n";
    echo "\nMedians across passes (min–max for CPU). CPU ms/req: utime+stime of the worker (10 ms ticks); on-CPU: /proc/PID/task/*/schedstat (ns).\n";
    echo "stat/lstat/fstat told apart from newfstatat's arguments (glibc 2.36 makes all three newfstatat).\n";
}

// report.php render RESULTS.json [short]: the tables again, from a results file
if (($argv[1] ?? '') === 'render') {
    $r = json_decode(file_get_contents($argv[2]), true)['env'];
    $argv = [$argv[0], 'report', $argv[2], '-', $r['app'], $r['statcache_so'], $r['statcache_so'],
             (string)($r['worker_cpu'] ?? ''), (string)$r['seconds'], ($argv[3] ?? '') === 'short' ? '1' : '0'];
}
$argv0 = array_shift($argv);
$cmd = array_shift($argv);
match ($cmd) {
    'record' => record($argv),
    'report' => report($argv),
    default => fwrite(STDERR, "usage: $argv0 record|report ...\n"),
};
