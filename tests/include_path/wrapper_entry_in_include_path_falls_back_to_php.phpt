--TEST--
include_path: an include_path with a stream-wrapper entry (a user wrapper, file://) is resolved by PHP itself, in its order
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/include_path_common.inc';
$d = ip_tree('ip-wrapper', [
    'a/InA.php' => ip_whereami(),
    'c/InC.php' => ip_whereami(),
    'c/Both.php' => ip_whereami(),
]);
file_put_contents("$d/run.php", '<?php
$d = ' . var_export($d, true) . ';
class MemWrapper {
    public $context;
    static array $files = ["mem://lib/Both.php" => "<?php return [\"mem\"];", "mem://lib/InMem.php" => "<?php return [\"mem only\"];"];
    private string $data = ""; private int $pos = 0;
    function url_stat(string $path, int $flags) {
        echo "  (url_stat $path)\n";
        return isset(self::$files[$path]) ? ["mode" => 0100644, "size" => strlen(self::$files[$path])] : false;
    }
    function stream_open(string $path, string $mode, int $options, ?string &$opened): bool {
        if (!isset(self::$files[$path])) { return false; }
        $this->data = self::$files[$path]; return true;
    }
    function stream_read(int $n) { $r = substr($this->data, $this->pos, $n); $this->pos += strlen($r); return $r; }
    function stream_eof(): bool { return $this->pos >= strlen($this->data); }
    function stream_stat() { return ["mode" => 0100644, "size" => strlen($this->data)]; }
    function stream_set_option(int $o, int $a, ?int $b): bool { return false; }
}
stream_wrapper_register("mem", "MemWrapper");
function show(string $what, $v): void {
    global $d;
    echo $what, ": ", str_replace($d, "D", json_encode($v, JSON_UNESCAPED_SLASHES)), "\n";
}
foreach (["$d/a:mem://lib:$d/c", "mem://lib:$d/a:$d/c", "$d/a:file://$d/b:$d/c", "$d/a:$d/b:$d/c"] as $ip) {
    set_include_path($ip);
    echo str_replace($d, "D", "include_path=$ip"), "\n";
    foreach (["InA.php", "InC.php", "Both.php", "InMem.php", "Nowhere.php"] as $n) {
        show("  resolve $n", stream_resolve_include_path($n));
        $r = @include $n;
        show("  include $n", $r ? $r[0] : $r);
    }
}
' . ip_stats_line());
$s = ip_compare("$d/run.php");
echo "with the cache: ", $s['fallbacks'] > 0 ? 'fallbacks' : 'no fallbacks', ', ', $s['hits'] > 0 ? 'hits' : 'no hits', "\n";
?>
--EXPECT--
same
exit 0
include_path=D/a:mem://lib:D/c
  resolve InA.php: "D/a/InA.php"
  include InA.php: "D/a/InA.php"
  (url_stat mem://lib/InC.php)
  resolve InC.php: "D/c/InC.php"
  (url_stat mem://lib/InC.php)
  include InC.php: "D/c/InC.php"
  (url_stat mem://lib/Both.php)
  resolve Both.php: "mem://lib/Both.php"
  (url_stat mem://lib/Both.php)
  include Both.php: "mem"
  (url_stat mem://lib/InMem.php)
  resolve InMem.php: "mem://lib/InMem.php"
  (url_stat mem://lib/InMem.php)
  include InMem.php: "mem only"
  (url_stat mem://lib/Nowhere.php)
  resolve Nowhere.php: false
  (url_stat mem://lib/Nowhere.php)
  include Nowhere.php: false
include_path=mem://lib:D/a:D/c
  (url_stat mem://lib/InA.php)
  resolve InA.php: "D/a/InA.php"
  (url_stat mem://lib/InA.php)
  include InA.php: "D/a/InA.php"
  (url_stat mem://lib/InC.php)
  resolve InC.php: "D/c/InC.php"
  (url_stat mem://lib/InC.php)
  include InC.php: "D/c/InC.php"
  (url_stat mem://lib/Both.php)
  resolve Both.php: "mem://lib/Both.php"
  (url_stat mem://lib/Both.php)
  include Both.php: "mem"
  (url_stat mem://lib/InMem.php)
  resolve InMem.php: "mem://lib/InMem.php"
  (url_stat mem://lib/InMem.php)
  include InMem.php: "mem only"
  (url_stat mem://lib/Nowhere.php)
  resolve Nowhere.php: false
  (url_stat mem://lib/Nowhere.php)
  include Nowhere.php: false
include_path=D/a:file://D/b:D/c
  resolve InA.php: "D/a/InA.php"
  include InA.php: "D/a/InA.php"
  resolve InC.php: "D/c/InC.php"
  include InC.php: "D/c/InC.php"
  resolve Both.php: "D/c/Both.php"
  include Both.php: "D/c/Both.php"
  resolve InMem.php: false
  include InMem.php: false
  resolve Nowhere.php: false
  include Nowhere.php: false
include_path=D/a:D/b:D/c
  resolve InA.php: "D/a/InA.php"
  include InA.php: "D/a/InA.php"
  resolve InC.php: "D/c/InC.php"
  include InC.php: "D/c/InC.php"
  resolve Both.php: "D/c/Both.php"
  include Both.php: "D/c/Both.php"
  resolve InMem.php: false
  include InMem.php: false
  resolve Nowhere.php: false
  include Nowhere.php: false
with the cache: fallbacks, hits
