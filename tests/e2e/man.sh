# The man page: groff renders it without warnings, and it covers every
# command and option that the binary's --help prints (read at test time,
# so the test grows with the commands), every configuration key, file and
# environment variable.
. "$TOP/tests/e2e/lib.sh"
page=$TOP/ui/git-disclose.1
sh "$TOP/tests/deps.sh" groff man-db >&2 || {
	echo "groff and man-db are not installed and cannot be"
	exit 77
}

groff -ww -man -Tutf8 -z "$page" 2>"$TMPDIR/warn" || fail "groff failed"
[ -s "$TMPDIR/warn" ] && fail "groff warnings: $(cat "$TMPDIR/warn")"
# man -l renders it the way a reader sees it, also without complaints
MANWIDTH=80 man -l "$page" >"$TMPDIR/man.txt" 2>"$TMPDIR/warn" || fail "man -l failed"
[ -s "$TMPDIR/warn" ] && fail "man -l complained: $(cat "$TMPDIR/warn")"

# The text, with groff's hyphen and minus characters made ASCII and
# without overstriking, one long line per paragraph.
groff -man -Tutf8 -P-cbou "$page" |
	sed 's/\xe2\x80\x90/-/g; s/\xe2\x88\x92/-/g; s/\xe2\x80\x99/'"'"'/g' >"$TMPDIR/page"
tr '\n' ' ' <"$TMPDIR/page" | tr -s ' ' >"$TMPDIR/flat"
[ -s "$TMPDIR/page" ] || fail "empty rendering"

missing=""
# has WORD: the page holds WORD as a word of its own
has() {
	grep -qE -- "(^|[^A-Za-z0-9_-])$(printf '%s' "$1" | sed 's/[.[\*^$]/\\&/g')([^A-Za-z0-9_-]|\$)" "$TMPDIR/flat"
}
need() {
	has "$1" || missing="$missing
  $1 ($2)"
}

# every command of the usage, and what its --help lists
"$D" help >"$TMPDIR/usage" || fail "git disclose help"
cmds=$(sed -n '/^commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p' "$TMPDIR/usage")
[ -n "$cmds" ] || fail "no commands in: $(cat "$TMPDIR/usage")"
checked=0
for c in $cmds; do
	if "$D" "$c" --help >"$TMPDIR/help" 2>"$TMPDIR/herr"; then
		:
	elif grep -q "not part of this build yet" "$TMPDIR/herr"; then
		echo "note: $c is not built yet, not checked"
		continue
	else
		fail "git disclose $c --help exited $?: $(cat "$TMPDIR/herr")"
	fi
	checked=$((checked + 1))
	grep -qF "git disclose $c" "$TMPDIR/flat" || missing="$missing
  git disclose $c (command)"
	for o in $(grep -oE -- '--[a-z][a-z0-9-]*' "$TMPDIR/help" | sort -u) \
		 $(sed -n 's/^ \{1,\}\(-[A-Za-z]\)[ ,].*/\1/p' "$TMPDIR/help" | sort -u); do
		need "$o" "$c --help"
	done
	# words of a command's own (hook install, hook uninstall)
	for w in $(sed -n 's/^  \([a-z][a-z-]*\)  .*/\1/p' "$TMPDIR/help"); do
		need "$w" "$c --help"
	done
done
[ "$checked" -ge 4 ] || fail "only $checked commands checked"
# the guided assistant (no command) has a usage of its own once built
if "$D" -- --help >"$TMPDIR/help" 2>/dev/null && ! grep -q "^commands:" "$TMPDIR/help"; then
	for o in $(grep -oE -- '--[a-z][a-z0-9-]*' "$TMPDIR/help" | sort -u); do
		need "$o" "the assistant's --help"
	done
	grep -qF "THE GUIDED ASSISTANT" "$TMPDIR/flat" || missing="$missing
  THE GUIDED ASSISTANT (section)"
fi
for o in $(grep -oE -- '--[a-z][a-z0-9-]*' "$TMPDIR/usage" | sort -u) --help --version; do
	need "$o" "git disclose help"
done

for k in disclose.agent disclose.model disclose.tools disclose.policy \
	 user.name user.email core.commentChar; do
	need "$k" "configuration"
done
for f in '$XDG_CONFIG_HOME/git-disclose/*.json' '<gitdir>/disclose/session.json' \
	 '<gitdir>/disclose/boot.json' 'refs/disclose/backup/branch'; do
	grep -qF -- "$f" "$TMPDIR/flat" || missing="$missing
  $f (file)"
done
for e in NO_COLOR DISCLOSE_TUI_SCRIPT DISCLOSE_TUI_SIZE DISCLOSE_CACHE XDG_CONFIG_HOME; do
	need "$e" "environment"
done
for s in NAME SYNOPSIS DESCRIPTION COMMANDS CONFIGURATION FILES ENVIRONMENT \
	 "EXIT STATUS" EXAMPLES "SEE ALSO"; do
	grep -q "^$s\$" "$TMPDIR/page" || missing="$missing
  section $s"
done
for x in "b4 prep --edit-cover" "Assisted-by: AGENT_NAME:MODEL_VERSION" \
	 "Signed-off-by:" "scripts/checkpatch.pl"; do
	grep -qF -- "$x" "$TMPDIR/flat" || missing="$missing
  $x (text)"
done
[ -z "$missing" ] || fail "the man page lacks:$missing"

# the page names the version the binary reports
ver=$("$D" --version | sed 's/^git-disclose //')
grep -q "git-disclose $ver" "$TMPDIR/page" || fail "page is not for version $ver"
echo "man: all passed ($checked commands)"
