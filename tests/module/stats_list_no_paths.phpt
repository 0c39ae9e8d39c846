--TEST--
module: statcache_stats() lists no paths: no value or key holds a '/' after caching many paths
--INI--
statcache.enable_cli=1
--FILE--
<?php
$secret = 'secret-site-name';
$d = sys_get_temp_dir() . "/statcache-$secret-" . getmypid();
@mkdir($d);
file_put_contents("$d/wp-config.php", '<?php');
for ($i = 0; $i < 50; $i++) {
    file_exists("$d/wp-config.php");
    is_file("$d/missing-$i.php");
    filemtime("$d/wp-config.php");
}
foreach ([statcache_stats(), statcache_stats(true)] as $s) {
    $flat = serialize($s);
    var_dump(strpos($flat, '/'), strpos($flat, $secret), strpos($flat, 'wp-config'));
    foreach ($s as $k => $v) {
        if (!is_int($v) && !is_bool($v)) {
            echo "$k => $v\n";
        }
    }
}
unlink("$d/wp-config.php");
rmdir($d);
?>
--EXPECTF--
bool(false)
bool(false)
bool(false)
mode => per process%S
watcher => %r(thread|lookup)%r
staleness_clock => %r(ticks|calibrating|clock)%r
bool(false)
bool(false)
bool(false)
mode => per process%S
watcher => %r(thread|lookup)%r
staleness_clock => %r(ticks|calibrating|clock)%r
