--TEST--
trust: open_basedir tightened with ini_set() after results were cached: a now-outside path gets PHP's warning and false (not the cached answer), inside paths, .. escapes and a symlink inside pointing outside answer as PHP with the same open_basedir
--DESCRIPTION--
The w of /etc/passwd is the running user's (root may write it, others
may not): the expected text leaves that one letter open, and `php -n:
same` (PHP without the cache, run as the same user) checks it.
--INI--
statcache.enable_cli=1
realpath_cache_size=0
--FILE--
<?php
require __DIR__ . '/../include/trust_common.inc';

$d = sc_tmpdir('basedir');
mkdir("$d/root/sub", 0755, true);
mkdir("$d/outside");
mkdir("$d/rootx");
file_put_contents("$d/root/file", 'inside');
file_put_contents("$d/root/sub/deep", 'deeper');
file_put_contents("$d/outside/secret", 'outside');
file_put_contents("$d/rootx/file", 'prefix of root');
symlink("$d/outside", "$d/root/link-out");
symlink("$d/outside/secret", "$d/root/link-secret");
symlink("$d/root/file", "$d/root/link-in");
$paths = ["$d/root", "$d/root/file", "$d/root/sub/deep", "$d/root/missing", "$d/outside/secret", "$d/outside/none",
    "$d/root/../outside/secret", "$d/root/sub/../../outside/secret", "$d/root/sub/../file", "$d/root/link-out/secret",
    "$d/root/link-secret", "$d/root/link-in", "$d/rootx/file", "$d/root/../root/file", $d, '/etc/passwd'];

/* no open_basedir: cached, twice */
trust_show('open', $paths, $d);
$s = trust_stats();
trust_records($paths);
echo "cached: ", trust_delta($s, trust_stats(), ['hits'])['hits'] > 100 ? 'yes' : 'no', "\n";

ini_set('open_basedir', "$d/root");
trust_show('basedir root', $paths, $d, ['open_basedir' => "$d/root"]);
trust_show('again', $paths, $d, ['open_basedir' => "$d/root"]);
var_dump(file_exists("$d/outside/secret"));
var_dump(is_file("$d/root/link-secret"));

ini_set('open_basedir', "$d/root/sub");
trust_show('basedir sub', $paths, $d, ['open_basedir' => "$d/root/sub"]);
var_dump(filesize("$d/root/file"));
?>
--EXPECTF--
open: root=dir rwx, root/file=file rw- 6, root/sub/deep=file rw- 6, root/missing=missing [6 warnings], outside/secret=file rw- 7, outside/none=missing [6 warnings], root/../outside/secret=file rw- 7, root/sub/../../outside/secret=file rw- 7, root/sub/../file=file rw- 6, root/link-out/secret=file rw- 7, root/link-secret=link rw-, root/link-in=link rw-, rootx/file=file rw- 14, root/../root/file=file rw- 6, .=dir rwx, /etc/passwd=file r%c- %d
  php -n: same
cached: yes
basedir root: root=dir rwx, root/file=file rw- 6, root/sub/deep=file rw- 6, root/missing=missing [6 warnings], outside/secret=missing [14 warnings], outside/none=missing [13 warnings], root/../outside/secret=missing [14 warnings], root/sub/../../outside/secret=missing [14 warnings], root/sub/../file=file rw- 6, root/link-out/secret=missing [14 warnings], root/link-secret=missing [14 warnings], root/link-in=link rw-, rootx/file=missing [14 warnings], root/../root/file=file rw- 6, .=missing [14 warnings], /etc/passwd=missing [14 warnings]
  php -n: same
again: root=dir rwx, root/file=file rw- 6, root/sub/deep=file rw- 6, root/missing=missing [6 warnings], outside/secret=missing [14 warnings], outside/none=missing [13 warnings], root/../outside/secret=missing [14 warnings], root/sub/../../outside/secret=missing [14 warnings], root/sub/../file=file rw- 6, root/link-out/secret=missing [14 warnings], root/link-secret=missing [14 warnings], root/link-in=link rw-, rootx/file=missing [14 warnings], root/../root/file=file rw- 6, .=missing [14 warnings], /etc/passwd=missing [14 warnings]
  php -n: same

Warning: file_exists(): open_basedir restriction in effect. File(%s/outside/secret) is not within the allowed path(s): (%s/root) in %s on line %d
bool(false)

Warning: is_file(): open_basedir restriction in effect. File(%s/root/link-secret) is not within the allowed path(s): (%s/root) in %s on line %d
bool(false)
basedir sub: root=missing [14 warnings], root/file=missing [14 warnings], root/sub/deep=file rw- 6, root/missing=missing [13 warnings], outside/secret=missing [14 warnings], outside/none=missing [13 warnings], root/../outside/secret=missing [14 warnings], root/sub/../../outside/secret=missing [14 warnings], root/sub/../file=missing [14 warnings], root/link-out/secret=missing [14 warnings], root/link-secret=missing [14 warnings], root/link-in=missing [14 warnings], rootx/file=missing [14 warnings], root/../root/file=missing [14 warnings], .=missing [14 warnings], /etc/passwd=missing [14 warnings]
  php -n: same

Warning: filesize(): open_basedir restriction in effect. File(%s/root/file) is not within the allowed path(s): (%s/root/sub) in %s on line %d
bool(false)
