#!/bin/sh
# git disclose fix on other people's commits:
# a vendor trailer in another person's block is converted in place,
# above that person's sign-off; the user's block gets no Assisted-by the
# user did not give; another person's Assisted-by is never copied; a stale
# line in the user's own block is replaced where it stands.
. "$TOP/tests/e2e/lib.sh"

r=$TMPDIR/repo
git init -q -b main "$r" && cd "$r" || exit 2
git config user.name 'Max Maint' && git config user.email max@example.org
ann='Ann Author <ann@example.org>'
echo a >f && git add f && git commit -q -m base
echo b >>f && git commit -q -a --author "$ann" -F - <<'EOM'
Add frob

Body.

Co-authored-by: Claude Opus 4.8 <noreply@anthropic.com>
Signed-off-by: Ann Author <ann@example.org>
EOM
echo c >>f && git commit -q -a --author "$ann" -F - <<'EOM'
Add knob

Body.

Assisted-by: Codex:GPT-5.5
Signed-off-by: Ann Author <ann@example.org>
EOM

expect_rc 0 "$D" fix HEAD~2..HEAD
git log -1 --format=%B HEAD~1 >"$TMPDIR/m1"
cat >"$TMPDIR/want1" <<'EOM'
Add frob

Body.

Assisted-by: Claude:claude-opus-4-8
Signed-off-by: Ann Author <ann@example.org>
Signed-off-by: Max Maint <max@example.org>

EOM
cmp -s "$TMPDIR/m1" "$TMPDIR/want1" ||
	{ flag "Ann's vendor trailer not converted in her block"; diff "$TMPDIR/want1" "$TMPDIR/m1"; }
git log -1 --format=%B HEAD >"$TMPDIR/m2"
[ "$(grep -c '^Assisted-by:' "$TMPDIR/m2")" = 1 ] ||
	{ flag "Ann's Assisted-by copied"; cat "$TMPDIR/m2"; }
grep -q '^Assisted-by: Codex:GPT-5.5$' "$TMPDIR/m2" ||
	{ flag "Ann's Assisted-by changed"; cat "$TMPDIR/m2"; }
expect_rc 0 "$D" check HEAD~2..HEAD
lacks DUPLICATE_SIGNATURE
expect_rc 0 "$D" fix HEAD~2..HEAD
err_has "Ann Author's line; not changed"

# a message: no identity, another person's line is left and named
printf 'x\n\nBody.\n\nAssisted-by: kres (claude-opus-4-7)\nSigned-off-by: Ann Author <ann@example.org>\n' >"$TMPDIR/kres"
expect_rc 0 "$D" fix --no-signoff --message "$TMPDIR/kres"
[ "$(grep -c '^Assisted-by:' "$TMPDIR/out")" = 1 ] ||
	{ flag "copy of Ann's line"; cat "$TMPDIR/out"; }

# F2/F3: the user's own block, two stale lines replaced in place, in order
printf 'x\n\nBody.\n\nAssisted-by: Codex:gpt-5\nAssisted-by: Claude:opus-4.8\nAssisted-by: kres (claude-opus-4-7)\nSigned-off-by: Max Maint <max@example.org>\n' >"$TMPDIR/own"
expect_rc 0 "$D" fix --message "$TMPDIR/own"
printf 'x\n\nBody.\n\nAssisted-by: Codex:gpt-5\nAssisted-by: Claude:claude-opus-4-8\nAssisted-by: kres:claude-opus-4-7\nSigned-off-by: Max Maint <max@example.org>\n' >"$TMPDIR/want"
cmp -s "$TMPDIR/out" "$TMPDIR/want" ||
	{ flag "own block not fixed in place"; diff "$TMPDIR/want" "$TMPDIR/out"; }

# --in-place keeps the file's mode
printf 'x\n\nBody.\n\nCo-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>\n' >"$TMPDIR/mode"
chmod 640 "$TMPDIR/mode"
expect_rc 0 "$D" fix --in-place --message "$TMPDIR/mode"
[ "$(stat -c %a "$TMPDIR/mode")" = 640 ] || flag "--in-place changed the mode"
grep -q '^Assisted-by: Claude:claude-opus-4-5$' "$TMPDIR/mode" || flag "--in-place wrote no fix"

finish
