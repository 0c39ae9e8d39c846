<?php
require_once 'Mail.php';

/* PEAR Mail: drivers loaded by name (Mail::factory() includes
 * Mail/<driver>.php through the include_path), a message handed to the
 * mock driver and to the null one, its recipients parsed by Mail_RFC822
 * (loaded on first use). */
class Notes_Page_Send extends Mail
{
    public function __construct(string $site)
    {
    }

    public function render(array $args): string
    {
        $headers = ['From' => 'Notes <notes@example.org>', 'To' => 'Ann <ann@example.org>, bob@example.org',
            'Subject' => 'Changes'];
        $recipients = $this->parseRecipients($headers['To']);
        $mock = Mail::factory('mock');
        $null = Mail::factory('null');
        $out = '';
        foreach (['mock' => $mock, 'null' => $null] as $name => $mailer) {
            $r = $mailer->send($recipients, $headers, "A page changed.\n");
            $out .= $name . ': ' . ($r === true ? 'sent' : 'failed') . "\n";
        }
        foreach ($mock->sentMessages as $m) {
            $out .= 'to ' . implode(', ', $m['recipients']) . ': ' . $m['headers']['Subject'] . "\n";
        }
        return '<pre>' . Notes_Helper_Escape::html($out) . "</pre>\n";
    }
}
