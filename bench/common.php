<?php
/*
 * Shared by the benches' summaries (bench/micro.sh, bench/request.sh):
 * medians over passes, so one disturbed pass does not move a figure.
 */
function med(array $a): float
{
	sort($a);
	$n = count($a);
	return $n % 2 ? $a[intdiv($n, 2)] : ($a[$n / 2 - 1] + $a[$n / 2]) / 2;
}
