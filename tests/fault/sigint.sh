#!/bin/sh
# sigint.sh BIN [TRIALS [SEED [COMMITS]]]: SIGINT or SIGTERM (alternately)
# a rewrite of a COMMITS-commit series (default 50) TRIALS times (default
# 100), timed into the ref update: the rewrite waits at the test pause
# (DISCLOSE_TEST_PAUSE_BEFORE_REF) until its file appears, and the signal
# follows that file after a delay drawn from SEED, 0 to 4 ms, so it lands
# while the branch, its reflog, ORIG_HEAD and the backup ref are written.
# SIGINT_CMD=fix rewrites with git disclose fix instead of amend.
# After every trial: no .lock file, the branch at the old tip or at the
# complete new tip, git fsck --strict clean, and the last entry of the
# branch's reflog and of HEAD's reflog names the branch's commit; at the
# old tip ORIG_HEAD and the backup ref are as before, at the new tip the
# backup ref holds the old tip and the run printed the undo (a signal
# that came during the update waits until the user was told).
# A shell starts a background command with SIGINT ignored: the rewrite
# runs under env --default-signal, so that SIGINT is delivered as Ctrl-C
# delivers it.
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
# fix has no --keep-committer-date: the date is fixed for both runs
export GIT_COMMITTER_DATE="1700000000 +0000"
if [ "${SIGINT_CMD:-amend}" = fix ]; then
	set -- fix --model claude-opus-4-5 base..main
else
	set -- amend --agent Claude --model claude-opus-4-5 \
		--keep-committer-date base..main
fi
env --default-signal=INT true 2>/dev/null ||
	fail "env --default-signal (coreutils 9) is needed to deliver SIGINT"
sh "$here/mkseries.sh" "$work/base" "$n" >/dev/null || fail "mkseries"
old=$(git -C "$work/base" rev-parse main)
cd "$work" || fail "cd"
cp -a base ref
(cd ref && "$D" "$@" >/dev/null) || fail "the uninterrupted run failed"
new=$(git -C ref rev-parse main)
[ "$new" != "$old" ] || fail "the uninterrupted run changed nothing"
orig=$(git -C base rev-parse -q --verify ORIG_HEAD)

# last_logged LOG: the new id of the last entry of a reflog file
last_logged() {
	tail -n 1 "$1" | cut -d' ' -f2
}

awk -v seed="$seed" -v n="$trials" 'BEGIN {
	srand(seed)
	for (i = 0; i < n; i++)
		printf "%.4f %s\n", rand() * 0.004, i % 2 ? "TERM" : "INT"
}' >delays

at_old=0 at_new=0 locks=0 i=0 int=0 term=0 killed=0
while read -r delay sig; do
	i=$((i + 1))
	rm -rf t go go.waiting && cp -a base t || fail "copy"
	(cd t && DISCLOSE_TEST_PAUSE_BEFORE_REF="$work/go" exec \
		env --default-signal=INT,QUIT "$D" "$@" >"$work/trial.out" \
		2>"$work/trial.err") &
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
	rc=$?
	[ "$sig" = INT ] && int=$((int + 1)) || term=$((term + 1))
	# ended by the signal, or done before it came
	case $rc in
	0 | 130 | 143) ;;
	*) fail "trial $i (SIG$sig after $delay s): exit $rc: $(cat "$work/trial.err")" ;;
	esac
	[ $rc -eq 0 ] || killed=$((killed + 1))
	cd t || fail "cd"
	tip=$(git rev-parse main)
	backup=$(git rev-parse -q --verify refs/disclose/backup/main)
	if [ "$tip" = "$old" ]; then
		at_old=$((at_old + 1))
		[ "$(git rev-parse -q --verify ORIG_HEAD)" = "$orig" ] ||
			fail "trial $i (SIG$sig after $delay s): ORIG_HEAD moved, main did not"
		[ -z "$backup" ] ||
			fail "trial $i (SIG$sig after $delay s): a backup ref, main did not move"
	elif [ "$tip" = "$new" ]; then
		at_new=$((at_new + 1))
		[ "$backup" = "$old" ] ||
			fail "trial $i (SIG$sig after $delay s): main moved, the backup ref is '$backup'"
		grep -q "^undo: git reset --soft refs/disclose/backup/main" \
			"$work/trial.out" ||
			fail "trial $i (SIG$sig after $delay s, exit $rc): main moved, the undo was not printed: $(tail -n 3 "$work/trial.out")"
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
echo "$trials trials of $1 (seed $seed, $n commits; $int SIGINT, $term SIGTERM," \
	"$killed ended by the signal): $at_old at the old tip, $at_new at the new tip;" \
	"$locks left a .lock file ($(sort -u lockfiles 2>/dev/null |
	tr '\n' ' ' | sed 's/ $//'))"
[ "$locks" -eq 0 ] || fail "lock files were left behind"
echo "sigint: all passed"
