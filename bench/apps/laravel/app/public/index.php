<?php
// Front controller of the statcache bench's Laravel app, as in laravel/laravel 8:
// Debian's php-laravel-framework (its autoload.php, found on the include path)
// plus Composer's autoloader for the app's own App\ classes.
define('LARAVEL_START', microtime(true));
require_once 'Illuminate/autoload.php';
require __DIR__ . '/../vendor/autoload.php';
$app = require_once __DIR__ . '/../bootstrap/app.php';
$kernel = $app->make(Illuminate\Contracts\Http\Kernel::class);
$response = $kernel->handle($request = Illuminate\Http\Request::capture())->send();
$kernel->terminate($request, $response);
