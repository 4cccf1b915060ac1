#!/bin/sh
# Trailer conformance: `git disclose trailer --parse` must print exactly what
# `git interpret-trailers --parse` prints, for every message in
# fixtures/messages/ (written by tests/gen-messages.py).
#
#   DISCLOSE=build/git-disclose sh tests/e2e/conformance.sh
#
# Checks, each against git on the same fixture:
#   file    trailer --parse --message FILE, one run per fixture
#   stdin   trailer --parse --message - < FILE, every tenth fixture
#   z       trailer --parse -z, one run for all fixtures NUL-separated;
#           the i-th NUL-terminated result must be git's for fixture i
#   nodiv   trailer --parse --no-divider -z against git's --no-divider
#           (skipped when the binary has no --no-divider)
#   cc      trailer --parse -z in a repository with core.commentChar=';'
#   place   trailer --message FILE (and --no-divider) on the placement
#           cases below, where git is the reference: no line of the
#           human's own to replace or move, so the result must be
#           git interpret-trailers --trailer 'Assisted-by: V' --trailer
#           'Signed-off-by: H' (where=end, ifExists=addIfDifferentNeighbor,
#           git's defaults), byte for byte
#
# git runs with a clean configuration (private HOME, GIT_CONFIG_NOSYSTEM=1,
# no global config, outside any repository except for "cc"), so no
# trailer.* setting can change its answer; our binary runs the same way.
# Prints each disagreement and, last, "conformance: N passed, M failed"
# (N + M fixtures; a fixture fails when any check of it fails).
# Exit 0 all agree, 1 any disagreement, 2 broken set-up, 77 skipped.

if [ -z "${DISCLOSE:-}" ]; then
	echo "conformance: DISCLOSE is not set; set it to the git-disclose binary" >&2
	exit 2
fi
# Both are used after a cd: make relative paths absolute.
case $DISCLOSE in
*/*) DISCLOSE=$(cd "$(dirname "$DISCLOSE")" && pwd)/${DISCLOSE##*/} ;;
esac
top=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
fixtures=${FIXTURES:-$top/fixtures/messages}
fixtures=$(cd "$fixtures" 2>/dev/null && pwd) || fixtures=${FIXTURES:-}
if ! ls "$fixtures"/*.msg >/dev/null 2>&1; then
	echo "conformance: no fixtures in $fixtures; run tests/gen-messages.py" >&2
	exit 2
fi
if ! command -v git >/dev/null 2>&1; then
	echo "conformance: git is not installed; it is the oracle"
	exit 77
fi

tmp=$(cd "${TMPDIR:-/tmp}" && pwd) || exit 2
work=$(mktemp -d "$tmp/conformance.XXXXXX") || exit 2
mkdir -p "$work/home/.config" "$work/cwd" || exit 2

# A clean git: no system, global or repository configuration.
unset GIT_DIR GIT_WORK_TREE GIT_CONFIG GIT_CONFIG_PARAMETERS \
	GIT_CONFIG_COUNT GIT_NAMESPACE GIT_COMMON_DIR GIT_INDEX_FILE
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

# show NAME CHECK GITFILE OURSFILE [ERRFILE]: print one disagreement as a
# short diff of `sed -n l` renderings (tabs, CRs and line ends visible).
show() {
	echo "FAIL $1 ($2)"
	LC_ALL=C sed -n l "$3" >"$work/git.l"
	LC_ALL=C sed -n l "$4" >"$work/ours.l"
	if cmp -s "$3" "$4"; then
		echo "    same output as git"
	elif cmp -s "$work/git.l" "$work/ours.l"; then
		echo "    git $(wc -c <"$3") bytes, ours $(wc -c <"$4") bytes;" \
			"od -c of git, then ours:"
		od -c "$3" | head -n 8 | sed 's/^/    - /'
		od -c "$4" | head -n 8 | sed 's/^/    + /'
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

# fail NAME: count a failed check of a fixture.
fail() {
	echo "$1" >>"$work/failed"
	eval "fail_$check=\$((fail_$check + 1))"
}

# expect DIR GITARGS...: git's answer for every fixture into DIR/<name>.
expect() {
	dir=$1
	shift
	mkdir -p "$dir"
	while read -r name; do
		if ! git interpret-trailers "$@" <"$fixtures/$name" \
			>"$dir/$name" 2>"$work/git.err"; then
			echo "conformance: git interpret-trailers $* failed" \
				"on $name:" >&2
			cat "$work/git.err" >&2
			exit 2
		fi
	done <"$work/list"
}

# zcheck EXPDIR OUT RC: compare the NUL-terminated results in OUT (from a
# -z run that exited RC) with the files of EXPDIR, in fixture order.
zcheck() {
	: >"$work/expected.z"
	while read -r name; do
		cat "$1/$name" >>"$work/expected.z"
		printf '\000' >>"$work/expected.z"
	done <"$work/list"
	if [ "$3" -ne 0 ]; then
		echo "FAIL -z run ($check) exited $3"
		head -n 5 "$work/z.err" | sed 's/^/    /'
	elif cmp -s "$work/expected.z" "$2"; then
		return 0
	fi
	# Offsets and lengths of the NUL-terminated records of the output
	# (an unterminated tail is reported as its own record).
	od -An -v -tu1 "$2" | LC_ALL=C awk '
		BEGIN { start = 0; pos = 0 }
		{ for (i = 1; i <= NF; i++) {
			if ($i == 0) { print start, pos - start, "nul"; start = pos + 1 }
			pos++
		} }
		END { if (pos > start) print start, pos - start, "tail" }
	' >"$work/records"
	nrec=$(wc -l <"$work/records")
	if [ "$nrec" -ne "$total" ]; then
		echo "FAIL -z ($check): $nrec results for $total messages"
	fi
	i=0
	while read -r name; do
		i=$((i + 1))
		rec=$(sed -n "${i}p" "$work/records")
		kind=missing
		: >"$work/rec"
		if [ -n "$rec" ]; then
			# shellcheck disable=SC2086 # split "offset length kind"
			set -- "$1" "$2" "$3" $rec
			kind=$6
			dd if="$2" of="$work/rec" bs=1 skip="$4" count="$5" \
				2>/dev/null
		fi
		if [ "$kind" != nul ] || ! cmp -s "$1/$name" "$work/rec"; then
			fail "$name"
			case $kind in
			nul) show "$name" "$check, record $i" "$1/$name" \
				"$work/rec" ;;
			tail) show "$name" "$check, record $i, no NUL after it" \
				"$1/$name" "$work/rec" ;;
			*) echo "FAIL $name ($check, record $i, no result)" ;;
			esac
		fi
	done <"$work/list"
}

# The fixtures, in order, and the -z input: NUL between messages, none
# after the last (so NUL as separator or as terminator reads the same;
# the last fixture is not empty).
total=0
: >"$work/list"
: >"$work/input.z"
for f in "$fixtures"/*.msg; do
	total=$((total + 1))
	echo "${f##*/}" >>"$work/list"
	[ "$total" -gt 1 ] && printf '\000' >>"$work/input.z"
	cat "$f" >>"$work/input.z"
done
fail_file=0 fail_stdin=0 fail_z=0 fail_nodiv=0 fail_cc=0 fail_place=0
summary=

# file, stdin: each fixture alone.
expect "$work/git" --parse
while read -r name; do
	f=$fixtures/$name
	check="file"
	"$DISCLOSE" trailer --parse --message "$f" >"$work/out" \
		2>"$work/err"
	rc=$?
	if [ "$rc" -ne 0 ] || ! cmp -s "$work/git/$name" "$work/out"; then
		fail "$name"
		show "$name" "--message FILE, exit $rc" "$work/git/$name" \
			"$work/out" "$work/err"
	fi
	# stdin: the same code path for every message, so every tenth.
	case $name in *0-*) ;; *) continue ;; esac
	check=stdin
	"$DISCLOSE" trailer --parse --message - <"$f" >"$work/out" \
		2>"$work/err"
	rc=$?
	if [ "$rc" -ne 0 ] || ! cmp -s "$work/git/$name" "$work/out"; then
		fail "$name"
		show "$name" "--message -, exit $rc" "$work/git/$name" \
			"$work/out" "$work/err"
	fi
done <"$work/list"
nstdin=$(grep -c '0-' "$work/list")
summary="file $((total - fail_file))/$total, stdin $((nstdin - fail_stdin))/$nstdin"

# z: all fixtures in one run.
check=z
"$DISCLOSE" trailer --parse -z <"$work/input.z" >"$work/out.z" \
	2>"$work/z.err"
zcheck "$work/git" "$work/out.z" $?
summary="$summary, -z $((total - fail_z))/$total"

# nodiv: a --- line is text, as git log's %(trailers) sees a commit.
check=nodiv
"$DISCLOSE" trailer --parse --no-divider --message "$work/probe.msg" \
	>/dev/null 2>&1
if [ $? -eq 2 ]; then
	summary="$summary, --no-divider skipped (not supported)"
else
	expect "$work/git.nodiv" --parse --no-divider
	"$DISCLOSE" trailer --parse --no-divider -z <"$work/input.z" \
		>"$work/out.z" 2>"$work/z.err"
	zcheck "$work/git.nodiv" "$work/out.z" $?
	summary="$summary, --no-divider -z $((total - fail_nodiv))/$total"
fi

# cc: core.commentChar=';' in the repository both run in.
check=cc
git init -q "$work/repo" && git -C "$work/repo" config core.commentChar ';' ||
	exit 2
cd "$work/repo" || exit 2
expect "$work/git.cc" --parse
"$DISCLOSE" trailer --parse -z <"$work/input.z" >"$work/out.z" \
	2>"$work/z.err"
zcheck "$work/git.cc" "$work/out.z" $?
cd "$work/cwd" || exit 2
summary="$summary, commentChar=; -z $((total - fail_cc))/$total"

# place: the placement rule where git is the reference (see above). Each
# case: name, then the message as a printf format.
check=place
git init -q "$work/prepo" &&
	git -C "$work/prepo" config user.name "Hu Man" &&
	git -C "$work/prepo" config user.email hu@example.org || exit 2
cd "$work/prepo" || exit 2
nplace=0
while IFS='|' read -r name fmt; do
	[ -n "$name" ] || continue
	for div in "" --no-divider; do
		nplace=$((nplace + 1))
		# shellcheck disable=SC2059 # the case is a printf format
		printf "$fmt" >"$work/place.msg"
		git interpret-trailers $div \
			--trailer "Assisted-by: Claude:claude-opus-4-5 sparse" \
			--trailer "Signed-off-by: Hu Man <hu@example.org>" \
			<"$work/place.msg" >"$work/place.git" 2>"$work/git.err" ||
			exit 2
		"$DISCLOSE" trailer $div --agent Claude --model claude-opus-4-5 \
			--tool sparse --message "$work/place.msg" \
			>"$work/place.out" 2>"$work/err"
		rc=$?
		if [ "$rc" -ne 0 ] || ! cmp -s "$work/place.git" "$work/place.out"
		then
			fail "place:$name$div"
			show "place:$name" "placement ${div:-with the divider}, exit $rc" \
				"$work/place.git" "$work/place.out" "$work/err"
		fi
	done
done <<'CASES'
another person's disclosure and sign-off|S\n\nBody.\n\nAssisted-by: LLM [codegen, review]\nSigned-off-by: Other Dev <o@example.org>\n
another person's line of the same agent|S\n\nBody.\n\nAssisted-by: Claude:claude-3-opus smatch\nSigned-off-by: Other Dev <o@example.org>\n
chain of custody|S\n\nBody.\n\nSigned-off-by: Hu Man <hu@example.org>\nReviewed-by: Rev Iewer <r@example.org>\nSigned-off-by: Main Tainer <m@example.org>\n
own pair above another sign-off|S\n\nBody.\n\nCo-developed-by: Hu Man <hu@example.org>\nSigned-off-by: Hu Man <hu@example.org>\nSigned-off-by: Other Dev <o@example.org>\n
another person's pair|S\n\nBody.\n\nCo-developed-by: Other Dev <o@example.org>\nSigned-off-by: Other Dev <o@example.org>\n
notes after the divider|S\n\nBody.\n\nSigned-off-by: Other Dev <o@example.org>\n---\nnotes for the reviewers\n
notes without trailers|S\n\nBody.\n---\nv2: rebased\n\nSigned-off-by: Other Dev <o@example.org>\n
a table rule is a divider|S\n\n--- a table rule\nmore text\n\nLink: https://example.org/1\n
no trailers|S\n\nBody.\n
CASES
cd "$work/cwd" || exit 2
summary="$summary, place $((nplace - fail_place))/$nplace"

failed=0
[ -f "$work/failed" ] && failed=$(sort -u "$work/failed" | wc -l)
echo "conformance: $summary agree"
echo "conformance: $((total - failed)) passed, $failed failed"
if [ "$failed" -ne 0 ]; then
	echo "conformance: outputs kept in $work"
	exit 1
fi
rm -rf "$work"
exit 0
