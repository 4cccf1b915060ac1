# git disclose commit with git commit's options that write no commit
# (--dry-run, and --short, --porcelain, --long, which imply it): git's
# own output, no advice about the old HEAD, a note that nothing was
# committed and what a real run would add, nothing changed, nothing
# remembered.
BADINPUT_SOURCED=1 . "$TOP/tests/e2e/badinput-common.sh"
new_repo "$TMPDIR/r"
A="--agent Claude --model claude-opus-4-5 --no-tool"
echo more >>base.txt
git add base.txt
head=$(git rev-parse HEAD)
for form in "--dry-run" "--dry" "--short" "--porcelain" "--long"; do
	name=commit-$(echo "$form" | tr -d ' -')
	row "$name" 0 "$D" commit $A -m "frob: fix it" $form
	row_err "wrote no commit"
	row_err "Assisted-by: Claude:claude-opus-4-5"
	grep -q "amend" "$TMPDIR/err" && fail "$name: advice about the old HEAD: $(cat "$TMPDIR/err")"
	grep -q "base.txt" "$TMPDIR/out" || fail "$name: git's own dry-run output is missing: $(cat "$TMPDIR/out")"
	expect_eq "$name: HEAD" "$head" "$(git rev-parse HEAD)"
done
expect_eq "nothing remembered" "" "$(git config --get-regexp '^disclose\.')"
# -- then --dry-run, answers first: "--" ends ours, so --dry-run is git's
row commit-dashdash-dry 0 "$D" commit $A -- -m "frob: fix it" --dry-run
row_err "wrote no commit"
# nothing to commit: git's exit status 1 and its words, ours says so
git commit -q -m "frob: the real one" --no-verify
row commit-dry-nothing 2 "$D" commit $A -m "frob: again" --dry-run
row_err "nothing was committed"
grep -q "amend" "$TMPDIR/err" && fail "dry-run with nothing to commit advises amend: $(cat "$TMPDIR/err")"
# an ordinary commit still goes through and is verified
echo again >>base.txt
git add base.txt
CHANGES=1 row commit-real 0 "$D" commit $A -m "frob: real"
git log -1 --format=%B | grep -qxF "Assisted-by: Claude:claude-opus-4-5" ||
	fail "the real commit lacks its trailer"
echo "commit --dry-run and friends: nothing written, no confusing advice"
