<?php
/* Settings: the defaults, then a local override file if the site has one. */
class Ledger_Config
{
    private $values = [
        'title' => 'Ledger',
        'locale' => 'fr',
        'currency' => 'EUR',
        'plugins' => ['Audit', 'Export', 'Ldap', 'Mailer', 'Cache', 'Backup'],
    ];

    public function __construct(string $site)
    {
        $local = $site . '/local/config.php';
        if (is_readable($local)) {
            $this->values = array_merge($this->values, include $local);
        }
    }

    public function get(string $key)
    {
        return $this->values[$key];
    }
}
