# Terminal safety: escape sequences in commits reach no terminal raw.
# Subjects, bodies, trailers and author names carry ESC, CSI (colour,
# clear screen), OSC (window title, hyperlink), DCS, C1 controls (as
# UTF-8 and as raw bytes), BEL, backspace and a bidi override; every
# printing command's output must hold no raw control byte. The commands
# that still print them raw are in termsafe-output.sh.
BADINPUT_SOURCED=1 . "$TOP/tests/e2e/badinput-common.sh"
A="--agent Claude --model claude-opus-4-5"
new_repo "$TMPDIR/r"
git branch -q base

ESC=$(printf '\033')
evil="${ESC}[31mred${ESC}[0m ${ESC}[2J${ESC}[H ${ESC}]0;pwned title$(printf '\007') ${ESC}]8;;https://evil.example/${ESC}\\link${ESC}]8;;${ESC}\\ ${ESC}P1\$r${ESC}\\ $(printf '\302\233')31m $(printf '\302\235')0;c1 title$(printf '\302\234') $(printf '\233')raw-c1 $(printf '\010\010')bs $(printf '\342\200\256')rtl"
git -c user.name="Evil ${ESC}[5mAuthor$(printf '\302\233')" -c user.email="e${ESC}[1m@example.org" \
	commit -q --allow-empty -m "frob: $evil" -m "Body: $evil" \
	-m "Co-authored-by: Cl${ESC}[31maude <noreply@anthropic.com>
Link: https://x.example/${ESC}]0;t$(printf '\007')
Signed-off-by: Evil ${ESC}[5mAuthor <e@example.org>" 2>/dev/null ||
	fail "commit"
git log -1 --format=%B >"$TMPDIR/evil.msg"

# safe NAME STATUS CMD...: CMD exits STATUS and prints no raw control
# byte on stdout or stderr (the repository is not changed).
safe() {
	_sn=$1 _ss=$2
	shift 2
	row "$_sn" "$_ss" "$@"
	if has_raw_control "$TMPDIR/out"; then
		echo "FAIL: $_sn: raw control bytes on stdout:" >&2
		LC_ALL=C grep -anP '[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]' "$TMPDIR/out" |
			head -n 5 | cat -v >&2
		[ "${BADINPUT_PROBE:-0}" = 1 ] && return 0
		exit 1
	fi
	# and it said something: an empty output would pass trivially
	[ -s "$TMPDIR/out" ] || [ -s "$TMPDIR/err" ] || fail "$_sn printed nothing"
}

# trailer --parse mirrors git interpret-trailers byte for byte: termsafe-output.sh
if has_command check; then
	safe check-text 1 "$D" check base..HEAD
	expect_grep '\x1b' "$TMPDIR/out"
	# check --json: termsafe-output.sh (C1 controls stay raw in its strings)
	safe check-message 1 "$D" check --message "$TMPDIR/evil.msg"
fi
# Evil Author's Co-authored-by is his (fix leaves it and names him); without
# his sign-off it is the human's, and the model cannot be told
has_command fix && safe fix-note 0 "$D" fix --dry-run base..HEAD
grep -v '^Signed-off-by:' "$TMPDIR/evil.msg" >"$TMPDIR/evil-own.msg"
has_command fix && safe fix-message-error 2 "$D" fix --dry-run --message "$TMPDIR/evil-own.msg"
# answers typed with escapes: refused, and the refusal is safe
safe agent-escape 2 "$D" trailer --agent "Cl${ESC}]0;x$(printf '\007')aude" --model m
safe model-escape 2 "$D" trailer --agent Claude --model "m${ESC}[2J"
safe tool-escape 2 "$D" trailer $A --tool "sp${ESC}[31marse"
safe range-escape 2 "$D" amend $A "HEAD${ESC}]0;t$(printf '\007')"
has_command check && safe check-range-escape 2 "$D" check "x${ESC}[2J..HEAD"
# a catalogue file with escapes in names: its error line is safe
mkdir -p "$XDG_CONFIG_HOME/git-disclose"
printf '{"agents":[{"name":"Ev%sil x"}]}' "${ESC}[31m" >"$XDG_CONFIG_HOME/git-disclose/e.json"
safe catalogue-file-escape 2 "$D" catalogue
rm -f "$XDG_CONFIG_HOME/git-disclose/e.json"
# a file name with escapes
cp "$TMPDIR/evil.msg" "$TMPDIR/ev${ESC}[31mil"
safe message-name-escape 2 "$D" trailer --parse --message "$TMPDIR/ev${ESC}[31mil.missing"
echo "all terminal-safety rows passed"
