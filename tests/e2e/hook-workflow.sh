#!/bin/sh
# The commit-msg hook in everyday work, through real git commit and git
# merge: WIP, fixup!/squash!/amend! and merge commits pass; success is
# silent; each finding says what to change and where; an AI agent's
# commit (told by its environment or by its process ancestors) may not
# carry a Signed-off-by and has its vendor trailers turned into
# Assisted-by; only a byte-identical hook is the tool's own.
. "$TOP/tests/e2e/lib.sh"

# The markers an agent sets (src/data/catalogue.json) must not leak in
# from whoever runs this test; a test run inside an agent says so.
for v in CLAUDECODE CLAUDE_CODE_ENTRYPOINT CLAUDE_CODE_CHILD_SESSION \
	CODEX_SANDBOX CODEX_SANDBOX_NETWORK_DISABLED CODEX_THREAD_ID \
	CURSOR_AGENT GEMINI_CLI COPILOT_AGENT_ACTION \
	COPILOT_AGENT_SOURCE_ENVIRONMENT GIT_DISCLOSE_AGENT; do
	unset "$v"
done
p=$$
while [ "${p:-0}" -gt 1 ]; do
	case $(cut -d'(' -f2 "/proc/$p/stat" | cut -d')' -f1) in
	claude|codex|cursor-agent|aider|gemini|copilot)
		export GIT_DISCLOSE_AGENT=none ;;
	esac
	p=$(sed 's/.*) . \([0-9]*\) .*/\1/' "/proc/$p/stat")
done

r=$TMPDIR/repo
git init -q -b main "$r" && cd "$r" || exit 2
git config user.name 'Jane Dev' && git config user.email jane@example.org
hook=$(git rev-parse --path-format=absolute --git-path hooks)/commit-msg
expect_rc 0 "$D" hook install
n=0
change() { n=$((n + 1)); echo "$n" >"f$n" && git add "f$n"; }
quiet() { [ ! -s "$TMPDIR/out" ] && [ ! -s "$TMPDIR/err" ] ||
	{ flag "not silent: $*"; cat "$TMPDIR/out" "$TMPDIR/err"; }; }
commits() { git rev-list --count HEAD 2>/dev/null || echo 0; }

# --- A: normal work passes, silently -------------------------------
change
expect_rc 0 git commit -q -s -m 'first'
quiet "a clean commit"
change
expect_rc 0 git commit -q --fixup=HEAD
quiet "git commit --fixup"
change
expect_rc 0 git commit -q --squash=HEAD -m 'more words'
quiet "git commit --squash"
change
expect_rc 0 git commit -q -m 'amend! first

first, reworded'
quiet "an amend! commit"
[ "$(commits)" = 4 ] || flag "fixup/squash/amend! commits not made"

# a merge: git merge --no-ff runs the hook on MERGE_MSG
git checkout -q -b topic && change && git commit -q -s -m 'topic work'
git checkout -q main && change && git commit -q -s -m 'main work'
expect_rc 0 git merge -q --no-ff --no-edit topic
quiet "git merge --no-ff"
[ -n "$(git rev-parse -q --verify HEAD^2)" ] || flag "no merge commit"

# WIP: warn (the default) reports and lets it through; strict holds it
change
expect_rc 0 git commit -q -m WIP
err_has "MISSING_SIGNOFF"
err_has "WIP"
before=$(commits)
change
git config disclose.hook strict
expect_rc 1 git commit -q -m 'WIP: half done'
err_has "MISSING_SIGNOFF"
[ "$(commits)" = "$before" ] || flag "strict let a WIP commit through"
git config disclose.hook warn
expect_rc 0 git commit -q -m 'wip half done'
git config disclose.hook sloppy
change
expect_rc 1 git commit -q -s -m 'bad setting'
err_has "disclose.hook"
err_has "strict or warn"
git config --unset disclose.hook

# a rejected commit: what to change and where, never --no-verify
git rm -q --cached "f$n"
change
expect_rc 1 git commit -q -m 'not signed'
err_has "MISSING_SIGNOFF"
err_has "Signed-off-by: Jane Dev <jane@example.org>"
err_has "COMMIT_EDITMSG"
change
expect_rc 0 git commit -q -m 'twice

Signed-off-by: Jane Dev <jane@example.org>
Signed-off-by: Jane Dev <jane@example.org>'
err_has "WARNING: DUPLICATE_SIGNATURE: message line 4"
for bad in -- "--no-verify" "commits, " "--message FILE"; do
	[ "$bad" = -- ] && continue
	! grep -qF -- "$bad" "$TMPDIR/err" ||
		flag "the hook's answer says '$bad'"
done

# --- B: SPDX findings name the file and the line -------------------
printf 'int x;\n' >new.c && git add new.c
expect_rc 1 git commit -q -s -m 'add new.c'
err_has "new.c"
err_has "// SPDX-License-Identifier: <identifier>"
! grep -qF -- "--message" "$TMPDIR/err" || flag "SPDX advice is about the message"
git rm -q --cached new.c && rm new.c
printf '#!/bin/sh\necho hi\n# SPDX-License-Identifier: GPL-2.0\n' >run.sh
git add run.sh
expect_rc 0 git commit -q -s -m 'add run.sh'
err_has "SPDX_MISPLACED"
err_has "run.sh: line 3"
err_has "use line 2"
! grep -q SPDX_MISSING "$TMPDIR/err" || flag "a misplaced SPDX line reported missing"

# --- C: an AI agent's commit ---------------------------------------
vendor='Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>'
before=$(commits)
change
CLAUDECODE=1 expect_rc 1 git commit -q -s -m "agent signs

$vendor"
err_has "AGENT_SIGNOFF"
err_has "CLAUDECODE=1"
err_has "must not add Signed-off-by"
err_has "git disclose amend"
[ "$(commits)" = "$before" ] || flag "an agent's sign-off got in"
CLAUDECODE=1 expect_rc 0 git commit -q -m "agent work

Generated with [Claude Code](https://claude.com/claude-code)

$vendor"
msg=$(git log -1 --format=%B)
case $msg in *"Assisted-by: Claude:claude-opus-4-5"*) ;;
	*) flag "no Assisted-by in the agent's commit: $msg" ;; esac
case $msg in *Co-Authored-By*|*"Generated with"*|*Signed-off-by*)
	flag "vendor trailer or sign-off left: $msg" ;; esac
err_has "Assisted-by: Claude:claude-opus-4-5"
# the agent amends the human's signed commit: the sign-off is not its
change
git commit -q -s -m 'human work'
CLAUDECODE=1 expect_rc 0 git commit -q --amend --no-edit
[ "$(git log -1 --format=%s)" = 'human work' ] || flag "amend refused"

# the process path: git commit run by a process named like the agent
cp /bin/sh "$TMPDIR/claude"
before=$(commits)
change
expect_rc 1 "$TMPDIR/claude" -c 'git commit -q -s -m "by the agent"; exit $?'
err_has "AGENT_SIGNOFF"
err_has "process 'claude'"
expect_rc 0 "$TMPDIR/claude" -c "git commit -q -m 'by the agent

$vendor'; exit \$?"
git log -1 --format=%B | grep -q '^Assisted-by: Claude:claude-opus-4-5$' ||
	flag "the agent process's trailer was not converted"
[ "$(commits)" = $((before + 1)) ] || flag "the agent process's commit"

# off an agent nothing changes: the vendor trailer is refused, kept
change
expect_rc 1 git commit -q -s -m "human with vendor

$vendor"
err_has "VENDOR_TRAILER"
grep -qF "$vendor" .git/COMMIT_EDITMSG || flag "a human's message rewritten"
# a human inside the agent's terminal says so
GIT_DISCLOSE_AGENT=none CLAUDECODE=1 expect_rc 0 git commit -q -s -m 'mine'
quiet "GIT_DISCLOSE_AGENT=none"

# --- D: only a byte-identical hook is ours -------------------------
echo 'echo my extra check' >>"$hook"
cp "$hook" "$TMPDIR/mine"
expect_rc 1 "$D" hook install
err_has "changed"
cmp -s "$hook" "$TMPDIR/mine" || flag "an extended hook was overwritten"
expect_rc 1 "$D" hook uninstall
cmp -s "$hook" "$TMPDIR/mine" || flag "an extended hook was removed"
rm -f "$hook"
expect_rc 0 "$D" hook install
# the binary moved: the recorded checksum still tells our hook
mkdir -p "$TMPDIR/bin2" && cp "$D" "$TMPDIR/bin2/git-disclose"
expect_rc 0 "$TMPDIR/bin2/git-disclose" hook install
grep -q updated "$TMPDIR/out" || flag "our own hook was not updated"
grep -qF "$TMPDIR/bin2/git-disclose" "$hook" || flag "hook names the old binary"
expect_rc 0 "$D" hook uninstall
[ ! -e "$hook" ] || flag "our hook was not removed"

finish
echo "hook-workflow: all passed"
