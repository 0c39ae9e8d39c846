<?php
class Ledger_Model_Account
{
    private $name;
    private $entries;

    public function __construct(string $name, array $entries)
    {
        $this->name = $name;
        $this->entries = $entries;
    }

    public function name(): string
    {
        return $this->name;
    }

    public function entries(): array
    {
        return $this->entries;
    }

    public function balance(): int
    {
        return array_sum(array_map(fn($e) => $e->cents(), $this->entries));
    }
}
