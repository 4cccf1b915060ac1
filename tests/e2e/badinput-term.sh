# Bad-input matrix, the terminal: 10x5, stdin closed, stdin not a
# terminal, TERM=dumb, TERM unset. The assistant says "too small" and
# leaves cleanly, or refuses with one line naming the commands that work
# without a terminal; the plain commands work the same everywhere.
# (The assistant on TERM=dumb is a known bug: badinput-slow.sh.)
BADINPUT_SOURCED=1 . "$TOP/tests/e2e/badinput-common.sh"
. "$TOP/tests/tui/series.sh"
make_series "$TMPDIR/r" >/dev/null || fail "series"
ROW_FSCK=0
printf 'Fix it\n\nBody.\n' >"$TMPDIR/msg"

# --- the plain commands: no terminal needed, none used
for env in "TERM=dumb" "-u TERM" "TERM=xterm-256color"; do
	has_command check && row "check:$env" 1 env $env "$D" check --no-spdx
	cp "$TMPDIR/out" "$TMPDIR/check.$env"
	row "parse:$env" 0 env $env "$D" trailer --parse --message "$TMPDIR/msg"
	row "catalogue:$env" 0 env $env "$D" catalogue
done
has_command check && { cmp -s "$TMPDIR/check.TERM=dumb" "$TMPDIR/check.-u TERM" ||
	fail "check prints differently without TERM"; }

# --- stdin closed or not a terminal
row "stdin-closed-parse" 2 sh -c 'exec "$0" trailer --parse <&-' "$D"
row_err "standard input"
has_command check && row "stdin-closed-check" 1 sh -c 'exec "$0" check --no-spdx <&-' "$D"
has_command check && row "stdin-closed-check-message" 2 sh -c 'exec "$0" check --message - <&-' "$D"
if has_tui; then
	row "stdin-closed-tui" 2 sh -c 'exec "$0" <&-' "$D"
	row_err "needs a terminal"
	row "stdin-devnull-tui" 2 "$D"
	row_err "git disclose check"
	row "stdout-closed-tui" 2 sh -c 'exec "$0" >&-' "$D"

	# --- 10x5: "too small", and a key still leaves
	mkdir -p "$TMPDIR/dumps"
	printf ':dump small.txt\nq\nq\n<Esc>\n' >"$TMPDIR/small.keys"
	row "tui-10x5" 0 env DISCLOSE_TUI_SCRIPT="$TMPDIR/small.keys" \
		DISCLOSE_TUI_SIZE=10x5 DISCLOSE_TUI_DUMP_DIR="$TMPDIR/dumps" \
		TERM=xterm-256color "$D"
	expect_grep "Window too" "$TMPDIR/dumps/small.txt"
	expect_eq "10x5: five rows" 5 "$(wc -l <"$TMPDIR/dumps/small.txt")"
	[ "$(awk '{ if (length($0) > 10) n++ } END { print n + 0 }' "$TMPDIR/dumps/small.txt")" = 0 ] ||
		fail "10x5: a line is wider than 10 columns"
	printf ':dump tiny.txt\n<Esc>\n' >"$TMPDIR/tiny.keys"
	row "tui-1x1" 0 env DISCLOSE_TUI_SCRIPT="$TMPDIR/tiny.keys" \
		DISCLOSE_TUI_SIZE=1x1 DISCLOSE_TUI_DUMP_DIR="$TMPDIR/dumps" \
		TERM=xterm-256color "$D"

	# in a real terminal of 10x5 (tmux), and TERM unset there
	if command -v tmux >/dev/null; then
		sock=$TMPDIR/tmux.sock
		T() { tmux -S "$sock" "$@"; }
		trap 'T kill-server 2>/dev/null' EXIT
		for t in small unset; do
			case $t in
			small) e="TERM=screen" ;;
			unset) e="-u TERM" ;;
			esac
			cat >"$TMPDIR/$t.sh" <<RUN
cd "$TMPDIR/r" || exit 1
env $e LC_ALL=C.UTF-8 "$D" 2>"$TMPDIR/$t.err"
echo \$? >"$TMPDIR/$t.rc"
RUN
			T -f /dev/null new-session -d -s "$t" -x 10 -y 5 "sh $TMPDIR/$t.sh" ||
				fail "tmux"
			i=0
			while [ ! -f "$TMPDIR/$t.rc" ] && [ $i -lt 30 ]; do
				[ $i = 10 ] && T send-keys -t "$t" q 2>/dev/null
				[ $i = 15 ] && T send-keys -t "$t" Escape 2>/dev/null
				[ $i = 20 ] && T send-keys -t "$t" q 2>/dev/null
				i=$((i + 1))
				sleep 0.1
			done
			[ -f "$TMPDIR/$t.rc" ] || fail "tmux $t: the assistant did not leave"
			no_crash "$TMPDIR/$t.err"
			echo "row tmux-$t: exit $(cat "$TMPDIR/$t.rc"): $(head -n 1 "$TMPDIR/$t.err")"
		done
		expect_eq "10x5 in tmux leaves with 0" 0 "$(cat "$TMPDIR/small.rc")"
		expect_eq "TERM unset: exit 2" 2 "$(cat "$TMPDIR/unset.rc")"
		expect_grep "set TERM" "$TMPDIR/unset.err"
	fi
fi
fsck_clean
echo "all terminal rows passed"
