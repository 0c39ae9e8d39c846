<?php
// threads: 4
// requests: 1
// requires: statcache
// pcntl_fork() from a request while other threads write and drain, 500
// times: the child never deadlocks (a lock or a half-finished drain held by
// a thread that does not exist in the child), starts with an empty cache of
// its own, and answers right; then it execs /bin/sh to report.
$root = sys_get_temp_dir() . '/sc_fork_' . getmypid();
@mkdir($root);
chdir($root);
$t = $_SERVER['SC_THREAD'];

if ($t === '0') {
    $wrong = 0;
    for ($i = 0; $i < 500; $i++) {
        file_exists(__FILE__);
        $pid = pcntl_fork();
        if ($pid === 0) {
            $ok = file_exists(__FILE__) && !file_exists("$root/nope/x.php") && is_dir($root)
                && statcache_stats()['hits'] >= 0;
            pcntl_exec('/bin/sh', ['-c', $ok ? 'exit 0' : 'exit 3']);
            posix_kill(posix_getpid(), SIGKILL); /* exec failed */
        }
        if ($pid < 0 || pcntl_waitpid($pid, $status) !== $pid || !pcntl_wifexited($status)
                || pcntl_wexitstatus($status) !== 0) {
            $wrong++;
        }
    }
    touch('stop');
    echo "forks: 500, wrong or stuck: $wrong\n";
} else {
    /* writes are sync points: every lookup after one drains */
    for ($i = 0; $i < 200000 && !file_exists('stop'); $i++) {
        file_put_contents("$root/w$t", $i);
        file_exists("$root/w$t");
        is_file("$root/nope/y$t.php");
    }
    echo file_exists('stop') ? "stopped\n" : "never told to stop\n";
}
