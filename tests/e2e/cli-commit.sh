# git disclose commit: -m, -F, -s, the editor, --amend; git checks the result.
. "$TOP/tests/e2e/lib.sh"
new_repo "$TMPDIR/r"
ANS="--agent Claude --model claude-opus-4-5 --tool sparse"
WANT="Assisted-by: Claude:claude-opus-4-5 sparse
$HUMAN_SOB"

trailers() {
	git log -1 --format=%B | git interpret-trailers --parse
}

echo a >a.c && git add a.c
"$D" commit $ANS -- -m "Add a" -m "Body of a." || fail "commit -m"
expect_eq "-m" "$WANT" "$(trailers)"
expect_eq "-m paragraphs" "Add a

Body of a.

$WANT" "$(git log -1 --format=%B)"

# -s is ours to place: never duplicated
echo b >b.c && git add b.c
"$D" commit $ANS -- -s -m "Add b" || fail "commit -s"
expect_eq "-s" "$WANT" "$(trailers)"
echo b2 >b2.c && git add b2.c
"$D" commit $ANS -- -sm "Add b2" || fail "commit -sm"
expect_eq "-sm bundle" "$WANT" "$(trailers)"
expect_eq "-sm subject" "Add b2" "$(git log -1 --format=%s)"

# -F with an existing sign-off of the human and a vendor trailer
printf 'Add c\n\nBody.\n\n%s\nCo-Authored-By: Claude <noreply@anthropic.com>\n' \
	"$HUMAN_SOB" >msg
echo c >c.c && git add c.c
"$D" commit $ANS -- -F msg || fail "commit -F"
expect_eq "-F" "Co-Authored-By: Claude <noreply@anthropic.com>
$WANT" "$(trailers)"

# the editor: what the human writes gets the trailers
cat >"$TMPDIR/ed.sh" <<'EOS'
#!/bin/sh
printf 'Add d\n\nWritten in the editor.\n' >"$1.new"
grep '^#' "$1" >>"$1.new"
mv "$1.new" "$1"
EOS
chmod +x "$TMPDIR/ed.sh"
echo d >d.c && git add d.c
GIT_EDITOR="$TMPDIR/ed.sh" "$D" commit $ANS -- -s || fail "commit with editor"
expect_eq "editor" "$WANT" "$(trailers)"
expect_eq "editor body" "Add d

Written in the editor.

$WANT" "$(git log -1 --format=%B)"

# an empty message in the editor aborts the commit: no trailers forced in
cat >"$TMPDIR/empty.sh" <<'EOS'
#!/bin/sh
grep '^#' "$1" >"$1.new"; mv "$1.new" "$1"
EOS
chmod +x "$TMPDIR/empty.sh"
head=$(git rev-parse HEAD)
echo e >e.c && git add e.c
GIT_EDITOR="$TMPDIR/empty.sh" expect_status 2 "$D" commit $ANS
expect_eq "aborted" "$head" "$(git rev-parse HEAD)"

# --amend through the editor keeps one set of trailers
GIT_EDITOR=: "$D" commit $ANS -- --amend || fail "commit --amend"
expect_eq "--amend" "$WANT" "$(trailers)"

# a hostile message is data, never shell
echo f >f.c && git add f.c
"$D" commit $ANS -- -m '$(touch pwned); `touch pwned2`' || fail "odd subject"
[ -e pwned ] || [ -e pwned2 ] && fail "a subject was run by a shell"
expect_eq "odd subject" '$(touch pwned); `touch pwned2`' "$(git log -1 --format=%s)"

# errors
expect_status 2 "$D" commit $ANS -m x
expect_grep "unknown option" "$TMPDIR/err"
expect_status 2 "$D" commit $ANS -- -m a -F msg
expect_grep "not both" "$TMPDIR/err"
expect_status 0 "$D" commit --help
expect_grep "usage: git disclose commit" "$TMPDIR/out"
git fsck --strict >/dev/null 2>&1 || fail "fsck"
echo "commit: all passed"
