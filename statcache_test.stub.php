<?php

/**
 * Test-only functions, registered when statcache.test_api=1.
 * @generate-class-entries
 */

/**
 * Copies PHP's original plain-files wrapper ops and stdio stream ops back
 * over the structs statcache patched, as Swoole's file hooks do at run time.
 */
function statcache_test_restore_ops(): void {}
