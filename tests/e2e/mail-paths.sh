#!/bin/sh
# The two ways a maintainer checks a patch mail give the same verdict:
# the raw mail (check --message MAIL) and the commit git am would make
# of it (git mailinfo -k, then check --message on subject, body and
# patch, with the author and the sender as git am knows them), on every
# hand-written mail of fixtures/mail: tests/bench/lore.sh, the script
# that measures the same on real mail, run on the fixtures.
. "$TOP/tests/e2e/lib.sh"
command -v python3 >/dev/null || { echo "python3 is not installed"; exit 77; }
mkdir "$TMPDIR/mails" || fail "mkdir"
cp "$TOP"/fixtures/mail/*.eml "$TOP"/fixtures/mail/check/*.eml \
	"$TMPDIR/mails/" || fail "copy the fixtures"
n=$(ls "$TMPDIR/mails" | wc -l)
sh "$TOP/tests/bench/lore.sh" "$D" "$TMPDIR/mails" >"$TMPDIR/lore.out" 2>&1
rc=$?
cat "$TMPDIR/lore.out"
[ $rc -eq 0 ] || fail "the raw-mail and mailinfo paths disagree (above)"
expect_grep "lore: $n mails: exit status agrees on $n/$n, verdict (error/warning/clean) on $n/$n" \
	"$TMPDIR/lore.out"
# a cover letter is one on both paths (its Assisted-by: line judged as in
# a patch), a 0/N mail with a diff a patch
sh "$TOP/tests/bench/lore.sh" -v "$D" "$TMPDIR/mails" >"$TMPDIR/all.out" 2>&1
expect_grep "cover-tagged.eml: raw exit 1 error ASSISTED_BY_FORMAT | mailinfo exit 1 error ASSISTED_BY_FORMAT" \
	"$TMPDIR/all.out"
expect_grep "zero-with-diff.eml: raw exit 1 error MISSING_SIGNOFF | mailinfo exit 1 error MISSING_SIGNOFF" \
	"$TMPDIR/all.out"
echo "mail-paths: ok"
