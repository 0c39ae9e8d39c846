<?php
/*
 * The two sides of tests/matrix/cli-soak.sh.
 *
 *   php -n soak.php mutate DIR SECONDS LOG
 *     (no statcache) changes DIR/d{0..9}/f{0..19} at random for SECONDS:
 *     create, unlink, append, truncate, chmod; after each change, one line
 *     "START END PATH" in LOG (microtime(true) before the change began and
 *     once its last syscall returned).
 *   php -n -d extension=statcache.so -d statcache.enable_cli=1 soak.php work DIR SECONDS OUT
 *     asks file_exists/is_file/filesize/filemtime/fileperms/is_writable of
 *     random paths for SECONDS, each twice: on the absolute path (cached)
 *     and on the relative one (cwd DIR: never cached, a fresh syscall);
 *     PHP's own one-entry stat cache is pointed elsewhere after each pair.
 *     Writes to OUT: "M T0 T1 PATH FN CACHED FRESH" for each mismatch (T0
 *     before the cached call, T1 after the fresh one), once a second
 *     "S SECONDS RSS_KB FDS ENTRIES MEMORY HITS QUERIES", and a last line
 *     "E QUERIES HITS MISMATCHES".
 *   php -n soak.php check MUTATION_LOG WORK_OUT BOUND_MS
 *     prints PASS/FAIL lines: every mismatch is explained by a change of
 *     that path that ended at most BOUND_MS before the cached call, or was
 *     under way during the pair of calls; RSS and fds flat once the working set is cached
 *     (from the end of the first third of the run on).
 */
if ($argv[1] === 'check') {
    exit(soak_check($argv[2], $argv[3], (float) $argv[4]));
}
[, $mode, $dir, $secs, $out] = $argv;
$until = microtime(true) + (float) $secs;
$paths = [];
for ($d = 0; $d < 10; $d++) {
    for ($f = 0; $f < 20; $f++) {
        $paths[] = "d$d/f$f";
    }
}
mt_srand(getmypid());

if ($mode === 'mutate') {
    $log = fopen($out, 'w');
    while (microtime(true) < $until) {
        $p = "$dir/" . $paths[mt_rand(0, count($paths) - 1)];
        $ts = microtime(true);
        switch ($op = mt_rand(0, 4)) {
            case 0: @file_put_contents($p, str_repeat('x', mt_rand(0, 300))); break;
            case 1: @unlink($p); break;
            case 2: @file_put_contents($p, 'y', FILE_APPEND); break;
            case 3: if ($h = @fopen($p, 'r+')) { ftruncate($h, mt_rand(0, 50)); fclose($h); } break;
            case 4: @chmod($p, mt_rand(0, 1) ? 0644 : 0444); break;
        }
        fwrite($log, sprintf("%.6f %.6f %s\n", $ts, microtime(true), $p));
        if (getenv('SC_SOAK_DEBUG')) { clearstatcache(); fwrite($log, sprintf("# op %d size %s\n", $op, json_encode(@filesize($p)))); }
        usleep(mt_rand(500, 3000));
    }
    fclose($log);
    exit(0);
}

/* work */
chdir($dir);
$o = fopen($out, 'w');
$fns = ['file_exists', 'is_file', 'filesize', 'filemtime', 'fileperms', 'is_writable'];
$q = $mism = 0;
$start = microtime(true);
$next = $start + 1;
$status = function (): array {
    preg_match('/^VmRSS:\s+(\d+)/m', file_get_contents('/proc/self/status'), $m);
    return [(int) $m[1], count(scandir('/proc/self/fd')) - 2];
};
while (($now = microtime(true)) < $until) {
    $rel = $paths[mt_rand(0, count($paths) - 1)];
    $fn = $fns[mt_rand(0, count($fns) - 1)];
    $t0 = microtime(true);
    $cached = @$fn("$dir/$rel");
    $fresh = @$fn($rel);
    $t1 = microtime(true);
    /* PHP's own one-entry stat cache holds the last path stat() succeeded
     * on until clearstatcache() (which would drain statcache's queue too):
     * point it at '.' so that the next cached call is statcache's answer */
    stat('.');
    lstat('.');
    $q++;
    if ($cached !== $fresh) {
        $mism++;
        fprintf($o, "M %.6f %.6f %s/%s %s %s %s\n", $t0, $t1, $dir, $rel, $fn, json_encode($cached), json_encode($fresh));
    }
    if ($now >= $next) {
        [$rss, $fds] = $status();
        $s = statcache_stats();
        fprintf($o, "S %d %d %d %d %d %d %d\n", (int) round($now - $start), $rss, $fds, $s['entries'], $s['memory'], $s['hits'], $q);
        $next += 1;
    }
}
$s = statcache_stats();
fprintf($o, "E %d %d %d\n", $q, $s['hits'], $mism);
fclose($o);

function soak_check(string $mutlog, string $workout, float $bound_ms): int
{
    $changes = [];
    foreach (file($mutlog, FILE_IGNORE_NEW_LINES) as $l) {
        if ($l[0] === '#') {
            continue;
        }
        [$ts, $te, $p] = explode(' ', $l, 3);
        $changes[$p][] = [(float) $ts, (float) $te];
    }
    $nchanges = array_sum(array_map('count', $changes));
    $samples = [];
    $unexplained = [];
    $lag = 0.0;
    $end = null;
    $nm = 0;
    foreach (file($workout, FILE_IGNORE_NEW_LINES) as $l) {
        $f = explode(' ', $l);
        if ($f[0] === 'S') {
            $samples[] = array_map('intval', array_slice($f, 1));
        } elseif ($f[0] === 'E') {
            $end = array_map('intval', array_slice($f, 1));
        } elseif ($f[0] === 'M') {
            $nm++;
            [, $t0, $t1, $p] = $f;
            /* the end of the last change of $p begun before the fresh call
             * returned (a change still under way counts as ending now) */
            $last = null;
            foreach ($changes[$p] ?? [] as [$ts, $te]) {
                if ($ts <= (float) $t1) {
                    $last = min($te, (float) $t0);
                }
            }
            if ($last === null || ((float) $t0 - $last) * 1000 > $bound_ms) {
                $unexplained[] = $l . ($last === null ? ' (never changed)' : sprintf(' (last change %.1f ms before)', ((float) $t0 - $last) * 1000));
            } else {
                $lag = max($lag, ((float) $t0 - $last) * 1000);
            }
        }
    }
    $rc = 0;
    if ($end === null || count($samples) < 3) {
        echo "FAIL soak-ran (the worker did not finish: ", count($samples), " samples)\n";
        return 1;
    }
    [$q, $hits] = $end;
    $desc = sprintf('%d queries (%d cache hits), %d changes by the other process, %d mismatches, all within %.0f ms of a change of that path (largest lag %.2f ms)',
        $q, $hits, $nchanges, $nm, $bound_ms, $lag);
    if (!$unexplained && $hits > $q / 4 && $nchanges > 100) {
        echo "PASS soak-answers-within-staleness-bound ($desc)\n";
    } else {
        $rc = 1;
        echo "FAIL soak-answers-within-staleness-bound ($desc; ", count($unexplained), ' unexplained: ',
            implode('; ', array_slice($unexplained, 0, 5)), ")\n";
    }
    /* flat after the working set is cached: from the end of the first third */
    $from = $samples[intdiv(count($samples), 3)];
    $last = $samples[count($samples) - 1];
    $maxrss = max(array_column(array_slice($samples, intdiv(count($samples), 3)), 1));
    $fds = array_unique(array_column(array_slice($samples, intdiv(count($samples), 3)), 2));
    $d = sprintf('%d samples; at %d s: RSS %d kB, %d fds, %d entries, %d B; at %d s: RSS %d kB (max %d), %d fds, %d entries, %d B',
        count($samples), $from[0], $from[1], $from[2], $from[3], $from[4], $last[0], $last[1], $maxrss, $last[2], $last[3], $last[4]);
    /* 256 kB: less than one more table of entries for the 200 paths' churn */
    if ($maxrss - $from[1] <= 256 && count($fds) === 1) {
        echo "PASS soak-rss-and-fds-flat ($d)\n";
    } else {
        $rc = 1;
        echo "FAIL soak-rss-and-fds-flat ($d; fd counts seen: ", implode(',', $fds), ")\n";
    }
    return $rc;
}
