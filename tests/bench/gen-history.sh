#!/bin/sh
# A kernel-shaped history for the benchmarks, made once with git
# fast-import and kept in the bench cache:
#
#   sh tests/bench/gen-history.sh [N]     prints the repository's path
#
# N commits (default 1000000; N=100000 for a quick run) over ten years,
# about 70,000 files in a four-level tree under kernel-like top-level
# directories, two files changed per commit; one commit in twelve is a
# merge of a topic line into main (8.3%). Messages carry trailer blocks
# as kernel commits do: sign-off chains, Reviewed-by, Acked-by, Fixes,
# Link, Cc. Over the last three "years" a growing share of commits (1%,
# 4%, then 10%) shows AI assistance: six in ten with an Assisted-by of
# one of several agents, models and tools, the others with vendor
# traces only (Co-Authored-By: Claude ..., Made-with: Cursor, Claude
# Code's footer, Codex's identity); one in 20,000 has an AI sign-off.
#
# The cache is $DISCLOSE_CACHE, else ~/.cache/git-disclose/bench; the
# repository is history-N there, rebuilt only when it is missing or
# unfinished (history-N/.git/gen-done is written last).
n=${1:-${N:-1000000}}
case $n in ''|*[!0-9]*) echo "gen-history.sh: N must be a number, not '$n'" >&2; exit 2 ;; esac
cache=${DISCLOSE_CACHE:-${HOME:?}/.cache/git-disclose/bench}
repo=$cache/history-$n
if [ -f "$repo/.git/gen-done" ]; then
	echo "$repo"
	exit 0
fi
mkdir -p "$cache" || exit 2
rm -rf "$repo"
git init -q -b main "$repo" >&2 || exit 2
start=$(date +%s)
awk -v n="$n" 'BEGIN {
	srand(1)
	split("arch drivers drivers drivers drivers fs fs net net kernel mm " \
	      "include include sound tools Documentation lib block crypto " \
	      "security", tops, " ")
	nt = 20; nfiles = 70000
	split("Claude:claude-opus-4-5 coccinelle|Claude:claude-sonnet-4-5|" \
	      "Claude:claude-opus-4-6 sparse|Codex:gpt-5.5|Codex:gpt-5.3-codex smatch|" \
	      "Gemini:gemini-2.5-pro|Copilot:gpt-4.1|Cursor:claude-sonnet-4-5|" \
	      "aider:deepseek-v3 sparse smatch", assisted, "|")
	na = 9
	split("Co-Authored-By: Claude <noreply@anthropic.com>|" \
	      "Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>|" \
	      "Made-with: Cursor|" \
	      "Co-authored-by: Codex <noreply@openai.com>|" \
	      "Co-authored-by: aider (gpt-4o) <aider@aider.chat>", vendor, "|")
	nv = 5
	split("Alice Maintainer|Bob Reviewer|Carol Hacker|Dan Porter|" \
	      "Eve Tester|Frank Stable|Grace Driver|Heidi Netdev", people, "|")
	np = 8
	t0 = 1480000000; span = 10 * 365 * 86400
	# the first commit: the whole tree
	print "commit refs/heads/main"
	print "mark :1"
	print "author Alice Maintainer <alice@example.org> " t0 " +0000"
	print "committer Alice Maintainer <alice@example.org> " t0 " +0000"
	print "data <<EOM"
	print "Initial import"
	print ""
	print "Signed-off-by: Alice Maintainer <alice@example.org>"
	print "EOM"
	for (f = 0; f < nfiles; f++) {
		print "M 100644 inline " path(f)
		print "data <<EOD"
		print "/* file " f " */"
		print "EOD"
	}
	print ""
	mtip = 1; ttip = 1; ntopic = 0
	for (i = 2; i <= n; i++) {
		t = t0 + int(span * i / n)
		year = int(10 * i / n)
		if (i % 12 == 0) {
			merge(i, t)
			continue
		}
		topic = (i % 12) < 6
		a = people[1 + int(rand() * np)]
		mail = tolower(substr(a, 1, index(a, " ") - 1)) "@example.org"
		print "commit refs/heads/" (topic ? "topic" : "main")
		print "mark :" i
		print "author " a " <" mail "> " t " +0000"
		print "committer Alice Maintainer <alice@example.org> " t " +0000"
		print "data <<EOM"
		body(i, year, a, mail)
		print "EOM"
		print "from :" (topic ? ttip : mtip)
		for (k = 0; k < 2; k++) {
			f = (i * 7919 + k * 104729) % nfiles
			print "M 100644 inline " path(f)
			print "data <<EOD"
			print "/* file " f ", change " i " */"
			print "EOD"
			if (topic) {
				tpath[ntopic] = path(f); tdata[ntopic] = "/* file " f ", change " i " */"
				ntopic++
			}
		}
		print ""
		if (topic) ttip = i; else mtip = i
	}
	print "reset refs/heads/topic"
	print "from :" mtip
	print ""
}
function path(f) {
	return tops[1 + f % nt] "/sub" int(f / nt) % 30 "/part" int(f / 600) % 12 "/file" f ".c"
}
# a merge of the topic line into main, carrying the topic files
function merge(i, t) {
	print "commit refs/heads/main"
	print "mark :" i
	print "author Alice Maintainer <alice@example.org> " t " +0000"
	print "committer Alice Maintainer <alice@example.org> " t " +0000"
	print "data <<EOM"
	print "Merge branch \"topic-" i "\""
	print ""
	print "Pull the topic of change " i "."
	print "EOM"
	print "from :" mtip
	if (ttip != mtip)
		print "merge :" ttip
	for (k = 0; k < ntopic; k++) {
		print "M 100644 inline " tpath[k]
		print "data <<EOD"
		print tdata[k]
		print "EOD"
	}
	print ""
	mtip = i; ttip = i; ntopic = 0
}
function body(i, year, a, mail,    r, share, s) {
	print tops[1 + i % nt] ": fix the handling of case " i
	print ""
	print "The old code did not handle case " i " when the device was"
	print "already gone; take the lock first and check again."
	share = year >= 9 ? 0.10 : year == 8 ? 0.04 : year == 7 ? 0.01 : 0
	r = rand()
	ai = r < share
	if (ai && rand() >= 0.6 && rand() < 0.3) {
		print ""
		print "Generated with [Claude Code](https://claude.com/claude-code)"
	}
	print ""
	if (rand() < 0.15)
		printf "Fixes: %06x%06x (\"%s: an older change\")\n", \
		       i % 16777216, (i * 7919) % 16777216, tops[1 + (i + 3) % nt]
	if (rand() < 0.3)
		print "Cc: stable@vger.kernel.org"
	if (rand() < 0.4)
		print "Link: https://lore.kernel.org/r/" i ".1234-1-" mail
	if (ai) {
		if (rand() < 0.6)
			print "Assisted-by: " assisted[1 + int(rand() * na)]
		else
			print vendor[1 + int(rand() * nv)]
	}
	if (rand() < 0.5)
		print "Reviewed-by: Bob Reviewer <bob@example.org>"
	if (rand() < 0.2)
		print "Acked-by: Carol Hacker <carol@example.org>"
	print "Signed-off-by: " a " <" mail ">"
	if (i % 20000 == 7)
		print "Signed-off-by: Claude <noreply@anthropic.com>"
	if (a != "Alice Maintainer")
		print "Signed-off-by: Alice Maintainer <alice@example.org>"
}' | git -C "$repo" fast-import --quiet >&2 || exit 2
git -C "$repo" reset -q --hard main >&2 || exit 2
end=$(date +%s)
echo "generated $n commits in $((end - start)) s" >&2
echo "$((end - start))" >"$repo/.git/gen-seconds"
: >"$repo/.git/gen-done"
echo "$repo"
