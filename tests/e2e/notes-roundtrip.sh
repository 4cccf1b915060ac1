# A commit message with a "---" notes section (kernel practice: notes for
# the reviewers, which git am drops): amend, commit -F and the editor
# (real vi, vim.tiny in ex mode) put Assisted-by and the human's sign-off
# above the "---" line, the notes stay byte for byte, and both trailers
# survive git format-patch | git am into a second repository.
. "$TOP/tests/e2e/lib.sh"
command -v vim.tiny >/dev/null 2>&1 || { echo "vim.tiny is not installed"; exit 77; }
A="--agent Claude --model claude-opus-4-5"
OTHER="Signed-off-by: Other Dev <o@example.org>"
NOTES="---
notes for the reviewers
v2: rebased on net-next"
new_repo "$TMPDIR/r"
git clone -q "$TMPDIR/r" "$TMPDIR/am" || fail "clone"
git -C "$TMPDIR/am" config user.name "Am Plier"
git -C "$TMPDIR/am" config user.email am@example.org
cd "$TMPDIR/r" || fail "cd"

# The message every path starts from: another person's sign-off, notes.
printf 'net: fix the frob\n\nBody.\n\n%s\n%s\n' "$OTHER" "$NOTES" \
	>"$TMPDIR/msg"
WANT="net: fix the frob

Body.

$OTHER
Assisted-by: Claude:claude-opus-4-5
$HUMAN_SOB
$NOTES"

# roundtrip WHAT: HEAD as a patch mail, applied by git am in the second
# repository; the applied commit must carry both trailers, last.
roundtrip() {
	git format-patch -1 --stdout HEAD >"$TMPDIR/patch" ||
		fail "$1: format-patch"
	(cd "$TMPDIR/am" && git am -q "$TMPDIR/patch") >"$TMPDIR/am.out" 2>&1 ||
		fail "$1: git am: $(cat "$TMPDIR/am.out")"
	expect_eq "$1: trailers after git am" "$OTHER
Assisted-by: Claude:claude-opus-4-5
$HUMAN_SOB" "$(git -C "$TMPDIR/am" log -1 --format=%B |
		git interpret-trailers --parse)"
	expect_eq "$1: notes dropped by git am" "" \
		"$(git -C "$TMPDIR/am" log -1 --format=%B | grep -F notes)"
}

# amend
echo a >a.c && git add a.c && git commit -q -F "$TMPDIR/msg" || fail "commit"
"$D" amend $A >"$TMPDIR/out" 2>&1 || fail "amend: $(cat "$TMPDIR/out")"
expect_eq "amend: message" "$WANT" "$(git log -1 --format=%B)"
roundtrip amend
# re-running changes nothing
"$D" amend $A >"$TMPDIR/out" 2>&1 || fail "amend again: $(cat "$TMPDIR/out")"
expect_eq "amend again: message" "$WANT" "$(git log -1 --format=%B)"

# commit -F
echo b >b.c && git add b.c
"$D" commit $A -- -F "$TMPDIR/msg" >"$TMPDIR/out" 2>&1 ||
	fail "commit -F: $(cat "$TMPDIR/out")"
expect_eq "commit -F: message" "$WANT" "$(git log -1 --format=%B)"
roundtrip "commit -F"

# the editor path: vi replaces the template with the message
echo c >c.c && git add c.c
GIT_EDITOR="vim.tiny -u NONE -i NONE -N -es -c '%d' -c '0r $TMPDIR/msg' -c wq" \
	"$D" commit $A >"$TMPDIR/out" 2>&1 </dev/null ||
	fail "commit with the editor: $(cat "$TMPDIR/out")"
expect_eq "editor: message" "$WANT" "$(git log -1 --format=%B)"
roundtrip editor
echo "amend, commit -F and the editor keep both trailers through git am"
