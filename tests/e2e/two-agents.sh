# Facts are per commit: a series with one Codex commit and one Claude
# commit. amend and fix refuse one answer for both and name the commits;
# each commit keeps its own agent and model; remembered answers are
# suggestions for commits without facts; print-only commands write no
# configuration.
. "$TOP/tests/e2e/lib.sh"
. "$TOP/tests/e2e/lib-tmux.sh"

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

# a remembered answer is used only when this command asks for it: a
# plain amend gives a commit without facts the sign-off alone and names
# --remembered; with it, the answer fills the commit and that is said
echo z >z.c
git add z.c
git commit -q -m "z: add it" || fail "third commit"
expect_status 0 "$D" amend HEAD
expect_grep "(or --remembered for git config's Claude:claude-sonnet-4-5)" "$TMPDIR/err"
expect_eq "no remembered answer unasked" "$HUMAN_SOB" \
	"$(git log -1 --format=%B HEAD | git interpret-trailers --parse)"
echo w >w.c
git add w.c
git commit -q -m "w: add it" || fail "fourth commit"
expect_status 0 "$D" amend --remembered HEAD
expect_grep "from git config disclose.agent, disclose.model" "$TMPDIR/err"
expect_eq "remembered answer used" "Assisted-by: Claude:claude-sonnet-4-5
$HUMAN_SOB" "$(git log -1 --format=%B HEAD | git interpret-trailers --parse)"

# The assistant in tmux: each commit gets its own agent and model, the
# default write converts the vendor trailers (check is clean after it),
# a commit added after the preview makes the write refuse, and review
# marks survive git rebase -i reword and the assistant's own write.
command -v tmux >/dev/null || { echo "tmux is not installed"; exit 77; }
two_agents "$TMPDIR/t"
git branch -q upstream-base HEAD~2
git branch -q --set-upstream-to=upstream-base
git config disclose.agent Codex
git config disclose.model gpt-5-codex
cat >"$TMPDIR/run.sh" <<RUN
cd "$TMPDIR/t" || exit 1
LC_ALL=C.UTF-8 HOME="$HOME" XDG_CONFIG_HOME="$HOME/.config" GIT_CONFIG_NOSYSTEM=1 "$D"
echo \$? >"$TMPDIR/rc"
RUN
start() {
	rm -f "$TMPDIR/rc"
	T -f /dev/null new-session -d -s t -x 100 -y 30 "sh $TMPDIR/run.sh" ||
		fail "tmux new-session"
	T set-option -t t remain-on-exit on >/dev/null
}
# leave: Esc, and y when it asks (nothing written yet)
leave() {
	keys Escape
	T capture-pane -p -t t | grep -qF "y: leave" && keys y
	i=0
	while [ ! -s "$TMPDIR/rc" ]; do
		i=$((i + 1))
		if [ $i -gt 50 ]; then
			T capture-pane -p -t t >&2
			fail "the assistant did not leave"
		fi
		sleep 0.1
	done
	T kill-server 2>/dev/null
}

start
wait_for "Step 1/5 Series"
wait_for "b: add it"
keys Enter
wait_for "NOT REVIEWED"
keys r ']' r q
wait_for "Step 1/5 Series | open: 3 to certify"
keys c
wait_for "Step 2/5 Checklist"
keys j Space j j Space
wait_for "NOT CERTIFIED  y: I certify this"
keys y j j Space
wait_for "Checklist complete"
keys c
wait_for "Step 3/5 Agent and model"
wait_for "Assisted-by: Codex:gpt-5-codex"
wait_for "Pre-filled from: git config disclose.agent, disclose.model"
keys Enter
wait_for "Step 4/5 Analysis tools"
keys Enter
wait_for "Step 5/5 Preview"
wait_for "Mixed agents: each commit keeps its own."
wait_for "+ Assisted-by: Claude:claude-sonnet-4-5"
wait_for "+ Assisted-by: Codex:gpt-5-codex"
T capture-pane -p -t t >"$TMPDIR/preview.txt"
expect_grep "x on the checklist keeps them" "$TMPDIR/preview.txt"
# another shell adds a commit after the preview: nothing is written
refs() { git for-each-ref --format='%(refname) %(objectname)'; }
before=$(refs)
git commit -q --allow-empty -m "c: from another shell"
added=$(refs)
keys w
wait_for "Nothing was written: the series changed since the preview"
leave
expect_eq "refused write: nothing written" "$added" "$(refs)"
git reset -q --soft HEAD~1
expect_eq "back to the previewed series" "$before" "$(refs)"

# git rebase -i reword of the first commit: the marks follow the change
GIT_SEQUENCE_EDITOR="sed -i 1s/^pick/reword/" \
	GIT_EDITOR="sed -i 1s/\$/,\ reworded/" \
	git rebase -q -i HEAD~2 >/dev/null 2>&1 || fail "rebase -i reword"
expect_eq "reworded" "a: add it, reworded" "$(git log -1 --format=%s HEAD~1)"
# the session holds the answers now: the write below must not store the
# Codex commit's answer as the repository's default
git config --unset disclose.agent
git config --unset disclose.model
start
# after a rewrite it resumes on the series, which says on its first
# frame what became of the marks; the per-commit answer is open again:
# commit a names Codex but no model, and that answer is not kept in the
# session, so it is asked again rather than filled in silently
wait_for "Step 1/5 Series | open: 1 to answer"
wait_for "resumed after a rewrite: 2 commits followed by their change (2 with a new id)"
T capture-pane -p -t t >"$TMPDIR/resumed.txt"
[ "$(grep -cE '^. [12] [0-9a-f]{7} yes ' "$TMPDIR/resumed.txt")" -eq 2 ] ||
	fail "review marks lost: $(cat "$TMPDIR/resumed.txt")"
# the write: each commit its own agent and model
keys c
wait_for "Checklist complete"
keys c
wait_for "Step 3/5 Agent and model"
keys Enter
wait_for "Step 4/5 Analysis tools"
keys Enter
wait_for "Step 5/5 Preview | nothing open"
keys w
wait_for "Written: 2 of 2 commits changed"
leave
expect_eq "exit status" 0 "$(cat "$TMPDIR/rc")"
expect_eq "Codex commit written" "Assisted-by: Codex:gpt-5-codex
$HUMAN_SOB" "$(git log -1 --format=%B HEAD~1 | git interpret-trailers --parse)"
expect_eq "Claude commit written" "Assisted-by: Claude:claude-sonnet-4-5
$HUMAN_SOB" "$(git log -1 --format=%B HEAD | git interpret-trailers --parse)"
expect_status 0 "$D" check
expect_grep "2 commits, 0 errors" "$TMPDIR/out"
# the answer given the Codex commit alone is not the repository's
# default: a mixed series remembers nothing
expect_eq "mixed series: nothing remembered" "" \
	"$(git config --get-regexp '^disclose\.' || true)"

# the assistant's own write keeps the review too
start
wait_for "Step 1/5 Series"
wait_for "resumed after a rewrite: 2 commits followed by their change (2 with a new id)"
T capture-pane -p -t t >"$TMPDIR/after-write.txt"
[ "$(grep -cE '^. [12] [0-9a-f]{7} yes ' "$TMPDIR/after-write.txt")" -eq 2 ] ||
	fail "review marks lost by the write: $(cat "$TMPDIR/after-write.txt")"
leave
exit 0
