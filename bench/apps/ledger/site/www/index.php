<?php
/*
 * "Ledger", the front controller (bench/apps/ledger). Classes are loaded
 * as code of the PHP 4/5 era loads them: a relative name on a four-entry
 * include_path, probed with fopen(..., 'r', true) before require_once (the
 * probe fails quietly, for optional classes, where require_once would be
 * fatal). Sessions live in SQLite. clearstatcache(true) first: the app
 * wants every file check of this request to be fresh.
 */
clearstatcache(true);
$site = dirname(__DIR__);
set_include_path(implode(PATH_SEPARATOR, ["$site/vendor", "$site/shared", "$site/lib", "$site/local"]));

function ledger_autoload(string $class): void
{
    $file = str_replace('_', '/', $class) . '.php';
    $fp = @fopen($file, 'r', true);
    if ($fp === false) {
        return;                 // not installed: an optional class
    }
    fclose($fp);
    require_once $file;
}
spl_autoload_register('ledger_autoload');

/*
 * The newer parts (modules/) are namespaced and loaded by a PSR-4
 * autoloader written as MediaWiki's is: each namespace prefix maps to a
 * directory given with its trailing slash, the longest prefix first, and
 * the class's file is joined to it with another slash, checked with
 * is_file() and loaded with require_once; so every such file is required
 * by an absolute name with a doubled slash ("<site>/modules/Audit//Trail.php"):
 * the same file as its plain name, which opcache must not compile again.
 */
$ledger_psr4 = [
    'Ledger\\Audit\\' => "$site/modules/Audit/",
    'Ledger\\Export\\' => "$site/modules/Export/",
];
spl_autoload_register(function (string $class) use ($ledger_psr4): void {
    $prefix = $class;
    while (($pos = strrpos($prefix, '\\')) !== false) {
        $prefix = substr($class, 0, $pos + 1);
        if (isset($ledger_psr4[$prefix])) {
            $filename = $ledger_psr4[$prefix] . '/' . strtr(substr($class, $pos + 1), '\\', '/') . '.php';
            if (is_file($filename)) {
                require_once $filename;
                return;
            }
        }
        $prefix = rtrim($prefix, '\\');
    }
});

$app = new Ledger_App($site);
echo $app->run($_GET['page'] ?? 'home', $_GET);
