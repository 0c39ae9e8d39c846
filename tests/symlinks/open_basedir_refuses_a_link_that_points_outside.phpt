--TEST--
symlinks: with open_basedir, a path through a symlink inside the allowed tree that points outside it is refused as PHP refuses it (same warnings); links that stay inside are answered from the cache
--INI--
statcache.enable_cli=1
statcache.first_look=0
--FILE--
<?php
require __DIR__ . '/../include/differential.inc';
$d = sc_tmpdir('links-basedir');
[$rc, $out, $err] = sc_run(array_merge(sc_php_plain(), ['-r', '
$d = $argv[1];
mkdir("$d/in/app/sub", 0755, true);
mkdir("$d/out/secret", 0755, true);
file_put_contents("$d/in/app/sub/ok.php", "ok");
file_put_contents("$d/out/secret/key.php", "secret");
symlink("../out/secret", "$d/in/escape");        // inside, pointing outside
symlink("$d/out", "$d/in/escape-abs");
symlink("app/sub", "$d/in/inner");                // inside, pointing inside
symlink("../escape", "$d/in/app/chain");          // inside -> inside link -> outside
', '--', $d]));
echo "built: $rc$out$err\n";
$paths = [];
foreach (['escape/key.php', 'escape/missing.php', 'escape-abs/secret/key.php', 'escape/../secret/key.php',
          'app/chain/key.php', 'inner/ok.php', 'inner/missing.php', 'inner/../sub/ok.php', 'escape', 'inner'] as $r) {
    $paths[] = "$d/in/$r";
}
$fns = ['file_exists', 'is_file', 'is_dir', 'is_readable', 'filesize', 'stat', 'lstat', 'is_link', 'readlink', 'realpath'];
$s = compare($paths, $fns, ['open_basedir' => "$d/in"]);
echo "inside links answered from the cache: ", statcache_stats()['link_hits'] > 0 ? 'yes' : 'no', "\n";
?>
--EXPECT--
built: 0
OK 200
inside links answered from the cache: yes
