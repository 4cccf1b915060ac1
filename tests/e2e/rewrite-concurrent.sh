# Another process moves the branch while a rewrite runs: the
# compare-and-swap fails, the other update stays, the user is told to run
# again; a ref held locked by another git is reported the same way. Uses
# the test-only pause DISCLOSE_TEST_PAUSE_BEFORE_REF (src/repo.h).
. "$TOP/tests/e2e/lib.sh"
A="--agent Claude --model claude-opus-4-5"
new_repo "$TMPDIR/r"
git tag base
for i in 1 2 3; do
	echo "$i" >"f$i" && git add "f$i" && git commit -q -m "change $i"
done
old=$(git rev-parse main)

# start_paused: run amend in the background, wait until it has written
# its objects and waits before moving any ref
start_paused() {
	rm -f "$TMPDIR/go" "$TMPDIR/go.waiting"
	DISCLOSE_TEST_HOOKS=$TEST_HOOKS \
	DISCLOSE_TEST_PAUSE_BEFORE_REF="$TMPDIR/go" "$D" amend $A base.. \
		>"$TMPDIR/out" 2>"$TMPDIR/err" &
	pid=$!
	n=0
	while [ ! -e "$TMPDIR/go.waiting" ]; do
		n=$((n + 1))
		[ $n -lt 3000 ] || fail "the rewrite never paused: $(cat "$TMPDIR/err")"
		sleep 0.01
	done
}

# 1 another commit lands while we work
start_paused
git commit -q --allow-empty -m "from another terminal" || fail "commit"
other=$(git rev-parse main)
touch "$TMPDIR/go"
wait $pid
rc=$?
[ $rc -eq 2 ] || fail "amend exited $rc, expected 2: $(cat "$TMPDIR/out" "$TMPDIR/err")"
expect_grep "main moved while git disclose was working" "$TMPDIR/err"
expect_grep "run git disclose again" "$TMPDIR/err"
expect_eq "the other update stays" "$other" "$(git rev-parse main)"
expect_eq "HEAD still on main" "refs/heads/main" "$(git symbolic-ref HEAD)"
git fsck --strict --no-dangling >"$TMPDIR/fsck" 2>&1 || fail "fsck: $(cat "$TMPDIR/fsck")"
# running again works, on top of the other update
expect_status 0 "$D" amend $A base..
expect_grep "rewrote 4 of 4" "$TMPDIR/out"
git log --format=%s base.. | grep -qx "from another terminal" ||
	fail "the other commit was lost"
git log -1 --format=%B | grep -qF "Assisted-by: Claude:claude-opus-4-5" ||
	fail "not rewritten on the second run"

# 2 another git holds the branch's lock
git reset -q --hard "$old"
start_paused
: >.git/refs/heads/main.lock
touch "$TMPDIR/go"
wait $pid
rc=$?
rm -f .git/refs/heads/main.lock
[ $rc -eq 2 ] || fail "amend exited $rc with the lock held"
expect_grep "main is locked by another git command" "$TMPDIR/err"
expect_eq "branch kept" "$old" "$(git rev-parse main)"

# 3 git repack -a -d and git gc while the new commits are not yet on any
# ref: they must survive (a .keep next to the new pack until the branch
# points at it). Five rounds, each with new commits (another model).
for r in 1 2 3 4 5; do
	git reset -q --hard "$old"
	A="--agent Claude --model claude-opus-4-$((r + 20))"
	start_paused
	git repack -a -d -q || fail "repack"
	git gc -q --prune=now || fail "gc"
	touch "$TMPDIR/go"
	wait $pid
	rc=$?
	[ $rc -eq 0 ] || fail "round $r: amend exited $rc after a repack: $(cat "$TMPDIR/err")"
	git fsck --strict --no-dangling >"$TMPDIR/fsck" 2>&1 ||
		fail "round $r: fsck after a concurrent repack: $(cat "$TMPDIR/fsck")"
	git log -1 --format=%B | grep -qF "claude-opus-4-$((r + 20))" ||
		fail "round $r: not rewritten"
	ls .git/objects/pack | grep -q '\.keep$' && fail "a .keep file was left"
done
A="--agent Claude --model claude-opus-4-5"

# 4 a real loop of git repack -a -d beside 20 rewrites
git reset -q --hard "$old"
: >"$TMPDIR/stop"
(while [ -e "$TMPDIR/stop" ]; do git repack -a -d -q 2>/dev/null; done) &
loop=$!
for i in $(seq 20); do
	git reset -q --hard "$old"
	"$D" amend --agent Claude --model "claude-opus-4-$i" base.. \
		>"$TMPDIR/out" 2>"$TMPDIR/err" ||
		{ rm -f "$TMPDIR/stop"; fail "amend $i: $(cat "$TMPDIR/err")"; }
	# (git fsck itself trips over the repack's temporary packs here)
	sleep 0.05
	git rev-list --objects main >/dev/null 2>"$TMPDIR/fsck" ||
		{ rm -f "$TMPDIR/stop"; fail "run $i beside repack: $(cat "$TMPDIR/fsck")"; }
done
rm -f "$TMPDIR/stop"
wait $loop
git fsck --strict --no-dangling >"$TMPDIR/fsck" 2>&1 ||
	fail "after the repack loop: $(cat "$TMPDIR/fsck")"
echo "rewrite-concurrent: all passed"
