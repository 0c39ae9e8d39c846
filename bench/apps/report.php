<?php
// Bookkeeping of bench/apps/run.sh (PHP CLI, statcache not involved).
//   report.php record OPMODE CFG PASS N LOAD T0 T1 "NS THREADS0 THREADS1" COUNTS HASHES STATS MEM STATS_WARM [MEM_END ["FILES SECONDS"]]
//       one JSON line for one configuration and pass (MEM_END: the memory
//       and watches at the end of the pass; the last argument: what the
//       neighbour made during it, run.sh --neighbour)
//   report.php attribute OPMODE CFG N TRACE STATS0 STATS1
//       one JSON line: the stat-family calls of N requests traced with
//       strace -k -y, each put down to its cause (see attribute())
//   report.php report RECORDS.jsonl OUT.json APP SO SO_COPY WORKER_CPU SECONDS SHORT
//       medians across passes -> OUT.json + Markdown on stdout
//   report.php render RESULTS.json [short]
//       the tables again, from a results file
//
// "stat family" = access (+faccessat/2) + stat + lstat (+statx): the
// path-based metadata calls statcache answers. fstat (on an fd), readlink
// and openat are shown apart; openat_enoent (an open of a missing name, a
// probe by another name) is counted apart too, within openat.

const PER_REQ = ['access', 'stat', 'lstat', 'statx', 'fstat', 'readlink', 'openat', 'openat_enoent', 'getdents64', 'total'];

function median(array $v): float {
    sort($v);
    $n = count($v);
    return $n === 0 ? NAN : ($n % 2 ? $v[intdiv($n, 2)] : ($v[$n / 2 - 1] + $v[$n / 2]) / 2);
}

// statcache_stats() counters whose change a request is recorded between the
// end of the warm-up round and the end of the pass (both measured parts: the
// traced and the untraced requests, 2 N, and one request of the stats page)
const STATS_PER_REQ = ['hits', 'misses', 'negative_hits', 'bypassed', 'untrusted', 'flushes', 'events', 'drains',
    'overflows', 'opcache_invalidations', 'opcache_precautions', 'opcache_recompiles'];

function record(array $a): void {
    [$opmode, $cfg, $pass, $n, $load, $t0, $t1, $sched, $countsF, $hashesF, $statsF, $memF, $statsWarmF] = $a;
    $memEndF = $a[13] ?? '';
    $made = $a[14] ?? '';
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
    $readMem = function (string $f): array {
        $mem = [];
        foreach (file($f, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $l) {
            [$k, $v] = explode(' ', $l);
            $mem[$k] = (int)$v;
        }
        return $mem;
    };
    $mem = $readMem($memF);
    $memEnd = $memEndF !== '' && is_file($memEndF) ? $readMem($memEndF) : null;
    if ($memEnd !== null && isset($s['stats']['watches'])) $memEnd['watches'] = $s['stats']['watches'];
    $swAll = json_decode(file_get_contents($statsWarmF), true);
    $sw = $swAll['stats'] ?? null;
    // per request over the measured requests (2 N after the warm-up round)
    $statsPerReq = null;
    if ($sw && ($s['stats'] ?? null)) {
        foreach (STATS_PER_REQ as $k) {
            if (isset($s['stats'][$k], $sw[$k])) $statsPerReq[$k] = ($s['stats'][$k] - $sw[$k]) / (2 * $n);
        }
    }
    // opcache: compiles (its misses) a request after warm-up, wasted memory
    // and restarts at the end of the pass
    $ow = $swAll['opcache_stats'] ?? null;
    $oe = $s['opcache_stats'] ?? null;
    $opcache = ($ow && $oe) ? [
        'compiles_per_req' => ($oe['compiles'] - $ow['compiles']) / (2 * $n),
        'compiles_after_warmup' => $oe['compiles'] - $ow['compiles'],
        'scripts' => $oe['scripts'], 'wasted_memory' => $oe['wasted_memory'], 'used_memory' => $oe['used_memory'],
        'restarts' => ($oe['oom_restarts'] ?? 0) + ($oe['hash_restarts'] ?? 0) + ($oe['manual_restarts'] ?? 0),
    ] : null;
    $neighbour = null;
    if ($made !== '') {
        [$files, $secs] = array_map('floatval', explode(' ', trim($made)));
        $neighbour = ['files' => (int)$files, 'seconds' => $secs, 'per_second' => $secs > 0 ? $files / $secs : null];
    }
    if ($sw) {
        $mem += ['entries' => $sw['entries'], 'memory' => $sw['memory'], 'watches' => $sw['watches'],
                 'bytes_per_entry' => $sw['entries'] > 0 ? $sw['memory'] / $sw['entries'] : null];
    }
    echo json_encode([
        'opcache' => $opmode, 'config' => $cfg, 'pass' => (int)$pass, 'requests' => $n,
        'load1' => (float)$load,
        'cpu_ms' => ((float)$t1 - (float)$t0) / $n,            // utime+stime, clock ticks
        'cpu_sched_ms' => $schedNs / 1e6 / $n,                  // schedstat on-CPU ns, per thread
        'cpu_raw' => ['ticks_ms' => [(float)$t0, (float)$t1], 'sched_ns' => $schedNs, 'threads' => [$threads0, $threads1]],
        'per_req' => $per, 'counts' => $counts, 'hashes' => $hashes,
        // flushes between the warm-up and the end of the pass (2 N
        // requests): an overflowed queue, a cap reached, a mount: each drops
        // every result (and, with opcache_invalidate, rechecks every script
        // record)
        'flushes_in_pass' => $sw && isset($s['stats']['flushes'], $sw['flushes'])
            ? $s['stats']['flushes'] - $sw['flushes'] : null,
        'memory_after_one_round' => $mem,
        'memory_end_of_pass' => $memEnd,
        'stats_per_req' => $statsPerReq,
        'opcache_after_warmup' => $opcache,
        'neighbour' => $neighbour,
        'worker' => ['php' => $s['php'], 'zts' => (bool)$s['zts'], 'opcache' => (bool)$s['opcache'],
                     'validate_timestamps' => $s['validate_timestamps'], 'statcache_loaded' => $s['loaded']],
        'statcache_stats' => $s['stats'],
    ], JSON_UNESCAPED_SLASHES), "\n";
}

// --- attribution -----------------------------------------------------------

// Who asked for a syscall, from strace -k's stack (innermost frame first):
// the first frame outside the C library names the caller. A frame of PHP
// itself is told apart by what is further out: statcache (its hook passed
// the call on to PHP), opcache (its include resolution), or neither (a PHP
// path statcache does not hook: include/require, realpath cache...).
function origin(array $frames): array {
    $libs = array_column($frames, 0);
    foreach ($frames as $i => [$lib, $sym]) {
        if (preg_match('/^(libc\.so|libpthread|ld-linux)/', $lib)) continue;
        if ($lib === 'statcache.so') return ['statcache (its own lstat/access: a miss filling the cache)', $sym];
        if ($lib === 'opcache.so') return ['opcache', $sym];
        if (str_starts_with($lib, 'libsqlite3')) return ['C library: SQLite', $sym];
        if (preg_match('/^(mysqlnd|libmysql|libmariadb)/', $lib)) return ['C library: mysqlnd', $sym];
        if (preg_match('/^(php|php-fpm)[0-9.]*$/', $lib)) {
            $outer = array_slice($libs, $i + 1);
            // the innermost well-known exported function of PHP on the stack
            // (the binary is stripped of static symbols: others are not named)
            $sym = "near $sym";
            foreach (array_slice($frames, $i) as [$l2, $s2]) {
                if (preg_match('/^(php_resolve_path|zend_resolve_path|tsrm_realpath|virtual_file_ex|expand_filepath\w*|php_stat|_php_stream_stat_path|php_check_open_basedir\w*|_php_stream_open_wrapper_ex|php_stream_open_for_zend_ex|zend_stream_open|php_execute_script|php_request_startup)$/', $s2)) {
                    $sym = $s2;
                    break;
                }
            }
            if (in_array('statcache.so', $outer, true)) return ['PHP, passed on by statcache', $sym];
            // statcache's hooks end in a tail call to PHP's own handler, so
            // a stat-family function it passed on shows no statcache frame
            // (statcache_stats() "bypassed" counts them)
            if ($sym === 'php_stat') return ['PHP, passed on by statcache', $sym];
            if (in_array('opcache.so', $outer, true)) return ['PHP, called by opcache (include resolution)', $sym];
            return ['PHP, not hooked by statcache (include/require, realpath cache...)', $sym];
        }
        // a program the script ran (strace -f follows children): not PHP's
        if (preg_match('/^(python[0-9.]*|perl[0-9.]*|bash|dash|sh|git|convert|identify|ffmpeg|timeout)$/', $lib)) return ["child process: $lib", $sym];
        return ["C library: $lib", $sym];
    }
    return [$libs ? 'C library: libc (no caller frame)' : 'no stack', ''];
}

// A call PHP's own C code makes with no hook of statcache's on its way (it
// calls the kernel itself, not a stream wrapper or a PHP function), named
// by its call site: counted apart like a C library's. null: another cause.
function php_c_site(array $frames, string $path): ?string {
    $libs = array_column($frames, 0);
    $syms = array_column($frames, 1);
    if (in_array('pdo_sqlite.so', $libs, true)) return 'PDO SQLite: expand_filepath() of the database path';
    if (str_starts_with($path, '/usr/share/zoneinfo/') || preg_grep('/^(php_date_initialize|timelib_)/', $syms)) {
        return "PHP's date extension: the time zone database";
    }
    if (preg_grep('/^(sapi_get_stat|php_statpage)$/', $syms)) {
        return "the SAPI's stat() of the script (getlastmod(), getmyuid(), getmyinode()...)";
    }
    if (in_array('session.so', $libs, true) || preg_grep('/^(php_session_|ps_files_|session_adapt_url)/', $syms)) {
        return "PHP's session module: files handler (sess_*)";
    }
    // no frame of the script's execution: the SAPI's own work before or
    // after it (php-fpm's realpath of SCRIPT_FILENAME at request startup)
    if (preg_grep('/^(php|php-fpm)[0-9.]*$/', $libs)
            && !preg_grep('/^(execute_ex|zend_execute|zend_execute_scripts|php_execute_script|zend_call_function)$/', $syms)) {
        return 'php-fpm SAPI: request startup (realpath of SCRIPT_FILENAME)';
    }
    return null;
}

// What about the path makes a call uncacheable or special.
function path_class(string $path, array &$linkCache): string {
    if ($path === '') return 'no path';
    if ($path[0] !== '/') return 'relative path';
    if (preg_match('#^/(proc|sys|dev)(/|$)#', $path)) return 'untrusted fs (/proc, /sys, /dev)';
    $parts = explode('/', trim($path, '/'));
    $prefix = '';
    foreach (array_slice($parts, 0, -1) as $p) {
        $prefix .= '/' . $p;
        $linkCache[$prefix] ??= is_link($prefix);
        if ($linkCache[$prefix]) return 'through a symlinked directory';
    }
    $linkCache[$path] ??= is_link($path);
    return $linkCache[$path] ? 'a symlink itself' : 'plain path';
}

function attribute(array $a): void {
    [$opmode, $cfg, $n, $traceF, $s0F, $s1F] = $a;
    $n = (int)$n;
    $fh = fopen($traceF, 'r');
    $calls = [];      // [name, path, result, frames]
    $part = [];
    $cur = null;
    while (($l = fgets($fh)) !== false) {
        $l = rtrim($l, "\n");
        if (str_starts_with($l, ' > ')) {
            if ($cur !== null && preg_match('#^ > (\S+?)\((.*?)\) \[#', $l, $m)) {
                $sym = preg_replace('/\+0x[0-9a-f]+$/', '', $m[2]);
                $calls[$cur][3][] = [basename($m[1]), $sym];
            }
            continue;
        }
        if (!preg_match('/^(\d+) +(.*)$/', $l, $m)) continue;
        [$tid, $line] = [$m[1], $m[2]];
        if (str_ends_with($line, '<unfinished ...>')) { $part[$tid] = substr($line, 0, -16); $cur = null; continue; }
        if (preg_match('/^<\.\.\. [a-z0-9_]+ resumed>(.*)$/', $line, $r)) { $line = ($part[$tid] ?? '') . $r[1]; unset($part[$tid]); }
        if (!preg_match('/^([a-z0-9_]+)\((.*)$/', $line, $c)) { $cur = null; continue; }
        $name = $c[1];
        $path = preg_match('/"((?:[^"\\\\]|\\\\.)*)"/', $c[2], $pm) ? stripcslashes($pm[1]) : '';
        if ($name === 'newfstatat' || $name === 'fstatat64') {
            $name = str_contains($line, 'AT_EMPTY_PATH') ? 'fstat' : (str_contains($line, 'AT_SYMLINK_NOFOLLOW') ? 'lstat' : 'stat');
        } elseif (in_array($name, ['faccessat', 'faccessat2'], true)) {
            $name = 'access';
        } elseif ($name === 'readlinkat') {
            $name = 'readlink';
        } elseif ($name === 'statx' && $path === '') {
            $name = 'fstat';
        }
        $res = preg_match('/= -1 (E[A-Z]+)/', $line, $em) ? $em[1] : 'ok';
        $calls[] = [$name, $path, $res, []];
        $cur = array_key_last($calls);
    }
    $family = ['access', 'stat', 'lstat', 'statx', 'readlink'];
    $causes = [];
    $others = [];
    $links = [];
    foreach ($calls as [$name, $path, $res, $frames]) {
        if (!in_array($name, $family, true)) { $others[$name] = ($others[$name] ?? 0) + 1; continue; }
        [$org, $sym] = origin($frames);
        if ($path === '/etc/ld.so.preload') [$org, $sym] = ['child process: the dynamic loader (ld.so) of a program the script ran', ''];
        $via = preg_match('/^PHP/', $org) && $sym !== '' ? " [$sym]" : '';
        if (str_starts_with($org, 'PHP, not hooked') && ($site = php_c_site($frames, $path)) !== null) {
            [$org, $via] = ["PHP's own C code: $site", ''];
        }
        $key = $org . $via . ' · ' . path_class($path, $links);
        $c = &$causes[$key];
        $c['calls'][$name] = ($c['calls'][$name] ?? 0) + 1;
        $c['enoent'] = ($c['enoent'] ?? 0) + ($res === 'ENOENT' ? 1 : 0);
        $pk = "$name $path";
        $c['paths'][$pk] = ($c['paths'][$pk] ?? 0) + 1;
        if (!isset($c['stack'][$pk])) {
            $c['stack'][$pk] = implode(' < ', array_map(fn($f) => "$f[1]@$f[0]", array_slice(array_filter($frames,
                fn($f) => !preg_match('/^(libc\.so|ld-linux)/', $f[0])), 0, 5)));
        }
        unset($c);
    }
    $out = [];
    foreach ($causes as $key => $c) {
        arsort($c['paths']);
        $per = array_map(fn($v) => $v / $n, $c['calls']);
        $out[$key] = [
            'per_req' => $per,
            'stat_family_per_req' => array_sum(array_intersect_key($per, array_flip(['access', 'stat', 'lstat', 'statx']))),
            'readlink_per_req' => $per['readlink'] ?? 0,
            'enoent_per_req' => $c['enoent'] / $n,
            'distinct_paths' => count($c['paths']),
            'top_paths' => array_map(fn($pk) => ['call' => $pk, 'per_req' => $c['paths'][$pk] / $n, 'stack' => $c['stack'][$pk]],
                array_slice(array_keys($c['paths']), 0, 6)),
        ];
    }
    uasort($out, fn($x, $y) => $y['stat_family_per_req'] + $y['readlink_per_req'] <=> $x['stat_family_per_req'] + $x['readlink_per_req']);
    $s0 = json_decode(file_get_contents($s0F), true)['stats'] ?? null;
    $s1 = json_decode(file_get_contents($s1F), true)['stats'] ?? null;
    $delta = null;
    if ($s0 && $s1) {
        foreach (['hits', 'misses', 'negative_hits', 'bypassed', 'untrusted', 'access_calls', 'flushes', 'events'] as $k) {
            // (the stats request itself is one extra request between the snapshots: its own few lookups are included)
            $delta[$k] = (($s1[$k] ?? 0) - ($s0[$k] ?? 0)) / $n;
        }
    }
    echo json_encode(['opcache' => $opmode, 'config' => $cfg, 'requests' => $n, 'causes' => $out,
        'other_file_calls_per_req' => array_map(fn($v) => $v / $n, $others), 'statcache_stats_per_req' => $delta],
        JSON_UNESCAPED_SLASHES), "\n";
}

function fmt(float $v, int $d = 1): string { return number_format($v, $d, '.', ''); }

// The watches' kinds and kernel memory (bench/apps/watches.php)
const WATCH_KEYS = ['watches_dirs', 'watches_files', 'watches_symlinks', 'watches_other', 'watches_unresolved',
    'kernel_bytes_marks', 'kernel_bytes_with_inodes', 'kernel_mark_bytes', 'kernel_connector_bytes', 'kernel_inode_bytes'];

// opcache with the cache on compiles what it compiles with the cache off
// (after warm-up; 0 for an app whose files do not change) and wastes no
// memory: null where a configuration is missing, else ok and why not.
function opcache_check(array $med): ?array {
    $o = $med['off']['opcache'] ?? null;
    $n = $med['on']['opcache'] ?? null;
    if (!$o || !$n) return null;
    $why = [];
    if (abs($n['compiles_per_req'] - $o['compiles_per_req']) > 1e-9) {
        $why[] = sprintf('compiles a request after warm-up: off %s, on %s', fmt($o['compiles_per_req'], 2), fmt($n['compiles_per_req'], 2));
    }
    if ($n['wasted_memory'] > 0) $why[] = sprintf('wasted memory with the cache on: %d bytes (off: %d)', $n['wasted_memory'], $o['wasted_memory']);
    if ($n['restarts'] > $o['restarts']) $why[] = sprintf('opcache restarts: off %d, on %d', $o['restarts'], $n['restarts']);
    return ['ok' => !$why, 'why' => $why];
}

// The lines every report adds under an opcache mode's table: statcache's
// misses a request, opcache's check, the watches of a worker.
function extra_lines(array $med, ?array $check): array {
    $l = [];
    $sp = $med['on']['stats_per_req'] ?? null;
    if ($sp) {
        $l[] = sprintf('statcache_stats() a request after warm-up, on: misses %s, hits %s, negative hits %s, flushes %s, events %s',
            fmt($sp['misses'] ?? NAN, 2), fmt($sp['hits'] ?? NAN, 1), fmt($sp['negative_hits'] ?? NAN, 1),
            fmt($sp['flushes'] ?? NAN, 3), fmt($sp['events'] ?? NAN, 1))
            . (isset($sp['opcache_recompiles']) ? sprintf(', opcache recompiles %s, precautions %s, invalidations %s',
                fmt($sp['opcache_recompiles'], 2), fmt($sp['opcache_precautions'] ?? 0, 2), fmt($sp['opcache_invalidations'] ?? 0, 2)) : '')
            . (isset($med['on']['neighbour_files_per_second']) ? sprintf(' (neighbour: %s files/s)', fmt($med['on']['neighbour_files_per_second'], 0)) : '');
    }
    if (isset($med['off']['opcache'], $med['on']['opcache'])) {
        $o = $med['off']['opcache']; $n = $med['on']['opcache'];
        $l[] = sprintf('opcache after warm-up: compiles a request off %s → on %s; wasted memory off %s → on %s bytes; %s scripts: %s',
            fmt($o['compiles_per_req'], 2), fmt($n['compiles_per_req'], 2), number_format($o['wasted_memory']), number_format($n['wasted_memory']),
            fmt($n['scripts'], 0), $check === null ? '?' : ($check['ok'] ? 'check ok' : 'CHECK FAILED: ' . implode('; ', $check['why'])));
    }
    foreach (['mem' => 'after the warm-up', 'mem_end' => 'at the end of the pass'] as $key => $when) {
        $mn = $med['on'][$key] ?? null;
        if (!$mn || !isset($mn['watches_dirs'])) continue;
        $l[] = sprintf('Watches of a worker, on, %s: %s: %s directories, %s files, %s symlinks%s; kernel memory %s KiB in marks (%s B + %s B a watch), %s KiB with the inodes they keep in memory',
            $when, fmt($mn['inotify_watches'], 0), fmt($mn['watches_dirs'], 0), fmt($mn['watches_files'], 0), fmt($mn['watches_symlinks'], 0),
            ($mn['watches_other'] ?? 0) + ($mn['watches_unresolved'] ?? 0) > 0 ? sprintf(', %s other, %s unresolved', fmt($mn['watches_other'], 0), fmt($mn['watches_unresolved'], 0)) : '',
            fmt($mn['kernel_bytes_marks'] / 1024, 1), fmt($mn['kernel_mark_bytes'], 0), fmt($mn['kernel_connector_bytes'], 0),
            fmt($mn['kernel_bytes_with_inodes'] / 1024, 0));
    }
    return $l;
}

function report(array $a): void {
    [$recordsF, $outF, $app, $so, $soCopy, $wcpu, $secs, $short] = $a;
    $saved = str_ends_with($recordsF, '.json')  // re-render a results file
        ? json_decode(file_get_contents($recordsF), true) : null;
    $recs = $saved
        ? $saved['runs']
        : array_map(fn($l) => json_decode($l, true), file($recordsF, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES));
    $by = [];
    foreach ($recs as $r) {
        $by[$r['opcache']][$r['config']][] = $r;
    }
    $repo = dirname(__DIR__, 2);
    // the release the tree says it is (the .so's sha256 names the build)
    $ver = preg_match('/#define PHP_STATCACHE_VERSION "([^"]+)"/', (string)@file_get_contents("$repo/php_statcache.h"), $vm)
        ? $vm[1] : 'unknown';
    $dirty = trim((string)shell_exec('git -C ' . escapeshellarg($repo) . ' status --porcelain -- "*.c" "*.h" config.m4 2>/dev/null')) !== '';
    $w = $recs[0]['worker'];
    // a results file keeps the machine it was measured on (kernel, build,
    // load): re-rendered elsewhere it must say the same
    $env = $saved['env'] ?? [
        'app' => $app, 'date' => date('c'), 'kernel' => php_uname('r'), 'machine' => php_uname('m'),
        'cpus' => (int)trim((string)shell_exec('nproc')), 'worker_cpu' => $wcpu === '' ? null : (int)$wcpu,
        'php' => $w['php'], 'zts' => $w['zts'], 'sapi' => 'fpm-fcgi (pm=static, 1 worker) behind nginx',
        'opcache_enabled' => $w['opcache'],
        'statcache_so' => $so, 'statcache_so_sha256' => hash_file('sha256', $soCopy), // the copy loaded
        'source' => "statcache $ver" . ($dirty ? ' + uncommitted changes in C sources' : ''),
        'requests_per_run' => $recs[0]['requests'], 'passes' => max(array_column($recs, 'pass')),
        'load1_range' => [min(array_column($recs, 'load1')), max(array_column($recs, 'load1'))],
        'seconds' => (int)$secs,
        'cpu_frequency_scaling' => getenv('SC_CPUFREQ') ?: null,
        'php_fpm_build' => trim((string)shell_exec('php-fpm8.2 -v 2>/dev/null | head -n1')),
    ];
    $result = ['env' => $env, 'medians' => [], 'runs' => $recs];
    // attribution rounds (run.sh: SC_ATTRS) or those of a results file
    $attr = [];
    if (str_ends_with($recordsF, '.json')) {
        $attr = json_decode(file_get_contents($recordsF), true)['attribution'] ?? [];
    } elseif (($af = getenv('SC_ATTRS')) && is_file($af)) {
        foreach (file($af, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $l) {
            $x = json_decode($l, true);
            $attr[$x['opcache']][$x['config']] = $x;
        }
    }
    $md = [];
    $shortMd = [];
    $shortExtra = [];
    $nbEnv = getenv('SC_NEIGHBOUR');
    if (!$saved && $nbEnv) {
        [$rate, $dir] = explode(' ', $nbEnv, 2);
        $env['neighbour'] = ['files_per_second' => (int)$rate, 'dir' => $dir];
    }
    $result['env'] = $env;
    foreach ($by as $opmode => $cfgs) {
        $vt = ['vt0' => 'opcache.validate_timestamps=0',
            'vt0inv' => 'opcache.validate_timestamps=0 + statcache.opcache_invalidate=1'][$opmode]
            ?? "Debian's defaults (opcache.validate_timestamps=1, revalidate_freq=2)";
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
                // (openat_enoent: not in results made before it was counted)
                $v = array_filter(array_map(fn($r) => $r['per_req'][$k] ?? null, $rs), fn($x) => $x !== null);
                $m[$k] = $v ? median($v) : null;
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
            foreach (array_merge(['rss_kb', 'inotify_instances', 'inotify_watches', 'entries', 'memory', 'bytes_per_entry'], WATCH_KEYS) as $k) {
                $v = array_filter(array_map(fn($r) => $r['memory_after_one_round'][$k] ?? null, $rs), fn($x) => $x !== null);
                $m['mem'][$k] = $v ? median($v) : null;
            }
            foreach (array_merge(['rss_kb', 'inotify_watches', 'watches'], WATCH_KEYS) as $k) {
                $v = array_filter(array_map(fn($r) => $r['memory_end_of_pass'][$k] ?? null, $rs), fn($x) => $x !== null);
                if ($v) $m['mem_end'][$k] = median($v);
            }
            // statcache_stats() a request after warm-up (medians), opcache's
            // compiles a request (median) and its wasted memory (the most
            // any pass ended with)
            foreach (STATS_PER_REQ as $k) {
                $v = array_filter(array_map(fn($r) => $r['stats_per_req'][$k] ?? null, $rs), fn($x) => $x !== null);
                if ($v) $m['stats_per_req'][$k] = median($v);
            }
            $oc = array_filter(array_column($rs, 'opcache_after_warmup'));
            $m['opcache'] = $oc ? [
                'compiles_per_req' => median(array_column($oc, 'compiles_per_req')),
                'compiles_per_req_range' => [min(array_column($oc, 'compiles_per_req')), max(array_column($oc, 'compiles_per_req'))],
                'wasted_memory' => max(array_column($oc, 'wasted_memory')),
                'restarts' => max(array_column($oc, 'restarts')),
                'scripts' => median(array_column($oc, 'scripts')),
            ] : null;
            $nb = array_filter(array_map(fn($r) => $r['neighbour']['per_second'] ?? null, $rs), fn($x) => $x !== null);
            if ($nb) $m['neighbour_files_per_second'] = median($nb);
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
        $check = opcache_check($med);
        $result['medians'][$opmode] = ['configs' => $med, 'statcache_stats_on' => $stats, 'opcache_check' => $check];
        $extra = extra_lines($med, $check);
        $shortExtra[$opmode] = $extra;
        if (isset($med['off'], $med['on'])) {
            $o = $med['off']; $n = $med['on'];
            $save = fn($k) => sprintf('%s → %s', fmt($o[$k], $k === 'cpu_sched_ms' || $k === 'cpu_ms' ? 2 : 1), fmt($n[$k], $k === 'cpu_sched_ms' || $k === 'cpu_ms' ? 2 : 1))
                . ($o[$k] > 0 ? sprintf(' (%+.1f %%)', 100 * ($n[$k] - $o[$k]) / $o[$k]) : '');
            $md[] = '';
            $md[] = 'off → on: stat family/req ' . $save('stat_family') . '; CPU ms/req ' . $save('cpu_ms')
                . '; on-CPU ms/req ' . $save('cpu_sched_ms');
            $shortMd[] = sprintf('| %s | %s → %s | %s | %s → %s | %s |',
                ['vt0' => 'validate_timestamps=0', 'vt0inv' => 'validate_timestamps=0 + opcache_invalidate=1'][$opmode] ?? 'Debian defaults',
                fmt($o['stat_family']), fmt($n['stat_family']), sprintf('%+.0f %%', $o['stat_family'] > 0 ? 100 * ($n['stat_family'] - $o['stat_family']) / $o['stat_family'] : 0),
                fmt($o['cpu_sched_ms'], 2), fmt($n['cpu_sched_ms'], 2),
                sprintf('%+.2f ms (%+.1f %%)', $n['cpu_sched_ms'] - $o['cpu_sched_ms'], 100 * ($n['cpu_sched_ms'] - $o['cpu_sched_ms']) / $o['cpu_sched_ms'])
                . ($n['bodies_identical'] ? '' : ' BODIES DIFFER'));
        }
        if ($extra) {
            $md[] = '';
            $md = array_merge($md, $extra);
        }
        if ($stats) {
            $keys = ['hits', 'misses', 'negative_hits', 'bypassed', 'untrusted', 'drains', 'events', 'flushes', 'overflows', 'watches', 'entries', 'memory'];
            $md[] = '';
            $md[] = "statcache_stats() of the last 'on' worker: " . implode(', ', array_map(fn($k) => "$k=" . json_encode($stats[$k] ?? null), $keys));
        }
        if (array_filter(array_map(fn($m) => $m['mem']['rss_kb'] ?? null, $med))) $md[] = '';
        if (array_filter(array_map(fn($m) => $m['mem']['rss_kb'] ?? null, $med))) $md[] = 'Memory after the warm-up (three rounds of the URL list, fresh worker; medians): '
            . implode('; ', array_map(fn($cfg) => sprintf('%s: RSS %s KiB, inotify %s instance(s) / %s watch(es)%s', $cfg,
                fmt($med[$cfg]['mem']['rss_kb'] ?? NAN, 0), fmt($med[$cfg]['mem']['inotify_instances'] ?? NAN, 0),
                fmt($med[$cfg]['mem']['inotify_watches'] ?? NAN, 0),
                ($med[$cfg]['mem']['entries'] ?? 0) > 0 ? sprintf(', %s cached results in %s bytes (%s bytes each)',
                    fmt($med[$cfg]['mem']['entries'], 0), fmt($med[$cfg]['mem']['memory'], 0), fmt($med[$cfg]['mem']['bytes_per_entry'], 0)) : ''),
                array_keys($med)));
        foreach (['on', 'off'] as $cfg) {
            $at = $attr[$opmode][$cfg] ?? null;
            if (!$at) continue;
            $result['attribution'][$opmode][$cfg] = $at;
            if ($cfg === 'off') {
                $md[] = '';
                $md[] = sprintf('Attribution round, off: %s stat-family calls/req (access+stat+lstat+statx) traced with stacks.',
                    fmt(array_sum(array_column($at['causes'], 'stat_family_per_req'))));
                continue;
            }
            $md[] = '';
            $md[] = "What remains with the cache on ($vt), one round of the URL list traced with strace -f -k -y on the stat family and readlink, per request"
                . ($opmode === 'debian' ? " (the tracer slows requests past revalidate_freq: opcache's share is larger here than in the measured passes)" : '') . ':';
            $md[] = '';
            $md[] = '| cause (caller · path) | access | stat | lstat | readlink | stat family | ENOENT | example (call path, per req) |';
            $md[] = '|---|---|---|---|---|---|---|---|';
            foreach ($at['causes'] as $k => $c) {
                if ($c['stat_family_per_req'] + $c['readlink_per_req'] < 0.05) continue;
                $ex = $c['top_paths'][0];
                $md[] = sprintf('| %s | %s | %s | %s | %s | %s | %s | `%s` (%s) |', $k, fmt($c['per_req']['access'] ?? 0),
                    fmt($c['per_req']['stat'] ?? 0), fmt($c['per_req']['lstat'] ?? 0), fmt($c['readlink_per_req']),
                    fmt($c['stat_family_per_req']), fmt($c['enoent_per_req']), $ex['call'], fmt($ex['per_req']));
            }
            if ($at['statcache_stats_per_req']) {
                $md[] = '';
                $md[] = 'statcache_stats() per request over that round: ' . implode(', ', array_map(fn($k, $v) => "$k " . fmt($v),
                    array_keys($at['statcache_stats_per_req']), $at['statcache_stats_per_req']));
            }
        }
    }
    if ($outF !== '-') file_put_contents($outF, json_encode($result, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE) . "\n");
    $head = sprintf('%s · kernel %s · PHP %s %s (fpm, 1 static worker%s) · opcache %s · %d requests × %d passes per config · load %s–%s · %d s',
        $app, $env['kernel'], $env['php'], $env['zts'] ? 'ZTS' : 'NTS',
        $env['worker_cpu'] === null ? '' : ', pinned to CPU ' . $env['worker_cpu'],
        $env['opcache_enabled'] ? 'on' : 'off', $env['requests_per_run'], $env['passes'],
        $env['load1_range'][0], $env['load1_range'][1], $env['seconds']);
    if (isset($env['neighbour'])) {
        $head .= sprintf(' · neighbour: %d files/s made and removed in %s', $env['neighbour']['files_per_second'], $env['neighbour']['dir']);
    }
    if ($short) {
        echo "$head\n\n";
        echo "| opcache | stat-family syscalls/req off → on | saved | CPU ms/req off → on (worker, schedstat) | saved |\n|---|---|---|---|---|\n";
        echo implode("\n", $shortMd), "\n";
        foreach ($shortExtra as $opmode => $lines) {
            if (!$lines) continue;
            echo "\n", ['vt0' => 'validate_timestamps=0', 'vt0inv' => 'validate_timestamps=0 + opcache_invalidate=1'][$opmode] ?? "Debian's defaults", ":\n";
            echo implode("\n", $lines), "\n";
        }
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
    'attribute' => attribute($argv),
    'report' => report($argv),
    default => fwrite(STDERR, "usage: $argv0 record|report ...\n"),
};
