<?php
/* Sessions as rows of the SQLite database. */
class Ledger_Session implements SessionHandlerInterface
{
    private $db;

    public function __construct(Ledger_Db $db)
    {
        $this->db = $db;
    }

    public function open($path, $name): bool
    {
        return true;
    }

    public function close(): bool
    {
        return true;
    }

    #[\ReturnTypeWillChange]
    public function read($id)
    {
        $q = $this->db->pdo()->prepare('SELECT data FROM sessions WHERE id = ?');
        $q->execute([$id]);
        $data = $q->fetchColumn();
        return $data === false ? '' : $data;
    }

    public function write($id, $data): bool
    {
        $q = $this->db->pdo()->prepare('REPLACE INTO sessions (id, data, touched) VALUES (?, ?, ?)');
        return $q->execute([$id, $data, time()]);
    }

    public function destroy($id): bool
    {
        return $this->db->pdo()->prepare('DELETE FROM sessions WHERE id = ?')->execute([$id]);
    }

    #[\ReturnTypeWillChange]
    public function gc($max)
    {
        return $this->db->pdo()->prepare('DELETE FROM sessions WHERE touched < ?')->execute([time() - $max]);
    }
}
