--TEST--
adversarial: fclose() of a popen() stream, read or write, waits for the child (pclose()): what the child changed is seen at once, as after pclose(); so is the close of a popen() stream that goes out of scope
--DESCRIPTION--
A popen() stream is a stdio stream whose close is pclose(), a wait for the
child.  The watcher is off: nothing but a sync point applies the change.
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
--FILE--
<?php
require __DIR__ . '/../include/adversarial_sync.inc';
$d = sc_tmpdir('adv-popen');
adv_cache("$d/r", "$d/w", "$d/scope", "$d/pclose");
$p = popen('echo x > ' . escapeshellarg("$d/r"), 'r');
fread($p, 10);
fclose($p);
adv_check("fclose() of popen(..., 'r')", "$d/r");
$p = popen('cat > ' . escapeshellarg("$d/w"), 'w');
fwrite($p, "written\n");
fclose($p);
adv_check("fclose() of popen(..., 'w')", "$d/w");
(function () use ($d) {
    $p = popen('echo y > ' . escapeshellarg("$d/scope"), 'r');
    fread($p, 10);
})();
adv_check('popen() stream freed', "$d/scope");
$p = popen('echo z > ' . escapeshellarg("$d/pclose"), 'r');
pclose($p);
adv_check('pclose() (already a sync point)', "$d/pclose");
?>
--EXPECT--
fclose() of popen(..., 'r'): same
fclose() of popen(..., 'w'): same
popen() stream freed: same
pclose() (already a sync point): same
