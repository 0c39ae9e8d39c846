<?php
class Ledger_Page_Accounts extends Ledger_Page
{
    public function render(array $args): string
    {
        $rows = [];
        foreach ($this->book->accounts() as $id => $a) {
            $rows[] = [(string) $id, $this->e($a->name()), (string) count($a->entries()), $this->money($a->balance())];
        }
        return '<h1>Accounts</h1>' . (new Ledger_View_Table())->render(['#', 'Name', 'Entries', 'Balance'], $rows);
    }
}
