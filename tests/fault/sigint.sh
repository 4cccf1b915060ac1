#!/bin/sh
# sigint.sh BIN [TRIALS [SEED [COMMITS]]]: SIGINT or SIGTERM (alternately)
# a rewrite of a COMMITS-commit series (default 50) TRIALS times (default
# 100), timed into the ref update: the rewrite waits at the test pause
# (DISCLOSE_TEST_PAUSE_BEFORE_REF) until its file appears, and the signal
# follows that file after a delay drawn from SEED, 0 to 4 ms, so it lands
# while the branch, its reflog, ORIG_HEAD and the backup ref are written.
# After every trial: no .lock file, the branch at the old tip or at the
# complete new tip, git fsck --strict clean, and the last entry of the
# branch's reflog and of HEAD's reflog names the branch's commit.
set -u
D=$1
trials=${2:-100}
seed=${3:-1}
n=${4:-50}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/sigint.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() {
	echo "FAIL: $*" >&2
	exit 1
}
export GIT_COMMITTER_NAME="Hu Man" GIT_COMMITTER_EMAIL=hu@example.org
export DISCLOSE_TEST_HOOKS=${DISCLOSE_TEST_HOOKS:-}
set -- amend --agent Claude --model claude-opus-4-5 --keep-committer-date \
	base..main
sh "$here/mkseries.sh" "$work/base" "$n" >/dev/null || fail "mkseries"
old=$(git -C "$work/base" rev-parse main)
cd "$work" || fail "cd"
cp -a base ref
(cd ref && "$D" "$@" >/dev/null) || fail "the uninterrupted run failed"
new=$(git -C ref rev-parse main)

# last_logged LOG: the new id of the last entry of a reflog file
last_logged() {
	tail -n 1 "$1" | cut -d' ' -f2
}

awk -v seed="$seed" -v n="$trials" 'BEGIN {
	srand(seed)
	for (i = 0; i < n; i++)
		printf "%.4f %s\n", rand() * 0.004, i % 2 ? "TERM" : "INT"
}' >delays

at_old=0 at_new=0 locks=0 i=0 int=0 term=0
while read -r delay sig; do
	i=$((i + 1))
	rm -rf t go go.waiting && cp -a base t || fail "copy"
	(cd t && DISCLOSE_TEST_PAUSE_BEFORE_REF="$work/go" \
		exec "$D" "$@" >/dev/null 2>"$work/trial.err") &
	pid=$!
	k=0
	while [ ! -e go.waiting ]; do
		k=$((k + 1))
		[ $k -lt 3000 ] || fail "trial $i: the rewrite never paused"
		# a child that ended (a zombie until waited for) never pauses
		st=$(awk '/^State:/ { print $2 }' /proc/$pid/status 2>/dev/null)
		[ -n "$st" ] && [ "$st" != Z ] ||
			fail "trial $i: the rewrite ended before its pause: $(cat "$work/trial.err")"
		sleep 0.01
	done
	: >go
	sleep "$delay"
	kill -"$sig" "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	[ "$sig" = INT ] && int=$((int + 1)) || term=$((term + 1))
	cd t || fail "cd"
	tip=$(git rev-parse main)
	if [ "$tip" = "$old" ]; then
		at_old=$((at_old + 1))
	elif [ "$tip" = "$new" ]; then
		at_new=$((at_new + 1))
	else
		fail "trial $i (SIG$sig after $delay s): main is at $tip"
	fi
	if find .git -name '*.lock' | grep -q .; then
		locks=$((locks + 1))
		find .git -name '*.lock' | sed 's|^\.git/||' >>../lockfiles
	fi
	git fsck --strict --no-dangling >../fsck 2>&1 ||
		fail "trial $i (SIG$sig after $delay s): git fsck: $(cat ../fsck)"
	[ "$(last_logged .git/logs/refs/heads/main)" = "$tip" ] ||
		fail "trial $i (SIG$sig after $delay s): the reflog of main says $(last_logged .git/logs/refs/heads/main), main is $tip"
	[ "$(last_logged .git/logs/HEAD)" = "$tip" ] ||
		fail "trial $i (SIG$sig after $delay s): HEAD's reflog says $(last_logged .git/logs/HEAD), main is $tip"
	cd .. || fail "cd"
done <delays
[ "$i" -eq "$trials" ] || fail "ran $i trials of $trials"
echo "$trials trials (seed $seed, $n commits; $int SIGINT, $term SIGTERM):" \
	"$at_old at the old tip, $at_new at the new tip;" \
	"$locks left a .lock file ($(sort -u lockfiles 2>/dev/null |
	tr '\n' ' ' | sed 's/ $//'))"
[ "$locks" -eq 0 ] || fail "lock files were left behind"
echo "sigint: all passed"
