<?php
// threads: 4
// requests: 25
// Each thread runs its 25 requests in order; only the last one prints, so the
// output is deterministic: one line per thread, in thread order.
if ($_SERVER['SC_REQUEST'] === '24') {
    echo "thread {$_SERVER['SC_THREAD']} served request {$_SERVER['SC_REQUEST']} last\n";
}
