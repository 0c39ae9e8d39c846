--TEST--
trust: with statcache.test_untrusted=1 every lookup is answered by PHP (counted untrusted, never a hit), answers equal PHP's, and another process's change is seen at once with no sync point
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.test_untrusted=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
realpath_cache_size=0
--FILE--
<?php
require __DIR__ . '/../include/differential.inc';
require __DIR__ . '/../include/trust_common.inc';

$base = sc_fixture();
$paths = array_values(array_filter(sc_fixture_paths($base), fn ($p) => strlen($p) < 4096));
$s0 = trust_stats();
$d = compare($paths, SC_DIFF_FUNCTIONS);
/* bypassed counts the spellings never ours (relative, trailing '/', ...):
 * how many depends on which functions statcache intercepts, so only its sign */
$d['bypassed'] = $d['bypassed'] > 0;
echo "second pass: ", json_encode($d), "\n";
$s1 = trust_stats();
echo "untrusted grew: ", $s1['untrusted'] - $s0['untrusted'] > 1000 ? 'yes' : 'no', "\n";
echo "hits: $s1[hits], misses: $s1[misses]\n";

/* another process changes a file and says so through a pipe (no sync point):
 * nothing was remembered, so the very next lookup sees it */
$f = "$base/file";
var_dump(file_exists("$base/created"), filesize($f), file_exists("$base/created"));
$p = proc_open(['sh', '-c', 'echo more >> "$0" && touch "$1" && echo done && sleep 1', $f, "$base/created"],
    [1 => ['pipe', 'w']], $pipes);
echo trim(fgets($pipes[1])), "\n";
trust_forget();
var_dump(file_exists("$base/created"), filesize($f));
$s2 = trust_stats();
echo "hits: $s2[hits], enabled: ", var_export($s2['enabled'], true), "\n";
fclose($pipes[1]);
proc_close($p);
?>
--EXPECT--
OK 26334
second pass: {"hits":0,"misses":0,"negative_hits":0,"bypassed":true}
untrusted grew: yes
hits: 0, misses: 0
bool(false)
int(5)
bool(false)
done
bool(true)
int(10)
hits: 0, enabled: true
