<?php
class Ledger_Page_Account extends Ledger_Page
{
    public function render(array $args): string
    {
        $a = $this->book->account((int) ($args['id'] ?? 0));
        $rows = array_map(fn($e) => [Ledger_Util_Date::show($e->day()), $this->e($e->memo()), $this->money($e->cents())],
            $a->entries());
        return '<h1>' . $this->e($a->name()) . '</h1>' . (new Ledger_View_Table())->render(['Day', 'Memo', 'Amount'], $rows);
    }
}
