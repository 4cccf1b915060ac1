#!/bin/sh
# Benchmark: git disclose check over a generated 100,000-commit history,
# next to git log --format='%(trailers)' over the same range, in the same
# run. Prints one line per program (name, seconds, max RSS) and the ratio.
#
#   sh tests/bench/check.sh build/git-disclose [COMMITS]
#
# ALT=/path/to/another/git-disclose times that build too (to compare a
# change on the same repository).
# The repository is made with git fast-import and gets a commit-graph
# (as git gc writes one): every commit changes one
# file, every 100th adds a C file (with or without an SPDX line), messages
# carry sign-offs, a tenth an Assisted-by, some vendor trailers, footers
# and malformed tags.
bin=${1:-${DISCLOSE:-build/git-disclose}}
n=${2:-100000}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
if [ ! -x "$bin" ]; then
	echo "check.sh: $bin is not an executable: build it with make" >&2
	exit 2
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-check.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT INT TERM
export GIT_CONFIG_NOSYSTEM=1 HOME="$work" LC_ALL=C
git init -q "$work/repo" || exit 2
cd "$work/repo" || exit 2
git config user.name Dev && git config user.email dev@example.org

start=$(date +%s.%N)
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
		print "This is the body of commit " i ", long enough to be a"
		print "paragraph of prose like any other."
		if (i % 97 == 0) {
			print ""
			print "Generated with [Claude Code](https://claude.com/claude-code)"
		}
		print ""
		if (i % 10 == 0)
			print "Assisted-by: Claude:claude-opus-4-5 coccinelle"
		if (i % 50 == 0)
			print "Co-Authored-By: Claude <noreply@anthropic.com>"
		if (i % 77 == 0)
			print "Assisted-by: claude-opus-4-6"
		if (i % 61 == 0)
			print "Made-with: Cursor"
		print "Reviewed-by: Rev Iewer <rev@example.org>"
		print "Signed-off-by: Dev <dev@example.org>"
		print "EOM"
		if (i > 1)
			print "from :" (i - 1)
		print "M 100644 inline dir" (i % 100) "/file.txt"
		print "data <<EOD"
		print "content " i
		print "EOD"
		if (i % 100 == 0) {
			print "M 100644 inline src/new" i ".c"
			print "data <<EOD"
			if (i % 300 != 0)
				print "// SPDX-License-Identifier: GPL-2.0-only"
			print "int f" i ";"
			print "EOD"
		}
		print ""
	}
	print "reset refs/tags/A"
	print "from :1"
	print ""
}' | git fast-import --quiet || exit 2
git reset -q --hard main
# as git gc leaves a repository: with a commit-graph the walk streams
# (src/walk.h) and git log parses commits from it too
git commit-graph write --reachable 2>/dev/null || exit 2
gen=$(echo "$(date +%s.%N) - $start" | bc)
echo "generated $n commits in ${gen}s"

if [ -x /usr/bin/time ] && /usr/bin/time -v true >/dev/null 2>&1; then
	have_time=1
else
	have_time=0
	echo "(no GNU time: install it with apt-get install time for max RSS)"
fi

# measure NAME CMD...: wall seconds and max RSS into $secs and $rss
measure() {
	name=$1
	shift
	s=$(date +%s.%N)
	if [ $have_time = 1 ]; then
		/usr/bin/time -v -o "$work/time" "$@" >/dev/null 2>&1
		rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time")
	else
		"$@" >/dev/null 2>&1
		rss=?
	fi
	secs=$(echo "$(date +%s.%N) - $s" | bc)
	printf '%-44s %8.2fs %8s KiB\n' "$name" "$secs" "$rss"
}

range=A..main
echo "range $range: $(git rev-list --count $range) commits"
measure "git disclose check $range" "$bin" check $range
ours=$secs ours_rss=$rss
measure "git log --format='%(trailers)' $range" \
	git log --format='%(trailers)' $range
peer=$secs peer_rss=$rss
measure "git disclose check --json $range" "$bin" check --json $range
json=$secs
# flat memory: a tenth of the range should need about the same RSS
tenth=$(git rev-parse "main~$((n / 10))")
measure "git disclose check $tenth..main (1/10)" "$bin" check $tenth..main
tenth_rss=$rss
measure "git disclose check --no-spdx $range" "$bin" check --no-spdx $range
nospdx=$secs nospdx_rss=$rss
if [ -n "${ALT:-}" ]; then
	measure "ALT check $range" "$ALT" check $range
	measure "ALT check --no-spdx $range" "$ALT" check --no-spdx $range
	measure "ALT check $tenth..main (1/10)" "$ALT" check $tenth..main
fi
printf 'ratio --no-spdx/peer: %s\n' "$(echo "scale=2; $nospdx / $peer" | bc)"
printf 'ratio ours/peer: %s (goal <= 1)\n' \
	"$(echo "scale=2; $ours / $peer" | bc)"
"$bin" check $range | tail -n 1
# the lines tests/bench/run.sh collects into the one report
ratio() { echo "scale=2; $1 / $2" | bc; }
sec() { printf '%.2f' "$1"; }
how="wall clock, same run, same $n-commit range; max RSS"
echo "BENCH check $n commits|$(sec "$ours") s|git log --format='%(trailers)'|$(sec "$peer") s|$(ratio "$ours" "$peer")|$how $ours_rss KiB (1/10 of the range: $tenth_rss KiB), git log $peer_rss KiB"
echo "BENCH check --json $n commits|$(sec "$json") s|git log --format='%(trailers)'|$(sec "$peer") s|$(ratio "$json" "$peer")|wall clock, same run, same range"
echo "BENCH check --no-spdx $n commits|$(sec "$nospdx") s|git log --format='%(trailers)'|$(sec "$peer") s|$(ratio "$nospdx" "$peer")|$how $nospdx_rss KiB, git log $peer_rss KiB"
