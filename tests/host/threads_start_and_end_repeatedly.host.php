<?php
// threads: 4
// requests: 3
// rounds: 10
// requires: statcache
// Forty PHP threads in all start, fill a cache of their own, and end: each
// thread's results are created on its first lookup and freed when it ends
// (run under valgrind by scripts/test.sh's host-valgrind step: no leak).
$dir = sys_get_temp_dir() . '/sc_rounds_' . getmypid();
@mkdir($dir);
$ok = true;
for ($i = 0; $i < 50; $i++) {
    $ok = $ok && !file_exists("$dir/missing/$i.php") && is_dir($dir) && is_file(__FILE__);
}
if ($_SERVER['SC_REQUEST'] === '2') {
    echo $ok ? "ok\n" : "wrong answer\n";
}
