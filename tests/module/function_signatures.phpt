--TEST--
module: statcache_stats(), statcache_share() and statcache_reset() have the documented signatures
--FILE--
<?php
foreach (['statcache_stats', 'statcache_share', 'statcache_reset'] as $name) {
    $f = new ReflectionFunction($name);
    $params = [];
    foreach ($f->getParameters() as $p) {
        $params[] = $p->getType() . ' $' . $p->getName()
            . ($p->isDefaultValueAvailable() ? ' = ' . var_export($p->getDefaultValue(), true) : '');
    }
    echo $name, '(', implode(', ', $params), '): ', $f->getReturnType(),
        ' [required ', $f->getNumberOfRequiredParameters(), ']', "\n";
}
echo new ReflectionFunction('statcache_share');
?>
--EXPECT--
statcache_stats(bool $all_workers = false): array [required 0]
statcache_share(int $slots = 65536): void [required 0]
statcache_reset(): void [required 0]
Function [ <internal:statcache> function statcache_share ] {

  - Parameters [1] {
    Parameter #0 [ <optional> int $slots = 65536 ]
  }
  - Return [ void ]
}
