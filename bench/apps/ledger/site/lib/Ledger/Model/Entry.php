<?php
class Ledger_Model_Entry
{
    private $day;
    private $memo;
    private $cents;

    public function __construct(string $day, string $memo, int $cents)
    {
        $this->day = $day;
        $this->memo = $memo;
        $this->cents = $cents;
    }

    public function day(): string
    {
        return $this->day;
    }

    public function memo(): string
    {
        return $this->memo;
    }

    public function cents(): int
    {
        return $this->cents;
    }
}
