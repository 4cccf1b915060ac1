# The agent and model screen in a real terminal: the focus is always
# shown (">" on the list, "Agent>" on the field that has the keys), an agent without
# known models puts the keys in the model field (typing there is not
# dropped), and an agent the catalogue does not know is not taken
# silently: Enter asks to confirm it (with "did you mean"), a second
# Enter confirms.
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
screen() { T capture-pane -p -t t; }

wait_for "Step 1/5 Series"
keys c
wait_for "Step 2/5 Checklist"
keys c
wait_for "Step 3/5 Agent and model"
# the models list has the keys: its cursor is the one shown
wait_for "> claude-opus-4-5"
screen | grep -q '^> Claude' && fail "two cursors shown: $(screen)"
# the agents list: aider, which has no known models
keys BTab BTab
wait_for "> Claude"
keys j j j j Enter
wait_for "Model (MODEL_VERSION) of aider"
# the keys went to the model field, and it shows it
wait_for "Model>"
type_text "gpt-4o"
wait_for "Model> gpt-4o"
# the agent field: a stray j before the name is not taken silently
keys BTab
wait_for "Agent> aider"
keys C-u
type_text "jClaude"
keys Enter
wait_for "did you mean Claude?"
wait_for "Enter again to use it"
screen | grep -q "Step 4/5" && fail "an unknown agent went on: $(screen)"
screen | grep -q "^not in the catalogue: allowed" && fail "an unknown agent allowed silently: $(screen)"
# the proposal taken: Claude
keys C-u
type_text "Claude"
keys Enter
wait_for "known agent"
wait_for "> claude-opus-4-6"
# typed as it is, confirmed by a second Enter
keys BTab C-u
type_text "MyAgent"
keys Enter
wait_for "Enter again to use it"
keys Enter
wait_for "confirmed by you"
wait_for "Model> "
keys Escape Escape Escape
wait_for "y: leave"
keys y
i=0
while [ ! -s "$TMPDIR/rc" ]; do
	i=$((i + 1))
	[ $i -gt 50 ] && { screen >&2; fail "the assistant did not leave"; }
	sleep 0.1
done
exit 0
