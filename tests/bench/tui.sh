#!/bin/sh
# Benchmark: time to the first frame of the assistant in a repository of
# 100,000 commits (made with git fast-import) whose branch is a 10-commit
# series on its upstream. The assistant runs with an empty key script on
# a null terminal, so the figure is start-up, first frame and tear-down.
# Peer: git log of the same range, the least any tool must do. Prints
# one line per program: name, median milliseconds of RUNS runs, target.
#
#   sh tests/bench/tui.sh build/git-disclose [COMMITS] [RUNS]
bin=${1:-${DISCLOSE:-build/git-disclose}}
n=${2:-100000}
runs=${3:-11}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
if [ ! -x "$bin" ]; then
	echo "tui.sh: $bin is not an executable: build it with make" >&2
	exit 2
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-tui.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT INT TERM
export GIT_CONFIG_NOSYSTEM=1 HOME="$work" LC_ALL=C.UTF-8
git init -q -b main "$work/repo" || exit 2
cd "$work/repo" || exit 2
git config user.name Dev && git config user.email dev@example.org

awk -v n="$n" 'BEGIN {
	for (i = 1; i <= n; i++) {
		print "commit refs/heads/main"
		print "mark :" i
		t = 1700000000 + i
		print "author Dev <dev@example.org> " t " +0000"
		print "committer Dev <dev@example.org> " t " +0000"
		print "data <<EOM"
		print "subsys: change number " i
		print ""
		print "The body of commit " i "."
		print ""
		if (i > n - 10)
			print "Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>"
		print "Signed-off-by: Dev <dev@example.org>"
		print "EOM"
		if (i > 1)
			print "from :" (i - 1)
		print "M 100644 inline dir" (i % 100) "/file" i % 7 ".c"
		print "data <<EOD"
		print "// SPDX-License-Identifier: GPL-2.0-only"
		print "int f" i ";"
		print "EOD"
		print ""
	}
}' | git fast-import --quiet || exit 2
git reset -q --hard main
git branch -q upstream main~10
git branch -q --set-upstream-to=upstream main
: >"$work/empty.keys"

# median_ms CMD...: the median wall time of runs runs, in milliseconds.
median_ms() {
	i=0
	while [ $i -lt "$runs" ]; do
		s=$(date +%s%N)
		"$@" >/dev/null 2>&1 || { echo "tui.sh: '$*' failed" >&2; exit 1; }
		e=$(date +%s%N)
		echo $(((e - s) / 1000))
		i=$((i + 1))
	done | sort -n | awk '{ v[NR] = $1 } END { printf "%.1f", v[int((NR + 1) / 2)] / 1000 }'
}

tui() {
	DISCLOSE_TUI_SCRIPT="$work/empty.keys" DISCLOSE_TUI_SIZE=80x24 \
		TERM=xterm-256color "$bin"
}
[ "$(git rev-list --count @{upstream}..HEAD)" = 10 ] || exit 2
t=$(median_ms tui)
p=$(median_ms git log --format='%h %s%n%(trailers)' @{upstream}..HEAD)
echo "BENCH first frame, 10 of $n commits|$t ms|git log of the series|$p ms||median of $runs runs, wall clock: start, first frame on a null 80x24 terminal, exit; target < 50 ms"
printf '%-34s %8s ms  (target < 50 ms, %d commits, 10 in the series)\n' \
	"git disclose (first frame)" "$t" "$n"
printf '%-34s %8s ms  (peer: git log of the series)\n' "git log @{upstream}..HEAD" "$p"
