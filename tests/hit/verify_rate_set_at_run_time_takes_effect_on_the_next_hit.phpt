--TEST--
hit: statcache.verify_rate set with ini_set() in the middle of a request re-checks the very next hits, and set back to 0 stops at once
--DESCRIPTION--
The hit path answers only while verify_rate is 0, a condition it checks
once, not per call: ini_set() of any statcache setting at run time must
reopen that question.  Hits before the change verify nothing; with
verify_rate=1 every hit is verified (a fresh lstat() each, counted in
verify_checks); after verify_rate=0 none is.
--CONFLICTS--
# prints or compares exact hit and miss counts: another test's events (a slot
# they share) would add a miss
all
--INI--
statcache.enable_cli=1
statcache.verify_rate=0
; kept names: a first look's answer ends at a drain by the bound, which a
; loaded machine can bring between two calls (the call is then a look, not a hit)
statcache.first_look=0
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('hit-verify');
$f = "$d/a.php";
file_put_contents($f, '<?php');
$checks = fn () => statcache_stats()['verify_checks'];
$hits = fn () => statcache_stats()['hits'];
file_exists($f);
is_dir($d);
file_exists("$d/missing");
is_readable($f);
$c = $checks();
$h = $hits();
/* each phase asks is_file() or is_dir() of a path PHP's own one-entry stat
 * cache does not hold (the phase before asked the other one) */
var_dump(file_exists($f), file_exists("$d/missing"), is_readable($f), is_file($f));
echo "hits: ", $hits() - $h, ", verified: ", $checks() - $c, "\n";
var_dump(ini_set('statcache.verify_rate', '1'));
$c = $checks();
var_dump(file_exists($f), file_exists("$d/missing"), is_readable($f), is_dir($d));
echo "verified: ", $checks() - $c, "\n";
var_dump(ini_set('statcache.verify_rate', '0'));
$c = $checks();
$h = $hits();
var_dump(file_exists($f), file_exists("$d/missing"), is_readable($f), is_file($f));
echo "hits: ", $hits() - $h, ", verified: ", $checks() - $c, "\n";
?>
--EXPECT--
bool(true)
bool(false)
bool(true)
bool(true)
hits: 4, verified: 0
string(1) "0"
bool(true)
bool(false)
bool(true)
bool(true)
verified: 4
string(1) "1"
bool(true)
bool(false)
bool(true)
bool(true)
hits: 4, verified: 0
