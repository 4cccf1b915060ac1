#!/bin/sh
# git disclose check on real repositories built here: messages as vendor
# tools write them, malformed tags, files with and without SPDX lines, a
# kernel-like LICENSES/ tree; human output, NDJSON and exit status.
. "$TOP/tests/e2e/lib.sh"

export GIT_AUTHOR_DATE='2026-01-01T00:00:00Z' GIT_COMMITTER_DATE='2026-01-01T00:00:00Z'
r=$TMPDIR/repo
git init -q -b main "$r" && cd "$r" || exit 2
git config user.name 'Jane Dev' && git config user.email jane@example.org
commit() { # file content message
	printf '%b' "$2" >"$1" && git add "$1" && git commit -q -F - <<EOM
$3
EOM
}
printf 'base\n' >README && git add README && git commit -q -m 'base

Signed-off-by: Jane Dev <jane@example.org>'
base=$(git rev-parse HEAD)

# 1 clean: disclosure, sign-off, SPDX file
mkdir -p drivers
commit drivers/a.c '// SPDX-License-Identifier: GPL-2.0-only\nint a;\n' 'drivers: add a

Adds a.

Assisted-by: Claude:claude-opus-4-5 coccinelle
Signed-off-by: Jane Dev <jane@example.org>'
clean=$(git rev-parse HEAD)
expect_rc 0 "$D" check "$clean"
has "1 commit, 0 errors, 0 warnings"

# 2 Claude Code as it writes commits
commit b.h '/* SPDX-License-Identifier: GPL-2.0 */\n' 'Add b.h

Body.

🤖 Generated with [Claude Code](https://claude.com/claude-code)

Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>'
claude=$(git rev-parse HEAD)
expect_rc 1 "$D" check "$claude"
has "(\"Add b.h\"): ERROR: VENDOR_TRAILER: line 7:"
has "  + Assisted-by: Claude:claude-opus-4-5"
has "WARNING: VENDOR_FOOTER: line 5:"
has "ERROR: MISSING_DISCLOSURE"
has "ERROR: MISSING_SIGNOFF"
lacks "SPDX"

# 3 malformed tags, a file without SPDX, a wrong style
commit c.c 'int c;\n' 'Add c

Assisted-by: claude-opus-4-6
Assisted-by: Codex gpt-5.5 git
Signed-off-by: Jane Dev <jane@example.org>'
commit d.c '/* SPDX-License-Identifier: GPL-2.0 */\n' 'Add d

Signed-off-by: Claude <noreply@anthropic.com>
Signed-off-by: Jane Dev <jane@example.org>'
expect_rc 1 "$D" check HEAD~1
has "ERROR: ASSISTED_BY_FORMAT: line 3: 'claude-opus-4-6'"
has "  + Assisted-by: Claude:claude-opus-4-6"
has "  + Assisted-by: Codex:gpt-5.5"
has "WARNING: ASSISTED_BY_BASIC_TOOL"
has "ERROR: SPDX_MISSING: c.c:"
expect_rc 1 "$D" check --no-spdx HEAD~1
lacks "SPDX"
expect_rc 1 "$D" check HEAD
has "ERROR: AI_SIGNOFF: line 3:"
has "WARNING: SPDX_STYLE: d.c"
has "  + // SPDX-License-Identifier: GPL-2.0"

# 4 a range: newest first, summary
expect_rc 1 "$D" check "$base..HEAD"
has "4 commits,"
[ "$(grep -c '^[0-9a-f]\{12\} ' "$TMPDIR/out")" -ge 8 ] || flag "too few findings"

# 5 NDJSON: one line per commit, null commit for --message
expect_rc 1 "$D" check --json "$base..HEAD"
[ "$(wc -l <"$TMPDIR/out")" = 4 ] || flag "want 4 NDJSON lines"
if command -v python3 >/dev/null; then
	python3 -c '
import json, sys
for line in open(sys.argv[1]):
    o = json.loads(line)
    assert set(o) == {"commit", "subject", "findings"}, o
    for f in o["findings"]:
        assert set(f) == {"id", "severity", "line", "text", "message", "fix"}, f
' "$TMPDIR/out" || flag "NDJSON does not parse"
fi
has "\"commit\":\"$claude\""
has '"id":"VENDOR_TRAILER","severity":"error","line":7,"text":"Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>"'
git log -1 --format=%B "$claude" >"$TMPDIR/msg"
expect_rc 1 "$D" check --json --message "$TMPDIR/msg"
has '{"commit":null,"subject":"Add b.h",'
expect_rc 1 "$D" check - <"$TMPDIR/msg"
has 'message ("Add b.h"): ERROR: VENDOR_TRAILER'

# 6 aider, Cursor, Codex, OpenHands messages; aider's author suffix
git -c user.name='Jane Dev (aider)' commit -q --allow-empty -m 'aider change

Co-authored-by: aider (gpt-4o) <aider@aider.chat>
Signed-off-by: Jane Dev <jane@example.org>'
expect_rc 1 "$D" check HEAD
has "  + Assisted-by: aider:gpt-4o"
git commit -q --allow-empty -m 'cursor change

Made-with: Cursor
Signed-off-by: Jane Dev <jane@example.org>'
expect_rc 1 "$D" check HEAD
has "ERROR: VENDOR_TRAILER: line 3:"
has "the Cursor model is not known: fix needs --model to write"
lacks "--agent"
expect_rc 2 "$D" fix HEAD
err_has "pass --model VERSION"
expect_rc 0 "$D" fix --dry-run --model gpt-5.5 HEAD
has "+Assisted-by: Cursor:gpt-5.5"

# 7 kernel-llm policy, from the option and from git config
printf 'x\n\nAssisted-by: LLM sparse\nSigned-off-by: Jane Dev <jane@example.org>\n' >"$TMPDIR/llm"
expect_rc 1 "$D" check --message "$TMPDIR/llm"
has "ASSISTED_BY_FORMAT"
expect_rc 0 "$D" check --policy kernel-llm --message "$TMPDIR/llm"
git config disclose.policy kernel-llm
expect_rc 0 "$D" check --message "$TMPDIR/llm"
git config --unset disclose.policy

# 8 a kernel-like tree: LICENSES/ decides the identifiers
k=$TMPDIR/kernel
git init -q -b main "$k" && cd "$k" || exit 2
git config user.name 'Jane Dev' && git config user.email jane@example.org
mkdir -p LICENSES/preferred LICENSES/exceptions
printf 'Valid-License-Identifier: GPL-2.0\nValid-License-Identifier: GPL-2.0-only\n' >LICENSES/preferred/GPL-2.0
printf 'Valid-License-Identifier: Linux-syscall-note\n' >LICENSES/exceptions/Linux-syscall-note
git add LICENSES && git commit -q -m 'LICENSES

Signed-off-by: Jane Dev <jane@example.org>'
printf '// SPDX-License-Identifier: MIT\nint m;\n' >m.c
printf '/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */\n' >u.h
printf '#!/bin/sh\n# SPDX-License-Identifier: GPL-2.0-only\n' >s.sh
printf '.. SPDX-License-Identifier: GPL-2.0\n\nDoc\n' >d.rst
git add . && git commit -q -m 'add files

Signed-off-by: Jane Dev <jane@example.org>'
expect_rc 1 "$D" check HEAD
has "ERROR: SPDX_UNKNOWN_LICENSE: m.c: 'MIT'"
has "LICENSES/"
lacks "u.h"
lacks "s.sh"
lacks "d.rst"

# 9 a merge is checked for its message only
git checkout -q -b side HEAD~1 && printf 'int z;\n' >z.c && git add z.c &&
	git commit -q -m 'z

Signed-off-by: Jane Dev <jane@example.org>'
git checkout -q main && git merge -q --no-ff -m 'Merge side

Signed-off-by: Jane Dev <jane@example.org>' side
expect_rc 0 "$D" check HEAD
has "1 commit, 0 errors"

# 10 terminal safety and errors
printf 'Evil \033[2J subject\n\nSigned-off-by: Claude <noreply@anthropic.com>\n' >"$TMPDIR/evil"
expect_rc 1 "$D" check --message "$TMPDIR/evil"
has 'Evil \x1b[2J subject'
if grep -q "$(printf '\033')" "$TMPDIR/out"; then flag "raw escape printed"; fi
expect_rc 2 "$D" check no-such-rev
grep -q "not a revision" "$TMPDIR/err" || flag "bad range message"
expect_rc 2 "$D" check --message "$TMPDIR/none"
expect_rc 2 "$D" check --bogus
expect_rc 2 "$D" check a b
cd "$TMPDIR" && expect_rc 2 "$D" check HEAD
expect_rc 1 "$D" check --message "$TMPDIR/evil"

finish
echo "check: all passed"
