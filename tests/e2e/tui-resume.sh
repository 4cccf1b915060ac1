# Leaving and coming back, in a real terminal of 120 columns, on a new
# user's mixed series (commit 1 names Codex but no model, commit 2 Claude
# Sonnet 4.5, commit 3 nothing):
# - left on the series screen after two reviews, the assistant reopens
#   there (not on a later step with an error), and the pre-fill still
#   names commit 2's line, not "your saved session" (nobody answered);
# - after a rewrite that dropped a mark, the first frame is the series
#   with the whole note, wrapped;
# - the agent screen asked about commit 1 starts on Codex and its
#   models, and the tools screen says which commits get the tools.
. "$TOP/tests/e2e/lib.sh"
. "$TOP/tests/e2e/lib-tmux.sh"
. "$TOP/tests/tui/series.sh"
command -v tmux >/dev/null || { echo "tmux is not installed"; exit 77; }
make_series "$TMPDIR/r" >/dev/null || fail "series"
make_mixed >/dev/null || fail "mixed series"
cat >"$TMPDIR/run.sh" <<RUN
cd "$TMPDIR/r" || exit 1
rm -f "$TMPDIR/rc"
LC_ALL=C.UTF-8 HOME="$HOME" XDG_CONFIG_HOME="$HOME/.config" GIT_CONFIG_NOSYSTEM=1 "$D"
echo \$? >"$TMPDIR/rc"
RUN
screen() { T capture-pane -p -t t; }
# start: a new tmux session running the assistant
start() {
	new_session -s t -x 120 -y 30 "sh $TMPDIR/run.sh" ||
		fail "tmux new-session"
	T set-option -t t remain-on-exit on >/dev/null
}
# left: the assistant exited 0
left() {
	i=0
	while [ ! -s "$TMPDIR/rc" ]; do
		i=$((i + 1))
		[ $i -gt 50 ] && { screen >&2; fail "the assistant did not leave"; }
		sleep 0.1
	done
	expect_eq "exit status" 0 "$(cat "$TMPDIR/rc")"
}

start
wait_for "Step 1/5 Series"
keys Enter
wait_for "NOT REVIEWED"
keys r ']' r q
wait_for "Step 1/5 Series | open: 1 to review"
keys Escape
wait_for "Leave?"
keys y
left

# back: the series screen, the pre-fill with its own source
start
wait_for "Step 1/5 Series"
screen >"$TMPDIR/back.txt"
expect_grep "Pre-filled: Claude claude-sonnet-4-5 (from Co-Authored-By: Claude Sonnet 4.5" \
	"$TMPDIR/back.txt"
grep -q "saved session" "$TMPDIR/back.txt" &&
	fail "a pre-fill shown as the saved answer: $(cat "$TMPDIR/back.txt")"
keys Escape
left

# a rewrite drops the mark of commit 2: the note, whole, on the first frame
GIT_SEQUENCE_EDITOR="sed -i '2s/^pick/edit/'" git rebase -q -i upstream-base \
	>/dev/null 2>&1 || fail "rebase"
printf '// SPDX-License-Identifier: GPL-2.0-only\nint frob_scan(void) { return 1; }\n' >scan.c
git add scan.c
git commit -q --amend --no-edit || fail "amend"
GIT_EDITOR=true git rebase --continue >/dev/null || fail "rebase --continue"
start
wait_for "resumed after a rewrite"
screen >"$TMPDIR/rewritten.txt"
expect_grep "Step 1/5 Series" "$TMPDIR/rewritten.txt"
expect_grep "change is gone or differs" "$TMPDIR/rewritten.txt"
expect_grep "new to review" "$TMPDIR/rewritten.txt"

# the agent screen asks about commit 1: Codex and its models
keys c
wait_for "Step 2/5 Checklist"
keys c
wait_for "Step 3/5 Agent and model"
wait_for "?>1"
wait_for "Model (MODEL_VERSION) of Codex"
wait_for "> gpt-5"
wait_for "Agent: Codex"
wait_for "Pre-filled from: commit 1/3"
keys Enter
wait_for "now commit 3/3"
keys C-a
wait_for "Step 4/5 Analysis tools"
wait_for "They go on commits 1, 3 of 3; not on 2 (its own agent and model)."
keys Escape
wait_for "Leave?"
keys y
left
exit 0
