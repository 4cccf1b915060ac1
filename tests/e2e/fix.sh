#!/bin/sh
# git disclose fix: messages (stdout, --in-place, --dry-run diffs) and
# HEAD of a real repository; refusals that name the option to pass.
. "$TOP/tests/e2e/lib.sh"

r=$TMPDIR/repo
git init -q -b main "$r" && cd "$r" || exit 2
git config user.name 'Jane Dev' && git config user.email jane@example.org

# 1 a Claude Code message from a file
cat >"$TMPDIR/claude" <<'EOM'
Add frob

Body.

🤖 Generated with [Claude Code](https://claude.com/claude-code)

Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>
EOM
cat >"$TMPDIR/want" <<'EOM'
Add frob

Body.

Assisted-by: Claude:claude-opus-4-5
Signed-off-by: Jane Dev <jane@example.org>
EOM
expect_rc 0 "$D" fix --message "$TMPDIR/claude"
cmp -s "$TMPDIR/out" "$TMPDIR/want" || { flag "fixed message differs"; diff "$TMPDIR/want" "$TMPDIR/out"; }
# the result checks clean, and fixing it again changes nothing
cp "$TMPDIR/out" "$TMPDIR/fixed"
expect_rc 0 "$D" check --message "$TMPDIR/fixed"
expect_rc 0 "$D" fix --message "$TMPDIR/fixed"
cmp -s "$TMPDIR/out" "$TMPDIR/fixed" || flag "fix is not idempotent"
# stdin
expect_rc 0 "$D" fix - <"$TMPDIR/claude"
cmp -s "$TMPDIR/out" "$TMPDIR/want" || flag "stdin differs"

# 2 --dry-run prints a unified diff, writes nothing
cp "$TMPDIR/claude" "$TMPDIR/c2"
expect_rc 0 "$D" fix --dry-run --message "$TMPDIR/c2"
has "--- a/$TMPDIR/c2"
has "-Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>"
has "+Assisted-by: Claude:claude-opus-4-5"
has "@@ "
cmp -s "$TMPDIR/c2" "$TMPDIR/claude" || flag "--dry-run wrote"
# --in-place
expect_rc 0 "$D" fix --in-place --message "$TMPDIR/c2"
cmp -s "$TMPDIR/c2" "$TMPDIR/want" || flag "--in-place differs"
expect_rc 2 "$D" fix --in-place -

# 3 no guess: the model must be given
printf 'Cursor change\n\nBody.\n\nCo-authored-by: Cursor <cursoragent@cursor.com>\nMade-with: Cursor\n' >"$TMPDIR/cursor"
expect_rc 2 "$D" fix --message "$TMPDIR/cursor"
err_has "--model"
expect_rc 0 "$D" fix --model gpt-5 --message "$TMPDIR/cursor"
has "Assisted-by: Cursor:gpt-5"
expect_rc 0 "$D" fix --policy kernel-llm --message "$TMPDIR/cursor"
has "Assisted-by: LLM"
expect_rc 0 "$D" fix --model gpt-5 --tool sparse --message "$TMPDIR/cursor"
has "Assisted-by: Cursor:gpt-5 sparse"
expect_rc 2 "$D" fix --model gpt-5 --tool gcc --message "$TMPDIR/cursor"
err_has "basic development tool"

# 4 AI co-developer with its sign-off; malformed tags
cat >"$TMPDIR/codev" <<'EOM'
Change

Body.

Assisted-by: Codex gpt-5.5 git sparse
Co-developed-by: Codex <noreply@openai.com>
Signed-off-by: Codex <noreply@openai.com>
Signed-off-by: Jane Dev <jane@example.org>
Reviewed-by: Rev <rev@example.org>
EOM
expect_rc 0 "$D" fix --message "$TMPDIR/codev"
cat >"$TMPDIR/want" <<'EOM'
Change

Body.

Assisted-by: Codex:gpt-5.5 sparse
Reviewed-by: Rev <rev@example.org>
Signed-off-by: Jane Dev <jane@example.org>
EOM
cmp -s "$TMPDIR/out" "$TMPDIR/want" || { flag "codev fix differs"; diff "$TMPDIR/want" "$TMPDIR/out"; }

# 5 HEAD of a repository, and a range (HEAD only unless the build rewrites ranges)
printf 'a\n' >a && git add a && git commit -q -m 'first

Signed-off-by: Claude <noreply@anthropic.com>'
printf 'b\n' >b && git add b && git commit -q -F "$TMPDIR/claude"
old=$(git rev-parse HEAD)
expect_rc 0 "$D" fix --dry-run
has "--- a/$old"
[ "$(git rev-parse HEAD)" = "$old" ] || flag "--dry-run moved HEAD"
expect_rc 0 "$D" fix HEAD
grep -q "fixed HEAD\|fixed 1 of 1 commit" "$TMPDIR/out" || flag "HEAD not fixed"
git log -1 --format=%B >"$TMPDIR/head"
cat >"$TMPDIR/want" <<'EOM'
Add frob

Body.

Assisted-by: Claude:claude-opus-4-5
Signed-off-by: Jane Dev <jane@example.org>

EOM
cmp -s "$TMPDIR/head" "$TMPDIR/want" || { flag "HEAD message differs"; diff "$TMPDIR/want" "$TMPDIR/head"; }
[ "$(git rev-parse HEAD^)" = "$(git rev-parse $old^)" ] || flag "parent changed"
[ "$(git rev-parse HEAD^{tree})" = "$(git rev-parse $old^{tree})" ] || flag "tree changed"
[ "$(git rev-parse ORIG_HEAD)" = "$old" ] || flag "ORIG_HEAD not kept"
expect_rc 0 "$D" fix HEAD
has "nothing to fix"
expect_rc 0 "$D" fix
has "nothing to fix"
# the first commit needs --model (its agent's model is unknown): refused, nothing written
new=$(git rev-parse HEAD)
first=$(git rev-list --max-parents=0 HEAD)
expect_rc 2 "$D" fix "$first"
err_has "--model"
expect_rc 2 "$D" fix --dry-run "$first"
err_has "commit ${first%${first#????????????}}"
expect_rc 0 "$D" fix --dry-run --model claude-opus-4-5 "$first"
has "+Assisted-by: Claude:claude-opus-4-5"
[ "$(git rev-parse HEAD)" = "$new" ] || flag "a refused fix moved HEAD"

# 6 a whole range (when this build rewrites ranges; else HEAD only)
r2=$TMPDIR/range
git init -q -b main "$r2" && cd "$r2" || exit 2
git config user.name 'Jane Dev' && git config user.email jane@example.org
printf 'base\n' >base && git add base && git commit -q -m 'base

Signed-off-by: Jane Dev <jane@example.org>'
for i in 1 2 3; do
	printf '%s\n' $i >f$i && git add f$i && git commit -q -m "change $i

Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>"
done
expect_rc 0 "$D" fix --dry-run HEAD~3..HEAD
[ "$(grep -c '^+Assisted-by: Claude:claude-opus-4-5' "$TMPDIR/out")" = 3 ] || flag "dry-run of a range"
"$D" fix HEAD~3..HEAD >"$TMPDIR/out" 2>"$TMPDIR/err"; rc=$?
if grep -q "rewrites HEAD only" "$TMPDIR/err"; then
	[ $rc = 1 ] || flag "HEAD-only fix of a range: exit $rc"
else
	[ $rc = 0 ] || { flag "range fix exit $rc"; cat "$TMPDIR/err"; }
	has "fixed 3 of 3 commits"
	[ "$(git log --format=%B HEAD~3..HEAD | grep -c '^Assisted-by: Claude:claude-opus-4-5$')" = 3 ] || flag "range not rewritten"
	[ "$(git log --format=%B HEAD~3..HEAD | grep -c '^Co-Authored-By')" = 0 ] || flag "vendor trailers left"
	expect_rc 0 "$D" check HEAD~3..HEAD
fi

# 7 usage errors
expect_rc 2 "$D" fix --bogus
expect_rc 2 "$D" fix a b
expect_rc 2 "$D" fix --message "$TMPDIR/none"

finish
echo "fix: all passed"
