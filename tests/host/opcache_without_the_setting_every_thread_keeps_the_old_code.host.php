<?php
// threads: 4
// requests: 1
// requires: opcache
// ini: opcache.enable=1
// ini: opcache.validate_timestamps=0
// ini: opcache.file_update_protection=0
// ini: opcache.jit=disable
// ini: statcache.opcache_invalidate=0
// ini: statcache.test_watcher=0
// ini: statcache.max_staleness_ms=0
// The control of opcache_a_script_rewritten_by_one_thread_runs_its_new_code_in_the_others:
// without statcache.opcache_invalidate, opcache (validate_timestamps=0)
// keeps serving the old code to every thread.
require __DIR__ . '/opcache_threads.inc';
