# In a real terminal (tmux): a resize (SIGWINCH, KEY_RESIZE) redraws at
# the new size, too small says so and recovers; colours appear only when
# NO_COLOR is unset.
. "$TOP/tests/e2e/lib.sh"
. "$TOP/tests/tui/series.sh"
command -v tmux >/dev/null || { echo "tmux is not installed"; exit 77; }
make_series "$TMPDIR/r" >/dev/null || fail "series"
sock=$TMPDIR/tmux.sock
T() { tmux -S "$sock" "$@"; }
trap 'T kill-server 2>/dev/null' EXIT

# start NAME ENV...: the assistant in a new tmux session.
start() {
	name=$1
	shift
	cat >"$TMPDIR/$name.sh" <<RUN
cd "$TMPDIR/r" || exit 1
exec env LC_ALL=C.UTF-8 $* "$D"
RUN
	T -f /dev/null new-session -d -s "$name" -x 80 -y 24 "sh $TMPDIR/$name.sh" ||
		fail "tmux"
	T set-option -t "$name" window-size manual >/dev/null
	wait_for "$name" "Step 1/5 Series"
}
wait_for() {
	i=0
	while ! T capture-pane -p -t "$1" | grep -qF -- "$2"; do
		i=$((i + 1))
		if [ $i -gt 50 ]; then
			T capture-pane -p -t "$1" >&2
			fail "timeout waiting for '$2'"
		fi
		sleep 0.1
	done
}

start size
T resize-window -t size -x 50 -y 12
wait_for size "Window too small: 50x12"
T resize-window -t size -x 120 -y 40
wait_for size "Step 1/5 Series"
T capture-pane -p -t size >"$TMPDIR/big"
expect_eq "drawn at 40 rows" 40 "$(wc -l <"$TMPDIR/big")"
grep -q "Step 1/5 Series" "$TMPDIR/big" || fail "status line"
expect_eq "status line on the last but one row" "39" \
	"$(grep -n "Step 1/5 Series" "$TMPDIR/big" | cut -d: -f1)"

start colour
T capture-pane -e -p -t colour >"$TMPDIR/colour"
grep -q "$(printf '\033')\[3[0-7]m\|$(printf '\033')\[4[0-7]m\|;3[0-7]m\|;4[0-7]m" "$TMPDIR/colour" ||
	fail "no colours drawn without NO_COLOR"

start mono NO_COLOR=1
T capture-pane -e -p -t mono >"$TMPDIR/mono"
grep -q "$(printf '\033')\[3[0-7]m\|$(printf '\033')\[4[0-7]m\|;3[0-7]m\|;4[0-7]m" "$TMPDIR/mono" &&
	fail "colours drawn with NO_COLOR=1"
grep -q "$(printf '\033')\[7m\|;7m" "$TMPDIR/mono" || fail "no reverse video with NO_COLOR=1"

# Ctrl-C is a key: with something done and not written, it asks first.
start leave
T send-keys -t leave Enter
wait_for leave "NOT REVIEWED"
T send-keys -t leave r
T send-keys -t leave C-c
wait_for leave "The trailers are not written yet."
T send-keys -t leave n
sleep 0.3
wait_for leave "REVIEWED  r:"
T send-keys -t leave C-c
wait_for leave "y: leave   n: stay"
T send-keys -t leave y
i=0
until [ "$(T display-message -p -t leave '#{pane_dead}')" = 1 ] ||
      ! T has-session -t leave 2>/dev/null; do
	i=$((i + 1))
	[ $i -gt 50 ] && fail "Ctrl-C, y did not leave"
	sleep 0.1
done
grep -q '"reviewed"' "$TMPDIR/r/.git/disclose/session.json" ||
	fail "the review was not kept for next time"
:
