<?php
namespace App\Http;

use Illuminate\Foundation\Http\Kernel as HttpKernel;

class Kernel extends HttpKernel
{
    protected $middleware = [
        \Illuminate\Foundation\Http\Middleware\ValidatePostSize::class,
        \Illuminate\Foundation\Http\Middleware\TrimStrings::class,
        \Illuminate\Foundation\Http\Middleware\ConvertEmptyStringsToNull::class,
    ];

    // no session or cookies: every curl request would start a new session
    protected $middlewareGroups = [
        'web' => [\Illuminate\Routing\Middleware\SubstituteBindings::class],
        'api' => [\Illuminate\Routing\Middleware\SubstituteBindings::class],
    ];
}
