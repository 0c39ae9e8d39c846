<?php
/* The accounts and their entries (fixed data: the bench reads, never writes). */
class Ledger_Model_Book
{
    private $accounts = [];

    public function __construct()
    {
        $names = ['Checking', 'Savings', 'Rent', 'Groceries', 'Travel', 'Utilities', 'Salary', 'Taxes'];
        foreach ($names as $i => $n) {
            $entries = [];
            for ($k = 0; $k < 24; $k++) {
                $day = sprintf('%04d-%02d-%02d', 2023 + intdiv($k, 12), $k % 12 + 1, ($i * 3 + $k) % 28 + 1);
                $memo = ['rent', 'coffee', 'train', 'power bill', 'pay', 'books', 'water', 'tax'][($i + $k) % 8];
                $entries[] = new Ledger_Model_Entry($day, "$memo #$k", (($i + 1) * 1234 + $k * 77) * ($k % 3 ? 1 : -1));
            }
            $this->accounts[$i + 1] = new Ledger_Model_Account($n, $entries);
        }
    }

    public function accounts(): array
    {
        return $this->accounts;
    }

    public function account(int $id): Ledger_Model_Account
    {
        return $this->accounts[$id] ?? reset($this->accounts);
    }
}
