#!/bin/sh
# Under an AI agent the commit-msg hook turns vendor trailers into
# Assisted-by: in git's message file; the line goes where the placement
# rule puts it, immediately before the human's Signed-off-by (the last
# line of the block), never after it. The hook adds no sign-off itself.
. "$TOP/tests/e2e/lib.sh"

for v in CLAUDECODE CLAUDE_CODE_ENTRYPOINT CLAUDE_CODE_CHILD_SESSION \
	CODEX_SANDBOX CODEX_SANDBOX_NETWORK_DISABLED CODEX_THREAD_ID \
	CURSOR_AGENT GEMINI_CLI COPILOT_AGENT_ACTION \
	COPILOT_AGENT_SOURCE_ENVIRONMENT GIT_DISCLOSE_AGENT; do
	unset "$v"
done

r=$TMPDIR/repo
git init -q -b main "$r" && cd "$r" || exit 2
git config user.name 'Jane Dev' && git config user.email jane@example.org
expect_rc 0 "$D" hook install
n=0
change() { n=$((n + 1)); echo "$n" >"f$n" && git add "f$n"; }
vendor='Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>'
sob='Signed-off-by: Jane Dev <jane@example.org>'
expect="Assisted-by: Claude:claude-opus-4-5
$sob"
trailers() { git interpret-trailers --parse "$1"; }

# the agent runs git commit -s: refused (an agent signs nothing), and
# the message git keeps has the disclosure before the sign-off
change
CLAUDECODE=1 expect_rc 1 git commit -q -s -m "agent signs

$vendor"
err_has "AGENT_SIGNOFF"
[ "$(trailers .git/COMMIT_EDITMSG)" = "$expect" ] ||
	flag "order in the kept message: $(trailers .git/COMMIT_EDITMSG)"

# the human signed; the agent amends the commit with its vendor trailer
git commit -q -s -m "human work" || flag "human commit"
printf 'human work\n\n%s\n%s\n' "$sob" "$vendor" >"$TMPDIR/msg"
GIT_DISCLOSE_AGENT=claude expect_rc 0 git commit -q --amend -F "$TMPDIR/msg"
git log -1 --format=%B >"$TMPDIR/new"
[ "$(trailers "$TMPDIR/new")" = "$expect" ] ||
	flag "Assisted-by after the human's sign-off: $(cat "$TMPDIR/new")"
[ "$(grep -c '^Signed-off-by:' "$TMPDIR/new")" = 1 ] ||
	flag "a sign-off added or lost: $(cat "$TMPDIR/new")"

# no sign-off at all: the hook adds none
change
CLAUDECODE=1 expect_rc 0 git commit -q -m "agent work

$vendor"
[ "$(git log -1 --format=%B | git interpret-trailers --parse)" = \
  "Assisted-by: Claude:claude-opus-4-5" ] ||
	flag "agent commit: $(git log -1 --format=%B)"
finish
