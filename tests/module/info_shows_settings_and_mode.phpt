--TEST--
module: php --ri statcache shows the mode, why the cache is off, counters, inotify limits and every setting
--FILE--
<?php
require __DIR__ . '/../include/common.inc';

function ri(array $ini): array
{
    [$rc, $out, $err] = sc_run(array_merge(sc_php_with_ext($ini), ['--ri', 'statcache']));
    echo "exit $rc", $err === '' ? '' : ", stderr: $err", "\n";
    return explode("\n", $out);
}

foreach ([[], ['statcache.enable_cli' => 1], ['statcache.enable_cli' => 1, 'statcache.enable' => 0]] as $ini) {
    $lines = ri($ini);
    echo implode("\n", preg_grep('/^(statcache support|Mode|Cache|Off because|Hits|Misses|Watches|fs\.inotify\.\w+|Directive) =>/', $lines)), "\n";
    // the ten documented settings (test-only ones may be added to the table)
    foreach (preg_grep('/^statcache\.(enable|enable_cli|max_watches|max_entries|shared|shared_slots|max_staleness_ms|verify_rate|test_untrusted|test_watcher) =>/', $lines) as $l) {
        echo preg_replace('/ => .*/', '', $l), "\n";
    }
}
// the cache's own settings in the table, with local and master values
echo implode("\n", preg_grep('/^statcache\.(enable_cli|shared_slots) /', ri(['statcache.enable_cli' => 1, 'statcache.shared_slots' => 128]))), "\n";
?>
--EXPECTF--
exit 0
statcache support => enabled
Mode => off
Cache => off
Off because => CLI without statcache.enable_cli=1
Hits => 0
Misses => 0
Watches => 0
fs.inotify.max_user_instances => %d
fs.inotify.max_user_watches => %d
fs.inotify.max_queued_events => %d
Directive => Local Value => Master Value
statcache.enable
statcache.enable_cli
statcache.max_watches
statcache.max_entries
statcache.shared
statcache.shared_slots
statcache.max_staleness_ms
statcache.verify_rate
statcache.test_untrusted
statcache.test_watcher
exit 0
statcache support => enabled
Mode => per process%S
Cache => on
Hits => 0
Misses => 0
Watches => 0
fs.inotify.max_user_instances => %d
fs.inotify.max_user_watches => %d
fs.inotify.max_queued_events => %d
Directive => Local Value => Master Value
statcache.enable
statcache.enable_cli
statcache.max_watches
statcache.max_entries
statcache.shared
statcache.shared_slots
statcache.max_staleness_ms
statcache.verify_rate
statcache.test_untrusted
statcache.test_watcher
exit 0
statcache support => enabled
Mode => off
Cache => off
Off because => statcache.enable=0
Hits => 0
Misses => 0
Watches => 0
fs.inotify.max_user_instances => %d
fs.inotify.max_user_watches => %d
fs.inotify.max_queued_events => %d
Directive => Local Value => Master Value
statcache.enable
statcache.enable_cli
statcache.max_watches
statcache.max_entries
statcache.shared
statcache.shared_slots
statcache.max_staleness_ms
statcache.verify_rate
statcache.test_untrusted
statcache.test_watcher
exit 0
statcache.enable_cli => On => On
statcache.shared_slots => 128 => 128
