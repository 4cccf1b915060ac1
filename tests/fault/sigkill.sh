#!/bin/sh
# sigkill.sh BIN [TRIALS [SEED [COMMITS]]]: rewrite a COMMITS-commit series
# (default 500) with git disclose amend and SIGKILL it after a random
# delay, TRIALS times (default 100), delays drawn from SEED (default 1).
# After every trial: the branch is at the old tip or at the complete new
# tip (the tip of an uninterrupted run), git fsck --strict is clean, the
# old tip is reachable from the branch, the backup ref or the reflog, and
# the uncommitted changes are as they were. Exit 0 when all trials pass.
set -u
D=$1
trials=${2:-100}
seed=${3:-1}
n=${4:-500}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/sigkill.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() {
	echo "FAIL: $*" >&2
	exit 1
}

# The committer is fixed and its date kept, so every complete run
# writes the same commits: "fully rewritten" is one known id.
export GIT_COMMITTER_NAME="Hu Man" GIT_COMMITTER_EMAIL=hu@example.org
set -- amend --agent Claude --model claude-opus-4-5 --keep-committer-date \
	base..main
sh "$here/mkseries.sh" "$work/base" "$n" >/dev/null || fail "mkseries"
cd "$work/base" || fail "cd"
echo "uncommitted" >>README
echo staged >staged.txt && git add staged.txt
status=$(git status --porcelain)
old=$(git rev-parse main)
cd "$work" || fail "cd"

ms() { date +%s%N | cut -c1-13; }
cp -a base ref
t0=$(ms)
(cd ref && "$D" "$@" >/dev/null) || fail "the uninterrupted run failed"
t1=$(ms)
new=$(git -C ref rev-parse main)
[ "$new" != "$old" ] || fail "the uninterrupted run changed nothing"
span=$((t1 - t0))
[ "$span" -ge 5 ] || span=5
echo "uninterrupted run: ${span} ms; old tip $old, new tip $new"

# delays in seconds, uniform over 0 .. 1.3 times the run
awk -v seed="$seed" -v n="$trials" -v span="$span" 'BEGIN {
	srand(seed)
	for (i = 0; i < n; i++)
		printf "%.4f\n", rand() * span * 1.3 / 1000
}' >delays

at_old=0 at_new=0 mid_pack=0 packed=0 locks=0 i=0
while read -r delay; do
	i=$((i + 1))
	rm -rf t && cp -a base t || fail "copy"
	(cd t && exec "$D" "$@" >/dev/null 2>&1) &
	pid=$!
	sleep "$delay"
	kill -KILL "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	cd t || fail "cd"
	tip=$(git rev-parse main)
	if [ "$tip" = "$old" ]; then
		at_old=$((at_old + 1))
		npacks=$(ls .git/objects/pack/*.pack | wc -l)
		if ls .git/objects/pack | grep -qv '^pack-'; then
			mid_pack=$((mid_pack + 1))
		elif [ "$npacks" -gt 1 ]; then
			packed=$((packed + 1))
		fi
	elif [ "$tip" = "$new" ]; then
		at_new=$((at_new + 1))
	else
		fail "trial $i (delay $delay s): main is at $tip, neither the old tip nor the new one"
	fi
	if find .git -name '*.lock' | grep -q .; then
		locks=$((locks + 1))
		find .git -name '*.lock' | sed 's|^\.git/||' >>../lockfiles
	fi
	git fsck --strict --no-dangling >../fsck 2>&1 ||
		fail "trial $i (delay $delay s): git fsck --strict: $(cat ../fsck)"
	[ -s ../fsck ] && fail "trial $i (delay $delay s): git fsck said: $(cat ../fsck)"
	git merge-base --is-ancestor "$old" main 2>/dev/null ||
		[ "$(git rev-parse -q --verify refs/disclose/backup/main)" = "$old" ] ||
		git reflog show --format=%H main | grep -qx "$old" ||
		fail "trial $i (delay $delay s): the old tip is not reachable"
	[ "$(git status --porcelain)" = "$status" ] ||
		fail "trial $i: the uncommitted changes changed: $(git status --porcelain)"
	cd .. || fail "cd"
done <delays
[ "$i" -eq "$trials" ] || fail "ran $i trials of $trials"
echo "$trials trials (seed $seed, $n commits): $at_old at the old tip" \
	"($mid_pack killed while writing the pack, $packed after it)," \
	"$at_new at the new tip; $locks left a stale .lock file" \
	"($(sort -u lockfiles 2>/dev/null | tr '\n' ' '| sed 's/ $//'))"
[ "$at_old" -gt 0 ] && [ "$at_new" -gt 0 ] ||
	fail "the kills did not spread over the run: see the delays"
echo "sigkill: all passed"
