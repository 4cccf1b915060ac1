# The terminal after the assistant, in a real terminal (tmux): started at
# 80x24 from an interactive shell, on the checklist the window grows to
# 100x30, then Esc leaves. The shell's screen must show only the shell's
# own lines (no line of the assistant left behind) and the next prompt
# must start at column 0.
. "$TOP/tests/e2e/lib.sh"
. "$TOP/tests/e2e/lib-tmux.sh"
. "$TOP/tests/tui/series.sh"
command -v tmux >/dev/null || { echo "tmux is not installed"; exit 77; }
command -v bash >/dev/null || { echo "bash is not installed"; exit 77; }
make_series "$TMPDIR/r" >/dev/null || fail "series"
mkdir -p "$TMPDIR/bin"
ln -s "$D" "$TMPDIR/bin/git-disclose"
T -f /dev/null new-session -d -s t -x 80 -y 24 \
	"env -i PATH=$TMPDIR/bin:/usr/bin:/bin HOME=$HOME TERM=screen \
	 LC_ALL=C.UTF-8 GIT_CONFIG_NOSYSTEM=1 PS1='sh\$ ' bash --norc -i" ||
	fail "tmux new-session"
T set-option -g window-size manual >/dev/null 2>&1


wait_for 'sh$'
T send-keys -t t "cd $TMPDIR/r && clear" Enter
sleep 0.3
T send-keys -t t "git disclose" Enter
wait_for "Step 1/5 Series"
T send-keys -t t c
wait_for "Step 2/5 Checklist"
T resize-window -t t -x 100 -y 30
sleep 0.5
expect_eq "window resized" "100x30" \
	"$(T display-message -p -t t '#{window_width}x#{window_height}')"
wait_for "Step 2/5 Checklist"
# nothing answered yet: Esc leaves at once
T send-keys -t t Escape
wait_for 'sh$ '
sleep 0.3
# $(...) drops the trailing empty lines; leading ones stay and count
screen=$(T capture-pane -p -t t | sed -e 's/[[:space:]]*$//')
T capture-pane -p -t t >"$TMPDIR/screen"
expect_eq "only the shell's lines on the screen" \
	"sh\$ git disclose
sh\$" "$screen"
expect_eq "the prompt on the second line, after 'sh\$ '" 4,1 \
	"$(T display-message -p -t t '#{cursor_x},#{cursor_y}')"
expect_eq "terminal back from the alternate screen" 0 \
	"$(T display-message -p -t t '#{alternate_on}')"
