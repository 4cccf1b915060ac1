# The command line writes only what a commit's own facts or the human
# say: commit converts a vendor trailer as amend does and refuses an
# answer that contradicts the message; amend remembers only an answer
# that was written; check and fix agree on what they find.
. "$TOP/tests/e2e/lib.sh"
new_repo "$TMPDIR/r"

body() {
	git cat-file commit HEAD | sed '1,/^$/d'
}

# 1. commit -m with a vendor trailer: converted from the message's facts
echo a >a.txt && git add a.txt
expect_rc 0 "$D" commit -m 'c: seventh

Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>'
lacks "Co-Authored-By"
expect_eq "commit converts" "c: seventh

Assisted-by: Claude:claude-opus-4-5
$HUMAN_SOB" "$(body)"
expect_rc 0 "$D" check HEAD~1..HEAD

# an answer typed that contradicts the message: refused, nothing committed
echo b >b.txt && git add b.txt
old=$(git rev-parse HEAD)
expect_rc 1 "$D" commit --agent Claude --model claude-sonnet-4-5 -m 'c: eighth

Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>'
err_has "contradicts"
err_has "claude-opus-4-5"
[ "$(git rev-parse HEAD)" = "$old" ] || flag "a contradiction was committed"

echo b2 >b2.txt && git add b2.txt
# a remembered sonnet is a suggestion: the message's own facts win
git config disclose.agent Claude
git config disclose.model claude-sonnet-4-5
expect_rc 0 "$D" commit --remembered -m 'c: ninth

Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>'
expect_eq "remembered yields" "c: ninth

Assisted-by: Claude:claude-opus-4-5
$HUMAN_SOB" "$(body)"
git config --unset disclose.agent
git config --unset disclose.model

# the editor path shares the rule
cat >"$TMPDIR/ed.sh" <<'EOS'
#!/bin/sh
printf 'c: tenth\n\nCo-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>\n' >"$1.new"
grep '^#' "$1" >>"$1.new"
mv "$1.new" "$1"
EOS
chmod +x "$TMPDIR/ed.sh"
echo c >c.txt && git add c.txt
old=$(git rev-parse HEAD)
GIT_EDITOR="$TMPDIR/ed.sh" expect_rc 1 "$D" commit \
	--agent Claude --model claude-sonnet-4-5
err_has "contradicts"
[ "$(git rev-parse HEAD)" = "$old" ] || flag "the editor committed a contradiction"
GIT_EDITOR="$TMPDIR/ed.sh" expect_rc 0 "$D" commit
expect_eq "editor converts" "c: tenth

Assisted-by: Claude:claude-opus-4-5
$HUMAN_SOB" "$(body)"

# 2. an answer no commit took is not remembered: the only disclosure is
# Bob's (his Assisted-by and sign-off), so no Claude line is written
echo d >d.txt && git add d.txt
git commit -q -m 'd: bob

Assisted-by: Gemini:gemini-2.5-pro
Signed-off-by: Bob <bob@example.org>'
expect_rc 0 "$D" amend --agent Claude --model claude-opus-4-5 HEAD
lacks "Claude"
[ -z "$(git config disclose.model)" ] ||
	flag "amend remembered an answer no commit got: $(git config disclose.model)"
# one that a commit took is
echo e >e.txt && git add e.txt && git commit -q -m 'e: plain'
expect_rc 0 "$D" amend --agent Claude --model claude-opus-4-5 HEAD
[ "$(git config disclose.model)" = claude-opus-4-5 ] ||
	flag "amend did not remember the answer it wrote"
git config --unset disclose.agent
git config --unset disclose.model

# 4. a misspelling check asks about is no fix of fix's own: it names --model
printf 'x: y\n\nBody.\n\nAssisted-by: Claude:claude-opsu-4-5\n%s\n' \
	"$HUMAN_SOB" >"$TMPDIR/m4"
expect_rc 0 "$D" check --message "$TMPDIR/m4"
has "did you mean"
expect_rc 2 "$D" fix --message "$TMPDIR/m4"
err_has "--model"
lacks "claude-opus-4-5"
# a spelling variant check proposes as the vendor's id stays automatic
printf 'x: y\n\nBody.\n\nAssisted-by: Claude:claude-opus-4.5\n%s\n' \
	"$HUMAN_SOB" >"$TMPDIR/m4b"
expect_rc 0 "$D" fix --message "$TMPDIR/m4b"
has "Assisted-by: Claude:claude-opus-4-5"
# ... nor of amend's: a commit whose own line is misspelt is not
# rewritten to the guess; amend asks for the model, nothing changes
git commit -q --allow-empty -F "$TMPDIR/m4" || fail "commit m4"
tip=$(git rev-parse HEAD)
expect_rc 2 "$D" amend HEAD
err_has "it names Claude but not the model: pass --model VERSION"
[ "$(git rev-parse HEAD)" = "$tip" ] || flag "amend wrote a guess"
git log -1 --format=%B | grep -q "claude-opsu-4-5" || flag "the line changed"
# a misspelt agent is not taken for one either
printf 'x: z\n\nAssisted-by: Cladue:claude-opus-4-5\n%s\n' "$HUMAN_SOB" |
	git commit -q --allow-empty -F - || fail "commit Cladue"
tip=$(git rev-parse HEAD)
expect_rc 2 "$D" amend HEAD
err_has "its own Assisted-by line (Assisted-by: Cladue:claude-opus-4-5) does not tell which agent"
grep -q "without facts of its own" "$TMPDIR/err" &&
	flag "amend called a commit with its own line one without facts"
[ "$(git rev-parse HEAD)" = "$tip" ] || flag "amend wrote a guessed agent"
# the answer for that agent replaces the misspelt line, never joins it;
# fix says nothing of an unused --model when it wrote it
expect_rc 0 "$D" amend --agent Claude --model claude-opus-4-5 HEAD
[ "$(git log -1 --format=%B | grep -c '^Assisted-by:')" = 1 ] ||
	flag "two Assisted-by lines: $(git log -1 --format=%B)"
git log -1 --format=%B | grep -q Cladue && flag "the misspelt line stayed"
printf 'x: w\n\nAssisted-by: Cladue:claude-opus-4-5\n' |
	git commit -q --allow-empty -F - || fail "commit Cladue 2"
expect_rc 0 "$D" fix --agent Claude --model claude-opus-4-5 HEAD
git log -1 --format=%B | grep -q Cladue && flag "fix kept the misspelt line"
! grep -q "was not used" "$TMPDIR/err" ||
	flag "fix called the --model it wrote unused"
[ "$(git log -1 --format=%B | grep -c '^Assisted-by:')" = 1 ] ||
	flag "fix: two Assisted-by lines: $(git log -1 --format=%B)"

# 5. a footer as the last line: converted, and no blank line is left at
# the end of the message (git cat-file shows what is stored)
FOOTER='🤖 Generated with [Claude Code](https://claude.com/claude-code)'
WANT5="f: footer

Body.

Assisted-by: Claude:claude-opus-4-5
$HUMAN_SOB"
for how in fix amend; do
	echo "$how" >"f-$how.txt" && git add "f-$how.txt"
	git commit -q --cleanup=verbatim -m "f: footer

Body.

$FOOTER"
	if [ $how = fix ]; then
		expect_rc 0 "$D" fix --model claude-opus-4-5 HEAD
	else
		expect_rc 0 "$D" amend --agent Claude --model claude-opus-4-5 HEAD
	fi
	[ "$(git cat-file commit HEAD | sed '1,/^$/d' | tail -c 1 | od -An -c | tr -d ' ')" = '\n' ] || flag "$how: no final newline"
	git cat-file commit HEAD | sed '1,/^$/d' >"$TMPDIR/stored"
	printf '%s\n' "$WANT5" >"$TMPDIR/want5"
	cmp -s "$TMPDIR/stored" "$TMPDIR/want5" ||
		flag "$how: stored message differs: $(od -c "$TMPDIR/stored" | tail -3)"
done
git config --unset disclose.agent
git config --unset disclose.model

# 6. fix --dry-run names every commit that needs an answer, in one run
git tag base6
for i in 1 2 3 4; do
	echo "$i" >"g$i.txt" && git add "g$i.txt"
	git commit -q -m "g$i: needs a model

Co-Authored-By: Claude <noreply@anthropic.com>"
done
expect_rc 2 "$D" fix --dry-run base6..
for id in $(git rev-list base6..HEAD); do
	err_has "commit $(echo "$id" | cut -c1-12):"
done
err_has "4 of 4 commits"
expect_rc 0 "$D" fix --dry-run --model claude-opus-4-5 base6..

# 7. the user's own earlier part (ending in the user's sign-off) is the
# user's, not another person's; check and fix agree on the chain
echo h >h.txt && git add h.txt
git commit -q -m 'h: chain

Body.

Assisted-by: Claude:claude-3-opus smatch
Signed-off-by: Hu Man <hu@example.org>
Reviewed-by: Rev Iewer <rev@example.org>
Assisted-by: Gemini:gemini-2.5-pro
Signed-off-by: Bob <bob@example.org>'
expect_rc 0 "$D" amend --dry-run HEAD
grep -q "another person's AI use\|Hu Man's line" "$TMPDIR/err" &&
	flag "the user's own earlier part called another person's: $(cat "$TMPDIR/err")"
err_has "your own earlier part"
expect_rc 0 "$D" amend HEAD
expect_rc 0 "$D" check HEAD~1..HEAD
lacks DUPLICATE_SIGNATURE
expect_rc 0 "$D" fix --dry-run HEAD
err_has "0 would change"

# 8. --only on a range names the commits it leaves as they were, and the
# hint that suggests --only says so
only=$(git rev-parse HEAD~2)
for cmd in amend fix; do
	expect_rc 0 "$D" $cmd --dry-run --agent Claude --model claude-opus-4-5 \
		--only HEAD~2 base6..HEAD
	err_has "4 commits of the range are left as they were"
	for id in $(git rev-list base6..HEAD | grep -v "$only"); do
		err_has "$(echo "$id" | cut -c1-12)"
	done
done
expect_rc 2 "$D" fix --dry-run base6..HEAD
err_has "left as they are"

# 9. trailer --remembered says where the answer came from; fix --model on
# a commit with no AI trace says that no commit needed it
git config disclose.agent Claude
git config disclose.model claude-opus-4-5
expect_rc 0 "$D" trailer --remembered
has "Assisted-by: Claude:claude-opus-4-5"
err_has "(from git config disclose.agent, disclose.model"
git config --unset disclose.agent
git config --unset disclose.model
echo i >i.txt && git add i.txt && git commit -q -m 'i: no AI'
expect_rc 0 "$D" fix --model claude-opus-4-5 HEAD
err_has "no commit of the range needed --model claude-opus-4-5"
lacks "Assisted-by"
expect_rc 0 "$D" fix --dry-run --model claude-opus-4-5 base6..HEAD
grep -q "no commit of the range needed" "$TMPDIR/err" &&
	flag "--model was used, yet said unused"

finish
