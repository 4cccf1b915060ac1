#!/bin/sh
# git disclose hook install/uninstall: the commit-msg hook rejects
# commits with policy errors, respects core.hooksPath, never touches a
# foreign or edited hook, removes only its own.
. "$TOP/tests/e2e/lib.sh"

r=$TMPDIR/repo
git init -q -b main "$r" && cd "$r" || exit 2
git config user.name 'Jane Dev' && git config user.email jane@example.org
hook=$(git rev-parse --path-format=absolute --git-path hooks)/commit-msg

expect_rc 0 "$D" hook install
[ -x "$hook" ] || flag "no executable hook at $hook"
grep -qF "$D" "$hook" || flag "hook does not name the installing binary"
expect_rc 0 "$D" hook install
grep -q updated "$TMPDIR/out" || flag "re-install should update"

# a commit with errors is rejected, with the findings shown
printf 'a\n' >a && git add a
expect_rc 1 git commit -q -m 'no sign-off'
err_has "MISSING_SIGNOFF"
expect_rc 1 git commit -q -s -m 'Claude wrote it

Co-Authored-By: Claude <noreply@anthropic.com>'
err_has "VENDOR_TRAILER"
[ -z "$(git rev-list --all 2>/dev/null)" ] || flag "a rejected commit was made"
# a clean one passes; so does an AI-assisted one with the disclosure
expect_rc 0 git commit -q -s -m 'clean'
printf 'b\n' >b && git add b
expect_rc 0 git commit -q -m 'assisted

Assisted-by: Claude:claude-opus-4-5 coccinelle
Signed-off-by: Jane Dev <jane@example.org>'
# the files the commit adds are checked too: a C file without an SPDX
# line is rejected; with one it passes
printf 'int x;\n' >new.c && git add new.c
expect_rc 1 git commit -q -s -m 'add new.c'
err_has "SPDX_MISSING"
err_has "new.c"
[ "$(git rev-list --count HEAD)" = 2 ] || flag "a commit without SPDX was made"
# git commit PATH writes a temporary index (GIT_INDEX_FILE): only what
# that commit adds counts, not new.c, which stays staged
printf '// SPDX-License-Identifier: GPL-2.0-only\nint y;\n' >ok.c
git add ok.c
expect_rc 0 git commit -q -s -m 'add ok.c' -- ok.c
[ "$(git diff --cached --name-only)" = new.c ] || flag "new.c is no longer staged"
printf '// SPDX-License-Identifier: GPL-2.0-only\nint x;\n' >new.c && git add new.c
expect_rc 0 git commit -q -s -m 'add new.c'
# --staged belongs to --message
expect_rc 2 "$D" check --staged
err_has "--staged checks the commit being made"
# the hook finds git-disclose on PATH when the binary moved
mkdir -p "$TMPDIR/bin" && cp "$D" "$TMPDIR/bin/git-disclose"
sed "s|^disclose=.*|disclose='/nonexistent/git-disclose'|" "$hook" >"$TMPDIR/h" &&
	cat "$TMPDIR/h" >"$hook"
printf 'c\n' >c && git add c
PATH="$TMPDIR/bin:$PATH" expect_rc 1 git commit -q -m 'no sign-off'
err_has "MISSING_SIGNOFF"

# that edited hook is no longer ours; a fresh one is, and uninstall
# removes it; a foreign hook is never touched
expect_rc 1 "$D" hook uninstall
[ -e "$hook" ] || flag "an edited hook was removed"
rm -f "$hook"
expect_rc 0 "$D" hook install
expect_rc 0 "$D" hook uninstall
[ ! -e "$hook" ] || flag "hook not removed"
expect_rc 0 "$D" hook uninstall
printf '#!/bin/sh\necho mine\n' >"$hook" && chmod +x "$hook"
expect_rc 1 "$D" hook install
err_has 'git disclose hook run "$1"'
grep -q mine "$hook" || flag "foreign hook overwritten"
expect_rc 1 "$D" hook uninstall
grep -q mine "$hook" || flag "foreign hook removed"
rm -f "$hook"

# core.hooksPath
git config core.hooksPath .githooks
expect_rc 0 "$D" hook install
[ -x .githooks/commit-msg ] || flag "core.hooksPath not respected"
expect_rc 1 git commit -q -m 'no sign-off'
expect_rc 0 "$D" hook uninstall
[ ! -e .githooks/commit-msg ] || flag "hooksPath hook not removed"

# usage and environment errors
expect_rc 2 "$D" hook
expect_rc 2 "$D" hook frob
cd "$TMPDIR" && expect_rc 2 "$D" hook install

finish
echo "hook: all passed"
