# Replacement refs (git replace): git log and git rebase see the
# replacement instead of the recorded commit, so a rewrite does too: the
# new commit is made from the replacement's tree, author and message
# (what git rebase --force-rebase writes). A replacement with other
# parents than the commit (a change of history, not of one commit) is
# refused with the exact commands; GIT_NO_REPLACE_OBJECTS and
# core.useReplaceRefs=false turn replacements off as for git; grafts stay
# refused (closing note).
BADINPUT_SOURCED=1 . "$TOP/tests/e2e/badinput-common.sh"
A="--agent Claude --model claude-opus-4-5 --no-tool"
AB="Assisted-by: Claude:claude-opus-4-5"
new_repo "$TMPDIR/r"
git tag base
for i in 1 2 3; do
	echo "$i" >"f$i" && git add "f$i" && git commit -q -m "change $i"
done
git tag orig
# replace_with ID MESSAGE: a replacement of ID with ID's parents, a tree
# with one more file and another message
replace_with() {
	git read-tree "$1" && echo replaced >"$TMPDIR/blob" &&
	blob=$(git hash-object -w "$TMPDIR/blob") &&
	git update-index --add --cacheinfo 100644 "$blob" replaced.txt &&
	tree=$(git write-tree) && git read-tree HEAD &&
	rep=$(git commit-tree "$tree" $(git rev-list --parents -n 1 "$1" |
		cut -d' ' -f2- | sed 's/[^ ]*/-p &/g') -m "$2") &&
	git replace "$1" "$rep" || fail "git replace"
}

# 1 a commit in the middle of the range: the branch gets the replacement
mid=$(git rev-parse HEAD~1)
replace_with "$mid" "change 2, as replaced"
CHANGES=1 row replace-mid 0 "$D" amend $A base..
# ... and says so: more than the messages changed
err_has "1 commit (the first $mid) is replaced (git replace): the new commit is made from the replacement's tree and message"
git --no-replace-objects log --format=%s base.. >"$TMPDIR/s"
expect_eq "recorded subjects" "change 3
change 2, as replaced
change 1" "$(cat "$TMPDIR/s")"
git --no-replace-objects show HEAD~1:replaced.txt >/dev/null 2>&1 ||
	fail "the replacement's tree was not used"
git --no-replace-objects log -1 --format=%B HEAD~1 | grep -qxF "$AB" ||
	fail "the replaced commit lacks its trailer"
git --no-replace-objects log -1 --format=%B HEAD | grep -qxF "$AB" ||
	fail "the tip lacks its trailer"
# git's view and the recorded one agree now
expect_eq "git log sees what is recorded" \
	"$(git --no-replace-objects log --format=%H%n%T)" "$(git log --format=%H%n%T)"
fsck_clean

# 2 HEAD replaced (amend of HEAD alone)
git reset -q --hard orig
git replace -d "$mid" >/dev/null
replace_with HEAD "change 3, as replaced"
CHANGES=1 row replace-head 0 "$D" amend $A
expect_eq "HEAD's subject" "change 3, as replaced" \
	"$(git --no-replace-objects log -1 --format=%s)"
git --no-replace-objects show HEAD:replaced.txt >/dev/null 2>&1 ||
	fail "HEAD: the replacement's tree was not used"
git replace -d "$(git rev-parse orig)" >/dev/null

# 3 GIT_NO_REPLACE_OBJECTS and core.useReplaceRefs=false: as recorded
git reset -q --hard orig
replace_with HEAD "change 3, as replaced"
CHANGES=1 row replace-off-env 0 env GIT_NO_REPLACE_OBJECTS=1 "$D" amend $A
expect_eq "env: recorded subject" "change 3" "$(git --no-replace-objects log -1 --format=%s)"
git reset -q --hard orig
CHANGES=1 row replace-off-config 0 env PATH="$(dirname "$D"):$PATH" \
	git -c core.useReplaceRefs=false disclose amend $A
expect_eq "config: recorded subject" "change 3" "$(git --no-replace-objects log -1 --format=%s)"
git reset -q --hard orig
git replace -d "$(git rev-parse orig)" >/dev/null

# 4 GIT_REPLACE_REF_BASE: replacements kept elsewhere are seen as by git
git update-ref refs/other-replace/"$(git rev-parse HEAD)" "$(
	git commit-tree "$(git rev-parse HEAD^{tree})" -p HEAD~1 -m "change 3, elsewhere")"
CHANGES=1 row replace-ref-base 0 env GIT_REPLACE_REF_BASE=refs/other-replace/ "$D" amend $A
expect_eq "base: subject" "change 3, elsewhere" "$(git --no-replace-objects log -1 --format=%s)"
git reset -q --hard orig
git update-ref -d refs/other-replace/"$(git rev-parse orig)"

# 5 a replacement with other parents: refused, exact commands named
rep=$(git commit-tree "$(git rev-parse HEAD^{tree})" -p base -m "change 3, reparented")
git replace HEAD "$rep"
row replace-reparent 2 "$D" amend $A base..
row_err "other parents"
row_err "git rebase --force-rebase"
row_err "git replace -d $(git rev-parse --short=12 orig)"
expect_eq "branch kept" "$(git rev-parse orig)" "$(git rev-parse main)"
git replace -d "$(git rev-parse orig)" >/dev/null

# 6 grafts: still refused with the conversion named
git rev-parse HEAD >.git/info/grafts
row replace-grafts 2 "$D" amend $A
row_err "git replace --convert-graft-file"
rm .git/info/grafts
echo "replacements honoured as git rebase does"
