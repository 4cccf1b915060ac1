#!/bin/sh
# git disclose cover --mbox: the paragraph for a series given as mail
# (git format-patch output, an mbox, standard input) is the paragraph
# cover writes for the same series as commits.
. "$TOP/tests/e2e/lib.sh"

r=$TMPDIR/repo
git init -q -b main "$r" && cd "$r" || exit 2
git config user.name 'Jane Dev' && git config user.email jane@example.org
echo base >base && git add base && git commit -q -m base
git tag base
echo 1 >f1 && git add f1 && git commit -q -s -m 'add f1

Assisted-by: Claude:claude-opus-4-5 coccinelle'
echo 2 >f2 && git add f2 && git commit -q -m 'add f2 with a longer subject
that git folds

Tested-by: Tess Ter <tess@example.org>
Signed-off-by: Jane Dev <jane@example.org>'
echo 3 >f3 && git add f3 && git commit -q -m 'add f3

Assisted-by: Claude:claude-opus-4-5
Reviewed-by: Rev Iewer <rev@example.org>'

expect_rc 0 "$D" cover --tested 'boots' base..HEAD
cp "$TMPDIR/out" "$TMPDIR/want"
cp "$TMPDIR/err" "$TMPDIR/want-err"
grep -q 'patches 1 and 3' "$TMPDIR/want" || flag "cover on commits: $(cat "$TMPDIR/want")"

# format-patch output with a cover letter: the letter is not a patch
git format-patch -q --cover-letter -o "$TMPDIR/p" base..HEAD || exit 2
cat "$TMPDIR"/p/*.patch >"$TMPDIR/series.mbox"
expect_rc 0 "$D" cover --tested 'boots' --mbox "$TMPDIR/series.mbox"
expect_eq_file() { cmp -s "$1" "$2" || { flag "$3"; diff "$1" "$2"; }; }
expect_eq_file "$TMPDIR/want" "$TMPDIR/out" "--mbox FILE differs from the commits"
# the same warnings (patch 3 has no sign-off of Jane's)
err_has "patch 3/3"
err_has "no Signed-off-by: of yours"
# standard input, and the patches in another order
cat "$TMPDIR"/p/0003-*.patch "$TMPDIR"/p/0001-*.patch \
	"$TMPDIR"/p/0002-*.patch | "$D" cover --tested boots --mbox - \
	>"$TMPDIR/out" 2>"$TMPDIR/err" || flag "--mbox - failed: $(cat "$TMPDIR/err")"
expect_eq_file "$TMPDIR/want" "$TMPDIR/out" "--mbox - differs from the commits"

# outside a repository it still works
(cd "$TMPDIR" && "$D" cover --tested boots --mbox series.mbox) \
	>"$TMPDIR/out" 2>"$TMPDIR/err" || flag "--mbox outside a repository failed: $(cat "$TMPDIR/err")"
grep -q 'patches 1 and 3' "$TMPDIR/out" || flag "outside a repository: $(cat "$TMPDIR/out")"

# bad input: a clear error, exit 2
expect_rc 2 "$D" cover --mbox "$TMPDIR/none.mbox"
err_has "none.mbox"
printf 'just a message\n' >"$TMPDIR/plain"
expect_rc 2 "$D" cover --mbox "$TMPDIR/plain"
err_has "no mail"
expect_rc 2 "$D" cover --mbox "$TMPDIR"/p/0000-cover-letter.patch
err_has "no patches"
expect_rc 2 "$D" cover --mbox "$TMPDIR/series.mbox" base..HEAD
err_has "--mbox"
expect_rc 2 "$D" cover --b4 --mbox "$TMPDIR/series.mbox"
err_has "--b4"
expect_rc 2 "$D" cover --mbox
finish
