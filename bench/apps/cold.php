<?php
// Bookkeeping of bench/apps/cold.sh (PHP CLI, statcache not involved).
//   cold.php record OPMODE SCENARIO CFG PASS N COUNTS HASHES
//       one JSON line: the syscalls of each of N traced requests (COUNTS:
//       "request name count" lines, sc_strace_counts_by_request; request 0
//       is what came before the first) and the body hashes
//   cold.php report RECORDS.jsonl OUT.json APP SO SO_COPY SECONDS [KEY=VALUE...]
//       medians across passes -> OUT.json + the Markdown table on stdout
//       (KEY=VALUE: cold.sh's --ini lines, kept in env.ini)
//   cold.php table RESULT.json...
//       the table of one or several apps' results (summary.php --cold)

// the calls a first look at a directory or a file costs statcache, shown apart
const COLD_CALLS = ['access', 'stat', 'lstat', 'statx', 'fstat', 'readlink', 'openat', 'openat_enoent',
    'inotify_add_watch', 'statfs', 'fstatfs', 'ioctl', 'close', 'getdents64', 'total'];

function cold_median(array $v): float {
    sort($v);
    $n = count($v);
    return $n === 0 ? NAN : ($n % 2 ? $v[intdiv($n, 2)] : ($v[$n / 2 - 1] + $v[$n / 2]) / 2);
}

function cold_record(array $a): void {
    [$opmode, $scen, $cfg, $pass, $n, $countsF, $hashesF] = $a;
    $n = (int)$n;
    $per = array_fill(1, $n, []);
    foreach (file($countsF, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $l) {
        [$r, $k, $c] = explode(' ', $l);
        if ((int)$r >= 1 && (int)$r <= $n) $per[(int)$r][$k] = (int)$c;
    }
    $reqs = [];
    foreach ($per as $c) {
        $row = [];
        foreach (COLD_CALLS as $k) $row[$k] = $c[$k] ?? 0;
        $row['stat_family'] = $row['access'] + $row['stat'] + $row['lstat'] + $row['statx'];
        $reqs[] = $row;
    }
    $seen = count(array_filter(array_keys($per), fn($r) => $per[$r] !== []));
    if ($seen !== $n) {
        fwrite(STDERR, "bench refused: the trace shows $seen requests of $n ($opmode $scen $cfg pass $pass)\n");
        exit(2);
    }
    $hashes = [];
    foreach (file($hashesF, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $l) {
        [$url, $h] = explode(' ', $l);
        $hashes[$url][$h] = true;
    }
    echo json_encode(['opcache' => $opmode, 'scenario' => $scen, 'config' => $cfg, 'pass' => (int)$pass,
        'requests' => $reqs, 'hashes' => array_map('array_keys', $hashes)], JSON_UNESCAPED_SLASHES), "\n";
}

// request 1, requests 1-10 and 11-N of one record: per request
function cold_ranges(array $reqs): array {
    $avg = function (array $rows): array {
        $o = [];
        foreach (array_merge(COLD_CALLS, ['stat_family']) as $k) {
            $o[$k] = $rows ? array_sum(array_column($rows, $k)) / count($rows) : null;
        }
        return $o;
    };
    return ['1' => $reqs[0], '1-10' => $avg(array_slice($reqs, 0, 10)),
        '11-' . count($reqs) => count($reqs) > 10 ? $avg(array_slice($reqs, 10)) : null];
}

function cold_report(array $a): void {
    [$recordsF, $outF, $app, $so, $soCopy, $secs] = $a;
    $ini = array_slice($a, 6);
    $recs = array_map(fn($l) => json_decode($l, true), file($recordsF, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES));
    $by = [];
    foreach ($recs as $r) $by[$r['opcache']][$r['scenario']][$r['config']][] = $r;
    $medians = [];
    foreach ($by as $opmode => $scens) {
        foreach ($scens as $scen => $cfgs) {
            // bodies: one hash per URL, the same off and on
            $h = [];
            foreach ($cfgs as $rs) foreach ($rs as $r) foreach ($r['hashes'] as $u => $hs) foreach ($hs as $x) $h[$u][$x] = true;
            $differ = array_keys(array_filter($h, fn($s) => count($s) !== 1));
            foreach ($cfgs as $cfg => $rs) {
                $ranges = array_map(fn($r) => cold_ranges($r['requests']), $rs);
                $m = [];
                foreach (array_keys($ranges[0]) as $range) {
                    if ($ranges[0][$range] === null) continue;
                    foreach (array_keys($ranges[0][$range]) as $k) {
                        $m[$range][$k] = cold_median(array_map(fn($x) => $x[$range][$k], $ranges));
                    }
                }
                $medians[$opmode][$scen][$cfg] = ['passes' => count($rs), 'ranges' => $m];
            }
            $medians[$opmode][$scen]['bodies_identical'] = !$differ;
            $medians[$opmode][$scen]['bodies_differ'] = $differ;
        }
    }
    $repo = dirname(__DIR__, 2);
    // the release the tree says it is (the .so's sha256 names the build)
    $ver = preg_match('/#define PHP_STATCACHE_VERSION "([^"]+)"/', (string)@file_get_contents("$repo/php_statcache.h"), $vm)
        ? $vm[1] : 'unknown';
    $dirty = trim((string)shell_exec('git -C ' . escapeshellarg($repo) . ' status --porcelain -- "*.c" "*.h" config.m4 2>/dev/null')) !== '';
    $result = [
        'env' => ['app' => $app, 'date' => date('c'), 'kernel' => php_uname('r'), 'machine' => php_uname('m'),
            'cpus' => (int)trim((string)shell_exec('nproc')), 'php' => PHP_VERSION,
            'sapi' => 'fpm-fcgi (pm=static, 1 worker) behind nginx; CLI',
            'statcache_so' => $so, 'statcache_so_sha256' => hash_file('sha256', $soCopy),
            'source' => "statcache $ver" . ($dirty ? ' + uncommitted changes in C sources' : ''),
            'passes' => max(array_column($recs, 'pass')), 'seconds' => (int)$secs, 'ini' => $ini],
        'medians' => $medians, 'runs' => $recs,
    ];
    file_put_contents($outF, json_encode($result, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE) . "\n");
    printf("%s · kernel %s · PHP %s · %d passes · %d s%s\n\n", $app, $result['env']['kernel'], PHP_VERSION,
        $result['env']['passes'], $secs, $ini ? ' · ' . implode(' ', $ini) : '');
    cold_table([$outF]);
    // where request 1's difference is: each call, on − off (medians)
    echo "\nRequest 1 (the whole CLI run), on − off, by call:\n";
    foreach ($medians as $opmode => $scens) {
        foreach ($scens as $scen => $s) {
            if (!isset($s['off']['ranges']['1'], $s['on']['ranges']['1'])) continue;
            $d = [];
            foreach (COLD_CALLS as $k) {
                $x = $s['on']['ranges']['1'][$k] - $s['off']['ranges']['1'][$k];
                if ($x != 0) $d[] = sprintf('%s %+d', $k, $x);
            }
            printf("- %s, %s: %s\n", $opmode, $scen, $d ? implode(', ', $d) : 'none');
        }
    }
    echo "\n(raw: $outF)\n";
}

function cold_f(?float $v): string { return $v === null ? '–' : number_format($v, $v >= 100 || floor($v) == $v ? 0 : 1, '.', ','); }

// One row per app, opcache mode and scenario: stat family (all syscalls)
// off → on for request 1, requests 1-10 and 11-N per request; and whether
// request 1 with the cache makes no more syscalls than without.
function cold_table(array $files): void {
    $label = ['respawn' => 'new worker, running pool', 'start' => 'pool started (opcache empty)', 'cli' => 'CLI, one run'];
    $mode = ['debian' => "Debian's defaults", 'vt0' => 'validate_timestamps=0', 'cli' => 'CLI (opcache off)'];
    $rows = [];
    $tail = null;
    foreach ($files as $file) {
        $j = json_decode(file_get_contents($file), true);
        foreach ($j['medians'] as $opmode => $scens) {
            foreach ($scens as $scen => $s) {
                if (!isset($s['off'], $s['on'])) continue;
                $o = $s['off']['ranges']; $n = $s['on']['ranges'];
                $cell = function (string $range) use ($o, $n): string {
                    if (!isset($o[$range], $n[$range])) return '–';
                    return sprintf('%s → %s (%s → %s)', cold_f($o[$range]['stat_family']), cold_f($n[$range]['stat_family']),
                        cold_f($o[$range]['total']), cold_f($n[$range]['total']));
                };
                $late = array_values(array_filter(array_keys($o), fn($r) => str_starts_with($r, '11-')))[0] ?? null;
                $tail ??= $late;
                $r1 = $o['1']['total'] >= $n['1']['total'];
                $rows[] = sprintf('| %s | %s | %s | %s | %s | %s | %s | %s |', $j['env']['app'], $mode[$opmode] ?? $opmode,
                    $label[$scen] ?? $scen, $cell('1'), $scen === 'cli' ? '–' : $cell('1-10'), $late ? $cell($late) : '–',
                    $r1 ? 'yes' : sprintf('**no** (+%s)', cold_f($n['1']['total'] - $o['1']['total'])),
                    $s['bodies_identical'] ? 'identical' : 'DIFFER: ' . implode(', ', $s['bodies_differ']));
            }
        }
    }
    $tail ??= '11-30';
    echo "| app | opcache | worker | request 1 (whole CLI run): stat family off → on (all syscalls) | requests 1-10, per request | requests $tail, per request | request 1: all syscalls on ≤ off | bodies |\n";
    echo "|---|---|---|---|---|---|---|---|\n";
    echo implode("\n", $rows), "\n";
}

if (!defined('COLD_PHP_INCLUDED')) {
    $cmd = $argv[1] ?? '';
    $rest = array_slice($argv, 2);
    match ($cmd) {
        'record' => cold_record($rest),
        'report' => cold_report($rest),
        'table' => cold_table($rest),
        default => fwrite(STDERR, "usage: cold.php record|report|table ...\n"),
    };
}
