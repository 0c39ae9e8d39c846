<?php
namespace Ledger\Audit;

class Event
{
    private $kind;
    private $what;

    public function __construct(string $kind, string $what)
    {
        $this->kind = $kind;
        $this->what = $what;
    }

    public function label(): string
    {
        return $this->kind . '=' . $this->what;
    }
}
