# Terminal safety of what each command prints from commits with escape
# sequences in their text (subjects, names, trailers): on a terminal, in
# JSON, in fix's diff, in cover, config, amend and the commit-msg hook.
# Any raw control byte fails the row (these were known bugs once; all are
# fixed).
BADINPUT_SOURCED=1 . "$TOP/tests/e2e/badinput-common.sh"
A="--agent Claude --model claude-opus-4-5"
new_repo "$TMPDIR/r"
git branch -q base
ESC=$(printf '\033')
evil="${ESC}[31mred${ESC}[0m ${ESC}]0;pwned$(printf '\007') ${ESC}]8;;https://evil.example/${ESC}\\link${ESC}]8;;${ESC}\\ ${ESC}P1\$r${ESC}\\ $(printf '\302\233')31m $(printf '\233')raw"
git -c user.name="Evil ${ESC}[5mAuthor" commit -q --allow-empty -m "frob: $evil" \
	-m "Body: $evil" -m "Co-authored-by: Claude <noreply@anthropic.com>
Link: https://x.example/${ESC}]0;t$(printf '\007')" 2>/dev/null || fail "commit"
git log -1 --format=%B >"$TMPDIR/evil.msg"
# raw ROW FILE WHERE: FILE must hold no raw control byte.
raw() {
	no_crash "$2" "$TMPDIR/err"
	if has_raw_control "$2"; then
		LC_ALL=C grep -anP '[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]' "$2" |
			head -n 5 | cat -v >&2
		fail "$1: raw control bytes ($3)"
	fi
	echo "row $1: safe"
}

# On a terminal (script gives one), trailer --parse should sanitize; in a
# pipe it must stay byte for byte what git interpret-trailers prints.
if command -v script >/dev/null 2>&1; then
	script -qec "$D trailer --parse --message $TMPDIR/evil.msg" /dev/null \
		>"$TMPDIR/tty" 2>"$TMPDIR/err" </dev/null
	# only the output of the command: script adds a CR to each newline
	tr -d '\r' <"$TMPDIR/tty" >"$TMPDIR/tty.out"
	raw parse-on-tty "$TMPDIR/tty.out" "ui/cli/cmd_trailer.c: sanitize when stdout is a terminal"
fi
if has_command check; then
	"$D" check --json base..HEAD >"$TMPDIR/json" 2>"$TMPDIR/err"
	raw check-json "$TMPDIR/json" "ui/cli/cmd_check.c: U+0080..U+009F and invalid UTF-8 bytes are written as they are; escape them as \\u0080"
fi
"$D" fix --dry-run $A base..HEAD >"$TMPDIR/fix" 2>"$TMPDIR/err"
raw fix-dry-run "$TMPDIR/fix" "ui/cli/cmd_fix.c or src/fix.c: the --dry-run diff prints the message lines raw"
"$D" cover base..HEAD >"$TMPDIR/cover" 2>"$TMPDIR/err"
raw cover "$TMPDIR/cover" "src/cover.c: the patch list prints subjects raw"
git config user.name "Hu ${ESC}[5mMan"
"$D" config >"$TMPDIR/config" 2>"$TMPDIR/err"
raw config "$TMPDIR/config" "ui/cli/cmd_config.c: values (user.name) are printed raw"
git config user.name "Hu Man"
"$D" amend $A >"$TMPDIR/amend" 2>"$TMPDIR/err"
raw amend "$TMPDIR/amend" "ui/cli/cmd_amend.c: the per-commit line prints the subject raw"
git reset -q --hard base
if has_command hook; then
	CHANGES=1 row hook-install 0 "$D" hook install
	git commit -q --allow-empty -m "hooked: $evil" >"$TMPDIR/hook" 2>&1
	raw hook "$TMPDIR/hook" "the commit-msg hook's check output"
fi

