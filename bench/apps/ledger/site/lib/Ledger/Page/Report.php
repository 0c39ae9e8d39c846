<?php
class Ledger_Page_Report extends Ledger_Page
{
    public function render(array $args): string
    {
        $year = (int) ($args['year'] ?? 2024);
        $months = array_fill(1, 12, 0);
        foreach ($this->book->accounts() as $a) {
            foreach ($a->entries() as $e) {
                if ((int) substr($e->day(), 0, 4) === $year) {
                    $months[(int) substr($e->day(), 5, 2)] += $e->cents();
                }
            }
        }
        $rows = $export = [];
        foreach ($months as $m => $c) {
            $rows[] = [Ledger_Util_Date::month($year, $m), $this->money($c)];
            $export[] = [Ledger_Util_Date::month($year, $m), $c];
        }
        $csv = (new \Ledger\Export\Csv())->render(['month', 'total'], $export);
        return "<h1>Report $year</h1>" . (new Ledger_View_Table())->render(['Month', 'Total'], $rows)
            . '<h2>Export</h2><pre>' . Ledger_Util_Escape::html($csv) . '</pre>';
    }
}
