# git disclose amend on HEAD: message rewritten, nothing else changes.
. "$TOP/tests/e2e/lib.sh"
new_repo "$TMPDIR/r"
printf 'Add x\n\nBody.\n\nCo-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>\n' >msg
echo x >x.c && git add x.c && git commit -q -F msg
echo "uncommitted" >>x.c
echo staged >s.c && git add s.c
old=$(git rev-parse HEAD)
before=$(git log -1 --format='%an%n%ae%n%ad%n%T%n%P')
status_before=$(git status --porcelain)

"$D" amend --agent Claude --model claude-opus-4-5 --tool coccinelle >"$TMPDIR/o" ||
	fail "amend exited $?"
expect_grep "+ Assisted-by: Claude:claude-opus-4-5 coccinelle" "$TMPDIR/o"
# the vendor trailer becomes the Assisted-by: the commit passes check
expect_eq "trailers" "Assisted-by: Claude:claude-opus-4-5 coccinelle
$HUMAN_SOB" "$(git log -1 --format=%B | git interpret-trailers --parse)"
expect_status 0 "$D" check --no-spdx HEAD
expect_eq "author, date, tree, parent kept" "$before" \
	"$(git log -1 --format='%an%n%ae%n%ad%n%T%n%P')"
expect_eq "work tree and index untouched" "$status_before" "$(git status --porcelain)"
expect_eq "backup" "$old" "$(git rev-parse refs/disclose/backup/main)"
expect_eq "ORIG_HEAD" "$old" "$(git rev-parse ORIG_HEAD)"
git reflog -1 --format=%gs HEAD | grep -q "disclose: amend HEAD" || fail "HEAD reflog"
git reflog -1 --format=%gs main | grep -q "disclose: amend HEAD" || fail "branch reflog"

# idempotent: nothing to do the second time
new=$(git rev-parse HEAD)
"$D" amend >"$TMPDIR/o" || fail "second amend"
expect_grep "nothing to do" "$TMPDIR/o"
expect_eq "unchanged" "$new" "$(git rev-parse HEAD)"

# the backup ref keeps one reflog entry per backup
"$D" amend --tool sparse >/dev/null || fail "third amend"
[ "$(git reflog show --format=%H refs/disclose/backup/main | wc -l)" -ge 2 ] ||
	fail "backup reflog keeps several entries"

# refusals
git checkout -q -b side
git checkout -q main
git merge -q --no-ff -m merge side 2>/dev/null || true
echo m >m.c && git add m.c && git commit -q -m "on main"
git checkout -q side && echo s >m.c && git add m.c && git commit -q -m "on side"
git checkout -q main
git merge side >/dev/null 2>&1
expect_status 2 "$D" amend
expect_grep "merge is in progress" "$TMPDIR/err"
git merge --abort
git merge -q --no-ff -X ours -m "a merge" side >/dev/null 2>&1 || fail "merge"
expect_status 2 "$D" amend
expect_grep "merge commit" "$TMPDIR/err"

git init -q -b main "$TMPDIR/unborn" && cd "$TMPDIR/unborn"
git config user.name "Hu Man" && git config user.email hu@example.org
expect_status 2 "$D" amend --agent Claude --model claude-3-opus
expect_grep "no commits yet" "$TMPDIR/err"

git config --global user.name "Hu Man"
git config --global user.email hu@example.org
git clone -q --bare "$TMPDIR/r" "$TMPDIR/bare.git" && cd "$TMPDIR/bare.git"
expect_status 2 "$D" amend --agent Claude --model claude-3-opus
expect_grep "bare repository" "$TMPDIR/err"

cd "$TMPDIR"
expect_status 2 "$D" amend --agent Claude --model claude-3-opus
expect_grep "not in a git repository" "$TMPDIR/err"
echo "amend: all passed"
