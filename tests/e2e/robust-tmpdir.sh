# A rewrite killed (SIGKILL) while it writes its pack leaves its private
# directory objects/pack/tmp_disclose_*; the next rewrite removes it at
# once, but never the directory of a rewrite that is still running (two
# concurrent rewrites in two worktrees of one repository), nor one of
# another user's, nor git's own tmp_pack_*.
# Uses the test-only pause DISCLOSE_TEST_PAUSE_IN_PACK (src/repo.c).
. "$TOP/tests/e2e/lib.sh"
A="--agent Claude --model claude-opus-4-5 --no-tool"
new_repo "$TMPDIR/r"
git tag base
for i in 1 2 3; do
	echo "$i" >"f$i" && git add "f$i" && git commit -q -m "change $i"
done
git worktree add -q -b other "$TMPDIR/wt" main || fail "worktree"
git worktree add -q -b third "$TMPDIR/wt3" main || fail "worktree 3"
pack=$(git rev-parse --git-path objects/pack)
case $pack in /*) ;; *) pack=$PWD/$pack ;; esac
tmpdirs() { (cd "$pack" && ls -d tmp_disclose_* 2>/dev/null); }

# start_in_pack DIR TAG: a rewrite in DIR, paused inside its pack write
start_in_pack() {
	rm -f "$TMPDIR/$2" "$TMPDIR/$2.waiting"
	(cd "$1" && DISCLOSE_TEST_HOOKS=$TEST_HOOKS \
		DISCLOSE_TEST_PAUSE_IN_PACK="$TMPDIR/$2" exec "$D" amend $A base.. \
		>"$TMPDIR/$2.out" 2>"$TMPDIR/$2.err") &
	pid=$!
	n=0
	while [ ! -e "$TMPDIR/$2.waiting" ]; do
		n=$((n + 1))
		[ $n -lt 3000 ] || fail "the rewrite never paused in its pack: $(cat "$TMPDIR/$2.err")"
		sleep 0.01
	done
}

# 1 SIGKILL in the pack write: the directory stays behind
start_in_pack "$TMPDIR/r" killed
kill -KILL $pid
wait $pid 2>/dev/null
dead=$(tmpdirs)
[ -n "$dead" ] || fail "no tmp_disclose_ directory after a SIGKILL in the pack write (the test pause is not in the pack write?)"
expect_eq "main not moved" "$(git rev-parse third)" "$(git rev-parse main)"

# 2 a live rewrite in another worktree, paused in its pack
start_in_pack "$TMPDIR/wt" live
live_pid=$pid
live=$(tmpdirs | grep -vxF "$dead")
[ -n "$live" ] || fail "the live rewrite has no directory"
# git's own temporary pack directory and another user's look-alike
mkdir "$pack/tmp_pack_git" "$pack/tmp_disclose_foreign"
if [ "$(id -u)" = 0 ]; then chown nobody "$pack/tmp_disclose_foreign"; fi

# 3 a third rewrite (in a third worktree) cleans the dead one only
(cd "$TMPDIR/wt3" && "$D" amend $A base.. >"$TMPDIR/out3" 2>"$TMPDIR/err3") ||
	fail "the third rewrite failed: $(cat "$TMPDIR/err3")"
[ -d "$pack/$dead" ] && fail "the dead rewrite's directory $dead is still there"
[ -d "$pack/$live" ] || fail "the live rewrite's directory $live was removed"
[ -d "$pack/tmp_pack_git" ] || fail "git's tmp_pack_git was removed"
if [ "$(id -u)" = 0 ]; then
	[ -d "$pack/tmp_disclose_foreign" ] || fail "another user's directory was removed"
fi
echo "stale directory removed, the live one kept"

# 4 the live rewrite still completes
touch "$TMPDIR/live"
wait $live_pid
rc=$?
[ $rc -eq 0 ] || fail "the live rewrite exited $rc: $(cat "$TMPDIR/live.err")"
git -C "$TMPDIR/wt" log -1 --format=%B other | grep -qxF "Assisted-by: Claude:claude-opus-4-5" ||
	fail "the live rewrite's branch lacks the trailer"
[ -d "$pack/$live" ] && fail "the live rewrite left its directory"
rmdir "$pack/tmp_pack_git" "$pack/tmp_disclose_foreign"
git fsck --strict --no-dangling >"$TMPDIR/fsck" 2>&1 || fail "fsck: $(cat "$TMPDIR/fsck")"
echo "two concurrent rewrites and a killed one: nothing lost"
