<?php
// The tables of summary.php that check a property across apps (required by
// summary.php for --neighbour, --opcache-check, --watches and --cold):
// each reads run.sh's (or cold.sh's) result files and prints one Markdown
// table; checks_main() returns 1 where a check fails (a difference to look
// at, not a tainted run: the bench itself refuses those): opcache's
// compiles or wasted memory differing off and on, a neighbour's flushes.

define('COLD_PHP_INCLUDED', true);
require_once __DIR__ . '/cold.php';

const CHECK_MODES = ['debian' => "Debian's defaults", 'vt0' => 'validate_timestamps=0',
    'vt0inv' => 'validate_timestamps=0 + opcache_invalidate=1'];

function ck_f(?float $v, int $d = 1): string { return $v === null ? '?' : number_format($v, $d, '.', ','); }

// The latest result file per app and pattern (summary.php's
// latest_results(): results/<date>/<kind>/, names ending in their date).
function ck_latest(array $patterns, array $kinds = ['run']): array {
    return latest_results($kinds, $patterns);
}

function ck_load(array $files): array {
    return array_map(fn($f) => json_decode(file_get_contents($f), true) + ['_file' => $f], $files);
}

// misses a request with the cache on, without → with a neighbour
function ck_neighbour(array $files): int {
    $files = $files ?: ck_latest(['neighbour*-2*', 'short-neighbour*-2*', '2*', 'short-2*'], ['run', 'neighbour']);
    $by = [];
    foreach (ck_load($files) as $j) {
        $nb = $j['env']['neighbour'] ?? null;
        foreach ($j['medians'] as $m => $x) {
            $on = $x['configs']['on'] ?? null;
            if (!$on || !isset($on['stats_per_req'])) continue;
            // the latest of each kind
            $k = &$by[$j['env']['app']][$m][$nb ? 'with' : 'without'];
            if (($k['date'] ?? '') < $j['env']['date']) $k = ['on' => $on, 'nb' => $nb, 'date' => $j['env']['date']];
            unset($k);
        }
    }
    $bad = 0;
    echo "| app | opcache | neighbour | misses/req on, without → with | hits/req | flushes/req | inotify events/req | stat family/req on | check |\n";
    echo "|---|---|---|---|---|---|---|---|---|\n";
    ksort($by);
    foreach ($by as $app => $modes) {
        foreach ($modes as $m => $k) {
            if (!isset($k['with'], $k['without'])) continue;
            $a = $k['without']['on']; $b = $k['with']['on'];
            $sa = $a['stats_per_req']; $sb = $b['stats_per_req'];
            // The failure this mode looks for is the neighbour's names
            // dropping the app's results wholesale: flushes. Misses it adds
            // are shown per request and per 1,000 of the events it caused:
            // a name's event bumps one slot of the generation table, and
            // the app's results on that slot miss once (a collision), so
            // they follow the events a request sees, which its duration
            // sets; "rose": more than 0.05 a request (one stats page a
            // pass, 2 N requests, is in the counts: its own few lookups).
            $rose = $sb['misses'] - $sa['misses'] > 0.05;
            $flushed = $sb['flushes'] - $sa['flushes'] > 0.0005;
            $bad += $flushed ? 1 : 0;
            $ev = $sb['events'] - $sa['events'];
            $verdict = $flushed ? sprintf('**FLUSHES** (+%s/req)', ck_f($sb['flushes'] - $sa['flushes'], 3))
                : ($rose ? sprintf('no flush; misses +%s/req (%s per 1,000 events)', ck_f($sb['misses'] - $sa['misses'], 2),
                    $ev > 0 ? ck_f(1000 * ($sb['misses'] - $sa['misses']) / $ev, 1) : '?') : 'no flush, no rise');
            printf("| %s | %s | %s files/s in %s | %s → %s | %s → %s | %s → %s | %s → %s | %s → %s | %s |\n", $app, CHECK_MODES[$m] ?? $m,
                ck_f($b['neighbour_files_per_second'] ?? $k['with']['nb']['files_per_second'], 0), $k['with']['nb']['dir'],
                ck_f($sa['misses'], 2), ck_f($sb['misses'], 2), ck_f($sa['hits']), ck_f($sb['hits']),
                ck_f($sa['flushes'], 3), ck_f($sb['flushes'], 3), ck_f($sa['events']), ck_f($sb['events']),
                ck_f($a['stat_family']), ck_f($b['stat_family']),
                $verdict);
        }
    }
    return $bad ? 1 : 0;
}

// opcache's compiles a request after warm-up and its wasted memory, off → on
function ck_opcache(array $files): int {
    $files = $files ?: ck_latest(['2*', 'short-2*']);
    $bad = 0;
    echo "| app | opcache | requests a worker served | compiles/req after warm-up, off → on | wasted memory, off → on (bytes) | scripts | statcache on: recompiles/req, precautions/req | check |\n";
    echo "|---|---|---|---|---|---|---|---|\n";
    foreach (ck_load($files) as $j) {
        foreach ($j['medians'] as $m => $x) {
            $o = $x['configs']['off']['opcache'] ?? null;
            $n = $x['configs']['on']['opcache'] ?? null;
            if (!$o || !$n) continue;
            $sp = $x['configs']['on']['stats_per_req'] ?? [];
            $c = $x['opcache_check'] ?? null;
            $ok = $c['ok'] ?? false;
            $bad += $ok ? 0 : 1;
            // one round of the URL list, then the traced and the untraced requests
            printf("| %s | %s | %s | %s → %s | %s → %s | %s | %s, %s | %s |\n", $j['env']['app'], CHECK_MODES[$m] ?? $m,
                sprintf('one round + %s', number_format(2 * ($j['env']['requests_per_run'] ?? 0))),
                ck_f($o['compiles_per_req'], 2), ck_f($n['compiles_per_req'], 2),
                number_format($o['wasted_memory']), number_format($n['wasted_memory']), ck_f($n['scripts'], 0),
                ck_f($sp['opcache_recompiles'] ?? null, 2), ck_f($sp['opcache_precautions'] ?? null, 2),
                $ok ? 'same' : '**DIFFER**: ' . implode('; ', $c['why'] ?? ['no check']));
        }
    }
    return $bad ? 1 : 0;
}

// the watches of a worker with the cache on, and the kernel memory they hold
function ck_watches(array $files): int {
    $files = $files ?: ck_latest(['2*', 'short-2*']);
    echo "| app | opcache | watches a worker (statcache_stats) | directories | files | symlinks | kernel memory: marks | with the inodes they keep |\n";
    echo "|---|---|---|---|---|---|---|---|\n";
    foreach (ck_load($files) as $j) {
        foreach ($j['medians'] as $m => $x) {
            $w = $x['configs']['on']['mem_end'] ?? null;
            if (!$w || !isset($w['watches_dirs'])) continue;
            printf("| %s | %s | %s | %s | %s | %s | %s KiB | %s KiB |\n", $j['env']['app'], CHECK_MODES[$m] ?? $m,
                ck_f($w['watches'] ?? $w['inotify_watches'], 0), ck_f($w['watches_dirs'], 0), ck_f($w['watches_files'], 0),
                ck_f($w['watches_symlinks'], 0), ck_f($w['kernel_bytes_marks'] / 1024), ck_f($w['kernel_bytes_with_inodes'] / 1024, 0));
        }
    }
    echo "\n(at the end of a pass, after 2 N + 1 requests: medians of the passes; a mark is an inotify_inode_mark and an fsnotify_mark_connector, their slab object sizes; a watch keeps its inode in memory: <fs>_inode_cache's object size)\n";
    return 0;
}

function checks_main(string $mode, array $files): int {
    switch ($mode) {
        case 'neighbour': return ck_neighbour($files);
        case 'opcache-check': return ck_opcache($files);
        case 'watches': return ck_watches($files);
        case 'cold':
            cold_table($files ?: ck_latest(['cold-2*'], ['cold']));
            return 0;
    }
    return 2;
}
