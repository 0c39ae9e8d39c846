--TEST--
compare: null, int, float, bool, array, empty and NUL-byte arguments raise PHP's own deprecations, TypeErrors and ValueErrors, with and without strict_types
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/differential.inc';

$base = sc_fixture();
$bad = [null, 5, 0, 1.5, true, false, [], ["$base/file"], '', ' ', "$base/file\0", "$base/file\0x",
    "\0$base/file", "$base/missing\0/x", "file://$base/file\0", "$base/file"];
echo "weak: ";
compare($bad, SC_DIFF_FUNCTIONS);
echo "strict: ";
compare($bad, SC_DIFF_FUNCTIONS, ['strict' => true]);

// a few of them, as a script sees them (PHP 8.2's own wording)
var_dump(file_exists(null));
try {
    var_dump(is_file([]));
} catch (TypeError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
try {
    var_dump(filemtime("$base/file\0x"));
} catch (ValueError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
var_dump(file_exists("$base/file\0x"));
var_dump(file_exists("$base/file"));
?>
--EXPECTF--
weak: OK 1056
strict: OK 1056

Deprecated: file_exists(): Passing null to parameter #1 ($filename) of type string is deprecated in %s on line %d
bool(false)
TypeError: is_file(): Argument #1 ($filename) must be of type string, array given

Warning: filemtime(): Filename contains null byte in %s on line %d
bool(false)
bool(false)
bool(true)
