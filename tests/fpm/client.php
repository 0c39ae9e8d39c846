<?php
/* The HTTP side of tests/fpm/run.sh: runs with `php -n` (statcache NOT
 * loaded in this process), talks to nginx on 127.0.0.1:PORT, which passes
 * every request to the php-fpm pool (probe.php). Prints "PASS name (...)"
 * / "FAIL name (...)" lines and "INFO ..." lines; exit status 0.
 *
 *   php -n client.php PORT DATA PIDS CMD [ARGS...]
 *     PIDS: the pool's worker pids (comma-separated), as the runner read
 *           them from /proc; every check requires that exactly these answer.
 *   CMD:
 *     visible TAG [control]  every worker caches DATA/TAG-* as missing; one
 *                            write through one worker; every worker's next
 *                            answer is true (after SC_VISIBLE_WAIT_MS, if
 *                            set: per worker, the bound's drains). With "control": a file written
 *                            by THIS process (no sync point) stays unseen
 *                            by every worker until then.
 *     loop SECONDS           requests for SECONDS: toggle (write/unlink)
 *                            one of 5 files through one worker, check it
 *                            through the next; prints a summary line.
 *     warm NAME CHECK        every worker caches DATA/NAME as missing
 *     expect NAME CHECK      every worker's next answers for DATA/NAME are true
 *     eventually NAME CHECK  DATA/NAME was made outside the pool (no sync
 *                            point): every worker answers true within 10 s
 *                            (the staleness bound's drains), and never false
 *                            again once it said true
 *     stats                  statcache_stats(true) sums every worker
 *     diff SEED N [WIDE]     the differential check (N operations); WIDE
 *                            more names in each of d0 and d1 (d0/wI, d1/wI)
 *     caps fill              every worker looks up names past small caps
 *                            (probe.php op=fill), twice
 *     caps check             the caps were reached: results evicted and
 *                            files answered without a watch (summed over
 *                            the workers), files' watches evicted (in any)
 */
[, $port, $data, $pidlist, $cmd] = $argv + [null, null, null, null, null];
$args = array_slice($argv, 5);
$pids = array_map('intval', array_filter(explode(',', (string) $pidlist)));
sort($pids);

function pass(string $name, string $why = ''): void { echo "PASS $name", $why !== '' ? " ($why)" : '', "\n"; }
function fail(string $name, string $why): void { echo "FAIL $name ($why)\n"; }
function info(string $s): void { echo "INFO $s\n"; }

/* One request; the decoded answer, or ['error' => ...]. */
function req(array $q): array
{
    global $port;
    $url = "http://127.0.0.1:$port/probe.php?" . http_build_query($q);
    $ctx = stream_context_create(['http' => ['timeout' => 10, 'ignore_errors' => true]]);
    /* the status line from the stream's own meta data (PHP 8.5 deprecates
     * $http_response_header; http_get_last_response_headers() is 8.4's) */
    $body = false;
    $status = 0;
    $h = @fopen($url, 'r', false, $ctx);
    if ($h) {
        $status = (int) (explode(' ', stream_get_meta_data($h)['wrapper_data'][0] ?? '')[1] ?? 0);
        $body = stream_get_contents($h);
        fclose($h);
    }
    if ($body === false || $status !== 200) {
        return ['error' => "HTTP $status", 'pid' => 0];
    }
    $r = json_decode($body, true);
    return is_array($r) ? $r : ['error' => 'bad body: ' . substr($body, 0, 80), 'pid' => 0];
}

/* A request that only worker $pid carries out (others answer "skip"):
 * at least 200 tries, and more for up to 20 s while it has not answered (as
 * in round_of: Apache's prefork favours some children, and on a loaded
 * machine one child can go unpicked for a burst of 200). */
function req_on(int $pid, array $q): array
{
    $deadline = microtime(true) + 20;
    for ($try = 0; $try < 200 || microtime(true) < $deadline; $try++) {
        $r = req($q + ['want' => $pid]);
        if (isset($r['error']) || empty($r['skip'])) {
            return $r;
        }
    }
    return ['error' => "worker $pid never answered in $try requests (20 s)", 'pid' => 0];
}

/* Untargeted requests until every expected pid answered (at least $min
 * requests; at most $max, or more for up to 20 s while a pid is still
 * missing: a server may favour some children, Apache's prefork does, and on
 * a loaded machine a descheduled worker can miss a quick burst of $max);
 * returns the answers in order. */
function round_of(array $q, int $min, int $max): array
{
    global $pids;
    $seen = [];
    $answers = [];
    $deadline = microtime(true) + 20;
    for ($i = 0; ($i < $max || microtime(true) < $deadline) && ($i < $min || count($seen) < count($pids)); $i++) {
        $r = req($q);
        $answers[] = $r;
        if (!isset($r['error'])) {
            $seen[$r['pid']] = true;
        }
    }
    return $answers;
}

function pids_of(array $answers): array
{
    $p = array_values(array_unique(array_map(fn($r) => $r['pid'], array_filter($answers, fn($r) => !isset($r['error'])))));
    sort($p);
    return $p;
}

function errors_of(array $answers): array
{
    return array_values(array_unique(array_map(fn($r) => $r['error'], array_filter($answers, fn($r) => isset($r['error'])))));
}

switch ($cmd) {
case 'visible':
    $tag = $args[0];
    $control = ($args[1] ?? '') === 'control';
    $name = "$tag-target";
    $ctrl = "$tag-control";
    @unlink("$data/$name");
    @unlink("$data/$ctrl");
    /* 1. every worker caches both files as missing */
    $warm = round_of(['op' => 'check', 'f' => $name, 'g' => $ctrl], 40, 200);
    $seen = pids_of($warm);
    $bad = array_filter($warm, fn($r) => isset($r['error']) || $r['v'] !== false || $r['w'] !== false);
    info("$tag: " . count($warm) . " requests before the write answered by pids " . implode(',', $seen));
    if ($seen !== $pids || $bad) {
        fail("$tag-warm", "answered by [" . implode(',', $seen) . "], workers are [" . implode(',', $pids)
            . "]; " . count($bad) . " bad answers " . implode(' ', errors_of($warm)));
        break;
    }
    pass("$tag-warm", count($pids) . " workers cached it as missing: " . implode(',', $seen));
    /* 2. control: a write that is no sync point of the pool stays unseen */
    if ($control) {
        file_put_contents("$data/$ctrl", 'c');
        chmod("$data/$ctrl", 0666);
        $after = round_of(['op' => 'check', 'f' => $ctrl], 8, 200);
        $stale = array_filter($after, fn($r) => !isset($r['error']) && $r['v'] === false);
        /* every answer stale; which workers the server picked for these
         * requests is its business (Apache's prefork may leave one idle) */
        if ($after && count($stale) === count($after) && !array_diff(pids_of($stale), $pids)) {
            pass("$tag-control-unseen-without-sync-point", "a file written outside the pool is still missing for the "
                . count(pids_of($stale)) . " of " . count($pids) . " workers that answered (" . count($after)
                . " requests): no watcher or time bound revalidates");
        } else {
            fail("$tag-control-unseen-without-sync-point", "expected every worker to answer false (cached) for a file "
                . "written outside PHP with test_watcher=0 and max_staleness_ms=0; got "
                . json_encode(array_map(fn($r) => [$r['pid'], $r['v'] ?? $r['error']], $after))
                . ": something other than the pending flag revalidates, the checks below prove less");
        }
    }
    /* 3. one write through one worker */
    $w = req(['op' => 'write', 'f' => $name]);
    if (isset($w['error']) || $w['v'] !== true) {
        fail("$tag-write", 'write request failed: ' . json_encode($w));
        break;
    }
    /* per worker, the other workers are other processes: without a
     * watcher thread (statcache.watcher=lookup, the NTS default) their
     * drains of the staleness bound show the write, so the caller waits
     * a few bounds first (SC_VISIBLE_WAIT_MS) */
    $wait = (int) getenv('SC_VISIBLE_WAIT_MS');
    if ($wait > 0) {
        usleep($wait * 1000);
    }
    /* 4. each worker's next answer is true (and the control file too: the
     *    drain the write triggered applied every queued event) */
    $next = round_of(['op' => 'check', 'f' => $name, 'g' => $ctrl], 4, 200);
    $first = [];
    foreach ($next as $r) {
        if (!isset($r['error']) && !isset($first[$r['pid']])) {
            $first[$r['pid']] = $r;
        }
    }
    ksort($first);
    $wrong = array_filter($next, fn($r) => isset($r['error']) || $r['v'] !== true || ($control && $r['w'] !== true));
    $desc = implode(' ', array_map(fn($p, $r) => "$p:" . var_export($r['v'], true), array_keys($first), $first));
    if (array_keys($first) === $pids && !$wrong) {
        pass("$tag-write-seen-by-every-worker", "written by $w[pid]; first answers after it $desc");
    } else {
        fail("$tag-write-seen-by-every-worker", "written by $w[pid]; workers [" . implode(',', $pids) . "]; "
            . count($wrong) . ' of ' . count($next) . ' answers wrong: '
            . json_encode(array_map(fn($r) => [$r['pid'], $r['v'] ?? $r['error'], $r['w'] ?? null], $wrong)));
    }
    break;

case 'warm': /* NAME CHECK: every worker caches DATA/NAME as missing */
case 'expect': /* NAME CHECK: every worker's next answers for DATA/NAME are true */
    [$name, $check] = $args;
    $want = $cmd === 'expect';
    $answers = round_of(['op' => 'check', 'f' => $name], $want ? 4 : 12, 200);
    $wrong = array_filter($answers, fn($r) => isset($r['error']) || $r['v'] !== $want);
    $desc = implode(' ', array_map(fn($r) => $r['pid'] . ':' . var_export($r['v'] ?? $r['error'], true), $answers));
    if (pids_of($answers) === $pids && !$wrong) {
        pass($check, "every worker answers " . var_export($want, true) . ": $desc");
    } else {
        fail($check, "workers [" . implode(',', $pids) . "], want " . var_export($want, true) . ", got $desc");
    }
    break;

case 'eventually': /* NAME CHECK: every worker comes to answer true, and stays there */
    [$name, $check] = $args;
    $first = $late = [];
    $n = 0;
    $deadline = microtime(true) + 10;
    while (count($first) < count($pids) && microtime(true) < $deadline) {
        $r = req(['op' => 'check', 'f' => $name]);
        $n++;
        if (isset($r['error'])) {
            continue;
        }
        if ($r['v'] === true) {
            $first[$r['pid']] ??= $n;
        } elseif (isset($first[$r['pid']])) {
            $late[] = "$r[pid] false after true at request $n";
        }
    }
    ksort($first);
    $desc = "$n requests; first true per worker at request " . json_encode($first);
    if (array_keys($first) === $pids && !$late) {
        pass($check, $desc);
    } else {
        fail($check, "workers [" . implode(',', $pids) . "]; $desc " . implode('; ', $late));
    }
    break;

case 'loop':
    $until = microtime(true) + (float) $args[0];
    $state = array_fill(0, 5, false);
    for ($i = 0; $i < 5; $i++) {
        @unlink("$data/loop$i");
    }
    $n = $errors = $wrong = 0;
    $firsterr = $firstwrong = '';
    $lasterr = -1;
    $pidsseen = [];
    for ($i = 0; microtime(true) < $until; $i++) {
        $k = $i % 5;
        $act = $state[$k] ? 'unlink' : 'write';
        $r = req(['op' => 'do', 'act' => $act, 'f' => "loop$k"]);
        $n++;
        if (isset($r['error'])) {
            $errors++; $lasterr = $n; $firsterr = $firsterr ?: "#$n $act: $r[error]";
            /* unknown whether it happened: ask the file system */
            clearstatcache();
            $state[$k] = file_exists("$data/loop$k");
            continue;
        }
        $state[$k] = !$state[$k];
        $c = req(['op' => 'check', 'f' => "loop$k"]);
        $n++;
        if (isset($c['error'])) {
            $errors++; $lasterr = $n; $firsterr = $firsterr ?: "#$n check: $c[error]";
            continue;
        }
        $pidsseen[$c['pid']] = true;
        if ($c['v'] !== $state[$k]) {
            $wrong++;
            $firstwrong = $firstwrong ?: "#$n loop$k: worker $c[pid] said " . var_export($c['v'], true) . " after $act by $r[pid]";
        }
    }
    echo "LOOP requests=$n errors=$errors wrong=$wrong last_error_at=$lasterr pids=" . implode(',', array_keys($pidsseen))
        . " first_error=" . json_encode($firsterr) . " first_wrong=" . json_encode($firstwrong) . "\n";
    break;

case 'stats':
    /* counters only grow: the sum of every worker's own hits read before
     * (lower) and after (upper) bounds what one worker reads for all */
    $sum = function () use ($pids) {
        $s = 0;
        foreach ($pids as $p) {
            $r = req_on($p, ['op' => 'stats']);
            if (isset($r['error'])) {
                return [-1, $r['error']];
            }
            $s += $r['mine'];
        }
        return [$s, ''];
    };
    [$lower, $e1] = $sum();
    $one = req_on($pids[0], ['op' => 'stats']);
    [$upper, $e2] = $sum();
    $desc = "worker $pids[0]: stats(true) hits=" . ($one['all'] ?? '?') . ", its own=" . ($one['mine'] ?? '?')
        . "; sum of the workers' own hits before=$lower after=$upper";
    if ($e1 || $e2 || isset($one['error'])) {
        fail('stats-true-sums-every-worker', "request failed: $e1 $e2 " . ($one['error'] ?? ''));
    } elseif ($one['mode'] !== 'shared' || !$one['enabled']) {
        fail('stats-true-sums-every-worker', "mode=$one[mode] enabled=" . var_export($one['enabled'], true));
    } elseif ($lower <= $one['all'] && $one['all'] <= $upper && $one['all'] > $one['mine'] && $one['mine'] > 0) {
        pass('stats-true-sums-every-worker', $desc);
    } else {
        fail('stats-true-sums-every-worker', $desc);
    }
    break;

case 'caps':
    if (($args[0] ?? '') === 'fill') {
        foreach ([1, 2] as $round) {
            foreach ($pids as $p) {
                $r = req_on($p, ['op' => 'fill', 'n' => 600]);
                if (isset($r['error'])) {
                    fail('caps-fill', "worker $p: $r[error]");
                    break 3;
                }
            }
        }
        pass('caps-fill', 'every worker twice: 600 missing names, 40 files looked up twice');
        break;
    }
    $s = req(['op' => 'stats']);
    $watch_evictions = 0;
    foreach ($pids as $p) {
        $watch_evictions += (int) (req_on($p, ['op' => 'stats'])['watch_evictions'] ?? 0);
    }
    $desc = "evictions {$s['evictions']}, cap_bypassed {$s['cap_bypassed']}, watch_cap_bypassed "
        . "{$s['watch_cap_bypassed']}, watch_evictions $watch_evictions, flushes {$s['flushes']}";
    if (!isset($s['error']) && $s['evictions'] > 0 && $s['watch_cap_bypassed'] > 0 && $watch_evictions > 0) {
        pass('caps-reached-in-the-pool', $desc);
    } else {
        fail('caps-reached-in-the-pool', $desc);
    }
    break;

case 'diff':
    $seed = (int) $args[0];
    $nops = (int) $args[1];
    mt_srand($seed);
    $names = ['f0', 'f1', 'f2', 'd0', 'd1', 'd0/f0', 'd0/f1', 'd1/f0', 'd0/d2', 'd0/d2/f0'];
    for ($w = 0; $w < (int) ($args[2] ?? 0); $w++) {
        array_push($names, "d0/w$w", "d1/w$w");
    }
    $muts = ['write', 'write', 'append', 'unlink', 'unlink', 'mkdir', 'mkdir', 'rmdir', 'rename'];
    $qs = ['file_exists', 'is_file', 'is_dir', 'filesize'];
    $nq = $nm = $mismatch = $errors = $nhit = 0;
    $report = [];
    $byworker = array_fill_keys($pids, 0);
    for ($i = 0; $i < $nops; $i++) {
        $pid = $pids[mt_rand(0, count($pids) - 1)];
        $f = $names[mt_rand(0, count($names) - 1)];
        if (mt_rand(0, 99) < 40) {
            $act = $muts[mt_rand(0, count($muts) - 1)];
            $q = ['op' => 'do', 'act' => $act, 'f' => $f, 'n' => mt_rand(0, 40), 'g' => $names[mt_rand(0, count($names) - 1)]];
            $nm++;
        } else {
            $act = $qs[mt_rand(0, count($qs) - 1)];
            $q = ['op' => 'do', 'act' => $act, 'f' => $f];
            $nq++;
        }
        $r = req_on($pid, $q);
        if (isset($r['error'])) {
            $errors++;
            $report[] = "#$i $act $f on $pid: $r[error]";
            continue;
        }
        $byworker[$pid]++;
        if (!array_key_exists('cached', $r) && ($pause = (int) getenv('SC_DIFF_PAUSE_MS')) > 0) {
            /* per-worker mode (tests/matrix/apache.sh): another worker sees
             * this write once its watcher did, within the staleness bound */
            usleep($pause * 1000);
        }
        $nhit += (int) !empty($r['hit']);
        if (array_key_exists('cached', $r) && $r['cached'] !== $r['fresh']) {
            $mismatch++;
            if (count($report) < 5) {
                $report[] = "#$i $act($f) on $pid: cached " . var_export($r['cached'], true) . ", fresh " . var_export($r['fresh'], true);
            }
        }
    }
    $hits = $nhit;
    $desc = "seed $seed, $nops operations ($nm writes/deletes/mkdirs, $nq queries), per worker "
        . implode(' ', array_map(fn($p, $n) => "$p:$n", array_keys($byworker), $byworker))
        . ", $hits of the $nq cached answers were cache hits";
    /* (the hits prove the cached spelling was answered by the cache) */
    if ($mismatch === 0 && $errors === 0 && min($byworker) > 0 && $hits > 0) {
        pass('differential-across-workers', "$desc, 0 mismatches");
    } else {
        fail('differential-across-workers', "$desc, $mismatch mismatches, $errors errors: " . implode('; ', $report));
    }
    break;

default:
    fwrite(STDERR, "client.php: unknown command '$cmd'\n");
    exit(2);
}
