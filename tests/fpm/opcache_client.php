<?php
/* The client side of tests/fpm/opcache_invalidate.sh: FastCGI straight to
 * php-fpm's socket (no web server), `php -n` (neither statcache nor opcache
 * in this process).  Prints PASS/FAIL/INFO lines.
 *
 *   php -n opcache_client.php SOCKET DOCROOT PIDS CMD VERSION [OTHERS]
 *     PIDS   the pool's worker pids (comma-separated), read from /proc
 *     CMD    warm VERSION   every worker has served VERSION of lib.php
 *            expect VERSION every worker's next include of lib.php is VERSION,
 *                           asked once the bound (max_staleness_ms) has passed
 *            one OTHERS     the first worker alone includes current/other.php
 *                           and once.php: they read OTHERS ("a,b")
 *            all OTHERS     (after the bound) every worker includes them: OTHERS
 */
[, $sock, $root, $pidlist, $cmd, $arg] = $argv + array_fill(0, 6, null);
$pids = array_map('intval', explode(',', (string) $pidlist));
sort($pids);

function fcgi_record(int $type, string $body): string
{
    return pack('CCnnCC', 1, $type, 1, strlen($body), 0, 0) . $body;
}

function fcgi_pair(string $k, string $v): string
{
    $len = static fn (int $n): string => $n < 128 ? chr($n) : pack('N', $n | 0x80000000);
    return $len(strlen($k)) . $len(strlen($v)) . $k . $v;
}

/* Sends a request for $script on a new connection; the socket. */
function fcgi_send(string $sock, string $script, string $query)
{
    $s = stream_socket_client("unix://$sock", $errno, $errstr, 5);
    if (!$s) {
        return null;
    }
    $params = '';
    foreach (['SCRIPT_FILENAME' => $script, 'REQUEST_METHOD' => 'GET', 'QUERY_STRING' => $query,
            'SCRIPT_NAME' => '/' . basename($script), 'SERVER_PROTOCOL' => 'HTTP/1.1'] as $k => $v) {
        $params .= fcgi_pair($k, $v);
    }
    fwrite($s, fcgi_record(1, pack('nCx5', 1, 0)) . fcgi_record(4, $params) . fcgi_record(4, '')
        . fcgi_record(5, ''));
    return $s;
}

/* The response body of a request sent with fcgi_send(). */
function fcgi_read($s): string
{
    $out = '';
    stream_set_timeout($s, 10);
    while (($h = fread($s, 8)) !== false && strlen($h) === 8) {
        $r = unpack('Cversion/Ctype/nid/nlen/Cpad/Cres', $h);
        $body = '';
        while (strlen($body) < $r['len'] + $r['pad']) {
            $chunk = fread($s, $r['len'] + $r['pad'] - strlen($body));
            if ($chunk === false || $chunk === '') {
                break 2;
            }
            $body .= $chunk;
        }
        if ($r['type'] === 6) {
            $out .= substr($body, 0, $r['len']);
        } elseif ($r['type'] === 3) {
            break;
        }
    }
    fclose($s);
    $p = strpos($out, "\r\n\r\n");
    return $p === false ? $out : substr($out, $p + 4);
}

/* One request per worker, all in flight at once: app.php includes lib.php,
 * then waits until as many requests as workers have arrived, so each
 * worker holds exactly one (pid => answer). */
function each_worker(string $sock, string $root, array $pids, string $round, string $only = ''): array
{
    $socks = [];
    foreach ($pids as $_) {
        $socks[] = fcgi_send($sock, "$root/app.php", http_build_query(['round' => $round, 'n' => count($pids),
            'only' => $only]));
    }
    $seen = [];
    foreach ($socks as $s) {
        $a = $s ? json_decode(fcgi_read($s), true) : null;
        if (is_array($a)) {
            $seen[$a['pid']] = $a;
        }
    }
    ksort($seen);
    return $seen;
}

switch ($cmd) {
    case 'warm':
    case 'expect':
        if ($cmd === 'expect') {
            $t = hrtime(true);
            while (hrtime(true) - $t < 20000000) {  // max_staleness_ms=5 and the coarse clock's step
            }
        }
        $seen = each_worker($sock, $root, $pids, "$cmd-$arg");
        $bad = [];
        foreach ($seen as $pid => $a) {
            if ($a['v'] !== $arg) {
                $bad[] = "$pid: {$a['v']}";
            }
        }
        $name = "opcache-$cmd-$arg";
        if (array_keys($seen) !== $pids) {
            echo "FAIL $name (workers answering: ", implode(',', array_keys($seen)), "; pool: ", implode(',', $pids), ")\n";
        } elseif ($bad) {
            echo "FAIL $name (", implode('; ', $bad), ")\n";
        } else {
            $inv = array_sum(array_column($seen, 'inv'));
            echo "PASS $name (", count($seen), " workers; invalidations in them: $inv)\n";
        }
        break;
    case 'one':
    case 'all':
        if ($cmd === 'all') {
            $t = hrtime(true);
            while (hrtime(true) - $t < 20000000) {
            }
        }
        $seen = each_worker($sock, $root, $pids, "$cmd-$arg", $cmd === 'one' ? (string) $pids[0] : 'all');
        $bad = [];
        foreach ($seen as $pid => $a) {
            $want = $cmd === 'all' || $pid === $pids[0] ? $arg : null;
            if ($a['others'] !== $want) {
                $bad[] = "$pid: " . var_export($a['others'], true);
            }
        }
        $name = $cmd === 'one' ? "opcache-one-worker-includes-$arg" : "opcache-every-worker-includes-$arg";
        if (array_keys($seen) !== $pids) {
            echo "FAIL $name (workers answering: ", implode(',', array_keys($seen)), ")\n";
        } elseif ($bad) {
            echo "FAIL $name (", implode('; ', $bad), ")\n";
        } else {
            echo "PASS $name (", count($seen), " workers)\n";
        }
        break;
    default:
        echo "FAIL usage (unknown command $cmd)\n";
}
