--TEST--
compare: with open_basedir set to the fixture, answers and open_basedir warnings are PHP's own
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/differential.inc';

$base = sc_fixture();
// (the path longer than PATH_MAX: open_basedir_long_path_warns_once.phpt)
$paths = array_values(array_filter(sc_fixture_paths($base), fn ($p) => strlen($p) < 4096));
array_push($paths, '/', '/etc/passwd', '/nonexistent/x', dirname($base), dirname($base) . '/',
    dirname($base) . '/outside/secret', $base . 'x', $base . 'x/file');
echo count($paths), " spellings x ", count(SC_DIFF_FUNCTIONS), " functions\n";
$d = compare($paths, SC_DIFF_FUNCTIONS, ['open_basedir' => $base]);
echo "second pass answered from the cache: ", $d['hits'] > 1000 ? 'yes' : "no ($d[hits] hits)", "\n";
echo "refused paths left to PHP: ", $d['bypassed'] > 0 ? 'yes' : 'no', "\n";

// the warning itself, as PHP words it (same in both processes, see above)
var_dump(file_exists('/etc/passwd'));
var_dump(is_file("$base/link-out/secret"));
?>
--EXPECTF--
407 spellings x 33 functions
OK 26862
second pass answered from the cache: yes
refused paths left to PHP: yes

Warning: file_exists(): open_basedir restriction in effect. File(/etc/passwd) is not within the allowed path(s): (%s/root) in %s on line %d
bool(false)

Warning: is_file(): open_basedir restriction in effect. File(%s/root/link-out/secret) is not within the allowed path(s): (%s/root) in %s on line %d
bool(false)
