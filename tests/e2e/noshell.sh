# No shell, ever: text from commits, ranges and answers is never run.
# Subjects, ranges, answers and file names such as $(touch CANARY),
# `touch CANARY` and "; rm -rf ~" go through every command; afterwards
# no canary exists and HOME still holds its files. The --format=args
# output is quoted so that a shell gives back the exact words.
BADINPUT_SOURCED=1 . "$TOP/tests/e2e/badinput-common.sh"
A="--agent Claude --model claude-opus-4-5"
new_repo "$TMPDIR/r"
git branch -q base
ROW_FSCK=0	# once, at the end
canary=$TMPDIR/pwned
echo keep >"$HOME/keep"

# the payloads; each would create the canary (or empty HOME) if run
p1="\$(touch $canary)"
p2="\`touch $canary.2\`"
p3="; rm -rf ~; touch $canary.3"
p4="| touch $canary.4"
p5="'\"\$(touch $canary.5)\"'"
p6="\$(touch\${IFS}$canary.6)"

untouched() {
	for c in "$canary" "$canary.2" "$canary.3" "$canary.4" "$canary.5" \
		 "$canary.6"; do
		[ ! -e "$c" ] || fail "$1: $c was created: text was run by a shell"
	done
	[ -f "$HOME/keep" ] || fail "$1: HOME was emptied"
}

# commit with such subjects and bodies, through git disclose commit
for p in "$p1" "$p2" "$p3" "$p4" "$p5" "$p6"; do
	echo "$p" >>f.txt && git add f.txt
	CHANGES=1 row "commit-subject" 0 "$D" commit $A -- -m "frob: $p" -m "Body $p"
	untouched "commit -m"
	expect_eq "the subject is kept as written" "frob: $p" "$(git log -1 --format=%s)"
done
# and with the message in a file and in the editor
printf 'frob: %s\n\n%s\n' "$p1" "$p3" >"$TMPDIR/msg"
echo x >>f.txt && git add f.txt
CHANGES=1 row "commit-file" 0 "$D" commit $A -- -F "$TMPDIR/msg"
untouched "commit -F"
printf '#!/bin/sh\nprintf "frob: %%s\\n" "$(cat "$0.subject")" >"$1"\n' >"$TMPDIR/ed"
printf '%s' "$p1 $p3" >"$TMPDIR/ed.subject"
chmod +x "$TMPDIR/ed"
echo y >>f.txt && git add f.txt
CHANGES=1 row "commit-editor" 0 env GIT_EDITOR="$TMPDIR/ed" "$D" commit $A
untouched "commit in the editor"
expect_eq "editor subject" "frob: $p1 $p3" "$(git log -1 --format=%s)"

# the commands that read those commits
has_command check && row "check" 0 "$D" check --no-spdx base..HEAD
untouched check
has_command cover && row "cover" 0 "$D" cover base..HEAD
untouched cover
CHANGES=1 row "amend-range" 0 "$D" amend $A --tool sparse base..HEAD
untouched amend
has_command fix && CHANGES=1 row "fix" 0 "$D" fix $A base..HEAD
untouched fix

# ranges that are payloads: refused as ranges, never run
for p in "$p1" "$p2" "$p3" "$p4" "$p6" "$p1..base" "$p3..HEAD" "--output=$canary"; do
	has_command check && row "check-range" 2 "$D" check "$p"
	row "amend-range" 2 "$D" amend $A "$p"
	has_command fix && row "fix-range" 2 "$D" fix $A "$p"
	has_command cover && row "cover-range" 2 "$D" cover "$p"
	has_command boot && row "boot-range" 2 "$D" boot --timeout 5 "$p"
	untouched "range $p"
done

# answers that are payloads: refused, or written as plain text
row "agent" 2 "$D" trailer --agent "$p1" --model m
row "model" 2 "$D" trailer --agent Claude --model "$p3"
CHANGES=1 row "tool" 0 "$D" trailer $A --tool "$p6"
untouched "answers"
expect_eq "the tool is plain text" "Assisted-by: Claude:claude-opus-4-5 $p6" \
	"$(head -n 1 "$TMPDIR/out")"
# --format=args: a shell reading it gets the exact words back
CHANGES=1 row "format-args" 0 "$D" trailer $A --tool "$p6" --format=args
eval "set -- $(cat "$TMPDIR/out")"
untouched "eval of --format=args"
expect_eq "args" "--trailer|Assisted-by: Claude:claude-opus-4-5 $p6|--trailer|$HUMAN_SOB" \
	"$(printf '%s|' "$@" | sed 's/|$//')"

# a message file whose name is a payload
name='$(touch pwned.7); touch pwned.8'
cp "$TMPDIR/msg" "$name"
row "parse-file-name" 0 "$D" trailer --parse --message "$name"
CHANGES=1 row "place-file-name" 0 "$D" trailer $A --message "$name" --in-place
[ ! -e pwned.7 ] && [ ! -e pwned.8 ] || fail "a file name was run by a shell"
rm -f "$name"
untouched "file name"

# the commit-msg hook with such a subject
if has_command hook; then
	CHANGES=1 row "hook-install" 0 "$D" hook install
	echo z >>f.txt && git add f.txt
	git commit -q -m "frob: $p1 $p3" -m "$HUMAN_SOB" >/dev/null 2>&1
	untouched "the commit-msg hook"
	CHANGES=1 row "hook-uninstall" 0 "$D" hook uninstall
fi
fsck_clean
echo "nothing was run by a shell"
