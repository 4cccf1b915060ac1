# git disclose report in a real terminal (tmux): with no option it opens
# the terminal view; a pivots by agent, Enter lists the agent's commits in
# the pager, q goes back and q leaves with the terminal restored. With
# its output in a pipe, the same command prints the text report.
. "$TOP/tests/e2e/lib.sh"
. "$TOP/tests/e2e/lib-tmux.sh"
. "$TOP/tests/tui/series.sh"
command -v tmux >/dev/null || { echo "tmux is not installed"; exit 77; }
make_series "$TMPDIR/r" >/dev/null || fail "series"
. "$TOP/tests/tui/report.setup"
cat >"$TMPDIR/run.sh" <<RUN
cd "$TMPDIR/r" || exit 1
LC_ALL=C.UTF-8 HOME="$HOME" XDG_CONFIG_HOME="$HOME/.config" GIT_CONFIG_NOSYSTEM=1 "$D" report
echo \$? >"$TMPDIR/rc"
"$D" report | head -1 >"$TMPDIR/piped"
echo \$? >"$TMPDIR/rc2"
RUN
T -f /dev/null new-session -d -s t -x 80 -y 24 "sh $TMPDIR/run.sh" ||
	fail "tmux new-session"
T set-option -t t remain-on-exit on >/dev/null

wait_for "AI assistance by month"
wait_for "10 commits, 7 with AI traces (70.0%): 3 disclosed, 4 undisclosed"
wait_for "2026-02       2      2      0"
keys a
wait_for "AI assistance by agent"
wait_for "Claude        5      2      3"
keys Enter
wait_for "agent Claude: 5 AI commits (2 disclosed, 3 undisclosed)"
wait_for "net: sock change"
wait_for "frob: add the frobnicator"
keys q
wait_for "Claude: 5 AI commits   Enter: list them"
keys q
i=0
while [ ! -s "$TMPDIR/rc2" ]; do
	i=$((i + 1))
	[ $i -gt 50 ] && fail "report did not leave"
	sleep 0.1
done
expect_eq "exit status" 0 "$(cat "$TMPDIR/rc")"
expect_eq "terminal back from the alternate screen" 0 \
	"$(T display-message -p -t t '#{alternate_on}')"
expect_eq "piped: the text report" \
	"AI assistance in HEAD: 10 commits, 2026-01-05 .. 2026-03-16" \
	"$(cat "$TMPDIR/piped")"
