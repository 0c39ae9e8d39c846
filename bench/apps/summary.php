<?php
// The cross-app tables of the README from bench/apps/results/*.json:
//   php bench/apps/summary.php [RESULT.json...]   (default: latest full run per app)
// 1. per app and opcache mode: stat-family syscalls/req off -> on, the
//    reduction (and without the calls attributed to C libraries, which no
//    PHP-level cache can remove: the issue's >= 95 % target with
//    validate_timestamps=0), CPU off -> on with the pass-to-pass spread
//    (where the ranges overlap, a sign test over the passes, each of which
//    measured off and on next to each other),
//    bodies, memory;
// 2. the map of what remains with the cache on: every cause from the
//    attribution round (strace -k), per request.
$files = array_slice($argv, 1);
if (!$files) {
    foreach (glob(__DIR__ . '/*/app.sh') as $a) {
        $c = glob(__DIR__ . '/results/' . basename(dirname($a)) . '-2*.json');
        if ($c) { sort($c); $files[] = end($c); }
    }
}
// (results made before report.php knew it: statcache's hooks tail-call
// PHP's handler, so php_stat calls they passed on show no statcache frame)
function label(string $k): string {
    return str_replace('PHP, not hooked by statcache (include/require, realpath cache...) [php_stat]', 'PHP, passed on by statcache [php_stat]', $k);
}
function f(float $v, int $d = 1): string { return number_format($v, $d, '.', ','); }
// Passes of one opcache mode where on's on-CPU time was below off's: [k, n].
function pairs(array $runs, string $mode): array {
    $by = [];
    foreach ($runs as $r) {
        if (($r['opcache'] ?? '') === $mode) $by[$r['pass']][$r['config']] = $r['cpu_sched_ms'];
    }
    $k = $n = 0;
    foreach ($by as $p) {
        if (!isset($p['off'], $p['on'])) continue;
        $n++;
        if ($p['on'] < $p['off']) $k++;
    }
    return [$k, $n];
}
// P(at least k of n below by chance) when on and off cost the same.
function sign_p(int $k, int $n): float {
    $p = 0.0;
    for ($i = $k; $i <= $n; $i++) {
        $c = 1.0;
        for ($j = 1; $j <= $i; $j++) $c = $c * ($n - $i + $j) / $j;
        $p += $c / 2 ** $n;
    }
    return $p;
}
$rows = $map = [];
foreach ($files as $file) {
    $j = json_decode(file_get_contents($file), true);
    $app = $j['env']['app'];
    foreach (['debian' => "Debian's defaults", 'vt0' => 'validate_timestamps=0'] as $m => $label) {
        $c = $j['medians'][$m]['configs'] ?? null;
        if (!isset($c['off'], $c['on'])) continue;
        $o = $c['off']; $n = $c['on'];
        $at = $j['attribution'][$m]['on'] ?? null;
        $clib = 0.0;
        foreach ($at['causes'] ?? [] as $k => $cause) {
            if (str_starts_with($k, 'C library')) $clib += $cause['stat_family_per_req'];
            $map[$m][$app][label($k)] = $cause;
        }
        $clib = min($clib, $n['stat_family']);
        $red = $o['stat_family'] > 0 ? 100 * ($o['stat_family'] - $n['stat_family']) / $o['stat_family'] : 0;
        $redx = ($o['stat_family'] - $clib) > 0 ? 100 * (($o['stat_family'] - $clib) - ($n['stat_family'] - $clib)) / ($o['stat_family'] - $clib) : 0;
        [$olo, $ohi] = $o['cpu_sched_ms_range']; [$nlo, $nhi] = $n['cpu_sched_ms_range'];
        $cpu = sprintf('%s → %s (%+.1f %%)', f($o['cpu_sched_ms'], 2), f($n['cpu_sched_ms'], 2),
            100 * ($n['cpu_sched_ms'] - $o['cpu_sched_ms']) / $o['cpu_sched_ms']);
        $spread = ($nhi < $olo) ? 'resolved (ranges apart)' : (($nlo > $ohi) ? 'on slower, ranges apart' : 'not resolvable (ranges overlap)');
        if ($nhi >= $olo && $nlo <= $ohi) {
            // each pass measures off and on next to each other: on lower in
            // k of n passes, one-sided sign test (drift moves both alike)
            [$lower, $npass] = pairs($j['runs'] ?? [], $m);
            $pv = sign_p($lower, $npass);
            if ($npass > 0) {
                $spread = sprintf('%s (on lower in %d of %d passes, sign test p = %.3f)',
                    $pv < 0.05 ? 'resolved' : 'not resolvable', $lower, $npass, $pv);
            }
        }
        $mo = $o['mem'] ?? []; $mn = $n['mem'] ?? [];
        $rows[] = sprintf('| %s | %s | %s → %s | %s %% | %s | %s | %s–%s / %s–%s | %s | %s | %s → %s | %s results, %s B each; %s watches |',
            $app, $label, f($o['stat_family']), f($n['stat_family']), f(-$red, 1),
            $clib > 0 ? sprintf('%s %% (%s/req C library)', f(-$redx, 1), f($clib)) : '–',
            $cpu, f($olo, 2), f($ohi, 2), f($nlo, 2), f($nhi, 2), $spread,
            ($o['bodies_identical'] && $n['bodies_identical']) ? 'identical' : 'DIFFER',
            isset($mo['rss_kb']) ? f($mo['rss_kb'] / 1024, 1) : '?', isset($mn['rss_kb']) ? f($mn['rss_kb'] / 1024, 1) . ' MiB' : '?',
            f($mn['entries'] ?? 0, 0), f($mn['bytes_per_entry'] ?? 0, 0), f($mn['inotify_watches'] ?? 0, 0));
    }
}
echo "| app | opcache | stat family/req off → on | change | change without C-library calls | worker CPU ms/req off → on (median) | CPU range off / on | CPU verdict | bodies | RSS off → on | cache (on) |\n";
echo "|---|---|---|---|---|---|---|---|---|---|---|\n";
echo implode("\n", $rows), "\n";
// Debian's defaults: the same causes plus opcache's revalidation, whose
// size is the difference of the measured "on" figures of the two modes (a
// round under strace -k is slow enough to revalidate on every request, so
// its own opcache count would be inflated)
echo "\n**With Debian's defaults**, what remains is the same plus opcache's revalidation of included scripts (`stat`, every `revalidate_freq`=2 s), measured as the difference of the two modes' medians with the cache on:\n\n";
echo "| app | stat family/req on, Debian's defaults | on, validate_timestamps=0 | opcache revalidation/req | of which `stat` |\n|---|---|---|---|---|\n";
foreach ($files as $file) {
    $j = json_decode(file_get_contents($file), true);
    $d = $j['medians']['debian']['configs']['on'] ?? null; $v = $j['medians']['vt0']['configs']['on'] ?? null;
    if (!$d || !$v) continue;
    printf("| %s | %s | %s | %s | %s |\n", $j['env']['app'], f($d['stat_family']), f($v['stat_family']),
        f($d['stat_family'] - $v['stat_family']), f($d['stat'] - $v['stat']));
}
foreach (['vt0' => $map['vt0'] ?? []] as $m => $apps) {
    echo "\n**What remains with the cache on, validate_timestamps=0** (stat family + readlink per request, one round of the URL list under strace -f -k -y; causes ≥ 0.1/req)\n\n";
    echo "| app | cause: caller [innermost named PHP function] · path | access | stat | lstat | readlink | ENOENT | example |\n|---|---|---|---|---|---|---|---|\n";
    foreach ($apps as $app => $causes) {
        foreach ($causes as $k => $c) {
            if ($c['stat_family_per_req'] + $c['readlink_per_req'] < 0.1) continue;
            $ex = $c['top_paths'][0];
            printf("| %s | %s | %s | %s | %s | %s | %s | `%s` (%s/req) |\n", $app, $k, f($c['per_req']['access'] ?? 0),
                f(($c['per_req']['stat'] ?? 0) + ($c['per_req']['statx'] ?? 0)), f($c['per_req']['lstat'] ?? 0), f($c['readlink_per_req']),
                f($c['enoent_per_req']), $ex['call'], f($ex['per_req']));
        }
    }
}
// 3. user-space instructions per request (bench/apps/instructions.sh,
//    callgrind): the CPU figure that load does not move, latest run per app.
$instr = [];
foreach (glob(__DIR__ . '/*/app.sh') as $a) {
    $c = glob(__DIR__ . '/results/' . basename(dirname($a)) . '-instructions-*.json');
    if ($c) { sort($c); $instr[] = json_decode(file_get_contents(end($c)), true); }
}
if ($instr) {
    echo "\n**User-space instructions per request** (callgrind, `bench/apps/instructions.sh`; kernel time, which the saved syscalls spend, is not counted)\n\n";
    echo "| app | opcache | instructions/req off → on (median) | change | passes off / on | bodies |\n|---|---|---|---|---|---|\n";
    foreach ($instr as $r) {
        $m = fn (float $x): string => f($x / 1e6, 2) . ' M';
        printf("| %s | %s | %s → %s | %+.1f %% | %s / %s | %s |\n", $r['app'],
            $r['opcache'] === 'vt0' ? 'validate_timestamps=0' : "Debian's defaults",
            $m($r['median']['off']), $m($r['median']['on']), 100 * $r['change'],
            implode(', ', array_map($m, $r['instructions_per_request']['off'])),
            implode(', ', array_map($m, $r['instructions_per_request']['on'])),
            $r['bodies_identical'] ? 'identical' : 'DIFFER');
    }
}
