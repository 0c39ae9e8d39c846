<?php
declare(strict_types=1);

namespace App;

use Illuminate\Container\Container;
use Psr\Container\ContainerInterface;

/** Lets Symfony's controller resolver build controllers through Illuminate's container (autowiring). */
final class PsrContainer implements ContainerInterface
{
    public function __construct(private Container $c)
    {
    }

    public function get(string $id): mixed
    {
        return $this->c->make($id);
    }

    public function has(string $id): bool
    {
        return class_exists($id);
    }
}
