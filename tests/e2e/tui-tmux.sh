# The whole flow in a real terminal: the binary runs in tmux, keys go in
# with send-keys, the screen comes back with capture-pane; then git checks
# the written commits.
. "$TOP/tests/e2e/lib.sh"
. "$TOP/tests/e2e/lib-tmux.sh"
. "$TOP/tests/tui/series.sh"
command -v tmux >/dev/null || { echo "tmux is not installed"; exit 77; }
make_series "$TMPDIR/r" >/dev/null || fail "series"
cat >"$TMPDIR/run.sh" <<RUN
cd "$TMPDIR/r" || exit 1
LC_ALL=C.UTF-8 HOME="$HOME" XDG_CONFIG_HOME="$HOME/.config" GIT_CONFIG_NOSYSTEM=1 "$D"
echo \$? >"$TMPDIR/rc"
RUN
T -f /dev/null new-session -d -s t -x 80 -y 24 "sh $TMPDIR/run.sh" ||
	fail "tmux new-session"
T set-option -t t remain-on-exit on >/dev/null


wait_for "Step 1/5 Series"
wait_for "frob: use it in twice()"
keys Enter
wait_for "NOT REVIEWED"
keys r
wait_for "REVIEWED  r:"
keys ']' r ']' r q
wait_for "Step 1/5 Series | open: 3 to certify"
keys c
wait_for "Step 2/5 Checklist"
keys j Space j j Space
wait_for "NOT CERTIFIED  y: I certify this"
keys y j j Space
wait_for "Checklist complete"
keys c
wait_for "Step 3/5 Agent and model"
wait_for "Assisted-by: Claude:claude-opus-4-5"
keys Enter
wait_for "Step 4/5 Analysis tools"
keys Space j Space Enter
wait_for "Step 5/5 Preview"
wait_for "+ Assisted-by: Claude:claude-opus-4-5 coccinelle sparse"
keys w
wait_for "Written: 3 of 3 commits changed"
T capture-pane -p -t t >"$TMPDIR/written.txt"
keys Escape
i=0
while [ ! -s "$TMPDIR/rc" ]; do
	i=$((i + 1))
	[ $i -gt 50 ] && fail "the assistant did not leave"
	sleep 0.1
done
expect_eq "exit status" 0 "$(cat "$TMPDIR/rc")"
expect_eq "terminal back from the alternate screen" 0 \
	"$(T display-message -p -t t '#{alternate_on}')"

cd "$TMPDIR/r" || fail "cd"
for c in HEAD~2 HEAD~1 HEAD; do
	expect_eq "trailers of $c" "Assisted-by: Claude:claude-opus-4-5 coccinelle sparse
$HUMAN_SOB" "$(git log -1 --format=%B "$c" | git interpret-trailers --parse)"
done
git log --format=%B -3 | grep -qi "anthropic" && fail "vendor traces left"
expect_eq "backup" "$(git rev-parse refs/disclose/backup/main^{tree})" \
	"$(git rev-parse HEAD^{tree})"
expect_grep "Undo:   git reset --soft refs/disclose/backup/main" "$TMPDIR/written.txt"
# After leaving: the undo on the shell's screen, at column 0, and no line
# of the assistant left there (its history too: tmux's "Pane is dead"
# scrolls the screen by one line).
T capture-pane -p -S - -t t >"$TMPDIR/after.txt"
grep -q '^git disclose: trailers written; undo: git reset --soft refs/disclose/backup/main$' \
	"$TMPDIR/after.txt" ||
	fail "no undo at column 0 after leaving: $(cat -A "$TMPDIR/after.txt")"
grep -q "Step [0-9]/5\|Written:" "$TMPDIR/after.txt" &&
	fail "the assistant's screen left behind: $(cat "$TMPDIR/after.txt")"
:
