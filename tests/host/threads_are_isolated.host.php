<?php
// threads: 4
// requests: 10
// Request state does not survive a request: globals, constants, functions,
// and ini_set() values are fresh each time. Any leak prints an extra line.
if (isset($GLOBALS['sc_marker'])) {
    echo "LEAK: global from request {$GLOBALS['sc_marker']}\n";
}
if (defined('SC_CONST')) {
    echo "LEAK: constant\n";
}
if (ini_get('precision') !== '14') {
    echo "LEAK: precision=", ini_get('precision'), "\n";
}
$GLOBALS['sc_marker'] = $_SERVER['SC_REQUEST'];
define('SC_CONST', 1);
function sc_defined_per_request() { return 1; }
ini_set('precision', '5');
if ($_SERVER['SC_REQUEST'] === '9') {
    var_dump(PHP_ZTS === 1, PHP_SAPI);
}
