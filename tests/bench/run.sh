#!/bin/sh
# The one benchmark report (make bench): run every tests/bench/*.sh but
# this one and the generators (gen-*.sh), in name order, with the binary
# given, and print one table of figure, ours, peer, peer figure, ratio
# and how it was measured, headed by the date and the machine.
#
#   sh tests/bench/run.sh build/git-disclose
#
# Each benchmark prints its figures as lines of six fields:
#
#   BENCH <name>|<ours>|<peer name>|<peer figure>|<ratio>|<how measured>
#
# (figures with their unit, "12.3 ms", "4.20 s"). The ratio column is
# always ours / peer, computed here when both figures have the same unit
# (a script's own ratio is shown only when they cannot be divided). For a script that prints no BENCH line the report reads
# what it prints instead (a "figure ours peer ratio" table, or one line
# per program "NAME  <n>s|<n> ms ..." whose "git log" line is the peer)
# and says so under the table.
#
# Environment: BENCH_ONLY="check tui" runs only those; BENCH_SKIP="boot"
# leaves those out (boot builds two or three kernels: 10 to 15 minutes
# on 2 quiet cores);
# BENCH_KEEP=1 keeps every log (logs of failures are always kept);
# BENCH_DIR=dir runs the scripts of dir instead (to test this report).
# Exit status: 0 when every benchmark ran, 1 when one failed, 2 usage.
bin=${1:-${DISCLOSE:-build/git-disclose}}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
here=${BENCH_DIR:-$(cd "$(dirname "$0")" && pwd)}
if [ ! -x "$bin" ]; then
	echo "run.sh: $bin is not an executable: build it with make" >&2
	exit 2
fi
logs=$(mktemp -d "${TMPDIR:-/tmp}/bench-logs.XXXXXX") || exit 2
rows=$logs/rows
notes=$logs/notes
: >"$rows"
: >"$notes"
failed=0

selected() {
	if [ -n "${BENCH_ONLY:-}" ]; then
		case " $BENCH_ONLY " in *" $1 "*) ;; *) return 1 ;; esac
	fi
	case " ${BENCH_SKIP:-} " in *" $1 "*) return 1 ;; esac
	return 0
}

# The figures of one script's output, as BENCH lines, whatever it printed.
# parse NAME LOG
parse() {
	if grep -q '^BENCH ' "$2"; then
		sed -n 's/^BENCH //p' "$2"
		return
	fi
	awk -v script="$1.sh" '
	function num(s) { sub(/^[^0-9.]*/, "", s); return s + 0 }
	# "figure ours peer ratio" tables (seconds)
	/^figure +ours +peer +ratio *$/ { table = 1; next }
	table && NF == 4 && $2 ~ /^[0-9.]+$/ && $3 ~ /^[0-9.]+$/ {
		printf "%s|%s s|the same steps by hand|%s s|%s|%s: wall clock, both in the same run\n",
			$1, $2, $3, $4, script
		next
	}
	table { table = 0 }
	# one program per line: "NAME  1.23s  456 KiB" or "NAME  12.3 ms  (note)"
	match($0, /  +[0-9.]+s +[0-9?]+ KiB$/) || match($0, /  +[0-9.]+ ms( .*)?$/) {
		name = substr($0, 1, RSTART - 1)
		rest = substr($0, RSTART)
		sub(/^ +/, "", rest)
		split(rest, f, " ")
		fig = (f[1] ~ /s$/ && f[1] !~ /ms$/) ? substr(f[1], 1, length(f[1]) - 1) " s" : f[1] " " f[2]
		note = rest
		sub(/^[0-9.]+(s|  *ms) */, "", note)
		if (note ~ /^[0-9?]+ KiB$/)
			note = "max RSS " note
		sub(/^\(/, "", note)
		sub(/\)$/, "", note)
		if (name ~ /^git log/ || note ~ /peer/) {
			if (peer == "") { peer = name; pfig = fig }
			next
		}
		n++; names[n] = name; figs[n] = fig; notes[n] = note
		next
	}
	END {
		for (i = 1; i <= n; i++) {
			how = script ": wall clock, same run"
			if (notes[i] != "")
				how = how ", " notes[i]
			printf "%s|%s|%s|%s||%s\n", names[i], figs[i],
				peer == "" ? "-" : peer, peer == "" ? "-" : pfig, how
		}
	}' "$2"
}

# ratio OURS PEER: ours / peer when both are numbers in the same unit
ratio() {
	echo "$1|$2" | awk -F'|' '{
		split($1, a, " "); split($2, b, " ")
		if (a[1] ~ /^[0-9.]+$/ && b[1] ~ /^[0-9.]+$/ && b[1] > 0 && a[2] == b[2])
			printf "%.3g", a[1] / b[1]
		else
			printf "-"
	}'
}

for script in "$here"/*.sh; do
	name=$(basename "$script" .sh)
	# run.sh itself and the generators (gen-*.sh) are not benchmarks
	case $name in run|gen-*) continue ;; esac
	selected "$name" || { echo "$name: skipped (BENCH_ONLY/BENCH_SKIP)" >>"$notes"; continue; }
	log=$logs/$name.log
	echo "run.sh: $name ..." >&2
	start=$(date +%s)
	sh "$script" "$bin" >"$log" 2>&1 </dev/null
	rc=$?
	took=$(($(date +%s) - start))
	if [ $rc -ne 0 ]; then
		failed=1
		echo "$name: FAILED (exit $rc after ${took}s), log: $log" >>"$notes"
		tail -n 5 "$log" | sed 's/^/    /' >>"$notes"
		continue
	fi
	grep -q '^BENCH ' "$log" ||
		echo "$name: prints no BENCH lines; its own format was read (agreed format: BENCH name|ours|peer name|peer figure|ratio|how measured)" >>"$notes"
	parse "$name" "$log" >"$logs/$name.bench"
	if [ ! -s "$logs/$name.bench" ]; then
		failed=1
		echo "$name: no figures could be read from its output, log: $log" >>"$notes"
		continue
	fi
	while IFS='|' read -r f ours pname pfig r how; do
		# ours / peer, the same way for every row; the script's own
		# ratio only when the figures cannot be divided here
		r2=$(ratio "$ours" "$pfig")
		[ "$r2" = - ] && [ -n "$r" ] || r=$r2
		echo "$f|$ours|$pname|$pfig|$r|$how" >>"$rows"
	done <"$logs/$name.bench"
	echo "$name: ran in ${took}s" >>"$notes"
done

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
mem=$(awk '/^MemTotal:/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo 2>/dev/null)
os=$(. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME")
echo "git-disclose $("$bin" --version | sed 's/^git-disclose //') benchmarks, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "machine: ${cpu:-unknown CPU}, $(nproc) cores, ${mem:-? GiB}, ${os:-$(uname -s)}, $(uname -r), $(git --version)"
echo
echo "| figure | ours | peer | peer figure | ratio ours/peer | how measured |"
echo "|---|---|---|---|---|---|"
awk -F'|' '{
	line = "|"
	for (i = 1; i <= 6; i++)
		line = line " " $i " |"
	print line
}' "$rows"
echo
sed 's/^/- /' "$notes"
[ "${BENCH_KEEP:-0}" = 1 ] || [ $failed = 1 ] || rm -rf "$logs"
[ $failed = 1 ] && echo "(logs kept in $logs)"
exit $failed
