# The assistant asks per commit: a two-agent series (commit 1 made with
# Codex, commit 2 with Claude Sonnet 4.5, commit 3 without a trace) is
# shown as mixed on the agent and model screen, each commit with its own
# agent and model and the line that told; the answer goes to the commit
# asked about (?>), whose own agent the fields start on (Codex), an
# answer of another agent is refused for the Codex commit, and the
# written series has each commit's own agent and model, commit 3 what
# the human typed; check is clean after.
. "$TOP/tests/e2e/lib.sh"
. "$TOP/tests/e2e/lib-tmux.sh"
command -v tmux >/dev/null || { echo "tmux is not installed"; exit 77; }

new_repo "$TMPDIR/r"
git branch -q upstream-base
git branch -q --set-upstream-to=upstream-base
n=0
commit() { # subject trailer
	n=$((n + 1))
	echo "// SPDX-License-Identifier: GPL-2.0-only" >"f$n.c"
	git add "f$n.c"
	git commit -q -m "$1

Body of $1.${2:+

$2}" || fail "commit $1"
}
commit "one: by Codex" "Co-authored-by: Codex <noreply@openai.com>"
commit "two: by Claude" \
	"Co-Authored-By: Claude Sonnet 4.5 <noreply@anthropic.com>"
commit "three: no trace"
cat >"$TMPDIR/run.sh" <<RUN
cd "$TMPDIR/r" || exit 1
LC_ALL=C.UTF-8 HOME="$HOME" XDG_CONFIG_HOME="$HOME/.config" GIT_CONFIG_NOSYSTEM=1 "$D"
echo \$? >"$TMPDIR/rc"
RUN
T -f /dev/null new-session -d -s t -x 100 -y 30 "sh $TMPDIR/run.sh" ||
	fail "tmux new-session"
T set-option -t t remain-on-exit on >/dev/null
screen() { T capture-pane -p -t t; }

wait_for "Step 1/5 Series"
keys Enter
wait_for "NOT REVIEWED"
keys r ']' r ']' r q
wait_for "Step 1/5 Series | open: 3 to certify, 2 to answer"
keys c
wait_for "Step 2/5 Checklist"
keys j Space j j Space
wait_for "NOT CERTIFIED  y: I certify this"
keys y j j Space
wait_for "Checklist complete"
keys c
wait_for "Step 3/5 Agent and model"
# shown as mixed, each commit with its own and where it came from
wait_for "Commits (mixed): their own agent and model, or your answer"
wait_for "?>1"
screen >"$TMPDIR/agent.txt"
expect_grep "Codex:?" "$TMPDIR/agent.txt"
expect_grep "Claude:claude-sonnet-4-5 its own: Co-Authored-By: Claude Sonnet 4.5" \
	"$TMPDIR/agent.txt"
expect_grep "nothing of its own: to answer" "$TMPDIR/agent.txt"
expect_grep "Ctrl-A: this answer for all 2" "$TMPDIR/agent.txt"
# asked about the Codex commit, the fields start on Codex and its
# models, not on the Claude pre-fill from commit 2
wait_for "Model (MODEL_VERSION) of Codex"
wait_for "Pre-filled from: commit 1/3"
# an answer of another agent is refused for it
keys BTab BTab
wait_for "> Codex"
keys k Enter
wait_for "Model (MODEL_VERSION) of Claude"
keys Enter
wait_for "names Codex itself"
# Codex, gpt-5-codex for commit 1
keys BTab BTab
wait_for "> Claude"
keys j Enter
wait_for "Model (MODEL_VERSION) of Codex"
keys j j Enter
wait_for "now commit 3/3"
wait_for "?>3"
# commit 3: what the human types
keys BTab C-u
type_text "Claude"
keys Enter Tab C-u
type_text "claude-opus-4-5"
keys Enter
wait_for "Step 4/5 Analysis tools"
keys Enter
wait_for "Step 5/5 Preview"
wait_for "+ Assisted-by: Codex:gpt-5-codex"
wait_for "+ Assisted-by: Claude:claude-sonnet-4-5"
keys G
wait_for "+ Assisted-by: Claude:claude-opus-4-5"
keys w
wait_for "Written: 3 of 3 commits changed"
keys Escape
i=0
while [ ! -s "$TMPDIR/rc" ]; do
	i=$((i + 1))
	[ $i -gt 50 ] && { screen >&2; fail "the assistant did not leave"; }
	sleep 0.1
done
expect_eq "exit status" 0 "$(cat "$TMPDIR/rc")"
trailers() { git log -1 --format=%B "$1" | git interpret-trailers --parse; }
expect_eq "commit 1: Codex" "Assisted-by: Codex:gpt-5-codex
$HUMAN_SOB" "$(trailers HEAD~2)"
expect_eq "commit 2: its own Claude model" "Assisted-by: Claude:claude-sonnet-4-5
$HUMAN_SOB" "$(trailers HEAD~1)"
expect_eq "commit 3: what the human typed" "Assisted-by: Claude:claude-opus-4-5
$HUMAN_SOB" "$(trailers HEAD)"
expect_status 0 "$D" check
expect_grep "3 commits, 0 errors" "$TMPDIR/out"
exit 0
