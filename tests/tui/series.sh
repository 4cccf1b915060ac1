# Build the three-commit AI-assisted series the TUI tests and the demo use
# (sourced): make_series DIR. Fixed dates and identities, so commit ids and
# screen dumps are the same on every run.
make_series() {
	export GIT_AUTHOR_DATE="2026-01-05T10:00:00Z"
	export GIT_COMMITTER_DATE="2026-01-05T10:00:00Z"
	git init -q -b main "$1" || return 1
	cd "$1" || return 1
	git config user.name "Hu Man"
	git config user.email "hu@example.org"
	git config commit.gpgsign false
	printf '// SPDX-License-Identifier: GPL-2.0-only\nint base;\n' >base.c
	git add base.c
	git commit -q -m "base: start" || return 1
	git branch -q upstream-base
	git branch -q --set-upstream-to=upstream-base 2>/dev/null

	printf '// SPDX-License-Identifier: GPL-2.0-only\n/* frobnicator */\nint frob(int x)\n{\n\treturn x * 2;\n}\n' >frob.c
	git add frob.c
	git commit -q -F - <<'MSG' || return 1
frob: add the frobnicator

Doubles its argument, for the widget driver.

Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>
MSG
	printf "/* SPDX-License-Identifier: GPL-2.0-only */\nint frob(int x);\n" >frob.h
	git add frob.h
	git commit -q -F - <<'MSG' || return 1
frob: declare frob() in a header

Generated with [Claude Code](https://claude.com/claude-code)

Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>
Signed-off-by: Hu Man <hu@example.org>
MSG
	printf '// SPDX-License-Identifier: GPL-2.0-only\n#include "frob.h"\nint twice(int x) { return frob(x); }\n' >twice.c
	git add twice.c
	git commit -q -F - <<'MSG' || return 1
frob: use it in twice()

Signed-off-by: Claude <noreply@anthropic.com>
Signed-off-by: Hu Man <hu@example.org>
MSG
	unset GIT_AUTHOR_DATE GIT_COMMITTER_DATE
}

# Turn the series repository (the current directory) into a mixed one, as
# a new user's trial had it: commit 1 names Codex but no model, commit 2
# Claude Sonnet 4.5 with Claude Code's footer, commit 3 nothing at all.
make_mixed() {
	export GIT_AUTHOR_DATE="2026-01-05T11:00:00Z"
	export GIT_COMMITTER_DATE="2026-01-05T11:00:00Z"
	git reset -q --hard upstream-base || return 1
	printf '// SPDX-License-Identifier: GPL-2.0-only\nvoid frob_reset(void) {}\n' >reset.c
	git add reset.c
	git commit -q -F - <<'MSG' || return 1
frob: add frob_reset()

Callers open-code the reset of the frobnicator state.

Co-authored-by: Codex <noreply@openai.com>
MSG
	printf '// SPDX-License-Identifier: GPL-2.0-only\nint frob_scan(void) { return 0; }\n' >scan.c
	git add scan.c
	git commit -q -F - <<'MSG' || return 1
frob: fix off-by-one in frob_scan()

frob_scan() reads one element past the end of the array.

Generated with [Claude Code](https://claude.com/claude-code)

Co-Authored-By: Claude Sonnet 4.5 <noreply@anthropic.com>
MSG
	printf '/* SPDX-License-Identifier: GPL-2.0-only */\n/* the frobnicator */\n' >frob2.h
	git add frob2.h
	git commit -q -m "frob: say what the header is" || return 1
	unset GIT_AUTHOR_DATE GIT_COMMITTER_DATE
}
