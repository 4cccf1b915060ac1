# The bug-fix procedure of a later coding-assistants.rst in the
# assistant's checklist: its items appear only where the tree's document
# has the procedure, and only for a series with a Fixes: line or marked
# as a bug fix (f). The automatic items run the real tools of Debian's
# linux-source-6.1, copied into the test repository: the Fixes: tag
# against the tree's commits, scripts/checkpatch.pl on the series,
# scripts/get_maintainer.pl with a MAINTAINERS file; the new-warnings
# item reads the last boot's verdict; the "could not be tested"
# statement must be in the changelog before it can be certified.
. "$TOP/tests/e2e/lib.sh"
command -v perl >/dev/null || { echo "perl is not installed"; exit 77; }

. "$TOP/tests/e2e/lib-k61.sh"

doc() {
	cat <<'EOF'
AI Coding Assistants
====================

Credit the assistant with an ``Assisted-by:`` tag of this form::

	Assisted-by: LLM [TOOL1] [TOOL2]

For example::

	Assisted-by: LLM coccinelle sparse
EOF
	[ "$1" = procedure ] || return 0
	cat <<'EOF'

Procedure for finding and fixing bugs
-------------------------------------

Read the process documentation first; verify the bug with a reproducer;
build and check the fix; add a Fixes: tag; find the maintainers with
scripts/get_maintainer.pl; say what could not be tested; send nothing.
EOF
}

# tree DIR DOC: the documents, the scripts and the frobnicator in two
# commits (tag base); the series goes on top.
tree() {
	new_repo "$1"
	mkdir -p Documentation/process scripts drivers/frob
	doc "$2" >Documentation/process/coding-assistants.rst
	for f in $K61_FILES; do cp "$K61/$f" "$f"; done
	k61_maintainers >MAINTAINERS
	git add -A
	git commit -q -m "docs: the process documents" || fail "docs commit"
	printf '// SPDX-License-Identifier: GPL-2.0-only\nint frob;\n' \
		>drivers/frob/frob.c
	git add -A
	git commit -q -m "frob: add the frobnicator" || fail "frob commit"
	git tag base
	FROB=$(git rev-parse --short=12 HEAD)
}

# fix MESSAGE-TAIL: one commit of the series, a real change to frob.c.
fix() {
	printf 'int frob_fixed;\n' >>drivers/frob/frob.c
	git commit -q -a -F - <<EOF || fail "series commit"
frob: do not leak the frobnicator

The frobnicator was not freed on the error path; free it there.

$1
${ASSISTED-Assisted-by: LLM}
$HUMAN_SOB
EOF
}

# checklist KEYS...: open the checklist of base..HEAD, press KEYS, dump.
# A fresh session each time (KEEP=1: resume the saved one, which opens
# on the checklist where it was left).
checklist() {
	if [ -n "${KEEP:-}" ]; then
		printf '%s\n:dump list.txt\n' "$*" >"$W/keys"
	else
		rm -f "$(git rev-parse --git-dir)/disclose/session.json"
		printf 'c %s\n:dump list.txt\n' "$*" >"$W/keys"
	fi
	env DISCLOSE_TUI_SCRIPT="$W/keys" DISCLOSE_TUI_SIZE=160x50 \
		DISCLOSE_TUI_DUMP_DIR="$W" TERM=xterm-256color \
		"$D" base..HEAD >/dev/null 2>"$TMPDIR/err" ||
		fail "assistant: $(cat "$TMPDIR/err")"
}

# the line of the list for an item: its badge then its text
expect_item() {
	grep -E "^. *$1 +$2" "$W/list.txt" >/dev/null && return 0
	echo "FAIL: no '$1 $2' in the checklist:" >&2
	sed 's/^/  /' "$W/list.txt" >&2
	exit 1
}

FIXES_ITEM="Bug fixes: each carries a Fixes: tag"
# the cursor on an item: from the first (g) down so many
DOWN_FIXES="g j j j j j j j j j"
DOWN_CHECKPATCH="$DOWN_FIXES j"
DOWN_WARNINGS="$DOWN_CHECKPATCH j"
DOWN_MAINTAINERS="$DOWN_WARNINGS j j"
DOWN_UNTESTED="$DOWN_MAINTAINERS j"

# Fixes: against the tree's own commits: right, wrong subject, unknown.
test_fixes() {
	tree "$W/k" procedure
	fix "Fixes: $FROB (\"frob: add the frobnicator\")"
	checklist $DOWN_FIXES
	expect_item ok "$FIXES_ITEM"
	expect_grep "Fixes: names a commit of this repository with its subject" \
		"$W/list.txt"
	git commit -q --amend -m "frob: do not leak

Fixes: $FROB (\"frob: add the frob\")
$HUMAN_SOB"
	checklist $DOWN_FIXES
	expect_item FAIL "$FIXES_ITEM"
	expect_grep "FIXES_SUBJECT_MISMATCH" "$W/list.txt"
	git commit -q --amend -m "frob: do not leak

Fixes: 0badc0ffee00 (\"frob: add the frobnicator\")
$HUMAN_SOB"
	checklist $DOWN_FIXES
	expect_item FAIL "$FIXES_ITEM"
	expect_grep "FIXES_UNKNOWN_COMMIT" "$W/list.txt"
}

# No Fixes: no procedure items, only the key that marks the series; f
# marks it, and then the missing tag is the first failure.
test_marked() {
	tree "$W/k" procedure
	fix "Link: https://example.org/bug/1"
	checklist
	expect_grep "f: the series fixes a bug" "$W/list.txt"
	! grep -q "Bug fixes:" "$W/list.txt" ||
		fail "procedure items without a bug fix: $(cat "$W/list.txt")"
	checklist f $DOWN_FIXES
	expect_item FAIL "$FIXES_ITEM"
	expect_grep "no Fixes: tag" "$W/list.txt"
	expect_item '\[ \]' "Bug fixes: a non-trivial bug was verified with a reproducer"
	# the mark is kept in the session, and f takes it back
	KEEP=1 checklist
	expect_item FAIL "$FIXES_ITEM"
	KEEP=1 checklist f
	! grep -q "Bug fixes:" "$W/list.txt" || fail "f did not unmark"
}

# One commit marked on the series screen (f): the procedure's items are
# about it alone, not about the clean-up before it; the mark is kept.
test_marked_commit() {
	tree "$W/k" procedure
	printf '/* the frobnicator */\n' >>drivers/frob/frob.c
	git commit -q -a -m "frob: tidy" -m "$HUMAN_SOB" || fail "tidy"
	TIDY=$(git rev-parse --short=12 HEAD)
	fix "Link: https://example.org/bug/1"
	LEAK=$(git rev-parse --short=12 HEAD)
	rm -f "$(git rev-parse --git-dir)/disclose/session.json"
	printf 'j f\n:dump series.txt\nc %s\n:dump list.txt\n' "$DOWN_FIXES" \
		>"$W/keys"
	env DISCLOSE_TUI_SCRIPT="$W/keys" DISCLOSE_TUI_SIZE=160x50 \
		DISCLOSE_TUI_DUMP_DIR="$W" TERM=xterm-256color \
		"$D" base..HEAD >/dev/null 2>"$TMPDIR/err" ||
		fail "assistant: $(cat "$TMPDIR/err")"
	grep -q "frob: do not leak the frobnicator \[bug fix\]" "$W/series.txt" ||
		fail "the marked commit is not shown as a fix: $(cat "$W/series.txt")"
	! grep -q "frob: tidy \[bug fix\]" "$W/series.txt" ||
		fail "the clean-up is shown as a fix"
	expect_item FAIL "$FIXES_ITEM"
	expect_grep "$LEAK frob: do not leak the frobnicator: no Fixes: tag" \
		"$W/list.txt"
	! grep -q "$TIDY" "$W/list.txt" ||
		fail "the clean-up is held to the procedure: $(cat "$W/list.txt")"
	# resumed (on the series, where the mark was set): still marked; f
	# again takes it back
	KEEP=1 checklist c $DOWN_FIXES
	expect_item FAIL "$FIXES_ITEM"
	printf 'j f\nc\n:dump list.txt\n' >"$W/keys"
	env DISCLOSE_TUI_SCRIPT="$W/keys" DISCLOSE_TUI_SIZE=160x50 \
		DISCLOSE_TUI_DUMP_DIR="$W" TERM=xterm-256color \
		"$D" base..HEAD >/dev/null 2>"$TMPDIR/err" ||
		fail "assistant: $(cat "$TMPDIR/err")"
	! grep -q "Bug fixes:" "$W/list.txt" ||
		fail "f did not take the mark back: $(cat "$W/list.txt")"
}

# A tree whose document has no procedure: no items, even with Fixes:.
test_no_procedure() {
	tree "$W/k" plain
	fix "Fixes: $FROB (\"frob: add the frobnicator\")"
	checklist f
	! grep -q "Bug fixes:" "$W/list.txt" ||
		fail "procedure items in a tree without the procedure"
	! grep -q "f: the series fixes a bug" "$W/list.txt" ||
		fail "the mark offered without the procedure"
}

# get_maintainer.pl of the tree, on the series' patches.
test_maintainers() {
	tree "$W/k" procedure
	fix "Fixes: $FROB (\"frob: add the frobnicator\")"
	checklist $DOWN_MAINTAINERS
	expect_item ok "Bug fixes: maintainers and lists"
	expect_grep "scripts/get_maintainer.pl (--no-git) names:" "$W/list.txt"
	expect_grep "to: Fro Bnicator <frob@example.org> (maintainer:FROB DRIVER)" \
		"$W/list.txt"
	expect_grep "to: Rev Iewer <rev@example.org> (reviewer:FROB DRIVER)" \
		"$W/list.txt"
	expect_grep "cc: frob-devel@lists.example.org (open list:FROB DRIVER)" \
		"$W/list.txt"
	# a tree without the script says so
	git rm -q scripts/get_maintainer.pl
	git commit -q --amend --no-edit
	checklist $DOWN_MAINTAINERS
	expect_item n/a "Bug fixes: maintainers and lists"
	expect_grep "no scripts/get_maintainer.pl in the work tree" "$W/list.txt"
}

# 6.1's own MAINTAINERS and get_maintainer.pl: the assistant shows the
# networking maintainers and netdev for a fix to drivers/net/dummy.c.
test_maintainers_61() {
	new_repo "$W/k"
	mkdir -p Documentation/process scripts drivers/net
	doc procedure >Documentation/process/coding-assistants.rst
	for f in $K61_FILES; do cp "$K61/$f" "$f"; done
	cp "$K61_MAINTAINERS" MAINTAINERS
	printf '// SPDX-License-Identifier: GPL-2.0-only\nint dummy;\n' \
		>drivers/net/dummy.c
	git add -A
	git commit -q -m "net: dummy: add it" || fail "base commit"
	git tag base
	DUMMY=$(git rev-parse --short=12 HEAD)
	printf 'int dummy_fixed;\n' >>drivers/net/dummy.c
	git commit -q -a -m "net: dummy: fix it" \
		-m "Fixes: $DUMMY (\"net: dummy: add it\")
Assisted-by: LLM
$HUMAN_SOB" || fail "series commit"
	checklist $DOWN_MAINTAINERS
	expect_item ok "Bug fixes: maintainers and lists"
	expect_grep "scripts/get_maintainer.pl (--no-git) names:" "$W/list.txt"
	expect_grep "to: Jakub Kicinski <kuba@kernel.org> (maintainer:NETWORKING DRIVERS)" \
		"$W/list.txt"
	expect_grep "cc: netdev@vger.kernel.org (open list:NETWORKING DRIVERS)" \
		"$W/list.txt"
	expect_grep "cc: linux-kernel@vger.kernel.org (open list)" "$W/list.txt"
}

# The tree's checkpatch on the series: clean, then a trailing blank.
test_checkpatch() {
	tree "$W/k" procedure
	# 6.1's checkpatch wants AGENT:MODEL: it warns on the LLM form
	fix "Fixes: $FROB (\"frob: add the frobnicator\")"
	checklist $DOWN_CHECKPATCH
	expect_item FAIL "Bug fixes: the tree's scripts/checkpatch.pl is clean"
	expect_grep "WARNING:BAD_SIGN_OFF: Assisted-by expects" "$W/list.txt"
	git reset -q --hard base
	ASSISTED=
	fix "Fixes: $FROB (\"frob: add the frobnicator\")"
	checklist $DOWN_CHECKPATCH
	expect_item ok "Bug fixes: the tree's scripts/checkpatch.pl is clean"
	expect_grep "no errors or warnings on 1 patch" "$W/list.txt"
	printf 'int frob_blank; \n' >>drivers/frob/frob.c
	git commit -q -a --amend --no-edit
	checklist $DOWN_CHECKPATCH
	expect_item FAIL "Bug fixes: the tree's scripts/checkpatch.pl is clean"
	expect_grep "TRAILING_WHITESPACE" "$W/list.txt"
}

# boot.json as git disclose boot leaves it: none, new warnings, none new.
verdict() {
	mkdir -p "$(git rev-parse --git-dir)/disclose"
	cat >"$(git rev-parse --git-dir)/disclose/boot.json" <<EOF
{"tip": "$(git rev-parse HEAD)", "status": "$1", "pass": $2,
 "summary": "W=1 compared", "warnings_checked": true,
 "warnings_accepted": false, "new_warnings": [$3],
 "warnings_seen": {"base": 0, "tip": $4}}
EOF
	chmod 600 "$(git rev-parse --git-dir)/disclose/boot.json"
}

test_warnings() {
	tree "$W/k" procedure
	fix "Fixes: $FROB (\"frob: add the frobnicator\")"
	checklist $DOWN_WARNINGS
	expect_item open "Bug fixes: the series adds no build warnings"
	expect_grep "not run: git disclose boot (b)" "$W/list.txt"
	verdict new-warnings false '{"file": "drivers/frob/frob.c", "line": 3,
	  "message": "no previous prototype for '"'"'frob_fixed'"'"' [-Wmissing-prototypes]",
	  "text": "int frob_fixed;"}' 1
	checklist $DOWN_WARNINGS
	expect_item FAIL "Bug fixes: the series adds no build warnings"
	expect_grep "1 new build warning:" "$W/list.txt"
	expect_grep "drivers/frob/frob.c:3: no previous prototype" "$W/list.txt"
	verdict pass true "" 0
	checklist $DOWN_WARNINGS
	expect_item ok "Bug fixes: the series adds no build warnings"
}

# The statement must be written before the human can certify it.
test_statement() {
	tree "$W/k" procedure
	fix "Fixes: $FROB (\"frob: add the frobnicator\")"
	checklist $DOWN_UNTESTED "<Space>"
	expect_item FAIL "Bug fixes: what could not be built"
	expect_grep "no statement of what could not be built, tested or reproduced" \
		"$W/list.txt"
	git commit -q --amend -m "frob: do not leak

Not tested on real frobnicator hardware; the reproducer ran in QEMU.

Fixes: $FROB (\"frob: add the frobnicator\")
$HUMAN_SOB"
	checklist $DOWN_UNTESTED
	expect_item '\[ \]' "Bug fixes: what could not be built"
	expect_grep "says: Not tested on real frobnicator hardware" "$W/list.txt"
	checklist $DOWN_UNTESTED "<Space>"
	expect_item '\[x\]' "Bug fixes: what could not be built"
}

# ... or in b4 prep's cover letter, where the series' statement goes.
test_statement_cover() {
	command -v b4 >/dev/null 2>&1 || { echo "b4 is not installed"; exit 77; }
	tree "$W/k" procedure
	b4 prep -n frob -f base >"$W/b4.out" 2>&1 ||
		fail "b4 prep: $(cat "$W/b4.out")"
	git log -1 --format=%B >"$W/cover.msg"
	{ echo "frob: fix the leak"; echo;
	  echo "The frobnicator hardware was not available: not runtime-tested.";
	  sed 1d "$W/cover.msg"; } >"$W/cover2.msg"
	git commit -q --allow-empty --amend -F "$W/cover2.msg" ||
		fail "cover letter"
	fix "Fixes: $FROB (\"frob: add the frobnicator\")"
	checklist $DOWN_UNTESTED
	expect_item '\[ \]' "Bug fixes: what could not be built"
	expect_grep "the cover letter says: The frobnicator hardware was not available: not runtime-tested." \
		"$W/list.txt"
}

failed=
for t in fixes marked no_procedure maintainers maintainers_61 checkpatch \
	warnings statement statement_cover marked_commit; do
	W="$TMPDIR/$t"
	mkdir -p "$W"
	(XDG_CONFIG_HOME="$W/xdg"; export XDG_CONFIG_HOME; "test_$t")
	rc=$?
	if [ $rc -eq 0 ]; then
		echo "ok   $t"
	elif [ $rc -eq 77 ]; then
		echo "skip $t"
	else
		echo "FAIL $t"
		failed="$failed $t"
	fi
done
[ -z "$failed" ] || fail "failed:$failed"
echo "policy-bugfix: ok"
