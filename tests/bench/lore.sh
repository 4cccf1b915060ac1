#!/bin/sh
# Do the two ways a maintainer checks patch mail agree? For every mail
# of a directory (one RFC 2822 message per file):
#
#   raw:      git disclose check --json --message MAIL
#   mailinfo: git mailinfo -k msg patch <MAIL, then check --json
#             --message on "Subject" + blank + msg + patch, with the
#             author (GIT_AUTHOR_*) as git am gives it to its hooks and
#             the sender (the mail's own From:, read by
#             git mailinfo --no-inbody-headers) as the submitter
#             (GIT_COMMITTER_*): the raw path judges the sign-off chain
#             against the sender too. A sender "X via Y" (B4 Relay, a
#             list's DMARC rewrite) is a relay: the sender is the one
#             its X-Original-From: header names, else the author stands
#             for both, as on the raw path.
#
# A mail's verdict is error, warning or clean (the worst finding), and
# its exit status 0 or 1. Prints one line per mail that disagrees, then
# the agreement on the exit status and on the verdict.
#
#   sh tests/bench/lore.sh [-v] [--checkpatch PL] BIN DIR
#
# -v prints every mail's line. --checkpatch PL also times
# `./scripts/checkpatch.pl -q --terse --no-summary --mailback` (b4's
# default per-patch check) and `check --format=b4 -`, both at the top of
# PL's tree, one process each, in turn on every mail, and prints the
# time per patch of both and their ratio.
# Exit 0 when every mail agrees, 1 when one does not, 2 on a set-up error.
verbose=false checkpatch=
while [ $# -gt 0 ]; do
	case $1 in
	-v) verbose=true ;;
	--checkpatch) checkpatch=$2; shift ;;
	*) break ;;
	esac
	shift
done
if [ $# -ne 2 ]; then
	echo "usage: sh tests/bench/lore.sh [-v] [--checkpatch PL] BIN DIR" >&2
	exit 2
fi
bin=$1 dir=$2
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
case $dir in /*) ;; *) dir=$(pwd)/$dir ;; esac
[ -x "$bin" ] || { echo "lore.sh: $bin is not a program" >&2; exit 2; }
[ -d "$dir" ] || { echo "lore.sh: $dir is not a directory" >&2; exit 2; }
command -v python3 >/dev/null || { echo "lore.sh: needs python3" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/lore.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT INT TERM
# No repository, no configuration: the same defaults for every mail.
unset GIT_DIR GIT_WORK_TREE GIT_CONFIG_PARAMETERS GIT_CONFIG_COUNT \
	GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL
HOME=$work XDG_CONFIG_HOME=$work GIT_CONFIG_NOSYSTEM=1
GIT_CONFIG_GLOBAL=/dev/null GIT_CEILING_DIRECTORIES=$work LC_ALL=C.UTF-8
export HOME XDG_CONFIG_HOME GIT_CONFIG_NOSYSTEM GIT_CONFIG_GLOBAL \
	GIT_CEILING_DIRECTORIES LC_ALL
cd "$work" || exit 2

# verdict: "error", "warning" or "clean" of check --json on stdin,
# followed by the finding ids.
verdict() {
	python3 -c '
import json, sys
worst, ids = 0, []
for line in sys.stdin:
    if not line.strip():
        continue
    for f in json.loads(line)["findings"]:
        worst = max(worst, {"error": 2, "warning": 1}.get(f["severity"], 0))
        ids.append(f["id"])
print(["clean", "warning", "error"][worst], ",".join(ids) or "-")'
}

# field NAME FILE: the value of "NAME: " in git mailinfo's output.
field() { sed -n "s/^$1: //p" "$2"; }

n=0 same_rc=0 same_verdict=0
for mail in "$dir"/*; do
	[ -f "$mail" ] || continue
	name=${mail##*/}
	n=$((n + 1))
	"$bin" check --json --message "$mail" >raw.json 2>raw.err
	rc1=$?
	set -- $(verdict <raw.json)
	v1=$1 ids1=$2
	if ! git mailinfo -k msg patch <"$mail" >info 2>/dev/null ||
	   ! git mailinfo -k --no-inbody-headers m2 p2 <"$mail" >sender \
		2>/dev/null; then
		echo "$name: git mailinfo refuses it"
		continue
	fi
	{ field Subject info; echo; cat msg patch; } >commit.msg
	an=$(field Author info) ae=$(field Email info)
	sn=$(field Author sender) se=$(field Email sender)
	case $sn in *" via "*)
		xo=$(sed -n '/^[[:space:]]*$/q; s/^[Xx]-[Oo]riginal-[Ff]rom: *//p' \
			"$mail" | head -n 1)
		case $xo in
		*"<"*">"*)
			sn=$(printf '%s\n' "$xo" | sed 's/ *<.*//; s/^"\(.*\)"$/\1/')
			se=$(printf '%s\n' "$xo" | sed 's/.*<\(.*\)>.*/\1/') ;;
		*) sn=$an se=$ae ;;
		esac ;;
	esac
	GIT_AUTHOR_NAME=$an GIT_AUTHOR_EMAIL=$ae \
	GIT_COMMITTER_NAME=$sn GIT_COMMITTER_EMAIL=$se \
		"$bin" check --json --message commit.msg >mi.json 2>mi.err
	rc2=$?
	set -- $(verdict <mi.json)
	v2=$1 ids2=$2
	[ "$rc1" = "$rc2" ] && same_rc=$((same_rc + 1))
	[ "$v1" = "$v2" ] && same_verdict=$((same_verdict + 1))
	if [ "$rc1" != "$rc2" ] || [ "$v1" != "$v2" ] || $verbose; then
		echo "$name: raw exit $rc1 $v1 $ids1 | mailinfo exit $rc2 $v2 $ids2"
	fi
done
echo "lore: $n mails: exit status agrees on $same_rc/$n, verdict" \
	"(error/warning/clean) on $same_verdict/$n"

if [ -n "$checkpatch" ]; then
	# b4's own command line for each, at the top of PL's tree, one
	# process per patch; the two run in turn on each patch, so a busy
	# machine slows both alike.
	tree=$(cd "$(dirname "$checkpatch")/.." && pwd)
	pl=./scripts/${checkpatch##*/}
	cp=0 us=0
	for mail in "$dir"/*; do
		[ -f "$mail" ] || continue
		t0=$(date +%s%N)
		(cd "$tree" && "$pl" -q --terse --no-summary --mailback \
			<"$mail" >/dev/null 2>&1)
		t1=$(date +%s%N)
		(cd "$tree" && "$bin" check --format=b4 - <"$mail" \
			>/dev/null 2>&1)
		t2=$(date +%s%N)
		cp=$((cp + t1 - t0)) us=$((us + t2 - t1))
	done
	awk -v cp="$cp" -v us="$us" -v n="$n" 'BEGIN {
		printf "lore: per patch: checkpatch %.1f ms, git disclose " \
			"check --format=b4 %.1f ms, ratio %.3f\n",
			cp / n / 1e6, us / n / 1e6, us / cp
	}'
fi
[ "$same_rc" -eq "$n" ] && [ "$same_verdict" -eq "$n" ]
