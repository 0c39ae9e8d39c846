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

/**
 * This process's next $drains drains of the event queue (-1: every one)
 * hold the drain for $ms milliseconds after reading the queue, as a
 * drainer that is slow, stopped, traced or killed there would.
 */
function statcache_test_hold_drains(int $ms, int $drains = 1): void {}
