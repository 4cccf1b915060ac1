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
