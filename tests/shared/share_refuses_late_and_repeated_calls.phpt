--TEST--
shared: statcache_share() refuses a second call, a call after the first cached lookup, and a bad slot count, with clear errors
--INI--
statcache.enable_cli=1
--FILE--
<?php
foreach ([1000, 32, -1] as $bad) {
    try { statcache_share($bad); } catch (ValueError $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
statcache_share(1 << 10);
echo statcache_stats()['mode'], "\n";
try { statcache_share(); } catch (Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }

/* a fresh process that has already looked something up */
require __DIR__ . '/../include/common.inc';
[$rc, $out, $err] = sc_run(array_merge(sc_php_with_ext(['statcache.enable_cli' => 1]), ['-r',
    'file_exists("/tmp"); try { statcache_share(); } catch (Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }']));
echo $out, $err;
?>
--EXPECT--
ValueError: statcache_share(): Argument #1 ($slots) must be a power of two between 64 and 67108864
ValueError: statcache_share(): Argument #1 ($slots) must be a power of two between 64 and 67108864
ValueError: statcache_share(): Argument #1 ($slots) must be a power of two between 64 and 67108864
shared
Error: statcache_share(): the table is already shared
Error: statcache_share(): must be called before the first cached lookup (and before the first fork)
