<?php
/* A site-local plugin (the "local" include_path entry). */
class Notes_Plugin_Footer
{
    public function html(): string
    {
        return "<footer>Notes, served by PEAR</footer>\n";
    }
}
