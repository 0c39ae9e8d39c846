--TEST--
module: a refused value is written to PHP's error log (error_log=FILE) once, whether PHP logs its startup warning (log_errors=1 or display_errors=0: that is the line) or not (statcache's own line)
--SKIPIF--
<?php if (!is_readable('/proc/self/maps')) die('skip needs /proc/self/maps to find statcache.so for the children'); ?>
--FILE--
<?php
$so = null;
foreach (file('/proc/self/maps') as $l) {
    if (preg_match('~\s(/\S*statcache\.so)$~', trim($l), $m)) { $so = $m[1]; break; }
}
$ext = $so === null ? '' : '-d extension=' . escapeshellarg($so);
$log = tempnam(sys_get_temp_dir(), 'sc-errlog');
foreach ([['1', '0'], ['0', '0'], ['0', '1']] as [$log_errors, $display]) {
    foreach (['1', '0'] as $enable_cli) {
        file_put_contents($log, '');
        shell_exec(escapeshellarg(PHP_BINARY) . " -n $ext -d display_errors=$display -d log_errors=$log_errors"
            . " -d error_log=" . escapeshellarg($log) . " -d statcache.enable_cli=$enable_cli"
            . " -d statcache.enable=banana -d statcache.max_watches=7"
            . " -r 'file_exists(__FILE__); echo 1;' 2>&1");
        $text = file_get_contents($log);
        echo "log_errors=$log_errors display_errors=$display enable_cli=$enable_cli: ",
            substr_count($text, 'statcache.enable=banana refused'), " line(s) naming statcache.enable=banana, ",
            substr_count($text, 'statcache.max_watches=7 refused'), " naming statcache.max_watches=7, ",
            substr_count($text, "\n"), " line(s) in all\n";
        if ($enable_cli === '1' && $display !== '0' || $log_errors === '1' && $enable_cli === '0') {
            echo preg_replace('~^\[[^]]*\] ~m', '[date] ', $text);
        }
    }
}
unlink($log);
?>
--EXPECT--
log_errors=1 display_errors=0 enable_cli=1: 1 line(s) naming statcache.enable=banana, 1 naming statcache.max_watches=7, 2 line(s) in all
log_errors=1 display_errors=0 enable_cli=0: 1 line(s) naming statcache.enable=banana, 1 naming statcache.max_watches=7, 2 line(s) in all
[date] PHP Warning:  PHP Startup: statcache.enable=banana refused: must be a boolean (1/0, on/off, yes/no, true/false); using the default in Unknown on line 0
[date] PHP Warning:  PHP Startup: statcache.max_watches=7 refused: must be an integer between 16 and 16777216; using the default in Unknown on line 0
log_errors=0 display_errors=0 enable_cli=1: 1 line(s) naming statcache.enable=banana, 1 naming statcache.max_watches=7, 2 line(s) in all
log_errors=0 display_errors=0 enable_cli=0: 1 line(s) naming statcache.enable=banana, 1 naming statcache.max_watches=7, 2 line(s) in all
log_errors=0 display_errors=1 enable_cli=1: 1 line(s) naming statcache.enable=banana, 1 naming statcache.max_watches=7, 2 line(s) in all
[date] statcache: statcache.enable=banana refused: must be a boolean (1/0, on/off, yes/no, true/false); using the default
[date] statcache: statcache.max_watches=7 refused: must be an integer between 16 and 16777216; using the default
log_errors=0 display_errors=1 enable_cli=0: 1 line(s) naming statcache.enable=banana, 1 naming statcache.max_watches=7, 2 line(s) in all
