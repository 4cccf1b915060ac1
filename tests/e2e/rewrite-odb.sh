# An object database that cannot take the new commits: a clear error and
# the branch left where it was. As root, chmod does not stop writes, so
# this uses what does: a file size limit (ulimit -f, SIGXFSZ ignored, so
# write() fails with EFBIG), a full tmpfs (a real ENOSPC, when mount is
# allowed), an immutable objects/pack (chattr +i, when the file system
# and capabilities allow) and, when not root, a read-only objects/pack.
. "$TOP/tests/e2e/lib.sh"
A="--agent Claude --model claude-opus-4-5"
sh "$TOP/tests/fault/mkseries.sh" "$TMPDIR/r" 200 >/dev/null || fail "mkseries"
cd "$TMPDIR/r" || fail "cd"
# answers remembered, so that a refused write reaches no config write
git config disclose.agent Claude
git config disclose.model claude-opus-4-5
old=$(git rev-parse main)
done_ways=""

# must_fail HOW: amend was refused cleanly and changed nothing
must_fail() {
	[ "$rc" -eq 2 ] || fail "$1: amend exited $rc: $(cat "$TMPDIR/err")"
	expect_grep "cannot write the new commits" "$TMPDIR/err"
	expect_grep "the branch was not changed" "$TMPDIR/err"
	expect_eq "$1: branch kept" "$old" "$(git rev-parse main)"
	git rev-parse -q --verify refs/disclose/backup/main >/dev/null &&
		fail "$1: a backup ref was written"
	git fsck --strict --no-dangling >"$TMPDIR/fsck" 2>&1 ||
		fail "$1: fsck: $(cat "$TMPDIR/fsck")"
	done_ways="$done_ways $1"
	echo "$1: $(cat "$TMPDIR/err")"
}

# 1 a file size limit (512-byte blocks in sh): the pack does not fit
(trap '' XFSZ; ulimit -f 8; exec "$D" amend $A base..) >"$TMPDIR/out" 2>"$TMPDIR/err"
rc=$?
must_fail "ulimit -f"

# 2 a full file system
if [ "$(id -u)" -eq 0 ] && mkdir "$TMPDIR/small" &&
   mount -t tmpfs -o size=2m tmpfs "$TMPDIR/small" 2>/dev/null; then
	trap 'umount "$TMPDIR/small" 2>/dev/null' EXIT
	cp -a "$TMPDIR/r" "$TMPDIR/small/r" || fail "copy into tmpfs"
	dd if=/dev/zero of="$TMPDIR/small/fill" bs=4k >/dev/null 2>&1
	(cd "$TMPDIR/small/r" && exec "$D" amend $A base..) >"$TMPDIR/out" 2>"$TMPDIR/err"
	rc=$?
	cd "$TMPDIR/small/r" && must_fail "full disk (ENOSPC)"
	cd "$TMPDIR/r" || fail "cd"
	umount "$TMPDIR/small"
else
	echo "note: tmpfs cannot be mounted here: no real ENOSPC case"
fi

# 3 objects/pack that takes no new file
if [ "$(id -u)" -eq 0 ]; then
	if chattr +i .git/objects/pack 2>/dev/null; then
		"$D" amend $A base.. >"$TMPDIR/out" 2>"$TMPDIR/err"
		rc=$?
		chattr -i .git/objects/pack
		must_fail "chattr +i objects/pack"
	else
		echo "note: chattr +i is not available here"
	fi
else
	chmod a-w .git/objects/pack
	"$D" amend $A base.. >"$TMPDIR/out" 2>"$TMPDIR/err"
	rc=$?
	chmod u+w .git/objects/pack
	must_fail "read-only objects/pack"
fi

# and with room again, it works
expect_status 0 "$D" amend $A base..
expect_grep "rewrote 200 of 200" "$TMPDIR/out"
echo "rewrite-odb: tested$done_ways"
