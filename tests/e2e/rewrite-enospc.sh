# A full disk at every point of a rewrite: a tmpfs
# filled up to FREE KiB, FREE from 0 to 400 in 4 KiB steps, so that the
# space runs out while the pack, the branch, its reflogs, the backup ref
# or ORIG_HEAD is written. After each run: no .lock file, the branch at
# the old tip or the complete new tip, each reflog's last entry names
# the branch's commit (a log never records a move that did not happen),
# a failure says "no space left on device" (never "unknown libgit2
# error"), ORIG_HEAD moves only with the branch, and git fsck is clean.
. "$TOP/tests/e2e/lib.sh"
[ "$(id -u)" -eq 0 ] || { echo "skip: mounting a tmpfs needs root"; exit 77; }
mkdir "$TMPDIR/small" || fail "mkdir"
mount -t tmpfs -o size=4m tmpfs "$TMPDIR/small" 2>"$TMPDIR/mount" || {
	echo "skip: cannot mount a tmpfs here: $(cat "$TMPDIR/mount")"
	exit 77
}
trap 'cd /; umount "$TMPDIR/small"' EXIT
export GIT_COMMITTER_NAME="Hu Man" GIT_COMMITTER_EMAIL=hu@example.org
set -- amend --agent Claude --model claude-opus-4-5 --keep-committer-date \
	base..main
sh "$TOP/tests/fault/mkseries.sh" "$TMPDIR/r" 30 >/dev/null || fail "mkseries"
old=$(git -C "$TMPDIR/r" rev-parse main)
cp -a "$TMPDIR/r" "$TMPDIR/ref"
(cd "$TMPDIR/ref" && "$D" "$@" >/dev/null 2>&1) || fail "the run with room"
new=$(git -C "$TMPDIR/ref" rev-parse main)
orig=$(git -C "$TMPDIR/r" rev-parse -q --verify ORIG_HEAD)
last_logged() {
	tail -n 1 "$1" | cut -d' ' -f2
}
S=$TMPDIR/small
ok=0 refused=0 warned=0 kb=0
while [ $kb -le 400 ]; do
	rm -rf "$S/r" "$S/fill" "$S/pad"
	cp -a "$TMPDIR/r" "$S/r" || fail "copy"
	dd if=/dev/zero of="$S/pad" bs=1k count=$kb 2>/dev/null
	dd if=/dev/zero of="$S/fill" bs=4k 2>/dev/null
	rm -f "$S/pad"
	(cd "$S/r" && exec "$D" "$@") >"$TMPDIR/out" 2>"$TMPDIR/err"
	rc=$?
	cd "$S/r" || fail "cd"
	tip=$(git rev-parse main)
	why="$kb KiB free, exit $rc: $(cat "$TMPDIR/err")"
	find .git -name '*.lock' | grep -q . &&
		fail "$why: left $(find .git -name '*.lock')"
	[ "$tip" = "$old" ] || [ "$tip" = "$new" ] || fail "$why: main at $tip"
	[ "$(last_logged .git/logs/refs/heads/main)" = "$tip" ] ||
		fail "$why: the reflog of main names $(last_logged .git/logs/refs/heads/main), main is $tip"
	[ "$(last_logged .git/logs/HEAD)" = "$tip" ] ||
		fail "$why: HEAD's reflog names $(last_logged .git/logs/HEAD), main is $tip"
	grep -q "unknown libgit2 error" "$TMPDIR/err" && fail "$why"
	if [ $rc -ne 0 ]; then
		[ "$tip" = "$old" ] || fail "$why: failed, yet main moved"
		grep -qi "no space left on device" "$TMPDIR/err" ||
			fail "$why: the full disk is not named"
		[ "$(git rev-parse -q --verify ORIG_HEAD)" = "$orig" ] ||
			fail "$why: ORIG_HEAD written by a failed run"
		refused=$((refused + 1))
	else
		[ "$tip" = "$new" ] || fail "$why: succeeded, main not moved"
		[ -s "$TMPDIR/err" ] && warned=$((warned + 1))
		# the undo printed puts the old tip back (the backup ref, or
		# the old tip's id when the full disk took the backup ref)
		undo=$(sed -n 's/^undo: git reset --soft //p' "$TMPDIR/out")
		[ "$(git rev-parse -q --verify "$undo^{commit}")" = "$old" ] ||
			fail "$why: the undo '$undo' does not name the old tip: $(cat "$TMPDIR/out")"
		ok=$((ok + 1))
	fi
	git fsck --strict --no-dangling >"$TMPDIR/fsck" 2>&1 ||
		fail "$why: fsck: $(cat "$TMPDIR/fsck")"
	cd "$TMPDIR" || fail "cd"
	kb=$((kb + 4))
done
echo "$((refused + ok)) runs from 0 to 400 KiB free: $refused refused" \
	"(no space left on device), $ok rewrote ($warned with a warning)"
[ $refused -gt 0 ] && [ $ok -gt 0 ] || fail "the sweep missed the full disk"
echo "rewrite-enospc: all passed"
