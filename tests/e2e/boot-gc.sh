#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# git disclose boot --gc: the pristine object trees of the cache and the
# repository's build directories are listed with their size, the least
# recently used removed until the bound holds, and the disk use before
# and after printed. No kernel: the trees are stand-in directories.
. "$TOP/tests/e2e/lib.sh"

export DISCLOSE_CACHE="$TMPDIR/cache"
# entry DIR DAYS-AGO: a tree of 64 KiB last used DAYS-AGO days ago.
entry() {
	mkdir -p "$1" || fail "mkdir $1"
	head -c 65536 /dev/urandom >"$1/blob"
	touch -d "$2 days ago" "$1/ready"
}
entry "$DISCLOSE_CACHE/objects/old-x86_64-tiny" 9
entry "$DISCLOSE_CACHE/objects/new-i386-tiny" 1
new_repo "$TMPDIR/r"
cd "$TMPDIR/r" || fail "no repo"
b=.git/disclose/boot
entry $b/src/obj-x86_64-tiny 5
touch -d "5 days ago" $b/build.log

expect_status 0 "$D" boot --gc --max-size 100M
expect_grep "disk use: " "$TMPDIR/out"
[ "$(grep -c '^kept' "$TMPDIR/out")" = 3 ] || fail "not all kept: $(cat "$TMPDIR/out")"

# a bound for about two of them: the oldest (9 days) goes
expect_status 0 "$D" boot --gc --max-size 150K
grep -q "^removed.*objects/old-x86_64-tiny" "$TMPDIR/out" ||
	fail "the least recently used was not removed: $(cat "$TMPDIR/out")"
[ ! -d "$DISCLOSE_CACHE/objects/old-x86_64-tiny" ] || fail "still there"
[ -d "$DISCLOSE_CACHE/objects/new-i386-tiny" ] && [ -d $b/src/obj-x86_64-tiny ] ||
	fail "a more recently used tree was removed"

# 0: everything goes, the repository's build directory too
expect_status 0 "$D" boot --gc --max-size 0
[ ! -d $b/src/obj-x86_64-tiny ] || fail "the build directory was kept"
expect_grep "after (bound" "$TMPDIR/out"

expect_status 2 "$D" boot --gc --max-size lots
expect_grep "give a size such as 500M" "$TMPDIR/err"
