<?php
/*
 * The results of a run-tests.php run, read from its JUnit file
 * (TEST_PHP_JUNIT), a line each for scripts/test.sh to count:
 *
 *   RESULT <TAB> file <TAB> title <TAB> message
 *
 * RESULT is PASS (XFAIL and XLEAK included, as run-tests counts them),
 * SKIP (message: the reason), FAIL, WARN, BORK or LEAK (message: the
 * type run-tests gave); a failure's diff (run-tests' <failure> text)
 * follows its line, each of its lines prefixed with "| ".  Exits 2 with a
 * line on stderr when the file is missing or not JUnit XML.
 *
 *   php -n scripts/junit-results.php FILE
 */

if ($argc !== 2) {
    fwrite(STDERR, "usage: php -n scripts/junit-results.php JUNIT.xml\n");
    exit(2);
}
$xml = @file_get_contents($argv[1]);
if ($xml === false || $xml === '') {
    fwrite(STDERR, "junit-results: no JUnit file at {$argv[1]} (run-tests.php did not finish?)\n");
    exit(2);
}

/* One line of a field: tabs and newlines would break the format. */
function junit_field(string $s): string
{
    return strtr($s, ["\t" => ' ', "\n" => ' ', "\r" => ' ']);
}

/* "tests/x.phpt (title)" as run-tests names a test case: [file, title]. */
function junit_name(string $name): array
{
    $at = strpos($name, ' (');
    if ($at === false) {
        return [$name, ''];
    }
    return [substr($name, 0, $at), substr($name, $at + 2, -1)];
}

/* Without the xml extension (a PHP built with --disable-all) the format
 * run-tests writes is read as text: one <testcase ...> element a test,
 * attributes in single quotes, its outcome the element inside. */
if (!preg_match_all("~<testcase name='([^']*)' time='[^']*'>\n(.*?)</testcase>~s", $xml, $cases, PREG_SET_ORDER)) {
    if (strpos($xml, '<testsuites') === false) {
        fwrite(STDERR, "junit-results: {$argv[1]} is not run-tests.php's JUnit XML\n");
        exit(2);
    }
    exit(0);   /* no test case: nothing ran */
}
$dec = static fn (string $s): string => html_entity_decode($s, ENT_QUOTES | ENT_XML1, 'UTF-8');
foreach ($cases as [, $name, $body]) {
    [$file, $title] = junit_name($dec($name));
    $diff = '';
    if ($body === '') {
        $result = 'PASS';
        $message = '';
    } elseif (preg_match('~^<skipped>(.*?)</skipped>~s', $body, $m)) {
        $result = 'SKIP';
        $message = $dec($m[1]);
    } elseif (preg_match('~^<warning>(.*?)</warning>~s', $body, $m)) {
        $result = 'WARN';
        $message = $dec($m[1]);
    } elseif (preg_match("~^<(failure|error) type='([^']*)' message='([^']*)'(?:/>|>(.*?)</\\1>)~s", $body, $m)) {
        $type = $m[2];
        $result = $m[1] === 'failure' ? (str_starts_with($type, 'LEAK') ? 'LEAK' : 'FAIL')
            : ($type === 'BORKED' ? 'BORK' : (str_starts_with($type, 'LEAK') ? 'LEAK' : 'FAIL'));
        $message = $type . ($m[3] !== '' ? ': ' . $dec($m[3]) : '');
        $diff = $dec($m[4] ?? '');
    } else {
        $result = 'BORK';
        $message = 'an outcome this reader does not know: ' . substr($body, 0, 80);
    }
    echo $result, "\t", junit_field($file), "\t", junit_field($title), "\t", junit_field($message), "\n";
    if ($diff !== '') {
        foreach (explode("\n", rtrim($diff, "\n")) as $line) {
            echo '| ', $line, "\n";
        }
    }
}
