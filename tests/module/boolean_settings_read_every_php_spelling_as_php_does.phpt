--TEST--
module: every spelling a boolean setting accepts means what it means to PHP's own boolean settings (ignore_user_abort under php -n), without a warning
--SKIPIF--
<?php if (!is_readable('/proc/self/maps')) die('skip needs /proc/self/maps to find statcache.so for the children'); ?>
--FILE--
<?php
// statcache.so as loaded in this process (none: compiled into PHP_BINARY)
$so = null;
foreach (file('/proc/self/maps') as $l) {
    if (preg_match('~\s(/\S*statcache\.so)$~', trim($l), $m)) { $so = $m[1]; break; }
}
$ext = $so === null ? '' : '-d extension=' . escapeshellarg($so);
function run(string $args): string {
    return (string) shell_exec(escapeshellarg(PHP_BINARY) . " -n $args 2>&1");
}
$spellings = ['1', '0', 'on', 'off', 'On', 'OFF', 'yes', 'no', 'YES', 'true', 'false', 'True',
    'none', 'null', '', '2', '-1', '"off"', '"yes"', '"False"', '"none"', '" 1"', '"0 "'];
$bad = 0;
foreach ($spellings as $v) {
    $php = trim(run('-d ignore_user_abort=' . escapeshellarg($v) . " -r 'echo ignore_user_abort();'"));
    $sc = run("$ext -d statcache.enable_cli=1 -d statcache.enable=" . escapeshellarg($v)
        . " -r 'echo (int) statcache_stats()[\"enabled\"];'");
    if ($sc !== $php) {
        echo "statcache.enable=$v: statcache read ", var_export($sc, true), ", PHP read ", var_export($php, true), "\n";
        $bad++;
    }
}
echo count($spellings), " spellings, $bad differ\n";
?>
--EXPECT--
23 spellings, 0 differ
