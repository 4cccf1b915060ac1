# The terminal is restored whatever ends the assistant: SIGTERM, SIGHUP,
# SIGINT; and off a terminal it refuses in one line naming the commands.
. "$TOP/tests/e2e/lib.sh"
. "$TOP/tests/tui/series.sh"
make_series "$TMPDIR/r" >/dev/null || fail "series"

expect_status 2 "$D" </dev/null
expect_grep "git disclose check" "$TMPDIR/err"
expect_grep "git disclose amend" "$TMPDIR/err"
expect_eq "one line" 1 "$(wc -l <"$TMPDIR/err")"

command -v tmux >/dev/null || { echo "tmux is not installed"; exit 77; }
sock=$TMPDIR/tmux.sock
T() { tmux -S "$sock" "$@"; }
trap 'T kill-server 2>/dev/null' EXIT
for sig in TERM HUP INT; do
	rm -f "$TMPDIR/pid" "$TMPDIR/rc"
	cat >"$TMPDIR/run.sh" <<RUN
cd "$TMPDIR/r" || exit 1
echo \$\$ >"$TMPDIR/pid"
LC_ALL=C.UTF-8 exec "$D"
RUN
	T -f /dev/null new-session -d -s "$sig" -x 80 -y 24 "sh $TMPDIR/run.sh" ||
		fail "tmux"
	T set-option -t "$sig" remain-on-exit on >/dev/null
	i=0
	until T capture-pane -p -t "$sig" | grep -qF "Step 1/5 Series"; do
		i=$((i + 1))
		[ $i -gt 50 ] && fail "$sig: no first frame"
		sleep 0.1
	done
	expect_eq "$sig: on the alternate screen" 1 \
		"$(T display-message -p -t "$sig" '#{alternate_on}')"
	kill -"$sig" "$(cat "$TMPDIR/pid")"
	i=0
	until [ "$(T display-message -p -t "$sig" '#{pane_dead}')" = 1 ]; do
		i=$((i + 1))
		[ $i -gt 50 ] && fail "$sig: still running"
		sleep 0.1
	done
	expect_eq "$sig: terminal restored" 0 \
		"$(T display-message -p -t "$sig" '#{alternate_on}')"
done
