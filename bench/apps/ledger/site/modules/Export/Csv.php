<?php
namespace Ledger\Export;

use Ledger\Export\Format\Cents;

/* A report's rows as CSV (the report page shows what an export would be). */
class Csv
{
    public function render(array $head, array $rows): string
    {
        $out = [$this->line($head)];
        foreach ($rows as $r) {
            $out[] = $this->line(array_map(fn ($v) => is_int($v) ? Cents::plain($v) : (string) $v, $r));
        }
        return implode("\n", $out) . "\n";
    }

    private function line(array $cells): string
    {
        return implode(',', array_map(fn ($c) => preg_match('/[",\n]/', $c) ? '"' . str_replace('"', '""', $c) . '"' : $c, $cells));
    }
}
