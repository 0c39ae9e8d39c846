<?php
/* Docroot script of tests/fpm/opcache_invalidate.sh: includes lib.php (the
 * script under test), then waits until ?n requests of this ?round have
 * arrived, so that each of the pool's workers serves exactly one. */
$v = include __DIR__ . '/lib.php';
/* ?only=PID: only that worker also includes current/other.php (current is
 * a deploy symlink), once.php and rel.php by its relative name (through
 * include_path, whose first entry does not hold it); ?only=all: every
 * worker does */
$only = (string) ($_GET['only'] ?? '');
$others = null;
if ($only === 'all' || (int) $only === getmypid()) {
    set_include_path(__DIR__ . '/nothere' . PATH_SEPARATOR . __DIR__ . '/inc');
    $others = (include __DIR__ . '/current/other.php') . ',' . (include __DIR__ . '/once.php') . ','
        . (include 'rel.php');
}
$dir = dirname(__DIR__) . '/data/arrived-' . preg_replace('~[^a-z0-9-]~', '', (string) ($_GET['round'] ?? ''));
@mkdir($dir);
touch("$dir/" . getmypid());
$t = microtime(true);
while (count(scandir($dir)) - 2 < (int) ($_GET['n'] ?? 1) && microtime(true) - $t < 5) {
    usleep(1000);
}
$s = statcache_stats();
header('Content-Type: application/json');
echo json_encode(['pid' => getmypid(), 'v' => $v, 'others' => $others, 'inv' => $s['opcache_invalidations'],
    'on' => $s['opcache_invalidate'], 'mode' => $s['mode']]), "\n";
