#!/bin/sh
# Trailer conformance: `git disclose trailer --parse` must print exactly what
# `git interpret-trailers --parse` prints, for every message in
# fixtures/messages/ (written by tests/gen-messages.py).
#
# Each fixture is checked three times: alone (--message FILE, and on
# standard input with --message -) and inside one
# `trailer --parse -z` run that gets all fixtures NUL-separated, whose
# NUL-terminated results are compared record by record with git's.
#
#   DISCLOSE=build/git-disclose sh tests/e2e/conformance.sh
#
# git runs with a clean configuration (private HOME, GIT_CONFIG_NOSYSTEM=1,
# no global config, outside any repository), so no trailer.* setting or
# core.commentChar can change its answer; our binary runs the same way.
# Prints each disagreement and, last, "conformance: N passed, M failed".
# Exit 0 all agree, 1 any disagreement, 2 broken set-up, 77 skipped.

if [ -z "${DISCLOSE:-}" ]; then
	echo "conformance: DISCLOSE is not set; set it to the git-disclose binary" >&2
	exit 2
fi
top=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
fixtures=${FIXTURES:-$top/fixtures/messages}
if ! ls "$fixtures"/*.msg >/dev/null 2>&1; then
	echo "conformance: no fixtures in $fixtures; run tests/gen-messages.py" >&2
	exit 2
fi
if ! command -v git >/dev/null 2>&1; then
	echo "conformance: git is not installed; it is the oracle"
	exit 77
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/conformance.XXXXXX") || exit 2
mkdir -p "$work/home/.config" "$work/cwd" "$work/git" "$work/ours" \
	"$work/z" || exit 2

# A clean git: no system, global or repository configuration.
unset GIT_DIR GIT_WORK_TREE GIT_CONFIG GIT_CONFIG_PARAMETERS \
	GIT_CONFIG_COUNT GIT_NAMESPACE GIT_COMMON_DIR
HOME=$work/home
XDG_CONFIG_HOME=$work/home/.config
GIT_CONFIG_NOSYSTEM=1
GIT_CONFIG_GLOBAL=/dev/null
GIT_CEILING_DIRECTORIES=$work
export HOME XDG_CONFIG_HOME GIT_CONFIG_NOSYSTEM GIT_CONFIG_GLOBAL \
	GIT_CEILING_DIRECTORIES
cd "$work/cwd" || exit 2

# Skip while the binary has no `trailer --parse` at all (usage error).
printf 'Subject\n\nKey: value\n' >"$work/probe.msg"
"$DISCLOSE" trailer --parse --message "$work/probe.msg" \
	>"$work/probe.out" 2>"$work/probe.err"
rc=$?
if [ "$rc" -eq 2 ]; then
	sed 's/^/    /' "$work/probe.err" | head -n 5
	rm -rf "$work"
	echo "conformance: this git-disclose has no 'trailer --parse' (exit 2)"
	exit 77
fi

# show NAME MODE GITFILE OURSFILE [ERRFILE]: print one disagreement as a
# short diff of `sed -n l` renderings (tabs, CRs and line ends visible).
show() {
	echo "FAIL $1 ($2)"
	LC_ALL=C sed -n l "$3" >"$work/git.l"
	LC_ALL=C sed -n l "$4" >"$work/ours.l"
	if cmp -s "$3" "$4"; then
		echo "    same output as git"
	elif cmp -s "$work/git.l" "$work/ours.l"; then
		echo "    bytes differ where sed -n l does not show it:" \
			"git $(wc -c <"$3") bytes, ours $(wc -c <"$4") bytes"
		cmp "$3" "$4" 2>&1 | sed 's/^/    /'
	else
		echo "    (- git, + ours)"
		diff -u "$work/git.l" "$work/ours.l" | sed '1,2d; s/^/    /' |
			head -n 24
	fi
	if [ -n "${5:-}" ] && [ -s "$5" ]; then
		echo "    stderr:"
		head -n 5 "$5" | sed 's/^/      /'
	fi
}

# Pass 1: each fixture alone, and git's answer for it.
: >"$work/list"
: >"$work/expected.z"
: >"$work/input.z"
total=0 file_fail=0 stdin_fail=0
for f in "$fixtures"/*.msg; do
	name=${f##*/}
	total=$((total + 1))
	echo "$name" >>"$work/list"
	if ! git interpret-trailers --parse <"$f" >"$work/git/$name" \
		2>"$work/git.err"; then
		echo "conformance: git interpret-trailers failed on $name:" >&2
		cat "$work/git.err" >&2
		exit 2
	fi
	cat "$work/git/$name" >>"$work/expected.z"
	printf '\000' >>"$work/expected.z"
	[ "$total" -gt 1 ] && printf '\000' >>"$work/input.z"
	cat "$f" >>"$work/input.z"

	"$DISCLOSE" trailer --parse --message "$f" >"$work/ours/$name" \
		2>"$work/ours.err"
	rc=$?
	if [ "$rc" -ne 0 ]; then
		file_fail=$((file_fail + 1))
		echo "$name" >>"$work/failed"
		show "$name" "--message, exit $rc" "$work/git/$name" \
			"$work/ours/$name" "$work/ours.err"
	elif ! cmp -s "$work/git/$name" "$work/ours/$name"; then
		file_fail=$((file_fail + 1))
		echo "$name" >>"$work/failed"
		show "$name" "--message" "$work/git/$name" "$work/ours/$name"
	fi

	# The same message on standard input (--message -).
	"$DISCLOSE" trailer --parse --message - <"$f" >"$work/stdin.out" \
		2>"$work/ours.err"
	rc=$?
	if [ "$rc" -ne 0 ] || ! cmp -s "$work/git/$name" "$work/stdin.out"
	then
		stdin_fail=$((stdin_fail + 1))
		echo "$name" >>"$work/failed"
		show "$name" "--message -, exit $rc" "$work/git/$name" \
			"$work/stdin.out" "$work/ours.err"
	fi
done

# Pass 2: all fixtures through one -z run. The input separates messages
# with NUL (none after the last, so the answer is the same whether the
# parser treats NUL as separator or terminator; the last fixture is not
# empty); each result must be followed by one NUL.
z_fail=0
"$DISCLOSE" trailer --parse -z <"$work/input.z" >"$work/output.z" \
	2>"$work/z.err"
rc=$?
if [ "$rc" -ne 0 ]; then
	echo "FAIL -z run exited $rc"
	head -n 5 "$work/z.err" | sed 's/^/    /'
fi
if [ "$rc" -ne 0 ] || ! cmp -s "$work/expected.z" "$work/output.z"; then
	# Offsets and lengths of the NUL-terminated records of the output
	# (an unterminated tail is reported as its own record).
	od -An -v -tu1 "$work/output.z" | LC_ALL=C awk '
		BEGIN { start = 0; pos = 0 }
		{ for (i = 1; i <= NF; i++) {
			if ($i == 0) { print start, pos - start, "nul"; start = pos + 1 }
			pos++
		} }
		END { if (pos > start) print start, pos - start, "tail" }
	' >"$work/records"
	nrec=$(wc -l <"$work/records")
	if [ "$nrec" -ne "$total" ]; then
		echo "FAIL -z: $nrec results for $total messages"
	fi
	i=0
	while read -r name; do
		i=$((i + 1))
		rec=$(sed -n "${i}p" "$work/records")
		if [ -z "$rec" ]; then
			: >"$work/z/$name"
			kind=missing
		else
			set -- $rec
			kind=$3
			dd if="$work/output.z" of="$work/z/$name" bs=1 \
				skip="$1" count="$2" 2>/dev/null
		fi
		if [ "$kind" != nul ] ||
			! cmp -s "$work/git/$name" "$work/z/$name"; then
			z_fail=$((z_fail + 1))
			echo "$name" >>"$work/failed"
			case $kind in
			nul) how="-z record $i" ;;
			tail) how="-z record $i, no NUL after it" ;;
			*) how="-z record $i, missing" ;;
			esac
			show "$name" "$how" "$work/git/$name" "$work/z/$name"
		fi
	done <"$work/list"
fi

failed=0
[ -f "$work/failed" ] && failed=$(sort -u "$work/failed" | wc -l)
passed=$((total - failed))
echo "conformance: --message FILE $((total - file_fail))/$total agree," \
	"--message - $((total - stdin_fail))/$total, -z $((total - z_fail))/$total"
echo "conformance: $passed passed, $failed failed"
if [ "$failed" -ne 0 ]; then
	echo "conformance: outputs kept in $work"
	exit 1
fi
rm -rf "$work"
exit 0
