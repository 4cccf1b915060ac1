# The assistant takes the agent and model as typed the way --agent and
# --model do: "Claude Code" is the agent Claude, "Claude Opus 4.8" the
# model claude-opus-4-8 (newer than the catalogue), in a real terminal.
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
keys Enter
wait_for "NOT REVIEWED"
keys r ']' r ']' r q
wait_for "Step 1/5 Series | open: 3 to certify"
keys c
wait_for "Step 2/5 Checklist"
keys j Space j j Space
wait_for "NOT CERTIFIED  y: I certify this"
keys y j j Space
wait_for "Checklist complete"
keys c
wait_for "Step 3/5 Agent and model"
# the agent field: the alias the command line maps
keys BTab C-u
type_text "Claude Code"
keys Enter
wait_for "known agent"
T capture-pane -p -t t | grep -q "contains whitespace" &&
	fail "the agent 'Claude Code' was refused"
# the model field: a display name newer than the catalogue
keys Tab C-u
type_text "Claude Opus 4.8"
keys Enter
wait_for "Step 4/5 Analysis tools"
wait_for "Assisted-by: Claude:claude-opus-4-8"
keys Enter
wait_for "Step 5/5 Preview"
# every commit names its own model: the series answer fills none of them
wait_for "+ Assisted-by: Claude:claude-opus-4-5"
keys Escape Escape Escape Escape q q q
