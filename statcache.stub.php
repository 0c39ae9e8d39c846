<?php

/** @generate-class-entries */

/**
 * Counters of this worker (or, with $all_workers in shared mode, of every
 * worker attached to the shared table).  Lists no paths.
 */
function statcache_stats(bool $all_workers = false): array {}

/** Creates the shared generation table; call in a PHP master before its first fork. */
function statcache_share(int $slots = 65536): void {}

/** Drops every cached result now (deploy scripts). */
function statcache_reset(): void {}
