# Every refusal of a range rewrite, each in a real repository: exit 2,
# a message that says why and what to do, and no ref, index or work tree
# file changed.
. "$TOP/tests/e2e/lib.sh"
A="--agent Claude --model claude-opus-4-5"
new_repo "$TMPDIR/r"
git tag base
for i in 1 2 3; do
	echo "$i" >"f$i" && git add "f$i" && git commit -q -m "change $i"
done
echo dirty >>f1

state() {
	git for-each-ref --format='%(refname) %(objectname)'
	git rev-parse HEAD
	git symbolic-ref -q HEAD
	git status --porcelain
}

# refused WHAT ARGS...: amend ARGS exits 2 saying WHAT, changing nothing
refused() {
	what=$1
	shift
	before=$(state)
	# shellcheck disable=SC2086
	expect_status 2 "$D" amend $A "$@"
	expect_grep "$what" "$TMPDIR/err"
	[ "$(wc -l <"$TMPDIR/err")" -eq 1 ] || fail "not one line: $(cat "$TMPDIR/err")"
	expect_eq "nothing changed by amend $*" "$before" "$(state)"
}

# an empty range
refused "has no commits" HEAD..HEAD
refused "has no commits" main..base
refused "not a revision or range" nosuch..HEAD
refused "symmetric range" base...HEAD

# a committer date that cannot be read is refused, not replaced by now
export GIT_COMMITTER_DATE=yesterday
refused "GIT_COMMITTER_DATE: 'yesterday' is not a date" HEAD~1..
unset GIT_COMMITTER_DATE

# a range that does not end at HEAD's branch
git branch other
refused "switch to it first (git switch other)" base..other
refused "not at HEAD" base..HEAD~1
refused "not at HEAD" HEAD~1

# a merge in the range
git checkout -q -b side HEAD~2 2>/dev/null || fail "checkout side"
echo s >s && git add s && git commit -q -m "on side"
git checkout -q main
git merge -q --no-ff -m "merge side" side || fail "merge"
refused "is a merge commit" base..HEAD
refused "is a merge commit" HEAD
git reset -q --hard HEAD~1 && echo dirty >>f1

# operations in progress
git stash -q || fail "stash"
git checkout -q -b conflict base || fail "checkout"
echo c >f1 && git add f1 && git commit -q -m "conflicting f1"
git checkout -q main || fail "checkout"
git merge -q conflict >/dev/null 2>&1 && fail "merge should conflict"
refused "a merge is in progress" base..HEAD
git merge --abort
git cherry-pick conflict >/dev/null 2>&1 && fail "cherry-pick should conflict"
refused "a cherry-pick is in progress" base..HEAD
git cherry-pick --abort
git checkout -q -b rv conflict || fail "checkout rv"
echo d >f1 && git commit -q -am "f1 again"
git revert --no-edit HEAD~1 >/dev/null 2>&1 && fail "revert should conflict"
refused "a revert is in progress" HEAD
git revert --abort
git checkout -q main || fail "checkout main"
GIT_SEQUENCE_EDITOR="sed -i 1s/^pick/edit/" git rebase -q -i base >/dev/null 2>&1
refused "a rebase is in progress" HEAD
git rebase --abort
git bisect start -q HEAD base >/dev/null 2>&1 || git bisect start HEAD base >/dev/null
refused "a bisect is in progress" HEAD
git bisect reset -q >/dev/null 2>&1 || git bisect reset >/dev/null
git stash pop -q

# a detached HEAD: refused, then allowed with --detached (HEAD moves,
# the branch does not)
git checkout -q --detach main
refused "HEAD is detached" base..HEAD
tip=$(git rev-parse main)
expect_status 0 "$D" amend $A --detached base..HEAD
expect_eq "branch kept" "$tip" "$(git rev-parse main)"
expect_eq "backup of HEAD" "$tip" "$(git rev-parse refs/disclose/backup/HEAD)"
[ "$(git log --format=%H base..HEAD | wc -l)" -eq 3 ] || fail "detached rewrite"
git log -1 --format=%B HEAD | grep -qF "Assisted-by: Claude:claude-opus-4-5" ||
	fail "detached HEAD not rewritten"
git checkout -q main

# commits already on a remote-tracking branch: refused, --force warns
git update-ref refs/remotes/origin/main HEAD~1
refused "already on origin/main" base..HEAD
expect_grep "--force" "$TMPDIR/err"
expect_status 0 "$D" amend $A HEAD
expect_status 0 "$D" amend $A --force base..HEAD
expect_grep "warning:" "$TMPDIR/err"
expect_grep "already on origin/main" "$TMPDIR/err"
git update-ref -d refs/remotes/origin/main

# a gpgsig commit: refused (the signature would be lost), then dropped
# with --drop-signatures; every other header is kept
git cat-file commit HEAD | awk '
	/^committer / { print; print "gpgsig -----BEGIN PGP SIGNATURE-----"
		print " "; print " iQEzBAABCAAdFiEEfakefakefake"
		print " -----END PGP SIGNATURE-----"; print "x-extra keep me"; next }
	{ print }' >"$TMPDIR/signed"
signed=$(git hash-object -t commit -w "$TMPDIR/signed") || fail "hash-object"
git update-ref refs/heads/main "$signed"
refused "is signed (gpgsig)" --tool sparse HEAD
refused "--drop-signatures" --tool sparse base..HEAD
expect_status 0 "$D" amend $A --tool sparse --drop-signatures HEAD
git cat-file commit HEAD >"$TMPDIR/resigned"
grep -q '^gpgsig' "$TMPDIR/resigned" && fail "signature kept"
expect_grep "x-extra keep me" "$TMPDIR/resigned"
# a signed commit that does not change is kept as it is
git update-ref refs/heads/main "$signed"
git cat-file commit HEAD | sed 's/^\(Assisted-by: .*\)$/\1 sparse/' >"$TMPDIR/signed2"
signed2=$(git hash-object -t commit -w "$TMPDIR/signed2")
git update-ref refs/heads/main "$signed2"
expect_status 0 "$D" amend $A --tool sparse HEAD
expect_grep "nothing to do" "$TMPDIR/out"
expect_eq "unchanged signed commit kept" "$signed2" "$(git rev-parse HEAD)"

# a NUL byte in a message to rewrite (only plumbing makes one)
nul=$(printf 'tree %s\nparent %s\nauthor A <a@x> 1 +0000\ncommitter A <a@x> 1 +0000\n\nFix\000 x\n\nBody.\n' \
	"$(git rev-parse HEAD^{tree})" "$(git rev-parse HEAD)" |
	git hash-object -t commit -w --stdin --literally)
git update-ref refs/heads/main "$nul"
refused "has a NUL byte in its message" HEAD
git update-ref refs/heads/main "$signed2"

expect_eq "uncommitted change kept" " M f1" "$(git status --porcelain)"
echo "rewrite-refusals: all passed"
