<?php
require_once 'Notes/View.php';
require_once 'Notes/Helper/Escape.php';

/* Routes ?page=... to a Notes_Page_* class (autoloaded). */
class Notes_App
{
    private string $site;

    public function __construct(string $site)
    {
        $this->site = $site;
    }

    public function run(string $page, array $args): string
    {
        $pages = ['home' => 'Home', 'wiki' => 'Wiki', 'mail' => 'Mail', 'feed' => 'Feed',
            'url' => 'Links', 'send' => 'Send', 'table' => 'Table'];
        $class = 'Notes_Page_' . ($pages[$page] ?? 'Home');
        $view = new Notes_View($page);
        $body = (new $class($this->site))->render($args);
        /* optional plugins: a site may or may not have them */
        foreach (['Footer', 'Analytics', 'Banner'] as $plugin) {
            $p = "Notes_Plugin_$plugin";
            if (class_exists($p)) {
                $body .= (new $p())->html();
            }
        }
        return $view->layout($body);
    }
}
