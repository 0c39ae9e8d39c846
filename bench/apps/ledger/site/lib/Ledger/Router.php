<?php
/* Page name -> page class (each in its own file, loaded on first use). */
class Ledger_Router
{
    private $pages = ['home' => 'Home', 'accounts' => 'Accounts', 'account' => 'Account',
        'report' => 'Report', 'search' => 'Search', 'settings' => 'Settings'];

    public function page(string $name, Ledger_Model_Book $book): Ledger_Page
    {
        $class = 'Ledger_Page_' . ($this->pages[$name] ?? 'Home');
        return new $class($book);
    }
}
