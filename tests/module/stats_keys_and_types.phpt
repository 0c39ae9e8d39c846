--TEST--
module: statcache_stats() has the documented keys with integer and boolean values, in both argument forms
--INI--
statcache.enable_cli=1
--FILE--
<?php
file_exists(__FILE__);
foreach ([statcache_stats(), statcache_stats(true), statcache_stats(false)] as $s) {
    foreach (['enabled', 'shared', 'hits', 'misses', 'negative_hits', 'bypassed', 'untrusted',
            'drains', 'events', 'flushes', 'overflows', 'watches', 'watcher', 'entries', 'memory'] as $k) {
        if (!array_key_exists($k, $s)) {
            echo "missing: $k\n";
        }
    }
    $types = [];
    foreach ($s as $k => $v) {
        $t = in_array($k, ['enabled', 'shared', 'opcache_invalidate'], true) ? 'bool' : (in_array($k, ['mode', 'off_reason', 'opcache_off_reason', 'watcher', 'staleness_clock'], true) ? 'string' : 'int');
        if (get_debug_type($v) !== $t) {
            echo "$k: ", get_debug_type($v), " (expected $t)\n";
        }
        if (is_int($v) && $v < 0) {
            echo "$k: negative\n";
        }
    }
    echo "checked ", count($s), " keys\n";
}
var_dump($s['enabled'], $s['shared'], $s['mode']);
?>
--EXPECTF--
checked %d keys
checked %d keys
checked %d keys
bool(true)
bool(false)
string(%d) "per process%S"
