--TEST--
module: statcache_share() refuses a slot count that is not a power of two in 64..67108864 with a ValueError
--INI--
statcache.enable_cli=1
--FILE--
<?php
foreach ([1000, 32, 0, -64, 1 << 27, 65537] as $n) {
    try {
        statcache_share($n);
        echo "$n: accepted\n";
    } catch (ValueError $e) {
        echo "$n: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
}
try {
    statcache_share('many');
} catch (TypeError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
?>
--EXPECT--
1000: ValueError: statcache_share(): Argument #1 ($slots) must be a power of two between 64 and 67108864
32: ValueError: statcache_share(): Argument #1 ($slots) must be a power of two between 64 and 67108864
0: ValueError: statcache_share(): Argument #1 ($slots) must be a power of two between 64 and 67108864
-64: ValueError: statcache_share(): Argument #1 ($slots) must be a power of two between 64 and 67108864
134217728: ValueError: statcache_share(): Argument #1 ($slots) must be a power of two between 64 and 67108864
65537: ValueError: statcache_share(): Argument #1 ($slots) must be a power of two between 64 and 67108864
TypeError: statcache_share(): Argument #1 ($slots) must be of type int, string given
