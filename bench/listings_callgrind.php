<?php
/*
 * bench/listings-callgrind.sh's script: OP repeated ITERS times over a
 * WordPress-like tree (plugins with lang/ directories) in DIR.
 *   php listings_callgrind.php DIR OP ITERS
 */
[$_, $dir, $op, $iters] = $argv;
$iters = (int) $iters;
$n = 0;
for ($i = 0; $i < $iters; $i++) {
    switch ($op) {
        case 'scandir':
            $n += count(scandir("$dir/plugins/p0/lang"));
            break;
        case 'glob':
            $n += count(glob("$dir/plugins/p0/lang/p0-*.mo"));
            break;
        case 'glob_wp':      // every plugin's lang/ directory, as load_plugin_textdomain does
            $n += count(glob("$dir/plugins/*/lang/*.mo"));
            break;
        case 'DirectoryIterator':
            foreach (new DirectoryIterator("$dir/plugins/p0/lang") as $f) {
                $n++;
            }
            break;
        case 'opendir':
            $h = opendir("$dir/plugins/p0/lang");
            while (readdir($h) !== false) {
                $n++;
            }
            closedir($h);
            break;
    }
}
echo $n, "\n";
