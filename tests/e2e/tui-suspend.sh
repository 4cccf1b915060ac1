# Ctrl-Z in the assistant, run as "git disclose" from an interactive
# shell in tmux: the job stops (git with it), the shell prompt is back
# and the screen is the shell's; fg resumes and the assistant redraws;
# it then leaves with status 0 and the terminal restored.
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


wait_for 'sh$'
T send-keys -t t "cd $TMPDIR/r" Enter
T send-keys -t t "git disclose" Enter
wait_for "Step 1/5 Series"
T send-keys -t t C-z
wait_for "Stopped"
expect_eq "alternate screen left on Ctrl-Z" 0 \
	"$(T display-message -p -t t '#{alternate_on}')"
T send-keys -t t "jobs -l > $TMPDIR/jobs" Enter
sleep 0.3
grep -q 'Stopped.*git disclose' "$TMPDIR/jobs" ||
	fail "the shell does not see the job stopped: $(cat "$TMPDIR/jobs")"
T send-keys -t t fg Enter
wait_for "Step 1/5 Series"
wait_for "frob: use it in twice()"
T send-keys -t t Escape
wait_for 'sh$'
T send-keys -t t 'echo rc=$?' Enter
wait_for "rc=0"
expect_eq "terminal back from the alternate screen" 0 \
	"$(T display-message -p -t t '#{alternate_on}')"
