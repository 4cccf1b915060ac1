#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# git disclose boot with a range that has no commits (HEAD..HEAD, or the
# default with nothing ahead of the upstream) is refused before any
# build, exit 2, and the verdict of an earlier run is left as it was:
# its ends alone would build and boot the base and call it the series.
# No kernel needed.
. "$TOP/tests/e2e/lib.sh"

export DISCLOSE_CACHE="$TMPDIR/cache"
new_repo "$TMPDIR/up"
git clone -q "$TMPDIR/up" "$TMPDIR/r" || fail "clone"
cd "$TMPDIR/r" || fail "no clone"
mkdir -p .git/disclose
echo '{"earlier": true}' >.git/disclose/boot.json

expect_rc 2 "$D" boot HEAD..HEAD
grep -qF "the range HEAD..HEAD has no commits: give one, e.g. git disclose boot HEAD~3..HEAD" "$TMPDIR/err" ||
	flag "HEAD..HEAD: $(cat "$TMPDIR/err")"
lacks "PASS"

expect_rc 2 "$D" boot HEAD...HEAD
err_has "the range HEAD...HEAD has no commits"

# the default: the branch's commits not on its upstream, none here
expect_rc 2 "$D" boot
err_has "the range @{upstream}..HEAD (the default: the branch's commits not on its upstream) has no commits"

expect_rc 2 "$D" boot --json HEAD..HEAD
lacks "booted"

# an arch given twice is one cell, and the user is told
expect_rc 2 "$D" boot --arch x86_64,x86_64 --config tiny,tiny HEAD..HEAD
err_has "boot: --arch x86_64 is given twice: it is built and booted once"
err_has "boot: --config tiny is given twice: it is built and booted once"

expect_eq "the earlier verdict" '{"earlier": true}' \
	"$(cat .git/disclose/boot.json)"
[ ! -e .git/disclose/boot/src ] || flag "a tree was checked out"
finish
