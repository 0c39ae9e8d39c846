<?php
/* The application: configuration, session, plugins, then the page. */
class Ledger_App
{
    private $site;

    public function __construct(string $site)
    {
        $this->site = $site;
    }

    public function run(string $page, array $args): string
    {
        $config = new Ledger_Config($this->site);
        $session = new Ledger_Session(new Ledger_Db($this->site . '/data/sessions.sqlite'));
        session_set_save_handler($session, true);
        session_start();
        $_SESSION['visits'] = ($_SESSION['visits'] ?? 0) + 1;
        $plugins = [];
        foreach ($config->get('plugins') as $name) {
            /* optional: installed in none of the include_path entries */
            if (class_exists('Ledger_Plugin_' . $name)) {
                $plugins[] = $name;
            }
        }
        $locale = class_exists('Ledger_Locale_' . ucfirst($config->get('locale'))) ? $config->get('locale') : 'default';
        $trail = new \Ledger\Audit\Trail($page);
        $router = new Ledger_Router();
        $view = $router->page($page, new Ledger_Model_Book());
        $body = $view->render($args);
        $trail->add('plugins', (string) count($plugins));
        $layout = new Ledger_View_Layout(new Ledger_Theme());
        $html = $layout->wrap($config->get('title'), $body, [
            'plugins' => $plugins ? implode(', ', $plugins) : 'none',
            'locale' => $locale,
            'visit' => (string) $_SESSION['visits'],
            'audit' => $trail->summary(),
        ]);
        session_write_close();
        return $html;
    }
}
