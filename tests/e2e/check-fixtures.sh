#!/bin/sh
# git disclose check --json --message on each fixtures/lint/NAME.msg must
# report exactly the finding ids of NAME.ids, in order, and fix must give
# a message that checks clean where every finding has a fix.
set -u
D=${DISCLOSE:?set DISCLOSE to the git-disclose binary}
dir=${TOP:?set TOP to the source tree}/fixtures/lint
export GIT_COMMITTER_NAME='Jane Dev' GIT_COMMITTER_EMAIL=jane@example.org
unset GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL
git config --global user.name 'Jane Dev'
git config --global user.email jane@example.org
cd "$TMPDIR" || exit 2
pass=0 fails=0
for msg in "$dir"/*.msg; do
	name=$(basename "$msg" .msg)
	want=$(cat "$dir/$name.ids")
	"$D" check --json --message "$msg" >"$TMPDIR/out" 2>"$TMPDIR/err"
	rc=$?
	got=$(grep -o '"id":"[A-Z_]*"' "$TMPDIR/out" | sed 's/"id":"\(.*\)"/\1/' | tr '\n' ' ' | sed 's/ $//')
	if [ "$got" != "$want" ]; then
		echo "FAIL $name: got '$got', want '$want'"
		fails=$((fails + 1))
		continue
	fi
	case $want in
	*MISSING_DISCLOSURE*|*ASSISTED_BY_FORMAT*|*VENDOR*|*AI_*|*DUPLICATE*|*NOT_LAST*)
		# fixable with a model where the traces carry none: one of
		# the traced agent's family (Claude:gpt-5 is refused)
		model=gpt-5
		grep -qi claude "$msg" && model=claude-opus-4-5
		"$D" fix --model $model --message "$msg" >"$TMPDIR/fixed" 2>"$TMPDIR/err" ||
			{ echo "FAIL $name: fix: $(cat "$TMPDIR/err")"; fails=$((fails + 1)); continue; }
		"$D" check --message "$TMPDIR/fixed" >"$TMPDIR/out2" 2>&1
		if grep -q "ERROR\|WARNING" "$TMPDIR/out2" &&
		   ! grep -q CO_DEVELOPED_BY_UNPAIRED "$TMPDIR/out2"; then
			echo "FAIL $name: fixed message still has findings:"
			cat "$TMPDIR/out2"
			fails=$((fails + 1))
			continue
		fi ;;
	esac
	pass=$((pass + 1))
done
echo "check-fixtures: $pass passed, $fails failed"
[ $fails = 0 ]
