<?php
class Ledger_Page_Home extends Ledger_Page
{
    public function render(array $args): string
    {
        $total = 0;
        foreach ($this->book->accounts() as $a) {
            $total += $a->balance();
        }
        return '<h1>Overview</h1><p>' . count($this->book->accounts()) . ' accounts, balance '
            . $this->money($total) . '</p>' . (new Ledger_View_Table())->render(['Account', 'Balance'],
            array_map(fn($a) => [$this->e($a->name()), $this->money($a->balance())], $this->book->accounts()));
    }
}
