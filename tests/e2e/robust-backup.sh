# An older git disclose named the backup of branch feat/sub
# refs/disclose/backup/feat/sub; that directory blocked the backup of
# branch feat ("directory exists"). The old backup is moved to today's
# name (refs/disclose/backup/feat%2Fsub) with its reflog, or, when that
# name is taken, beside it: no backup is ever lost.
BADINPUT_SOURCED=1 . "$TOP/tests/e2e/badinput-common.sh"
A="--agent Claude --model claude-opus-4-5 --no-tool"
new_repo "$TMPDIR/r"
B=refs/disclose/backup
first=$(git rev-parse HEAD)
git commit -q --allow-empty -m "second"
second=$(git rev-parse HEAD)
git checkout -q -b feat
git commit -q --allow-empty -m "feat: work"
# the old names: a backup of feat/sub with two reflog entries
git update-ref --create-reflog -m "old backup 1" $B/feat/sub "$first"
git update-ref --create-reflog -m "old backup 2" $B/feat/sub "$second"
feat_old=$(git rev-parse feat)

CHANGES=1 row backup-old-dir 0 "$D" amend $A
row_err "refs/disclose/backup/feat%2Fsub"
expect_eq "feat's backup" "$feat_old" "$(git rev-parse $B/feat)"
expect_eq "the old backup, moved" "$second" "$(git rev-parse $B/feat%2Fsub)"
git reflog show --format=%H $B/feat%2Fsub >"$TMPDIR/log"
grep -qx "$first" "$TMPDIR/log" && grep -qx "$second" "$TMPDIR/log" ||
	fail "the old backup's reflog was not kept: $(cat "$TMPDIR/log")"
git rev-parse -q --verify $B/feat/sub >/dev/null && fail "the old name is still there"

# both names: an old feat/sub and a new feat%2Fsub; neither is lost
git update-ref -d $B/feat
git update-ref --create-reflog -m "old again" $B/feat/sub "$first"
git commit -q --allow-empty -m "feat: more"
feat_old=$(git rev-parse feat)
CHANGES=1 row backup-old-and-new 0 "$D" amend $A
expect_eq "feat's backup (2)" "$feat_old" "$(git rev-parse $B/feat)"
expect_eq "today's feat/sub backup kept" "$second" "$(git rev-parse $B/feat%2Fsub)"
git for-each-ref --format='%(refname) %(objectname)' $B/ >"$TMPDIR/refs"
grep -q " $first\$" "$TMPDIR/refs" || fail "the second old backup was lost: $(cat "$TMPDIR/refs")"
grep -q "^$B/feat/" "$TMPDIR/refs" && fail "an old name is still there: $(cat "$TMPDIR/refs")"

# a backup of a deeper old name (feat/a/b) moves too, and a later run
# finds nothing to move
git update-ref -d $B/feat
git update-ref $B/feat/a/b "$first"
git commit -q --allow-empty -m "feat: deeper"
CHANGES=1 row backup-old-deep 0 "$D" amend $A
expect_eq "deep old backup" "$first" "$(git rev-parse $B/feat%2Fa%2Fb)"
git commit -q --allow-empty -m "feat: last"
CHANGES=1 row backup-again 0 "$D" amend $A
grep -q "moved" "$TMPDIR/err" && fail "a run with nothing to move says it moved: $(cat "$TMPDIR/err")"
fsck_clean
echo "old backups moved, none lost"
