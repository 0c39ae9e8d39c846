<?php
require_once 'Mail/mime.php';

/* A notification mail as PEAR's Mail_mime builds it (shown, not sent). */
class Notes_Page_Mail
{
    public function __construct(string $site)
    {
    }

    public function render(array $args): string
    {
        $mime = new Mail_mime(['eol' => "\n", 'head_charset' => 'UTF-8', 'text_charset' => 'UTF-8', 'html_charset' => 'UTF-8']);
        $mime->setTXTBody("A page changed.\nSee the wiki for details.\n");
        $mime->setHTMLBody('<p>A page <b>changed</b>.</p>');
        $mime->addAttachment("name,changed\nstart,yes\n", 'text/csv', 'changes.csv', false);
        $msg = $mime->getMessage(null, null, ['From' => 'notes@example.org', 'Subject' => 'Changes']);
        return '<pre>' . Notes_Helper_Escape::html($msg) . '</pre>';
    }
}
