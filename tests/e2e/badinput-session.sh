# Bad-input matrix, the assistant's session file (.git/disclose/
# session.json): corrupt, from another series, unreadable, a directory,
# a symlink planted at its place. The assistant starts afresh and says
# why (never a crash, never resuming someone else's answers); saving
# writes a new regular file of mode 0600 and follows no symlink.
BADINPUT_SOURCED=1 . "$TOP/tests/e2e/badinput-common.sh"
. "$TOP/tests/tui/series.sh"
has_tui || { echo "the guided assistant is not part of this build"; exit 77; }
make_series "$TMPDIR/r" >/dev/null || fail "series"
dumps=$TMPDIR/dumps
mkdir -p "$dumps"
sess=.git/disclose/session.json

# tui NAME KEYS...: run the assistant on keys, dump the first screen
# into $dumps/NAME.txt; the row's status must be 0.
tui() {
	_tn=$1
	shift
	printf ':dump %s.txt\n%s\n' "$_tn" "$*" >"$TMPDIR/$_tn.keys"
	CHANGES=1 row "session-$_tn" 0 env DISCLOSE_TUI_SCRIPT="$TMPDIR/$_tn.keys" \
		DISCLOSE_TUI_SIZE=100x30 DISCLOSE_TUI_DUMP_DIR="$dumps" \
		TERM=xterm-256color "$D"
	[ -f "$dumps/$_tn.txt" ] || fail "$_tn: no screen dump"
}

# a first visit saves a session to compare with
tui first "<Enter> r q"
[ -f "$sess" ] || fail "no session saved"
expect_eq "session mode" 600 "$(stat -c %a "$sess")"
cp "$sess" "$TMPDIR/good.json"

# corrupt: truncated, not JSON, binary, empty
for bad in '{"version":1,"range":' 'not json at all' "$(printf '\001\002\377')" ''; do
	printf '%s' "$bad" >"$sess"
	tui corrupt "q"
	expect_grep "could not be read" "$dumps/corrupt.txt"
	has_raw_control "$dumps/corrupt.txt" && fail "corrupt: raw bytes on screen"
done
# wrong types inside a well-formed file of this series
sed "s/\"review\":[[:space:]]*{/\"review\": [], \"x\": {/" "$TMPDIR/good.json" >"$sess"
tui wrong-types "q"
expect_grep "could not be read" "$dumps/wrong-types.txt"

# from another series: same repository, other range and commits
sed -e "s/\"range\":[[:space:]]*\"[^\"]*\"/\"range\": \"other..x\"/" \
	-e 's/[0-9a-f]\{40\}/1111111111111111111111111111111111111111/g' \
	"$TMPDIR/good.json" >"$sess"
tui foreign "q"
grep -q "REVIEWED\|yes    -" "$dumps/foreign.txt" && grep -q "from your saved session" "$dumps/foreign.txt" &&
	fail "foreign: another series' answers were resumed"

# a directory where the file should be
rm -f "$sess" && mkdir "$sess"
tui directory "q"
expect_grep "could not be read" "$dumps/directory.txt"
rmdir "$sess"

# a symlink planted at the file: saving replaces it, the target is kept
echo "victim" >"$TMPDIR/victim"
ln -s "$TMPDIR/victim" "$sess"
tui symlink "<Enter> r q"
expect_eq "the symlink's target is untouched" "victim" "$(cat "$TMPDIR/victim")"
[ -L "$sess" ] && fail "the session was written through the symlink"
[ -f "$sess" ] || fail "no session after the symlink"
expect_eq "session mode after the symlink" 600 "$(stat -c %a "$sess")"

# unreadable: the file belongs to root, mode 0600; the assistant runs as
# nobody in a repository that nobody owns
if can_drop; then
	chown -R nobody:nogroup "$TMPDIR/r"
	open_up "$TMPDIR"
	cp "$TMPDIR/good.json" "$sess"
	chown root:root "$sess" && chmod 600 "$sess"
	mkdir -p "$TMPDIR/nh" && chown nobody "$TMPDIR/nh"
	printf ':dump unreadable.txt\nq\n' >"$TMPDIR/unreadable.keys"
	chmod 644 "$TMPDIR/unreadable.keys"
	chmod 777 "$dumps"
	CHANGES=1 row "session-unreadable" 0 as_nobody env HOME="$TMPDIR/nh" \
		XDG_CONFIG_HOME="$TMPDIR/nh/.config" \
		DISCLOSE_TUI_SCRIPT="$TMPDIR/unreadable.keys" \
		DISCLOSE_TUI_SIZE=100x30 DISCLOSE_TUI_DUMP_DIR="$dumps" \
		TERM=xterm-256color "$D"
	expect_grep "could not be read" "$dumps/unreadable.txt"
else
	echo "row session-unreadable: not run (needs root and setpriv)"
fi
echo "all session rows passed"
