<?php
/* Docroot script of tests/fpm/run.sh, served by php-fpm behind nginx.
 * Every answer is one JSON object with the worker's pid.
 *   want=PID      answer {"pid":..,"skip":true} and do nothing unless this
 *                 worker is PID (the client retries until PID answers)
 *   op=check&f=N[&g=M]  file_exists(DATA/N) [and of DATA/M], cached
 *                 (absolute paths)
 *   op=write&f=N  file_put_contents(DATA/N)
 *   op=writecheck&f=N&g=M  write DATA/N, then file_exists(DATA/M): the
 *                 drain of the write's events runs in this worker
 *   op=holdwrite&f=N&ms=MS  as writecheck, the drain holding the queue's
 *                 sequence MS ms after it read the queue (a drainer slow,
 *                 or stopped meanwhile; needs statcache.test_api=1)
 *   op=own        mkdir DATA/own-PID and look up a file in it (a watch that
 *                 only this worker adds)
 *   op=stats      statcache_stats(true)['hits'] and statcache_stats()['hits'],
 *                 and what the caps did (summed over the workers; watch
 *                 evictions: this worker's)
 *   op=fill&n=N   past small caps: N missing names looked up (results
 *                 past statcache.max_entries), and 40 files each looked up
 *                 twice (their own watches past statcache.max_watches)
 *   op=do&act=A&f=N[&g=M][&n=LEN]   one step of the differential check:
 *                 writes/deletes through the cache's sync points, queries
 *                 answered twice: the cached absolute spelling first, then
 *                 a fresh syscall on the relative spelling (cwd = DATA;
 *                 relative paths are never cached).
 */
header('Content-Type: application/json');
$data = $_SERVER['SC_DATA'];
$pid = getmypid();
$out = ['pid' => $pid];
if (isset($_GET['want']) && (int) $_GET['want'] !== $pid) {
    $out['skip'] = true;
    echo json_encode($out), "\n";
    return;
}
$f = (string) ($_GET['f'] ?? '');
switch ($_GET['op'] ?? '') {
    case 'check':
        $out['v'] = file_exists("$data/$f");
        if (isset($_GET['g'])) {
            $out['w'] = file_exists("$data/" . $_GET['g']);
        }
        break;
    case 'write':
        $out['v'] = file_put_contents("$data/$f", 'x') === 1;
        break;
    case 'writecheck': /* a write, then a lookup: this worker drains its own events */
        file_put_contents("$data/$f", 'x');
        $out['v'] = file_exists("$data/" . ($_GET['g'] ?? $f));
        break;
    case 'holdwrite':
        if (!function_exists('statcache_test_hold_drains')) {
            $out['error'] = 'statcache.test_api=1 is not set';
            break;
        }
        statcache_test_hold_drains((int) ($_GET['ms'] ?? 0), 1);
        file_put_contents("$data/$f", 'x');
        $out['v'] = file_exists("$data/$f");
        statcache_test_hold_drains(0, 0);
        break;
    case 'own':
        @mkdir("$data/own-$pid");
        $out['v'] = file_exists("$data/own-$pid/x");
        $out['ino'] = fileinode("$data/own-$pid");
        break;
    case 'stats':
        $s = statcache_stats(true);
        $out += ['all' => $s['hits'], 'mine' => statcache_stats()['hits'],
            'mode' => $s['mode'], 'enabled' => $s['enabled'], 'drains' => $s['drains'],
            'flushes' => $s['flushes'], 'watcher' => $s['watcher'] ?? null,
            'evictions' => $s['evictions'] ?? 0, 'cap_bypassed' => $s['cap_bypassed'] ?? 0,
            'watch_cap_bypassed' => $s['watch_cap_bypassed'] ?? 0,
            'watch_evictions' => statcache_stats()['watch_evictions'] ?? 0];
        break;
    case 'fill':
        @mkdir("$data/fill");
        for ($i = 0; $i < (int) ($_GET['n'] ?? 0); $i++) {
            file_exists("$data/fill/m$i");
        }
        for ($i = 0; $i < 40; $i++) {
            if (!is_file("$data/fill/f$i")) {
                touch("$data/fill/f$i");
            }
            is_file("$data/fill/f$i");
        }
        $out['v'] = true;
        break;
    case 'do':
        $act = $_GET['act'] ?? '';
        $abs = "$data/$f";
        switch ($act) {
            case 'write':  $out['v'] = @file_put_contents($abs, str_repeat('x', (int) ($_GET['n'] ?? 1))) !== false; break;
            case 'append': $out['v'] = @file_put_contents($abs, str_repeat('y', (int) ($_GET['n'] ?? 1)), FILE_APPEND) !== false; break;
            case 'unlink': $out['v'] = @unlink($abs); break;
            case 'mkdir':  $out['v'] = @mkdir($abs); break;
            case 'rmdir':  $out['v'] = @rmdir($abs); break;
            case 'rename': $out['v'] = @rename($abs, $data . '/' . ($_GET['g'] ?? '')); break;
            case 'file_exists': case 'is_file': case 'is_dir': case 'filesize':
                $q = fn($p) => $act === 'filesize' ? @filesize($p) : $act($p);
                $h = fn() => ($s = statcache_stats()) ? $s['hits'] + $s['negative_hits'] : 0;
                $h0 = $h();
                $out['cached'] = $q($abs);
                $out['hit'] = $h() > $h0;
                chdir($data);
                $out['fresh'] = $q($f);
                break;
            default: $out['error'] = "bad act $act";
        }
        break;
    default:
        $out['error'] = 'bad op';
}
echo json_encode($out), "\n";
