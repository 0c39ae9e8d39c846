#!/usr/bin/env bash
# Draw stat-family syscalls per request and CPU ms per request, cache off vs
# on, for every app's latest full result in bench/apps/results/<date>/run (or the JSON
# files given), Debian's opcache defaults and validate_timestamps=0 side by
# side: bench/apps/results/apps.png (gnuplot, Debian's gnuplot-nox).
#
#   bench/apps/plot.sh [--out FILE.png] [RESULT.json...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$here/results/apps.png
[ "${1:-}" = --out ] && { out=$2; shift 2; }
command -v gnuplot >/dev/null || { echo "plot refused: no gnuplot (apt-get install gnuplot-nox)" >&2; exit 2; }
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
	for a in "$here"/*/app.sh; do
		a=$(basename "$(dirname "$a")")
		# (names end in their date: sorted by name, not by directory)
		f=$(ls "$here"/results/*/run/"$a"-2*.json 2>/dev/null | awk -F/ '{ print $NF "\t" $0 }' | sort | tail -n1 | cut -f2 || true)
		[ -n "$f" ] && files+=("$f")
	done
fi
[ ${#files[@]} -gt 0 ] || { echo "plot refused: no results in $here/results/*/run (bench/apps/run.sh --app all)" >&2; exit 2; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# one line per app: app, then off/on for each opmode of stat family and on-CPU ms
php -r '
	foreach (array_slice($argv, 1) as $f) {
		$j = json_decode(file_get_contents($f), true);
		$row = [$j["env"]["app"]];
		foreach (["debian", "vt0"] as $m) {
			$c = $j["medians"][$m]["configs"] ?? [];
			foreach (["stat_family", "cpu_sched_ms"] as $k) {
				foreach (["off", "on"] as $cfg) $row[] = isset($c[$cfg]) ? sprintf("%.3f", $c[$cfg][$k]) : "NaN";
			}
		}
		echo implode(" ", $row), "\n";
	}' "${files[@]}" > "$tmp/data"
# columns: 1 app | 2,3 debian stat off,on | 4,5 debian cpu off,on | 6,7 vt0 stat off,on | 8,9 vt0 cpu off,on
kernel=$(uname -r); php=$(php -r 'echo PHP_VERSION;')
gnuplot <<-GP
	set terminal pngcairo size 1400,900 font ",11"
	set output "$out"
	set style data histograms
	set style histogram clustered gap 1
	set style fill solid 0.85 border -1
	set boxwidth 0.9
	set grid ytics
	set yrange [0:*]
	set offsets 0, 0, graph 0.08, 0
	set termoption noenhanced
	set key top left
	set xtics nomirror
	set multiplot layout 2,2 title "statcache, real applications behind php-fpm (1 worker) + nginx: cache off vs on (medians; kernel $kernel, PHP $php)"
	set title "stat-family syscalls / request, Debian's opcache defaults"
	plot "$tmp/data" using 2:xtic(1) title "off" lc rgb "#c0504d", "" using 3 title "on" lc rgb "#4f81bd", \\
		"" using (\$0-1./6):2:(sprintf("%.4g", \$2)) with labels offset 0,0.6 notitle, \\
		"" using (\$0+1./6):3:(sprintf("%.4g", \$3)) with labels offset 0,0.6 notitle
	set title "stat-family syscalls / request, opcache.validate_timestamps=0"
	plot "$tmp/data" using 6:xtic(1) title "off" lc rgb "#c0504d", "" using 7 title "on" lc rgb "#4f81bd", \\
		"" using (\$0-1./6):6:(sprintf("%.4g", \$6)) with labels offset 0,0.6 notitle, \\
		"" using (\$0+1./6):7:(sprintf("%.4g", \$7)) with labels offset 0,0.6 notitle
	set title "worker CPU ms / request (schedstat), Debian's defaults"
	plot "$tmp/data" using 4:xtic(1) title "off" lc rgb "#c0504d", "" using 5 title "on" lc rgb "#4f81bd", \\
		"" using (\$0-1./6):4:(sprintf("%.4g", \$4)) with labels offset 0,0.6 notitle, \\
		"" using (\$0+1./6):5:(sprintf("%.4g", \$5)) with labels offset 0,0.6 notitle
	set title "worker CPU ms / request (schedstat), validate_timestamps=0"
	plot "$tmp/data" using 8:xtic(1) title "off" lc rgb "#c0504d", "" using 9 title "on" lc rgb "#4f81bd", \\
		"" using (\$0-1./6):8:(sprintf("%.4g", \$8)) with labels offset 0,0.6 notitle, \\
		"" using (\$0+1./6):9:(sprintf("%.4g", \$9)) with labels offset 0,0.6 notitle
	unset multiplot
GP
echo "$out (from: ${files[*]##*/})"
