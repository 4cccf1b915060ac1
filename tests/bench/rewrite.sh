#!/bin/sh
# Whole-series rewrite: the same N-commit series (default 1,000, built
# with git fast-import by tests/fault/mkseries.sh) given Assisted-by and
# Signed-off-by trailers by git disclose amend, and by
#   git rebase --exec 'git commit --amend --no-edit --trailer ... --trailer ...'
# in the same run, on copies of the same repository. Prints name, ours,
# peer, ratio, the BENCH line of tests/bench/run.sh, and checks that our
# rewrite kept authors, dates and trees.
#
#   sh tests/bench/rewrite.sh build/git-disclose [N]
set -u
D=${1:?usage: rewrite.sh BIN [N]}
n=${2:-1000}
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-rewrite.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
sh "$here/fault/mkseries.sh" "$work/base" "$n" >/dev/null || exit 1
cp -a "$work/base" "$work/ours" && cp -a "$work/base" "$work/peer" || exit 1

now() { date +%s%N; }
secs() { awk -v ns="$1" 'BEGIN { printf "%.3f", ns / 1e9 }'; }

cd "$work/ours" || exit 1
t0=$(now)
"$D" amend --agent Claude --model claude-opus-4-5 base..main >/dev/null ||
	{ echo "rewrite.sh: git disclose amend failed" >&2; exit 1; }
t1=$(now)
ours=$((t1 - t0))

cd "$work/peer" || exit 1
t0=$(now)
git rebase -q --exec 'git commit -q --amend --no-edit --trailer "Assisted-by: Claude:claude-opus-4-5" --trailer "Signed-off-by: Hu Man <hu@example.org>"' base >/dev/null 2>&1 ||
	{ echo "rewrite.sh: git rebase --exec failed" >&2; exit 1; }
t1=$(now)
peer=$((t1 - t0))

# both kept authors, dates and trees
fmt='%an%n%ae%n%ad%n%T'
for d in ours peer; do
	git -C "$work/$d" log --format="$fmt" base.. | cmp -s - \
		"$(git -C "$work/base" log --format="$fmt" base.. >"$work/want" && echo "$work/want")" ||
		{ echo "rewrite.sh: $d changed authors, dates or trees" >&2; exit 1; }
done

o=$(secs $ours)
p=$(secs $peer)
ratio=$(awk -v o="$ours" -v p="$peer" 'BEGIN { printf "%.0f", p / o }')
printf '%-28s %10s %10s %8s\n' name ours peer ratio
printf '%-28s %9ss %9ss %7sx\n' "rewrite $n commits" "$o" "$p" "$ratio"
echo "BENCH rewrite $n commits|$o s|git rebase --exec 'git commit --amend --trailer'|$p s|${ratio}x|tests/bench/rewrite.sh: wall clock, same series, same run"
