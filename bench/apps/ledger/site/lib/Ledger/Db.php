<?php
/* The SQLite database the sessions are kept in. */
class Ledger_Db
{
    private $pdo;

    public function __construct(string $file)
    {
        $this->pdo = new PDO('sqlite:' . $file, null, null, [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);
        $this->pdo->exec('CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, data BLOB, touched INTEGER)');
    }

    public function pdo(): PDO
    {
        return $this->pdo;
    }
}
