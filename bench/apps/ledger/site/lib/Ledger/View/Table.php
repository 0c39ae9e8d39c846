<?php
class Ledger_View_Table
{
    public function render(array $head, array $rows): string
    {
        $h = '<tr><th>' . implode('</th><th>', $head) . '</th></tr>';
        $b = '';
        foreach ($rows as $r) {
            $b .= '<tr><td>' . implode('</td><td>', $r) . '</td></tr>';
        }
        return "<table>$h$b</table>";
    }
}
