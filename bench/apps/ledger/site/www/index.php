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
 * directory given with its trailing slash, and the class's file is joined
 * to it with another slash, so every such file is required by an absolute
 * name with a doubled slash ("<site>/modules/Audit//Trail.php"): the same
 * file as its plain name, which opcache must not compile again.
 */
$ledger_psr4 = [
    'Ledger\\Audit\\' => "$site/modules/Audit/",
    'Ledger\\Export\\' => "$site/modules/Export/",
];
spl_autoload_register(function (string $class) use ($ledger_psr4): void {
    foreach ($ledger_psr4 as $prefix => $dir) {
        if (strncmp($class, $prefix, strlen($prefix)) === 0) {
            $filename = $dir . '/' . strtr(substr($class, strlen($prefix)), '\\', '/') . '.php';
            if (file_exists($filename)) {
                require $filename;
            }
            return;
        }
    }
});

$app = new Ledger_App($site);
echo $app->run($_GET['page'] ?? 'home', $_GET);
