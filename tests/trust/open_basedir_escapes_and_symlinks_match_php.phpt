--TEST--
trust: open_basedir set at run time (one directory, a directory with a trailing slash, two directories): paths inside and outside, .. escapes, a symlink inside pointing outside, a name that only starts like the base: every answer and every warning equals PHP's without the cache, on the first pass and from the cache
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/differential.inc';

$d = sc_tmpdir('basedir-esc');
foreach (['root/sub/deeper', 'outside/inner', 'rootx', 'other'] as $dir) {
    mkdir("$d/$dir", 0755, true);
}
foreach (['root/file', 'root/sub/f', 'outside/secret', 'outside/inner/s', 'rootx/file', 'other/o'] as $f) {
    file_put_contents("$d/$f", $f);
}
symlink("$d/outside", "$d/root/link-out");
symlink("$d/outside/secret", "$d/root/link-secret");
symlink('../outside/secret', "$d/root/rel-secret");
symlink('sub', "$d/root/link-sub");
symlink("$d/root/file", "$d/other/link-into-root");
$r = "$d/root";
$paths = [$r, "$r/file", "$r/sub/f", "$r/nope", "$r/nope/deeper/x", "$r/..", "$r/../outside/secret",
    "$r/sub/../../outside/secret", "$r/sub/deeper/../../../outside/inner/s", "$r/sub/../file",
    "$r/./sub/./f", "$r//sub//f", "$r/../root/file", "$r/../rootx/file", "$d/rootx/file", "$d/rootx",
    "$r/link-out", "$r/link-out/secret", "$r/link-out/inner/s", "$r/link-secret", "$r/rel-secret",
    "$r/link-sub/f", "$r/link-sub/../file", "$d/outside/secret", "$d/outside", "$d/other/o",
    "$d/other/link-into-root", $d, '/', '/etc/passwd', "$r/file/", 'file://' . "$r/file"];
$functions = ['file_exists', 'is_file', 'is_dir', 'is_link', 'is_readable', 'is_writable', 'filesize',
    'filetype', 'stat', 'lstat', 'realpath', 'SplFileInfo::isFile'];
/* each setting in its own process with the cache (open_basedir can only be
 * tightened at run time); compare() sets it there before the first call */
foreach (["$r", "$r/", "$r:$d/other"] as $basedir) {
    $job = sprintf('require %s; $delta = compare(%s, %s, ["open_basedir" => %s]);'
        . ' echo "  from the cache: ", $delta["hits"] > 0 ? "yes" : "no", ", refused ones left to PHP: ",'
        . ' $delta["bypassed"] > 0 ? "yes" : "no", "\n";',
        var_export(__DIR__ . '/../include/differential.inc', true), var_export($paths, true),
        var_export($functions, true), var_export($basedir, true));
    [$rc, $out, $err] = sc_run(array_merge(sc_php_with_ext(['statcache.enable_cli' => 1]), ['-r', $job]));
    echo str_replace($d, 'D', $basedir), ": ", str_replace($d, 'D', $out . $err), $rc ? "exit $rc\n" : '';
}
?>
--EXPECT--
D/root: OK 768
  from the cache: yes, refused ones left to PHP: yes
D/root/: OK 768
  from the cache: yes, refused ones left to PHP: yes
D/root:D/other: OK 768
  from the cache: yes, refused ones left to PHP: yes
