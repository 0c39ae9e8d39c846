<?php
class Ledger_Page_Search extends Ledger_Page
{
    public function render(array $args): string
    {
        $q = (string) ($args['q'] ?? '');
        $rows = [];
        foreach ($this->book->accounts() as $a) {
            foreach ($a->entries() as $e) {
                if ($q !== '' && stripos($e->memo(), $q) !== false) {
                    $rows[] = [$this->e($a->name()), $this->e($e->memo()), $this->money($e->cents())];
                }
            }
        }
        return '<h1>Search: ' . $this->e($q) . '</h1>' . (new Ledger_View_Table())->render(['Account', 'Memo', 'Amount'], $rows);
    }
}
