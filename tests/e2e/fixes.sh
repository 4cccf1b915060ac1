# Fixes: tags against the real commits of a repository, as checkpatch's
# BAD_FIXES_TAG checks them: 12+ hex digits of the id and ("subject");
# an id that names no commit is an error; a wrong subject is corrected
# from the commit. A bare message outside a repository is not checked.
. "$TOP/tests/e2e/lib.sh"

new_repo "$TMPDIR/r"
echo one >a.txt
git add a.txt
git commit -q -m "net: fix the frobnicator" || fail commit
BUG=$(git rev-parse HEAD)
B12=$(echo "$BUG" | cut -c1-12)

# fixes_commit SUBJECT FIXES-LINE: a commit of the series carrying it
fixes_commit() {
	echo "$1" >>a.txt
	git add a.txt
	git commit -q -F - <<MSG || fail "commit $1"
$1

The body says what was wrong.

Fixes: $2
$HUMAN_SOB
MSG
}

fixes_commit "right" "$B12 (\"net: fix the frobnicator\")"
expect_status 0 "$D" check HEAD
expect_eq "right: no finding" "" "$(grep FIXES "$TMPDIR/out")"
fixes_commit "longer id" "$BUG (\"net: fix the frobnicator\")"
expect_status 0 "$D" check HEAD
expect_eq "a full id is fine" "" "$(grep FIXES "$TMPDIR/out")"

fixes_commit "no quotes" "$B12 (net: fix the frobnicator)"
expect_status 0 "$D" check HEAD
expect_grep "FIXES_FORMAT" "$TMPDIR/out"
expect_grep "+ Fixes: $B12 (\"net: fix the frobnicator\")" "$TMPDIR/out"

short=$(echo "$BUG" | cut -c1-8)
fixes_commit "short id" "$short"
expect_status 0 "$D" check HEAD
expect_grep "FIXES_FORMAT" "$TMPDIR/out"
expect_grep "+ Fixes: $B12 (\"net: fix the frobnicator\")" "$TMPDIR/out"

fixes_commit "wrong subject" "$B12 (\"net: fix the frobnicator twice\")"
expect_status 0 "$D" check HEAD
expect_grep "FIXES_SUBJECT_MISMATCH" "$TMPDIR/out"
expect_grep "+ Fixes: $B12 (\"net: fix the frobnicator\")" "$TMPDIR/out"

fixes_commit "unknown" "0123456789ab (\"net: nothing\")"
expect_status 1 "$D" check HEAD
expect_grep "FIXES_UNKNOWN_COMMIT" "$TMPDIR/out"
expect_grep "0123456789ab, which is no commit of this repository" \
	"$TMPDIR/out"

# a tree's id is no commit either
tree=$(git rev-parse HEAD^{tree})
fixes_commit "a tree" "$(echo "$tree" | cut -c1-12) (\"base\")"
expect_status 1 "$D" check HEAD
expect_grep "FIXES_UNKNOWN_COMMIT" "$TMPDIR/out"

# the range: every commit checked, JSON carries the fix
expect_status 1 "$D" check --json "$BUG..HEAD"
expect_grep '"fix":"Fixes: '"$B12"' (\"net: fix the frobnicator\")"' \
	"$TMPDIR/out"

# the same message as mail, inside the repository
git format-patch -q -1 --stdout HEAD~2 >"$TMPDIR/p.mbox"
expect_status 0 "$D" check --mbox "$TMPDIR/p.mbox"
expect_grep "FIXES_SUBJECT_MISMATCH" "$TMPDIR/out"

# many Fixes: lines stay linear: four times the lines take well under
# sixteen times as long (a ratio, so a sanitizer build or a loaded
# machine does not matter; the quadratic scan took 6 s for 20,000)
many() {
	awk -v n="$1" 'BEGIN { print "subject\n\nbody\n";
		for (i = 0; i < n; i++) printf "Fixes: %012x (\"x\")\n", i;
		print "Signed-off-by: Hu Man <hu@example.org>" }' >"$TMPDIR/many"
	start=$(date +%s%N)
	expect_status 1 "$D" check --message "$TMPDIR/many"
	echo $(( ($(date +%s%N) - start) / 1000000 ))
}
ms5=$(many 5000)
ms20=$(many 20000)
# (under the sanitizer its own bookkeeping grows too: a looser bound,
# still below the sixteen of a quadratic scan)
[ "$ms20" -lt $(( ($(slowdown) > 1 ? 12 : 8) * ms5 + 300)) ] ||
	fail "20,000 Fixes: lines took $ms20 ms, 5,000 took $ms5 ms: not linear"
expect_grep "20000 errors" "$TMPDIR/out"

# a bare message outside any repository: nothing said about Fixes:
mkdir "$TMPDIR/bare"
git log -1 --format=%B HEAD~1 >"$TMPDIR/bare/msg"
cd "$TMPDIR/bare" || fail cd
GIT_CEILING_DIRECTORIES=$TMPDIR expect_status 0 "$D" check \
	--message "$TMPDIR/bare/msg"
expect_eq "no Fixes: check without a repository" "" \
	"$(grep FIXES "$TMPDIR/out")"
exit 0
