# The safety of a rewrite beyond the compare-and-swap: a failed
# run leaves ORIG_HEAD and the backup ref alone, the test pause needs its
# key, replacements and grafts are refused, backup names cannot collide,
# a symbolic HEAD and another worktree's branch get the right advice,
# notes follow notes.rewriteRef, repository extensions, a partial clone.
. "$TOP/tests/e2e/lib.sh"
A="--agent Claude --model claude-opus-4-5"
new_repo "$TMPDIR/r"
git tag base
for i in 1 2; do
	echo "$i" >"f$i" && git add "f$i" && git commit -q -m "change $i"
done
old=$(git rev-parse main)

# 1 a failed run keeps ORIG_HEAD and the backup ref
git update-ref ORIG_HEAD base
rm -f "$TMPDIR/go" "$TMPDIR/go.waiting"
DISCLOSE_TEST_HOOKS=$TEST_HOOKS DISCLOSE_TEST_PAUSE_BEFORE_REF="$TMPDIR/go" \
	"$D" amend $A base.. >"$TMPDIR/out" 2>"$TMPDIR/err" &
pid=$!
n=0
while [ ! -e "$TMPDIR/go.waiting" ]; do
	n=$((n + 1))
	[ $n -lt 3000 ] || fail "never paused: $(cat "$TMPDIR/err")"
	sleep 0.01
done
: >.git/refs/heads/main.lock
touch "$TMPDIR/go"
wait $pid
rc=$?
rm -f .git/refs/heads/main.lock
[ $rc -eq 2 ] || fail "amend exited $rc with the lock held"
expect_eq "branch kept" "$old" "$(git rev-parse main)"
expect_eq "ORIG_HEAD kept" "$(git rev-parse base)" "$(git rev-parse ORIG_HEAD)"
git rev-parse -q --verify refs/disclose/backup/main >/dev/null &&
	fail "the backup ref was written by a failed run"
[ -z "$(ls .git/objects/pack | grep '\.keep$')" ] || fail "a .keep was left"

# 1b a lock left on what is written after the branch (the backup ref,
# ORIG_HEAD) stops the run before anything changed
git update-ref ORIG_HEAD base
mkdir -p .git/refs/disclose/backup
for lock in refs/disclose/backup/main.lock ORIG_HEAD.lock; do
	: >".git/$lock"
	for cmd in "amend $A base.." "fix --model claude-opus-4-5 base.."; do
		expect_status 2 "$D" $cmd
		expect_grep "'$PWD/.git/$lock' exists" "$TMPDIR/err"
		expect_eq "$lock, $cmd: branch kept" "$old" "$(git rev-parse main)"
		expect_eq "$lock, $cmd: ORIG_HEAD kept" "$(git rev-parse base)" \
			"$(git rev-parse ORIG_HEAD)"
	done
	rm -f ".git/$lock"
done

# 1c the backup ref taken by another git while the branch moves: the
# branch is rewritten, the warning says the backup is missing, and the
# undo names the old tip, never "(null)" or an older backup
git update-ref refs/disclose/backup/main base
rm -f "$TMPDIR/go" "$TMPDIR/go.waiting"
DISCLOSE_TEST_HOOKS=$TEST_HOOKS DISCLOSE_TEST_PAUSE_BEFORE_REF="$TMPDIR/go" \
	"$D" amend $A base.. >"$TMPDIR/out" 2>"$TMPDIR/err" &
pid=$!
n=0
while [ ! -e "$TMPDIR/go.waiting" ]; do
	n=$((n + 1))
	[ $n -lt 3000 ] || fail "never paused: $(cat "$TMPDIR/err")"
	sleep 0.01
done
: >.git/refs/disclose/backup/main.lock
touch "$TMPDIR/go"
wait $pid
rc=$?
rm -f .git/refs/disclose/backup/main.lock
[ $rc -eq 0 ] || fail "amend exited $rc: $(cat "$TMPDIR/err")"
expect_grep "cannot save the backup ref" "$TMPDIR/err"
grep -q "(null)" "$TMPDIR/out" && fail "(null) printed: $(cat "$TMPDIR/out")"
expect_grep "undo: git reset --soft $old" "$TMPDIR/out"
expect_eq "the older backup is not the undo" "$(git rev-parse base)" \
	"$(git rev-parse refs/disclose/backup/main)"
git update-ref -d refs/disclose/backup/main
git update-ref ORIG_HEAD base
git reset -q --soft "$old"

# 2 the pause is for tests only: without its key it does not wait
rm -f "$TMPDIR/go" "$TMPDIR/go.waiting"
DISCLOSE_TEST_PAUSE_BEFORE_REF="$TMPDIR/go" timeout 20 \
	"$D" amend $A --dry-run base.. >/dev/null 2>&1
DISCLOSE_TEST_HOOKS=guess DISCLOSE_TEST_PAUSE_BEFORE_REF="$TMPDIR/go" \
	timeout 20 "$D" amend $A base.. >"$TMPDIR/out" 2>"$TMPDIR/err" ||
	fail "amend with the pause variable alone: $(cat "$TMPDIR/err")"
[ -e "$TMPDIR/go.waiting" ] && fail "the production binary paused"
git reset -q --hard "$old"

# 3 a replacement with other parents, or a graft, of a commit to rewrite
# is refused (item 5; one with the same parents is honoured as git rebase
# does: tests/e2e/robust-replace.sh)
rep=$(git commit-tree "$(git rev-parse HEAD^{tree})" -m "replacement, a root")
git replace "$old" "$rep"
expect_status 2 "$D" amend $A
expect_grep "git replace" "$TMPDIR/err"
expect_grep "git replace -d" "$TMPDIR/err"
expect_eq "branch kept (replace)" "$old" "$(git rev-parse main)"
git replace -d "$old" >/dev/null
echo "$old" >.git/info/grafts
expect_status 2 "$D" amend $A
expect_grep "info/grafts" "$TMPDIR/err"
grep -q "//info/grafts" "$TMPDIR/err" && fail "a doubled slash in the path"
expect_eq "branch kept (grafts)" "$old" "$(git rev-parse main)"
rm .git/info/grafts

# 4 backups of feat/sub and feat do not collide (item 20)
git switch -q -c feat/sub
expect_status 0 "$D" amend $A
git switch -q main && git branch -q -D feat/sub
git switch -q -c feat "$old"
expect_status 0 "$D" amend $A
git rev-parse -q --verify refs/disclose/backup/feat >/dev/null &&
git rev-parse -q --verify refs/disclose/backup/feat%2Fsub >/dev/null ||
	fail "two backups expected: $(git for-each-ref refs/disclose/backup)"
git switch -q main

# 5 HEAD on a symbolic branch ref moves the branch it names (item 20)
git symbolic-ref refs/heads/alias refs/heads/main
git symbolic-ref HEAD refs/heads/alias
expect_status 0 "$D" amend $A base..
expect_eq "alias still symbolic" "refs/heads/main" \
	"$(git symbolic-ref refs/heads/alias)"
git log -1 --format=%B main | grep -qF "Assisted-by: Claude" ||
	fail "main not rewritten through the alias"
git symbolic-ref HEAD refs/heads/main
git branch -D alias >/dev/null 2>&1 || git update-ref -d --no-deref refs/heads/alias
git reset -q --hard "$old"

# 6 a branch checked out in another worktree: advice that git follows
git branch -f other "$old"
git worktree add -q "$TMPDIR/wt" other
expect_status 2 "$D" amend $A base..other
expect_grep "$TMPDIR/wt" "$TMPDIR/err"
grep -q "git switch other" "$TMPDIR/err" && fail "advice git refuses: $(cat "$TMPDIR/err")"
(cd "$TMPDIR/wt" && "$D" amend $A base..main) >"$TMPDIR/out" 2>"$TMPDIR/err" &&
	fail "amend of main from the other worktree succeeded"
expect_grep "$TMPDIR/r" "$TMPDIR/err"
grep -q "git switch main" "$TMPDIR/err" && fail "advice git refuses: $(cat "$TMPDIR/err")"

# 7 notes move with notes.rewriteRef (item 20)
git config notes.rewriteRef refs/notes/commits
git notes add -m "a note on change 2" HEAD
expect_status 0 "$D" amend $A base..
expect_eq "note carried" "a note on change 2" "$(git notes show HEAD 2>&1)"
git config notes.rewrite.amend false
git notes add -f -m "second" HEAD
expect_status 0 "$D" amend --agent Claude --model claude-opus-4-6 --only base.. base..
git notes show HEAD >/dev/null 2>&1 && fail "notes.rewrite.amend=false copied"
git config --unset notes.rewrite.amend

# a pack directory left by a killed rewrite goes once it is an hour old
mkdir .git/objects/pack/tmp_disclose_aaaaaa .git/objects/pack/tmp_disclose_bbbbbb
echo partial >.git/objects/pack/tmp_disclose_aaaaaa/pack_git2_0
touch -d '2 hours ago' .git/objects/pack/tmp_disclose_aaaaaa
expect_status 0 "$D" amend --agent Claude --model claude-opus-4-7 --only base.. base..
[ -e .git/objects/pack/tmp_disclose_aaaaaa ] && fail "a stale directory stayed"
[ -d .git/objects/pack/tmp_disclose_bbbbbb ] || fail "a recent one went"
rmdir .git/objects/pack/tmp_disclose_bbbbbb
# 8 extensions that git disclose handles, and SHA-256, which it cannot
for ext in "objectformat sha1" "preciousObjects true" "worktreeConfig true"; do
	rm -rf "$TMPDIR/x" && new_repo "$TMPDIR/x"
	git config core.repositoryformatversion 1
	git config extensions.$ext
	expect_status 0 "$D" amend $A
	git log -1 --format=%B | grep -qF "Assisted-by: Claude" ||
		fail "extensions.$ext: not rewritten"
done
# worktreeConfig: the worktree's own config.worktree is read
git config --worktree user.email wt@example.org
expect_status 0 "$D" amend --agent Claude --model claude-opus-4-6 --only HEAD
expect_eq "config.worktree read" "wt@example.org" "$(git log -1 --format=%ce)"
rm -rf "$TMPDIR/s" && git init -q -b main --object-format=sha256 "$TMPDIR/s"
cd "$TMPDIR/s" || fail "cd"
expect_status 2 "$D" check
expect_grep "SHA-256" "$TMPDIR/err"
expect_grep "git disclose trailer" "$TMPDIR/err"
expect_status 2 "$D" hook install
expect_grep "SHA-256" "$TMPDIR/err"
[ -e .git/hooks/commit-msg ] && fail "a hook that cannot work was installed"
# trailer works there, with the identity and answers git reads there:
# the repository's own config above the global one, git -c above both
printf '[user]\n\tname = Glo Bal\n\temail = glo@example.org\n' >"$TMPDIR/global"
git config user.name "Sha Local" && git config user.email sha@example.org
git config disclose.agent Claude && git config disclose.model claude-opus-4-5
export GIT_CONFIG_GLOBAL=$TMPDIR/global
expect_status 0 "$D" trailer --remembered
expect_eq "SHA-256: the repository's identity and answers" \
	"Assisted-by: Claude:claude-opus-4-5
Signed-off-by: $(git var GIT_COMMITTER_IDENT | sed 's/ [0-9]* [-+][0-9]*$//')" \
	"$(cat "$TMPDIR/out")"
expect_grep "Sha Local <sha@example.org>" "$TMPDIR/out"
mkdir -p "$TMPDIR/bin" && ln -sf "$D" "$TMPDIR/bin/git-disclose"
PATH=$TMPDIR/bin:$PATH expect_status 0 git -c user.name=Cee disclose trailer \
	--remembered
expect_grep "Signed-off-by: Cee <sha@example.org>" "$TMPDIR/out"
unset GIT_CONFIG_GLOBAL

# 9 a blobless partial clone: content that is not here is not "missing"
new_repo "$TMPDIR/origin"
git config uploadpack.allowFilter true
printf 'int x;\n' >b.c && git add b.c && git commit -q -s -m "add b"
git clone -q --filter=blob:none --no-checkout "file://$TMPDIR/origin" \
	"$TMPDIR/pc" || fail "partial clone"
cd "$TMPDIR/pc" || fail "cd"
"$D" check HEAD >"$TMPDIR/out" 2>"$TMPDIR/err"
grep -q SPDX_MISSING "$TMPDIR/out" && fail "SPDX_MISSING for a blob not here: $(cat "$TMPDIR/out")"
grep -q "git fetch" "$TMPDIR/out" "$TMPDIR/err" ||
	fail "no word on the content not here: $(cat "$TMPDIR/out" "$TMPDIR/err")"
echo "rewrite-safety: all passed"
