# The undo every writer prints (git disclose amend, fix, and the
# assistant on stdout after leaving and on its written screen) is one
# advice, git reset --soft <backup ref>; run as printed, it puts the old
# tip back and keeps a change staged with git add -p and one left in
# the work tree.
. "$TOP/tests/e2e/lib.sh"
. "$TOP/tests/tui/series.sh"

# stage_part: a file with two changed hunks, the first one staged.
stage_part() {
	printf 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n' >notes.txt
	git add notes.txt && git commit -q -m "notes: add" || fail "notes"
	sed -i -e 's/^a$/A/' -e 's/^j$/J/' notes.txt
	printf 'y\nn\n' | git add -p notes.txt >/dev/null 2>&1 ||
		fail "git add -p"
	[ "$(git diff --cached --numstat | cut -f1)" = 1 ] ||
		fail "one hunk staged: $(git diff --cached)"
}

# undo_from FILE OLD: run the one undo line FILE prints, then require
# the old tip, the staged hunk and the work tree kept.
undo_from() {
	staged=$(git diff --cached)
	worktree=$(git diff)
	cmd=$(grep -o 'git reset --[a-z]* [^ ()]*' "$1" | sort -u)
	[ "$(printf '%s\n' "$cmd" | wc -l)" = 1 ] ||
		fail "one undo advice, not: $cmd ($(cat "$1"))"
	case $cmd in
	"git reset --soft refs/disclose/backup/"*) ;;
	*) fail "undo is not git reset --soft <backup ref>: $cmd" ;;
	esac
	$cmd || fail "$cmd failed"
	expect_eq "old tip back ($cmd)" "$2" "$(git rev-parse HEAD)"
	expect_eq "staged hunk kept ($cmd)" "$staged" "$(git diff --cached)"
	expect_eq "work tree kept ($cmd)" "$worktree" "$(git diff)"
}

# amend on the series
make_series "$TMPDIR/a" >/dev/null || fail "series"
stage_part
old=$(git rev-parse HEAD)
"$D" amend --agent Claude --model claude-opus-4-5 >"$TMPDIR/amend.out" \
	2>&1 || fail "amend: $(cat "$TMPDIR/amend.out")"
undo_from "$TMPDIR/amend.out" "$old"
expect_grep "the index" "$TMPDIR/amend.out"

# fix on HEAD and on a range
make_series "$TMPDIR/f" >/dev/null || fail "series"
stage_part
git commit -q --amend -m "notes: add

Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>" || fail "vendor"
old=$(git rev-parse HEAD)
"$D" fix --model claude-opus-4-5 >"$TMPDIR/fix.out" 2>&1 || fail "fix: $(cat "$TMPDIR/fix.out")"
undo_from "$TMPDIR/fix.out" "$old"
"$D" fix --model claude-opus-4-5 HEAD~2..HEAD >"$TMPDIR/fix2.out" 2>&1 ||
	fail "fix range: $(cat "$TMPDIR/fix2.out")"
undo_from "$TMPDIR/fix2.out" "$old"

# the assistant: the whole flow, then its stdout and its written screen
make_series "$TMPDIR/t" >/dev/null || fail "series"
stage_part
old=$(git rev-parse HEAD)
# flow.keys, with the fourth commit reviewed too and, as it has no facts
# of its own, answered with the rest (Ctrl-A on the agent screen)
sed -e '/^:dump flow-6-agent/{n;s/^<Enter>$/<C-a>/}' -e 's/^:dump .*//' \
	-e 's/^r \] r \] r q$/r ] r ] r ] r q/' \
	"$TOP/tests/tui/flow.keys" >"$TMPDIR/flow.keys"
echo ":dump $TMPDIR/written.txt" >>"$TMPDIR/flow.keys"
env DISCLOSE_TUI_SCRIPT="$TMPDIR/flow.keys" DISCLOSE_TUI_SIZE=100x30 \
	TERM=xterm-256color "$D" >"$TMPDIR/tui.out" 2>&1 ||
	fail "tui: $(cat "$TMPDIR/tui.out")"
undo_from "$TMPDIR/tui.out" "$old"
cmd=$(grep -o 'git reset --[a-z]* [^ ()]*' "$TMPDIR/written.txt" | sort -u)
expect_eq "the written screen gives the same undo" \
	"git reset --soft refs/disclose/backup/main" "$cmd"
