# Facts are per commit: a series with one Codex commit and one Claude
# commit. amend and fix refuse one answer for both and name the commits;
# each commit keeps its own agent and model; remembered answers are
# suggestions for commits without facts; print-only commands write no
# configuration.
. "$TOP/tests/e2e/lib.sh"

CODEX="Co-authored-by: Codex <noreply@openai.com>"
CLAUDE="Co-Authored-By: Claude Sonnet 4.5 <noreply@anthropic.com>"

# two_agents DIR: base, then a Codex commit, then a Claude commit.
two_agents() {
	new_repo "$1"
	echo "// SPDX-License-Identifier: GPL-2.0-only" >a.c
	git add a.c
	git commit -q -m "a: add it

Written with Codex.

$CODEX" || fail "codex commit"
	echo "// SPDX-License-Identifier: GPL-2.0-only" >b.c
	git add b.c
	git commit -q -m "b: add it

Written with Claude.

$CLAUDE" || fail "claude commit"
}

two_agents "$TMPDIR/r"
before=$(repo_state)

# amend with one answer for both: refused, both... the Claude one named
expect_status 1 "$D" amend --agent Codex --model gpt-5-codex HEAD~2..HEAD
expect_grep "$(git rev-parse --short=12 HEAD) b: add it" "$TMPDIR/err"
expect_grep "Claude:claude-sonnet-4-5" "$TMPDIR/err"
expect_grep "nothing was written" "$TMPDIR/err"
expect_eq "amend refused: nothing written" "$before" "$(repo_state)"
expect_eq "refused amend remembers nothing" "" \
	"$(git config --get-regexp '^disclose\.' || true)"

# fix with one answer for both: refused the same way
expect_status 1 "$D" fix --agent Codex --model gpt-5-codex HEAD~2..HEAD
expect_grep "$(git rev-parse --short=12 HEAD) b: add it" "$TMPDIR/err"
expect_grep "nothing was written" "$TMPDIR/err"
expect_eq "fix refused: nothing written" "$before" "$(repo_state)"

# print-only commands write no configuration
expect_status 0 "$D" trailer --agent Claude --model claude-opus-4-5
expect_status 1 "$D" check HEAD~2..HEAD
expect_status 0 "$D" amend --dry-run --agent Codex --model gpt-5-codex \
	--only HEAD~1 HEAD~2..HEAD
expect_eq "print-only commands remember nothing" "" \
	"$(git config --get-regexp '^disclose\.' || true)"

# --only says which commit gets which answer
expect_status 0 "$D" fix --agent Codex --model gpt-5-codex --only HEAD~1 \
	HEAD~2..HEAD
expect_status 0 "$D" fix --model claude-sonnet-4-5 --only HEAD HEAD~2..HEAD
expect_eq "Codex commit" "Assisted-by: Codex:gpt-5-codex
$HUMAN_SOB" "$(git log -1 --format=%B HEAD~1 | git interpret-trailers --parse)"
expect_eq "Claude commit" "Assisted-by: Claude:claude-sonnet-4-5
$HUMAN_SOB" "$(git log -1 --format=%B HEAD | git interpret-trailers --parse)"
expect_status 0 "$D" check HEAD~2..HEAD

# a plain fix keeps each commit's own facts
two_agents "$TMPDIR/plain"
expect_status 1 "$D" fix --model gpt-5-codex HEAD~2..HEAD
expect_grep "$(git rev-parse --short=12 HEAD) b: add it" "$TMPDIR/err"
expect_status 2 "$D" fix HEAD~2..HEAD
expect_grep "$(git rev-parse --short=12 HEAD~1)" "$TMPDIR/err"
expect_grep "--model" "$TMPDIR/err"
expect_status 0 "$D" fix --model gpt-5-codex --only HEAD~1 HEAD~2..HEAD
expect_status 0 "$D" fix HEAD~2..HEAD
expect_eq "plain fix: Claude commit" "Assisted-by: Claude:claude-sonnet-4-5
$HUMAN_SOB" "$(git log -1 --format=%B HEAD | git interpret-trailers --parse)"

# a one-off --model is a suggestion: a later plain amend leaves a
# commit's correct disclosure alone
new_repo "$TMPDIR/m"
echo x >x.c
git add x.c
git commit -q -m "x: add it

Assisted-by: Claude:claude-opus-4-5
$HUMAN_SOB" || fail "disclosed commit"
echo y >y.c
git add y.c
git commit -q -m "y: add it" || fail "plain commit"
expect_status 0 "$D" amend --agent Claude --model claude-sonnet-4-5 HEAD
expect_eq "remembered on the write" "claude-sonnet-4-5" \
	"$(git config disclose.model)"
old=$(git rev-parse HEAD~1)
expect_status 0 "$D" amend HEAD~2..HEAD
expect_eq "correct disclosure kept" "$old" "$(git rev-parse HEAD~1)"
expect_eq "its trailers" "Assisted-by: Claude:claude-opus-4-5
$HUMAN_SOB" "$(git log -1 --format=%B HEAD~1 | git interpret-trailers --parse)"

# a remembered answer fills a commit without facts, and says so
echo z >z.c
git add z.c
git commit -q -m "z: add it" || fail "third commit"
expect_status 0 "$D" amend HEAD
expect_grep "from git config disclose.agent, disclose.model" "$TMPDIR/err"
expect_eq "remembered answer used" "Assisted-by: Claude:claude-sonnet-4-5
$HUMAN_SOB" "$(git log -1 --format=%B HEAD | git interpret-trailers --parse)"
exit 0
