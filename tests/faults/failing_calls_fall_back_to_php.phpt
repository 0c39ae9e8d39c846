--TEST--
faults: each call the module makes that can fail (inotify_init1, inotify_add_watch, epoll_create1, epoll_ctl, epoll_wait, eventfd, pthread_create, read, statfs, open, mmap) fails once or for good (an LD_PRELOAD shim, tests/faults/failcall.c): answers and warnings equal PHP's before and after own and child writes, the documented log line, no crash
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--SKIPIF--
<?php
exec('command -v gcc', $o, $rc);
if ($rc !== 0) die('skip gcc is not installed (the failcall shim is compiled by the test)');
require __DIR__ . '/../include/common.inc';
if (sc_module_is_builtin()) die('skip statcache is compiled into PHP: the shim cannot tell its calls from PHP\'s');
/* scripts/test.sh phpt-asan: the shim injected nothing into the ASan PHP
 * (0 faults, seen there); tests/unit/test_engine_faults.c fails the same
 * calls under ASan instead */
if (getenv('ASAN_OPTIONS') !== false) die('skip the failcall shim injects nothing into an ASan PHP');
?>
--INI--
statcache.first_look=0
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/faults_common.inc';

if (($argv[1] ?? '') === 'inner') {
    faults_workload($argv[2]);
    exit(0);
}

$d = sc_tmpdir('faults');
$so = faults_shim($d, false);
$cases = [
    /* the instance: the cache is off in this process */
    ['inotify_init1:1', []],
    /* /proc/self/mountinfo (open): off too, a mount would go unnoticed */
    ['open:1', []],
    /* the watcher thread (statcache.watcher=lookup has none to fail): the
     * cache stays on, lookups drain every millisecond */
    ['epoll_create1:1', ['statcache.watcher' => 'thread']],
    ['eventfd:1', ['statcache.watcher' => 'thread']],
    ['epoll_ctl:1', ['statcache.watcher' => 'thread']],
    ['epoll_ctl:2', ['statcache.watcher' => 'thread']],
    ['pthread_create:1', ['statcache.watcher' => 'thread']],
    /* ... which lookup never starts: nothing to fail, nothing to say */
    ['pthread_create:1+', ['statcache.watcher' => 'lookup']],
    /* the watcher's wait, for good: it becomes a 1 ms clock */
    ['epoll_wait:1+', ['statcache.max_staleness_ms' => 0]],
    /* the queue: results are dropped, answers come fresh */
    ['read:1', []],
    ['read:1+', []],
    /* the file system type: that directory is not cached */
    ['statfs:1', []],
    ['statfs:1+', []],
    /* watches: ENOSPC is logged, other errors leave the directory to PHP */
    ['inotify_add_watch:1', []],
    ['inotify_add_watch:2+:13', []],
    /* the shared table (statcache.shared=1) */
    ['mmap:1', ['statcache.shared' => 1]],
];
foreach ($cases as [$spec, $ini]) {
    faults_run_case($so, $spec, $ini, __FILE__, $d);
}
?>
--EXPECTF--
== SC_FAIL=inotify_init1:1
first: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
again: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
changed: .=dir rwx, f=file rw- 10, dir=dir rwx, dir/g=missing [6 warnings], missing=file rw- 3, missing/x=missing [6 warnings], dir/../f=file rw- 10
  php -n: same
enabled: false, off_reason: inotify_init1() failed (fs.inotify.max_user_instances, or the open-files limit?), hits: none
stderr: failcall: inotify_init1 #1 failed (EMFILE)
stderr: statcache: inotify_init1() failed: Too many open files; the cache is off in process %d (raise fs.inotify.max_user_instances, or ulimit -n)
faults injected: 1
exit: 0
== SC_FAIL=open:1
first: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
again: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
changed: .=dir rwx, f=file rw- 10, dir=dir rwx, dir/g=missing [6 warnings], missing=file rw- 3, missing/x=missing [6 warnings], dir/../f=file rw- 10
  php -n: same
enabled: false, off_reason: cannot open /proc/self/mountinfo (open-files limit?), hits: none
stderr: failcall: open #1 failed (EMFILE)
stderr: statcache: cannot open /proc/self/mountinfo: Too many open files; the cache is off in process %d
faults injected: 1
exit: 0
== SC_FAIL=epoll_create1:1 statcache.watcher=thread
first: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
again: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
changed: .=dir rwx, f=file rw- 10, dir=dir rwx, dir/g=missing [6 warnings], missing=file rw- 3, missing/x=missing [6 warnings], dir/../f=file rw- 10
  php -n: same
enabled: true, off_reason: (none), hits: some
stderr: failcall: epoll_create1 #1 failed (EMFILE)
stderr: statcache: no watcher thread (Too many open files); lookups drain the queue themselves every millisecond
faults injected: 1
exit: 0
== SC_FAIL=eventfd:1 statcache.watcher=thread
first: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
again: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
changed: .=dir rwx, f=file rw- 10, dir=dir rwx, dir/g=missing [6 warnings], missing=file rw- 3, missing/x=missing [6 warnings], dir/../f=file rw- 10
  php -n: same
enabled: true, off_reason: (none), hits: some
stderr: failcall: eventfd #1 failed (EMFILE)
stderr: statcache: no watcher thread (Too many open files); lookups drain the queue themselves every millisecond
faults injected: 1
exit: 0
== SC_FAIL=epoll_ctl:1 statcache.watcher=thread
first: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
again: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
changed: .=dir rwx, f=file rw- 10, dir=dir rwx, dir/g=missing [6 warnings], missing=file rw- 3, missing/x=missing [6 warnings], dir/../f=file rw- 10
  php -n: same
enabled: true, off_reason: (none), hits: some
stderr: failcall: epoll_ctl #1 failed (ENOMEM)
stderr: statcache: no watcher thread (Cannot allocate memory); lookups drain the queue themselves every millisecond
faults injected: 1
exit: 0
== SC_FAIL=epoll_ctl:2 statcache.watcher=thread
first: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
again: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
changed: .=dir rwx, f=file rw- 10, dir=dir rwx, dir/g=missing [6 warnings], missing=file rw- 3, missing/x=missing [6 warnings], dir/../f=file rw- 10
  php -n: same
enabled: true, off_reason: (none), hits: some
stderr: failcall: epoll_ctl #2 failed (ENOMEM)
stderr: statcache: no watcher thread (Cannot allocate memory); lookups drain the queue themselves every millisecond
faults injected: 1
exit: 0
== SC_FAIL=pthread_create:1 statcache.watcher=thread
first: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
again: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
changed: .=dir rwx, f=file rw- 10, dir=dir rwx, dir/g=missing [6 warnings], missing=file rw- 3, missing/x=missing [6 warnings], dir/../f=file rw- 10
  php -n: same
enabled: true, off_reason: (none), hits: some
stderr: failcall: pthread_create #1 failed (EAGAIN)
stderr: statcache: no watcher thread (Resource temporarily unavailable); lookups drain the queue themselves every millisecond
faults injected: 1
exit: 0
== SC_FAIL=pthread_create:1+ statcache.watcher=lookup
first: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
again: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
changed: .=dir rwx, f=file rw- 10, dir=dir rwx, dir/g=missing [6 warnings], missing=file rw- 3, missing/x=missing [6 warnings], dir/../f=file rw- 10
  php -n: same
enabled: true, off_reason: (none), hits: some
faults injected: 0
exit: 0
== SC_FAIL=epoll_wait:1+ statcache.max_staleness_ms=0
first: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
again: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
changed: .=dir rwx, f=file rw- 10, dir=dir rwx, dir/g=missing [6 warnings], missing=file rw- 3, missing/x=missing [6 warnings], dir/../f=file rw- 10
  php -n: same
enabled: true, off_reason: (none), hits: some
stderr: failcall: epoll_wait #1 failed (EBADF)
faults injected: %d
exit: 0
== SC_FAIL=read:1
first: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
again: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
changed: .=dir rwx, f=file rw- 10, dir=dir rwx, dir/g=missing [6 warnings], missing=file rw- 3, missing/x=missing [6 warnings], dir/../f=file rw- 10
  php -n: same
enabled: true, off_reason: (none), hits: some
stderr: failcall: read #1 failed (EIO)
faults injected: 1
exit: 0
== SC_FAIL=read:1+
first: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
again: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
changed: .=dir rwx, f=file rw- 10, dir=dir rwx, dir/g=missing [6 warnings], missing=file rw- 3, missing/x=missing [6 warnings], dir/../f=file rw- 10
  php -n: same
enabled: true, off_reason: (none), hits: some
stderr: failcall: read #1 failed (EIO)
faults injected: %d
exit: 0
== SC_FAIL=statfs:1
first: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
again: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
changed: .=dir rwx, f=file rw- 10, dir=dir rwx, dir/g=missing [6 warnings], missing=file rw- 3, missing/x=missing [6 warnings], dir/../f=file rw- 10
  php -n: same
enabled: true, off_reason: (none), hits: none
stderr: failcall: statfs #1 failed (EIO)
stderr: statcache: statfs(/) failed (Input/output error); paths below it are not cached
faults injected: 1
exit: 0
== SC_FAIL=statfs:1+
first: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
again: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
changed: .=dir rwx, f=file rw- 10, dir=dir rwx, dir/g=missing [6 warnings], missing=file rw- 3, missing/x=missing [6 warnings], dir/../f=file rw- 10
  php -n: same
enabled: true, off_reason: (none), hits: none
stderr: failcall: statfs #1 failed (EIO)
stderr: statcache: statfs(/) failed (Input/output error); paths below it are not cached
faults injected: %d
exit: 0
== SC_FAIL=inotify_add_watch:1
first: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
again: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
changed: .=dir rwx, f=file rw- 10, dir=dir rwx, dir/g=missing [6 warnings], missing=file rw- 3, missing/x=missing [6 warnings], dir/../f=file rw- 10
  php -n: same
enabled: true, off_reason: (none), hits: none
stderr: failcall: inotify_add_watch #1 failed (ENOSPC)
stderr: statcache: inotify_add_watch() failed with ENOSPC; files and directories past the limit are left to PHP (raise fs.inotify.max_user_watches)
faults injected: 1
exit: 0
== SC_FAIL=inotify_add_watch:2+:13
first: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
again: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
changed: .=dir rwx, f=file rw- 10, dir=dir rwx, dir/g=missing [6 warnings], missing=file rw- 3, missing/x=missing [6 warnings], dir/../f=file rw- 10
  php -n: same
enabled: true, off_reason: (none), hits: none
stderr: failcall: inotify_add_watch #2 failed (EACCES)
faults injected: %d
exit: 0
== SC_FAIL=mmap:1 statcache.shared=1
first: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
again: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
changed: .=dir rwx, f=file rw- 10, dir=dir rwx, dir/g=missing [6 warnings], missing=file rw- 3, missing/x=missing [6 warnings], dir/../f=file rw- 10
  php -n: same
enabled: false, off_reason: could not allocate the generation table, hits: none
stderr: failcall: mmap #1 failed (ENOMEM)
stderr: statcache: could not allocate the generation table (Cannot allocate memory); the cache is off
faults injected: 1
exit: 0
