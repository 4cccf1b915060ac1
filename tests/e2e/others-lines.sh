# Another person's lines are their statement, never the user's: amend,
# fix and the assistant's write keep Bob's lines byte for byte and in
# order, give the user's part no Assisted-by from them (a tool on his
# line or not), convert his vendor trailer where it stands (above his
# sign-off, as fix does), and never take his repeated sign-off for a
# duplicate to remove. The user's part gets the sign-off alone.
. "$TOP/tests/e2e/lib.sh"

BOB="Bob Builder <bob@example.org>"
SOB_BOB="Signed-off-by: $BOB"

# bob_commit SUBJECT TRAILERS: a commit of Bob's, applied by Hu Man.
bob_commit() {
	echo "$1" >>bob.txt
	git add bob.txt
	printf '%s\n\nBob'\''s change.\n\n%s\n' "$1" "$2" >"$TMPDIR/msg"
	git commit -q --author "$BOB" -F "$TMPDIR/msg" || fail "commit $1"
}

# bob_series DIR: Bob's four kinds of commit on an upstream base.
bob_series() {
	new_repo "$1"
	git branch -q upstream-base
	git branch -q --set-upstream-to=upstream-base
	bob_commit "tool: his Assisted-by names a tool" \
"Assisted-by: Gemini:gemini-2.5-pro coccinelle
$SOB_BOB
Link: https://lore.kernel.org/r/20261201-bob@example.org"
	bob_commit "plain: his Assisted-by names no tool" \
"Assisted-by: Codex:gpt-5-codex
$SOB_BOB"
	bob_commit "vendor: his vendor trailer" \
"Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>
$SOB_BOB"
	bob_commit "chain: he signed twice" \
"$SOB_BOB
Assisted-by:  Codex:GPT-5.5 sparse
Reviewed-by: Carol Rev <carol@example.org>
$SOB_BOB"
}

# want_msg REV TRAILERS: the whole message of REV is Bob's with TRAILERS.
want_msg() {
	printf '%s\n\nBob'\''s change.\n\n%s\n\n' \
		"$(git log -1 --format=%s "$1")" "$2" >"$TMPDIR/want"
	git log -1 --format=%B "$1" >"$TMPDIR/got"
	cmp -s "$TMPDIR/want" "$TMPDIR/got" && return 0
	flag "$3: $(git log -1 --format=%s "$1")"
	diff -u "$TMPDIR/want" "$TMPDIR/got"
}

# The four commits, oldest first (HEAD~3 .. HEAD), as the rule has them.
want_series() {
	want_msg HEAD~3 "Assisted-by: Gemini:gemini-2.5-pro coccinelle
$SOB_BOB
Link: https://lore.kernel.org/r/20261201-bob@example.org
$HUMAN_SOB" "$1: a tool on his line"
	want_msg HEAD~2 "Assisted-by: Codex:gpt-5-codex
$SOB_BOB
$HUMAN_SOB" "$1: no tool on his line"
	want_msg HEAD~1 "Assisted-by: Claude:claude-opus-4-5
$SOB_BOB
$HUMAN_SOB" "$1: his vendor trailer"
	want_msg HEAD "$SOB_BOB
Assisted-by:  Codex:GPT-5.5 sparse
Reviewed-by: Carol Rev <carol@example.org>
$SOB_BOB
$HUMAN_SOB" "$1: his chain"
}

# plain amend: the user's part gets the sign-off alone
bob_series "$TMPDIR/amend"
expect_rc 0 "$D" amend
want_series "amend"
err_has "Bob Builder"

# amend with an answer for the range: Bob's commits disclose his own
# use; the answer is not copied onto them (--only gives it to one)
bob_series "$TMPDIR/answer"
expect_rc 0 "$D" amend --agent Claude --model claude-sonnet-4-5
want_series "amend --agent"
err_has "--only"

# fix: Bob's lines kept and named on stderr; only what fix acts on gets
# the user's sign-off (the commits it has nothing to fix stay as they are)
bob_series "$TMPDIR/fix"
expect_rc 0 "$D" fix --dry-run
lacks "-Assisted-by:  Codex:GPT-5.5 sparse"
lacks "-$SOB_BOB"
expect_rc 0 "$D" fix
err_has "'Assisted-by:  Codex:GPT-5.5 sparse' is Bob Builder's line; not changed"
want_msg HEAD~3 "Assisted-by: Gemini:gemini-2.5-pro coccinelle
$SOB_BOB
Link: https://lore.kernel.org/r/20261201-bob@example.org" "fix: a tool on his line"
want_msg HEAD~2 "Assisted-by: Codex:gpt-5-codex
$SOB_BOB" "fix: no tool on his line"
want_msg HEAD~1 "Assisted-by: Claude:claude-opus-4-5
$SOB_BOB
$HUMAN_SOB" "fix: his vendor trailer"
want_msg HEAD "$SOB_BOB
Assisted-by:  Codex:GPT-5.5 sparse
Reviewed-by: Carol Rev <carol@example.org>
$SOB_BOB
$HUMAN_SOB" "fix: his chain"
expect_rc 0 "$D" fix
err_has "is Bob Builder's line; not changed"
has "nothing to fix in 4 commits"

# fix, then amend: the sign-off alone where it was missing, the series
# as the plain amend has it, and check passes
expect_rc 0 "$D" amend
want_series "fix, then amend"
expect_rc 0 "$D" amend
has "already carry these trailers"
expect_rc 0 "$D" check
lacks "ERROR"

# --message: no identity, the whole block is others'
printf 'x\n\nBody.\n\n%s\nAssisted-by:  Codex:GPT-5.5 sparse\nReviewed-by: Carol Rev <carol@example.org>\n%s\n' \
	"$SOB_BOB" "$SOB_BOB" >"$TMPDIR/chain"
expect_rc 0 "$D" fix --no-signoff --message "$TMPDIR/chain"
cmp -s "$TMPDIR/out" "$TMPDIR/chain" ||
	{ flag "fix --message rewrote Bob's chain"; diff "$TMPDIR/chain" "$TMPDIR/out"; }
finish
