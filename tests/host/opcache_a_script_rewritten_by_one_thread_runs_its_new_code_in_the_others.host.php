<?php
// threads: 4
// requests: 1
// requires: opcache
// ini: opcache.enable=1
// ini: opcache.validate_timestamps=0
// ini: opcache.file_update_protection=0
// ini: opcache.jit=disable
// ini: statcache.opcache_invalidate=1
// ini: statcache.test_watcher=0
// ini: statcache.max_staleness_ms=0
// Four PHP threads of one process include a script opcache holds; thread 0
// rewrites it (a sync point: the watcher and the staleness bound are off,
// so nothing else drains), and the other threads' next include of it runs
// the new code: one opcache, one record of the script, invalidated by
// whichever thread includes first.  The threads hand over through
// relative-path files, which the cache never answers.
require __DIR__ . '/opcache_threads.inc';
