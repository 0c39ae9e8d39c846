<?php
class Ledger_Util_Date
{
    private static $months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

    public static function show(string $day): string
    {
        return substr($day, 8, 2) . ' ' . self::$months[(int) substr($day, 5, 2) - 1] . ' ' . substr($day, 0, 4);
    }

    public static function month(int $year, int $m): string
    {
        return self::$months[$m - 1] . " $year";
    }
}
