<?php
// Front controller of the statcache bench's Composer app: Symfony's
// HttpKernel + Routing dispatch to controllers that an Illuminate container
// builds; every class comes through Composer's PSR-4 autoloader (not
// optimised: the default of `composer dump-autoload`), as in most apps.
declare(strict_types=1);

require dirname(__DIR__) . '/vendor/autoload.php';

use App\Kernel;
use Symfony\Component\HttpFoundation\Request;

$kernel = new Kernel(dirname(__DIR__));
$request = Request::createFromGlobals();
$response = $kernel->handle($request);
$response->send();
$kernel->terminate($request, $response);
