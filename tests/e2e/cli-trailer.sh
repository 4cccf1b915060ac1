# git disclose trailer: lines, --format=args, --message, --parse, errors.
. "$TOP/tests/e2e/lib.sh"
new_repo "$TMPDIR/r"

out=$("$D" trailer --agent Claude --model claude-3-opus --tool coccinelle --tool sparse) ||
	fail "trailer exited $?"
expect_eq "trailer lines" "Assisted-by: Claude:claude-3-opus coccinelle sparse
$HUMAN_SOB" "$out"

# print-only: nothing is remembered; remembered answers (a write's)
# are used only when asked for (--remembered), never in their absence
expect_eq "nothing remembered" "" "$(git config --get-regexp '^disclose\.')"
expect_status 2 "$D" trailer --remembered --no-signoff
expect_grep "git config holds no answer to use" "$TMPDIR/err"
git config disclose.agent Claude
git config disclose.model claude-3-opus
git config disclose.tools "coccinelle sparse"
expect_status 2 "$D" trailer --no-signoff
expect_grep "which AI agent helped? pass --agent NAME and --model VERSION" "$TMPDIR/err"
expect_grep "(or --remembered for git config's Claude:claude-3-opus)" "$TMPDIR/err"
out=$("$D" trailer --remembered --no-signoff) || fail "trailer from config"
expect_eq "from config" "Assisted-by: Claude:claude-3-opus coccinelle sparse" "$out"
out=$("$D" trailer --remembered --model claude-opus-4-5 --no-tool --no-signoff) ||
	fail "trailer from config and an option"
expect_eq "an option wins" "Assisted-by: Claude:claude-opus-4-5" "$out"

# an alias is canonicalized, an agent inferred from a known model family
out=$("$D" trailer --agent claude-code --model claude-opus-4-5 --no-tool --no-signoff)
expect_eq "alias" "Assisted-by: Claude:claude-opus-4-5" "$out"
out=$(git config --unset disclose.agent; git config --unset disclose.tools
	"$D" trailer --model gpt-5.5 --no-signoff)
expect_eq "agent from model" "Assisted-by: Codex:gpt-5.5" "$out"
# ... and said, since another tool may have run the model; not when named
expect_status 0 "$D" trailer --model gpt-5.5 --no-signoff
expect_grep "no --agent given: Codex is written as the agent of gpt-5.5" \
	"$TMPDIR/err"
expect_status 0 "$D" trailer --agent Codex --model gpt-5.5 --no-signoff
! grep -q "no --agent given" "$TMPDIR/err" || fail "a named agent called inferred"

# basic tools are refused, with the reason
expect_status 2 "$D" trailer --agent Claude --model claude-3-opus --tool gcc
expect_grep "basic development tool" "$TMPDIR/err"
expect_status 2 "$D" trailer --agent "My Agent" --model m
expect_grep "whitespace" "$TMPDIR/err"
expect_status 2 "$D" trailer --agent Claude --model m --policy nope
expect_grep "unknown policy" "$TMPDIR/err"
expect_status 2 "$D" trailer --bogus
expect_grep "unknown option '--bogus'" "$TMPDIR/err"
expect_grep "usage:" "$TMPDIR/err"
expect_status 2 "$D" trailer --agent
expect_grep "needs a value" "$TMPDIR/err"
expect_status 0 "$D" trailer --help
expect_grep "--format=args" "$TMPDIR/out"

# an AI identity never signs off
git config user.name Claude
git config user.email noreply@anthropic.com
expect_status 2 "$D" trailer --agent Claude --model claude-3-opus
expect_grep "only a human may add Signed-off-by" "$TMPDIR/err"
out=$("$D" trailer --agent Claude --model claude-3-opus --no-signoff) ||
	fail "--no-signoff with an AI identity"
git config user.name "Hu Man"
git config user.email "hu@example.org"

# kernel-llm form
out=$("$D" trailer --policy kernel-llm --tool smatch --no-signoff)
expect_eq "llm" "Assisted-by: LLM smatch" "$out"

# in a tree whose checkpatch (at the series base, HEAD~1 here) still
# wants AGENT:MODEL, kernel-llm is warned about
mkdir -p scripts
printf 'if ($sign_off =~ /^Assisted-by:/i) {\n\tif ($email !~ /^\\S+:\\S+/) {\n' >scripts/checkpatch.pl
git add scripts && git commit -q -m "scripts: checkpatch" &&
	git commit -q --allow-empty -m "the series" || fail "checkpatch commit"
out=$("$D" trailer --policy kernel-llm --tool smatch --no-signoff 2>"$TMPDIR/warn")
expect_eq "llm in a kernel tree" "Assisted-by: LLM smatch" "$out"
expect_grep "checkpatch.pl at $(git rev-parse --short=12 HEAD~1) (the series base) still expects" "$TMPDIR/warn"
"$D" trailer --policy kernel --agent Claude --model claude-3-opus --no-signoff \
	>/dev/null 2>"$TMPDIR/warn"
[ -s "$TMPDIR/warn" ] && fail "kernel policy warned: $(cat "$TMPDIR/warn")"
git rm -q -r scripts && git commit -q -m "scripts: none" &&
	git commit -q --allow-empty -m "more" || fail "checkpatch removal"

# --format=args: usable by git commit, Assisted-by lands before the SoB
args=$("$D" trailer --policy kernel --agent Claude --model "claude-opus-4-5" \
	--tool sparse --format=args 2>"$TMPDIR/note") || fail "format=args"
expect_grep "instead of -s" "$TMPDIR/note"
echo x >x.c && git add x.c
eval "git commit -q -m 'Add x' $args" || fail "git commit with the args"
expect_eq "git placed them" "Assisted-by: Claude:claude-opus-4-5 sparse
$HUMAN_SOB" "$(git log -1 --format=%B | git interpret-trailers --parse)"

# a name with a quote survives the shell quoting (answers remembered by
# an earlier write: trailer itself remembers nothing)
git config disclose.agent Claude
git config disclose.model claude-opus-4-5
git config disclose.tools sparse
git config user.name "O'Brien Hu"
args=$("$D" trailer --remembered --format=args 2>/dev/null)
echo y >y.c && git add y.c
eval "git commit -q -m 'Add y' $args" || fail "quoted commit"
expect_grep "Signed-off-by: O'Brien Hu <hu@example.org>" /dev/stdin <<EOS
$(git log -1 --format=%B)
EOS
git config user.name "Hu Man"

# --message: the whole message with the trailers placed, comments last
printf 'Fix\n\nBody.\n\nCo-Authored-By: Claude <noreply@anthropic.com>\n# comment\n' >msg
out=$("$D" trailer --remembered --message msg)
expect_eq "placed" "Fix

Body.

Co-Authored-By: Claude <noreply@anthropic.com>
Assisted-by: Claude:claude-opus-4-5 sparse
$HUMAN_SOB
# comment" "$out"
"$D" trailer --remembered --message msg --in-place || fail "in-place"
expect_eq "in place" "$out" "$(cat msg)"
"$D" trailer --remembered --message msg --in-place || fail "in-place again"
expect_eq "idempotent" "$out" "$(cat msg)"
out=$(printf 'Subject\n' | "$D" trailer --remembered --message - --no-signoff)
expect_eq "stdin" "Subject

Assisted-by: Claude:claude-opus-4-5 sparse" "$out"
expect_status 2 "$D" trailer --remembered --message /nonexistent
expect_grep "cannot open '/nonexistent'" "$TMPDIR/err"
printf '\n\n' | expect_status 2 "$D" trailer --remembered --message -
expect_grep "message is empty" "$TMPDIR/err"

# --parse matches git interpret-trailers --parse
printf 'S\n\nb\n\nKey : v\n  cont\nSigned-off-by: A <a@x>\n' >p
expect_eq "parse" "$(git interpret-trailers --parse <p)" "$("$D" trailer --parse --message p)"
printf 'S\n\nb\n\nA: 1\n\0S2\n\nB: 2\n\0' | "$D" trailer --parse -z | tr '\0' '|' >z
expect_eq "-z" "A: 1
|B: 2
|" "$(cat z)"

# outside a repository the global identity is used
cd "$TMPDIR" && mkdir -p nr && cd nr
git config --global user.name "Glo Bal"
git config --global user.email "g@example.org"
out=$("$D" trailer --agent Claude --model claude-3-opus)
expect_eq "outside a repo" "Assisted-by: Claude:claude-3-opus
Signed-off-by: Glo Bal <g@example.org>" "$out"
git config --global --unset user.email
expect_status 2 "$D" trailer --agent Claude --model claude-3-opus
expect_grep "git config --global user.email" "$TMPDIR/err"
echo "trailer: all passed"
