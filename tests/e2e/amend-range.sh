# git disclose amend on a range: a 1,000-commit series rewritten in one
# go keeps authors, dates and trees (git log before and after), every
# message gets the trailers by the rule (git interpret-trailers --parse
# on each), committers are refreshed, unchanged prefixes keep their ids,
# the default range follows the upstream, and undo works.
. "$TOP/tests/e2e/lib.sh"
A="--agent Claude --model claude-opus-4-5"
N=1000
sh "$TOP/tests/fault/mkseries.sh" "$TMPDIR/r" $N >/dev/null || fail "mkseries"
cd "$TMPDIR/r" || fail "cd"
echo "uncommitted" >>README
echo staged >staged.txt && git add staged.txt
status=$(git status --porcelain)
old=$(git rev-parse main)
fmt='%an%n%ae%n%ad%n%T'
git log --format="$fmt" base.. >"$TMPDIR/before"
start=$(date +%s)

t0=$(date +%s%N)
"$D" amend $A base..main >"$TMPDIR/o" 2>"$TMPDIR/e" || fail "amend: $(cat "$TMPDIR/e")"
t1=$(date +%s%N)
echo "rewrote $N commits in $(((t1 - t0) / 1000000)) ms"
expect_grep "rewrote $N of $N commits of base..main ($N messages changed, 0 re-parented)" "$TMPDIR/o"
expect_grep "undo: git reset --soft refs/disclose/backup/main" "$TMPDIR/o"
git log --format="$fmt" base.. >"$TMPDIR/after"
cmp -s "$TMPDIR/before" "$TMPDIR/after" ||
	fail "authors, dates or trees changed: $(diff "$TMPDIR/before" "$TMPDIR/after" | head)"
[ "$(git rev-list --count base..main)" -eq $N ] || fail "commit count"
[ "$(git rev-list --merges --count base..main)" -eq 0 ] || fail "merges appeared"
expect_eq "work tree and index untouched" "$status" "$(git status --porcelain)"
expect_eq "backup" "$old" "$(git rev-parse refs/disclose/backup/main)"
expect_eq "ORIG_HEAD" "$old" "$(git rev-parse ORIG_HEAD)"
expect_eq "branch reflog" "disclose: amend base..main" "$(git reflog -1 --format=%gs main)"
expect_eq "HEAD reflog" "disclose: amend base..main" "$(git reflog -1 --format=%gs HEAD)"
git fsck --strict --no-dangling >"$TMPDIR/fsck" 2>&1 || fail "fsck: $(cat "$TMPDIR/fsck")"

# every message, parsed by git as git am will keep it (a "--- " line ends
# it: kind 4's table rule is one, so the trailers go above it and its Link
# stays below, untouched): the kind of message is its number mod 6
# (tests/fault/mkseries.sh); the last two trailers are always ours
mkdir "$TMPDIR/msgs"
git log -z --format='%s%n%B' base.. | (cd "$TMPDIR/msgs" && awk -v RS='\0' '
	{ split($0, l, "\n"); sub(/^subsys: change /, "", l[1])
	  f = l[1] ".msg"; sub(/^[^\n]*\n/, ""); printf "%s", $0 > f; close(f) }')
[ "$(ls "$TMPDIR/msgs" | wc -l)" -eq $N ] || fail "split messages"
for f in "$TMPDIR"/msgs/*.msg; do
	i=$(basename "$f" .msg)
	echo "== $i"
	grep -c '^Link: ' "$f"
	git interpret-trailers --parse <"$f"
done >"$TMPDIR/parsed"
awk -v n=$N '
	function check(   k, want) {
		if (i == "") return
		k = i % 6
		if (t[c] != "Signed-off-by: Hu Man <hu@example.org>" ||
		    t[c - 1] != "Assisted-by: Claude:claude-opus-4-5") {
			print "commit " i ": last trailers are " t[c - 1] " / " t[c]; bad++ }
		want = k <= 1 || k >= 4 ? 2 : k == 2 ? 4 : 3
		if (c != want) { print "commit " i ": " c " trailers, want " want; bad++ }
		if (k == 2 && (t[1] != "Co-developed-by: Other Dev <o@example.org>" ||
			       t[2] != "Signed-off-by: Other Dev <o@example.org>")) {
			print "commit " i ": Co-developed-by pair broken"; bad++ }
		if (k == 3 && t[1] != "Reviewed-by: Rev Iewer <r@example.org>") {
			print "commit " i ": Reviewed-by lost"; bad++ }
		if (links != (k == 4)) {
			print "commit " i ": " links " Link lines"; bad++ }
		# the vendor trailer becomes the Assisted-by, as check asks
		if (k == 5 && t[1] ~ /^Co-Authored-By/) {
			print "commit " i ": vendor trailer kept"; bad++ }
		seen++
	}
	/^== / { check(); i = $2; c = 0; links = -1; next }
	links < 0 { links = $0; next }
	{ t[++c] = $0 }
	END { check(); if (seen != n) { print seen " messages parsed"; bad++ }
	      exit bad > 0 }' "$TMPDIR/parsed" || fail "trailers (above)"

# committers are refreshed as git rebase does: identity and date now
expect_eq "committer" "Hu Man hu@example.org" \
	"$(git log --format='%cn %ce' base.. | sort -u)"
[ "$(git log --format=%ct base.. | sort -n | head -n 1)" -ge "$start" ] ||
	fail "committer date not refreshed"
# GIT_COMMITTER_NAME/EMAIL win over the configuration, and
# --keep-committer-date keeps the dates
git log --format=%ct base.. >"$TMPDIR/dates"
GIT_COMMITTER_NAME="Co Mitter" GIT_COMMITTER_EMAIL=cm@example.org \
	"$D" amend $A --tool sparse --keep-committer-date base.. >/dev/null ||
	fail "amend --keep-committer-date"
expect_eq "committer from the environment" "Co Mitter cm@example.org" \
	"$(git log --format='%cn %ce' base.. | sort -u)"
git log --format=%ct base.. | cmp -s - "$TMPDIR/dates" || fail "dates not kept"
# GIT_COMMITTER_DATE is read as git reads it: the same text given to
# git commit-tree makes the same time and zone (the last tool restores
# the tip for the checks below; each run adds a tool, as the tools a line
# names are never dropped)
for dt in "@1800000000 +0530|smatch" "2026-12-03T10:00:00+01:00|coccinelle" \
	  "Thu, 3 Dec 2026 10:00:00 -0700|clang-tidy"; do
	d=${dt%|*}
	want=$(GIT_COMMITTER_DATE="$d" git commit-tree -m x "HEAD^{tree}" |
	       xargs git log -1 --date=raw --format=%cd)
	GIT_COMMITTER_DATE="$d" "$D" amend $A --tool "${dt#*|}" HEAD~1.. \
		>/dev/null 2>"$TMPDIR/e" || fail "GIT_COMMITTER_DATE=$d: $(cat "$TMPDIR/e")"
	expect_eq "GIT_COMMITTER_DATE=$d" "$want" "$(git log -1 --date=raw --format=%cd)"
done

# the same answers again: nothing to do, nothing written
tip=$(git rev-parse main)
expect_status 0 "$D" amend $A --tool sparse base..
expect_grep "nothing to do" "$TMPDIR/out"
expect_eq "ids kept" "$tip" "$(git rev-parse main)"
# a change in the middle: the prefix is kept, the rest re-parented with
# their messages; HEAD~2 loses its Assisted-by here, by plumbing
git rev-list base..HEAD~3 >"$TMPDIR/prefix"
p=$(git rev-parse HEAD~3)
for c in $(git rev-list --reverse HEAD~3..HEAD); do
	git log -1 --format=%B "$c" >"$TMPDIR/m"
	[ "$c" = "$(git rev-parse HEAD~2)" ] && sed -i '/^Assisted-by:/d' "$TMPDIR/m"
	p=$(git commit-tree -p "$p" -F "$TMPDIR/m" "$c^{tree}")
done
git update-ref refs/heads/main "$p"
expect_status 0 "$D" amend $A --tool sparse base..
expect_grep "rewrote 3 of 1000 commits of base.. (1 message changed, 2 re-parented)" "$TMPDIR/out"
expect_grep "(re-parented, message kept)" "$TMPDIR/out"
git rev-list base..HEAD~3 | cmp -s - "$TMPDIR/prefix" || fail "prefix ids changed"
expect_status 0 "$D" amend $A --tool sparse base..
expect_grep "nothing to do" "$TMPDIR/out"

# a change near the tip: the prefix keeps its ids (another model changes
# every line first; --no-tool adds none and keeps the tools named). A
# commit's own Assisted-by is its fact: another answer is refused unless
# --only says which commits get it
git rev-list base..HEAD~3 >"$TMPDIR/prefix"
tip=$(git rev-parse main)
expect_status 1 "$D" amend --agent Claude --model claude-sonnet-4-5 --no-tool base..
expect_grep "nothing was written" "$TMPDIR/err"
expect_eq "refused: nothing written" "$tip" "$(git rev-parse main)"
expect_status 0 "$D" amend --agent Claude --model claude-sonnet-4-5 --no-tool \
	--only base.. base..
expect_grep "rewrote 1000 of 1000" "$TMPDIR/out"
expect_eq "tools kept" "Assisted-by: Claude:claude-sonnet-4-5 sparse smatch coccinelle clang-tidy" \
	"$(git log -1 --format=%B | grep '^Assisted-by:')"
git rev-list base..HEAD~3 | cmp -s - "$TMPDIR/prefix" && fail "all ids kept"
tip=$(git rev-parse main)
git rev-list base..HEAD~3 >"$TMPDIR/prefix"
expect_status 0 "$D" amend $A --tool coccinelle --only HEAD~3.. HEAD~3..
expect_grep "rewrote 3 of 3" "$TMPDIR/out"
git rev-list base..HEAD~3 | cmp -s - "$TMPDIR/prefix" || fail "prefix ids changed"
# default range: the branch's commits not on its upstream
git update-ref refs/remotes/origin/main HEAD~2
git config remote.origin.url "$TMPDIR/nowhere.git"
git config remote.origin.fetch '+refs/heads/*:refs/remotes/origin/*'
git config branch.main.remote origin
git config branch.main.merge refs/heads/main
expect_status 0 "$D" amend --agent Claude --model claude-sonnet-4-5 --tool sparse \
	--only @{upstream}..
expect_grep "rewrote 2 of 2 commits of @{upstream}..HEAD" "$TMPDIR/out"
expect_eq "reflog" "disclose: amend @{upstream}..HEAD" "$(git reflog -1 --format=%gs main)"
[ "$(git reflog --format=%H refs/disclose/backup/main | wc -l)" -ge 5 ] ||
	fail "the backup reflog keeps every backup"

# undo
prev=$(git rev-parse refs/disclose/backup/main)
git reset -q --soft refs/disclose/backup/main
expect_eq "undone" "$prev" "$(git rev-parse HEAD)"
expect_eq "undo kept the work tree" "$status" "$(git status --porcelain)"

# the message encoding is kept
git -c i18n.commitEncoding=ISO-8859-1 commit -q --allow-empty \
	-F "$TOP/tests/fault/latin1.msg" || fail "latin-1 commit"
expect_status 0 "$D" amend $A --no-tool HEAD
git cat-file commit HEAD >"$TMPDIR/raw"
expect_grep "encoding ISO-8859-1" "$TMPDIR/raw"
grep -q "$(printf 'caf\351')" "$TMPDIR/raw" || fail "latin-1 bytes changed"
echo "amend-range: all passed"
