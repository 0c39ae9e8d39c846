--TEST--
faults: the module's allocations (malloc, calloc, realloc, posix_memalign) fail one at a time and all at once (an LD_PRELOAD shim, tests/faults/failcall.c): answers and warnings equal PHP's, the cache is off with a log line when its table cannot be allocated, no crash
--SKIPIF--
<?php
exec('command -v gcc', $o, $rc);
if ($rc !== 0) die('skip gcc is not installed (the failcall shim is compiled by the test)');
require __DIR__ . '/../include/common.inc';
if (sc_module_is_builtin()) die('skip statcache is compiled into PHP: the shim cannot tell its calls from PHP\'s');
/* run-tests.php -m (valgrind) and --asan set USE_ZEND_ALLOC=0: both replace
 * the allocator, so the shim cannot fail it (tests/unit/test_engine_faults.c
 * fails every allocation in turn under ASan instead) */
if (getenv('USE_ZEND_ALLOC') === '0') die('skip valgrind or ASan replaces the allocator the shim would fail');
?>
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/faults_common.inc';

if (($argv[1] ?? '') === 'inner') {
    faults_workload($argv[2]);
    exit(0);
}

$d = sc_tmpdir('faults');
$so = faults_shim($d, true);
/* the 1st allocation is the generation table (MINIT); the next ones are a
 * thread's cache and the results of the first lookups */
foreach (['malloc:1', 'malloc:2', 'malloc:3', 'malloc:4', 'malloc:6', 'malloc:2+'] as $spec) {
    faults_run_case($so, $spec, [], __FILE__, $d);
}
?>
--EXPECTF--
== SC_FAIL=malloc:1
first: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
again: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
changed: .=dir rwx, f=file rw- 10, dir=dir rwx, dir/g=missing [6 warnings], missing=file rw- 3, missing/x=missing [6 warnings], dir/../f=file rw- 10
  php -n: same
enabled: false, off_reason: could not allocate the generation table, hits: none
stderr: failcall: malloc #1 failed (ENOMEM)
stderr: statcache: could not allocate the generation table (Cannot allocate memory); the cache is off
faults injected: 1
exit: 0
== SC_FAIL=malloc:2
first: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
again: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
changed: .=dir rwx, f=file rw- 10, dir=dir rwx, dir/g=missing [6 warnings], missing=file rw- 3, missing/x=missing [6 warnings], dir/../f=file rw- 10
  php -n: same
enabled: true, off_reason: (none), hits: %s
stderr: failcall: malloc #2 failed (ENOMEM)
faults injected: 1
exit: 0
== SC_FAIL=malloc:3
first: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
again: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
changed: .=dir rwx, f=file rw- 10, dir=dir rwx, dir/g=missing [6 warnings], missing=file rw- 3, missing/x=missing [6 warnings], dir/../f=file rw- 10
  php -n: same
enabled: true, off_reason: (none), hits: %s
stderr: failcall: malloc #3 failed (ENOMEM)
faults injected: 1
exit: 0
== SC_FAIL=malloc:4
first: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
again: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
changed: .=dir rwx, f=file rw- 10, dir=dir rwx, dir/g=missing [6 warnings], missing=file rw- 3, missing/x=missing [6 warnings], dir/../f=file rw- 10
  php -n: same
enabled: true, off_reason: (none), hits: %s
stderr: failcall: malloc #4 failed (ENOMEM)
faults injected: 1
exit: 0
== SC_FAIL=malloc:6
first: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
again: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
changed: .=dir rwx, f=file rw- 10, dir=dir rwx, dir/g=missing [6 warnings], missing=file rw- 3, missing/x=missing [6 warnings], dir/../f=file rw- 10
  php -n: same
enabled: true, off_reason: (none), hits: %s
stderr: failcall: malloc #6 failed (ENOMEM)
faults injected: 1
exit: 0
== SC_FAIL=malloc:2+
first: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
again: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], dir/../f=file rw- 4
  php -n: same
changed: .=dir rwx, f=file rw- 10, dir=dir rwx, dir/g=missing [6 warnings], missing=file rw- 3, missing/x=missing [6 warnings], dir/../f=file rw- 10
  php -n: same
enabled: true, off_reason: (none), hits: none
stderr: failcall: malloc #2 failed (ENOMEM)
faults injected: %d
exit: 0
