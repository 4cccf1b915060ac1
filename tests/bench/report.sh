#!/bin/sh
# Benchmark: git disclose report and check --no-spdx over the
# kernel-shaped histories of gen-history.sh (100,000 and 1,000,000
# commits, built once into the bench cache), next to git log
# --format='%(trailers)' over the same range in the same run; wall clock
# and peak RSS (GNU time).
#
#   sh tests/bench/report.sh build/git-disclose
#
# BENCH_REPORT_SIZES="100000" leaves the million out (its first
# generation takes minutes; later runs reuse the cache).
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

# measure CMD...: wall seconds and peak RSS (KiB) into $secs and $rss
measure() {
	s=$(date +%s.%N)
	/usr/bin/time -v -o "$work/time" "$@" >/dev/null 2>"$work/err"
	rc=$?
	secs=$(echo "$(date +%s.%N) - $s" | bc)
	rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time")
	# check exits 1 when it finds policy errors; anything else is a failure
	if [ $rc -gt 1 ]; then
		echo "report.sh: '$*' failed (exit $rc):" >&2
		cat "$work/err" >&2
		exit 1
	fi
}
sec() { printf '%.2f' "$1"; }
ratio() { echo "scale=2; $1 / $2" | bc; }

for n in $sizes; do
	repo=$(sh "$here/gen-history.sh" "$n") || exit 2
	cd "$repo" || exit 2
	gen=$(cat .git/gen-seconds 2>/dev/null || echo '?')
	root=$(git rev-list --max-parents=0 main)
	range=$root..main
	count=$(git rev-list --count "$range")
	merges=$(git rev-list --merges --count "$range")
	echo "history-$n: $count commits ($merges merges) in range, generated once in ${gen} s"
	measure git log --format='%(trailers)' "$range"
	peer=$secs peer_rss=$rss
	measure "$bin" check --no-spdx "$range"
	check=$secs check_rss=$rss
	measure "$bin" report "$range"
	rep=$secs rep_rss=$rss
	measure "$bin" report --by=subsystem "$range"
	sub=$secs sub_rss=$rss
	"$bin" report "$range" | sed -n 2,4p
	how="wall clock, same run, $count commits ($merges merges, ~70,000 files; generated once in $gen s); peak RSS"
	peer_name="git log --format='%(trailers)'"
	echo "BENCH check --no-spdx $n-commit history|$(sec "$check") s|$peer_name|$(sec "$peer") s|$(ratio "$check" "$peer")|$how $check_rss KiB, git log $peer_rss KiB"
	echo "BENCH report $n-commit history|$(sec "$rep") s|$peer_name|$(sec "$peer") s|$(ratio "$rep" "$peer")|$how $rep_rss KiB, git log $peer_rss KiB; report/check --no-spdx $(ratio "$rep" "$check")"
	echo "BENCH report --by=subsystem $n-commit history|$(sec "$sub") s|$peer_name|$(sec "$peer") s|$(ratio "$sub" "$peer")|$how $sub_rss KiB (top-level tree entries compared per commit)"
done
