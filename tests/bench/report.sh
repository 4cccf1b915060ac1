#!/bin/sh
# Benchmark: git disclose check (with and without the SPDX checks),
# report and the assistant's first frame over the kernel-shaped histories
# of gen-history.sh (100,000 and 1,000,000 commits, built once into the
# bench cache), each next to its git peer over the same range in the same
# run: check --no-spdx and report against git log --format='%(trailers)',
# check against git log --diff-filter=A --name-only --format='%(trailers)'
# (the peer that reads the same trees), the first frame against git log
# --oneline of the series. Wall clock, CPU and peak RSS (GNU time) and
# the peak private memory, one run each, with the machine's load beside
# each figure; then the peaks at the largest size against the smallest
# (flat memory: about 1). The first frame is the time to the frame
# itself (the assistant marks it, DISCLOSE_TUI_FIRST_FRAME), median of 5.
#
#   sh tests/bench/report.sh build/git-disclose
#
# The cached histories get a commit-graph (git commit-graph write
# --reachable, as git gc writes one) the first time: with it the walk
# streams (src/walk.h); git log reads it too.
#
# BENCH_REPORT_SIZES="100000" leaves the million out (its first
# generation takes minutes; later runs reuse the cache). ALT=/path/to/an
# older git-disclose also compares check --json of both with cmp.
bin=${1:-${DISCLOSE:-build/git-disclose}}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
here=$(cd "$(dirname "$0")" && pwd)
sizes=${BENCH_REPORT_SIZES:-100000 1000000}
if [ ! -x "$bin" ]; then
	echo "report.sh: $bin is not an executable: build it with make" >&2
	exit 2
fi
if ! /usr/bin/time -v true >/dev/null 2>&1; then
	echo "report.sh: GNU time is needed for the peak RSS: apt-get install time" >&2
	exit 2
fi
export DISCLOSE_CACHE="${DISCLOSE_CACHE:-${HOME:?}/.cache/git-disclose/bench}"
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-report.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT INT TERM

# anon_kib PID: the private memory (RssAnon) of PID and its children
anon_kib() {
	for p in $1 $(pgrep -P "$1" 2>/dev/null); do
		sed -n 's/^RssAnon:[[:space:]]*\([0-9]*\).*/\1/p' "/proc/$p/status" 2>/dev/null
	done | awk '{ t += $1 } END { print t + 0 }'
}

# measure CMD...: wall seconds and peak RSS (KiB) into $secs and $rss,
# the peak private memory (RssAnon, sampled every 0.2 s, the command and
# its children) into $anon, the one-minute load average when it started
# into $load. GNU time's peak RSS also counts the pages of the mapped
# pack and index files, which belong to the page cache and grow with
# the repository, not with what the process keeps.
measure() {
	load=$(cut -d' ' -f1 /proc/loadavg)
	s=$(date +%s.%N)
	/usr/bin/time -v -o "$work/time" "$@" >/dev/null 2>"$work/err" &
	tpid=$!
	anon=0
	while kill -0 "$tpid" 2>/dev/null; do
		for c in $(pgrep -P "$tpid" 2>/dev/null); do
			a=$(anon_kib "$c")
			[ "$a" -gt "$anon" ] && anon=$a
		done
		sleep 0.2
	done
	wait "$tpid"
	rc=$?
	secs=$(echo "$(date +%s.%N) - $s" | bc)
	rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time")
	# CPU seconds, user + system, children (git diff-tree) included
	cpu=$(awk -F': ' '/User time|System time/ { t += $2 } END { printf "%.2f", t }' "$work/time")
	# check exits 1 when it finds policy errors; anything else is a failure
	if [ $rc -gt 1 ]; then
		echo "report.sh: '$*' failed (exit $rc):" >&2
		cat "$work/err" >&2
		exit 1
	fi
}
sec() { printf '%.2f' "$1"; }
ms() { printf '%.1f' "$(echo "$1 * 1000" | bc)"; }

# median_secs RUNS CMD...: the median wall time of RUNS runs, in seconds
median_secs() {
	runs=$1
	shift
	i=0
	while [ $i -lt "$runs" ]; do
		s=$(date +%s.%N)
		"$@" >/dev/null 2>&1 || { echo "report.sh: '$*' failed" >&2; exit 1; }
		echo "$(date +%s.%N) - $s" | bc
		i=$((i + 1))
	done | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# The terminal views on a null 80x24 terminal with an empty key script:
# start, walk, first frame, exit.
: >"$work/empty.keys"
view() {
	env DISCLOSE_TUI_SCRIPT="$work/empty.keys" DISCLOSE_TUI_SIZE=80x24 \
		TERM=xterm-256color LC_ALL=C.UTF-8 "$@"
}
ratio() { echo "scale=2; $1 / $2" | bc; }

# median_first RUNS RANGE: the median time from the start of the
# assistant to its first frame (the wall clock it writes into
# DISCLOSE_TUI_FIRST_FRAME once the frame is out), in seconds
median_first() {
	runs=$1
	i=0
	while [ $i -lt "$runs" ]; do
		rm -f "$work/first"
		s=$(date +%s.%N)
		view env DISCLOSE_TUI_FIRST_FRAME="$work/first" "$bin" "$2" \
			>/dev/null 2>&1 || { echo "report.sh: the assistant failed" >&2; exit 1; }
		[ -s "$work/first" ] || { echo "report.sh: no first frame marked" >&2; exit 1; }
		echo "$(cat "$work/first") - $s" | bc
		i=$((i + 1))
	done | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

peer_name="git log --format='%(trailers)'"
peer_added="git log --diff-filter=A --name-only --format='%(trailers)'"
rss_first=
for n in $sizes; do
	repo=$(sh "$here/gen-history.sh" "$n") || exit 2
	cd "$repo" || exit 2
	if [ ! -f .git/objects/info/commit-graph ]; then
		git commit-graph write --reachable 2>/dev/null || exit 2
	fi
	gen=$(cat .git/gen-seconds 2>/dev/null || echo '?')
	root=$(git rev-list --max-parents=0 main)
	range=$root..main
	count=$(git rev-list --count "$range")
	merges=$(git rev-list --merges --count "$range")
	echo "history-$n: $count commits ($merges merges) in range, generated once in ${gen} s"
	how="wall clock, one run each, $count commits ($merges merges, ~70,000 files), commit-graph; peak RSS"
	measure git log --format='%(trailers)' "$range"
	peer=$secs peer_rss=$rss peer_load=$load peer_cpu=$cpu
	measure "$bin" check --no-spdx "$range"
	check=$secs check_rss=$rss check_load=$load check_cpu=$cpu check_anon=$anon
	measure git log --diff-filter=A --name-only --format='%(trailers)' "$range"
	padd=$secs padd_rss=$rss padd_load=$load padd_cpu=$cpu
	measure "$bin" check "$range"
	spdx=$secs spdx_rss=$rss spdx_load=$load spdx_cpu=$cpu spdx_anon=$anon
	measure "$bin" report "$range"
	rep=$secs rep_rss=$rss rep_load=$load rep_cpu=$cpu rep_anon=$anon
	measure "$bin" report --by=subsystem "$range"
	sub=$secs sub_rss=$rss
	measure env DISCLOSE_TUI_SCRIPT="$work/empty.keys" \
		DISCLOSE_TUI_SIZE=80x24 TERM=xterm-256color LC_ALL=C.UTF-8 \
		"$bin" report --tui "$range"
	tui=$secs tui_rss=$rss
	if [ -n "${ALT:-}" ]; then
		"$ALT" check --json "$range" >"$work/old.json" 2>&1
		"$bin" check --json "$range" >"$work/new.json" 2>&1
		if cmp -s "$work/old.json" "$work/new.json"; then
			echo "check --json $range: the same bytes as $ALT ($(wc -l <"$work/new.json") lines)"
		else
			echo "check --json $range: DIFFERS from $ALT"
		fi
	fi
	# the assistant on the last 10 commits of the history, in a
	# repository that borrows its objects (alternates) and has its main
	# and no remote (the cache keeps no session of ours)
	rm -rf "$work/series"
	git init -q -b main "$work/series" || exit 2
	echo "$repo/.git/objects" >"$work/series/.git/objects/info/alternates"
	git -C "$work/series" update-ref refs/heads/main \
		"$(git rev-parse main)" || exit 2
	in_series=$(git rev-list --count main~10..main)
	first_load=$(cut -d' ' -f1 /proc/loadavg)
	first=$(cd "$work/series" && median_first 5 main~10..main)
	first_exit=$(cd "$work/series" && median_secs 5 view "$bin" main~10..main)
	first_peer=$(cd "$work/series" &&
		median_secs 5 git log --oneline main~10..main)
	"$bin" report "$range" | sed -n 2,4p
	echo "BENCH check --no-spdx $n-commit history|$(sec "$check") s|$peer_name|$(sec "$peer") s|$(ratio "$check" "$peer")|$how $check_rss KiB (private $check_anon KiB), git log $peer_rss KiB; CPU $check_cpu s / $peer_cpu s; load $check_load / $peer_load"
	echo "BENCH check (SPDX) $n-commit history|$(sec "$spdx") s|$peer_added|$(sec "$padd") s|$(ratio "$spdx" "$padd")|$how $spdx_rss KiB (private $spdx_anon KiB, git diff-tree included), git log $padd_rss KiB; CPU $spdx_cpu s / $padd_cpu s; load $spdx_load / $padd_load"
	echo "BENCH report $n-commit history|$(sec "$rep") s|$peer_name|$(sec "$peer") s|$(ratio "$rep" "$peer")|$how $rep_rss KiB (private $rep_anon KiB), git log $peer_rss KiB; CPU $rep_cpu s / $peer_cpu s; load $rep_load / $peer_load"
	echo "BENCH first frame of the assistant, 10 of $n commits|$(ms "$first") ms|git log --oneline of the series|$(ms "$first_peer") ms|$(ratio "$first" "$first_peer")|median of 5 runs, wall clock from the start to the first frame on a null 80x24 terminal (to the exit, with the files each commit adds read after it: $(ms "$first_exit") ms); a repository borrowing the objects of the $n-commit history (main~10..main: $in_series commits with the merges' sides); load $first_load"
	echo "BENCH report --tui $n-commit history (first frame)|$(sec "$tui") s|$peer_name|$(sec "$peer") s|$(ratio "$tui" "$peer")|$how $tui_rss KiB (the view keeps the ids and months of the AI commits and their subsystems)"
	echo "BENCH report --by=subsystem $n-commit history|$(sec "$sub") s|$peer_name|$(sec "$peer") s|$(ratio "$sub" "$peer")|$how $sub_rss KiB (top-level tree entries compared per commit)"
	if [ -z "$rss_first" ]; then
		rss_first=$n
		r_check=$check_rss r_spdx=$spdx_rss r_rep=$rep_rss
		a_check=$check_anon a_spdx=$spdx_anon a_rep=$rep_anon
	else
		for f in "check --no-spdx:$check_rss:$r_check:$check_anon:$a_check" \
			 "check:$spdx_rss:$r_spdx:$spdx_anon:$a_spdx" \
			 "report:$rep_rss:$r_rep:$rep_anon:$a_rep"; do
			name=${f%%:*} rest=${f#*:}
			big=${rest%%:*} rest=${rest#*:}
			small=${rest%%:*} rest=${rest#*:}
			abig=${rest%%:*} asmall=${rest#*:}
			echo "BENCH peak private memory of $name, $n commits|$abig KiB|the same at $rss_first commits|$asmall KiB|$(ratio "$abig" "$asmall")|RssAnon sampled every 0.2 s, children included (flat memory: about 1)"
			echo "BENCH peak RSS of $name, $n commits|$big KiB|the same at $rss_first commits|$small KiB|$(ratio "$big" "$small")|GNU time's Maximum resident set size: the private memory and the pages of the mapped pack index (page cache), which grows with the repository"
		done
	fi
done
