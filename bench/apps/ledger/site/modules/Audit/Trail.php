<?php
namespace Ledger\Audit;

/* What a request did, for the footer: the newer, namespaced part of Ledger
 * (modules/, loaded by the PSR-4 autoloader in www/index.php). */
class Trail
{
    /** @var Event[] */
    private $events = [];

    public function __construct(string $page)
    {
        $this->events[] = new Event('page', $page);
    }

    public function add(string $kind, string $what): void
    {
        $this->events[] = new Event($kind, $what);
    }

    public function summary(): string
    {
        return implode(', ', array_map(fn (Event $e) => $e->label(), $this->events));
    }
}
