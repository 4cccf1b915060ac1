#!/bin/sh
# Compare our trailer parser with git on git.git's 81,966 real messages.
#
#   DISCLOSE=build/git-disclose sh tests/corpus/compare.sh [CORPUS_DIR]
#
# Not part of `make test`: the corpus (default /work/shared/corpus, see its
# README.md) is not part of the product. Env LIMIT=N uses the first N
# records only (a quick run).
#
# Both corpus files are NUL-terminated records "<40-hex sha>\n<text>".
# git-messages.nul.xz holds each message exactly as `%B` prints it (278
# messages have no final newline; they are fed as they are).
# git-trailers.nul.xz holds `%(trailers:only,unfold)`: one "Key: value\n"
# per trailer, nothing when there is none, which is byte for byte the
# output format of `git interpret-trailers --parse`. So nothing is
# normalized: the sha line is stripped from every record and that is all.
#
# One real difference: %(trailers) ignores the `---` patch divider (git's
# pretty.c sets no_divider), while `interpret-trailers --parse`, which our
# `trailer --parse` must match, stops at it. For every message with a line
# starting "---" + blank, the expected answer is therefore taken from
# `git interpret-trailers --parse` on that message (clean config) instead
# of the corpus; the report says how many and how many of them changed.
# A second pass runs `trailer --parse --no-divider -z` (git log's view)
# and compares it with the corpus as it is, no correction at all.
#
# Prints the counts, writes the disagreeing shas with both outputs to
# $TMPDIR/corpus-disagreements.txt, exits 1 on any disagreement, 2 on a
# broken set-up.
LC_ALL=C
export LC_ALL

corpus=${1:-${CORPUS:-/work/shared/corpus}}
if [ -z "${DISCLOSE:-}" ]; then
	echo "compare: DISCLOSE is not set; set it to the git-disclose binary" >&2
	exit 2
fi
# DISCLOSE runs after a cd: make a relative path absolute.
case $DISCLOSE in
*/*) DISCLOSE=$(cd "$(dirname "$DISCLOSE")" && pwd)/${DISCLOSE##*/} ;;
esac
for f in git-messages.nul.xz git-trailers.nul.xz; do
	if [ ! -r "$corpus/$f" ]; then
		echo "compare: $corpus/$f is missing; pass the corpus folder" >&2
		exit 2
	fi
done
# GNU sed -z, grep -z and head -c -1 do the record handling.
if ! printf 'a\000b\000' | sed -z 's/a/x/' >/dev/null 2>&1; then
	echo "compare: needs GNU sed (sed -z)" >&2
	exit 2
fi

tmp=$(cd "${TMPDIR:-/tmp}" && pwd) || exit 2
work=$(mktemp -d "$tmp/corpus.XXXXXX") || exit 2
report=$tmp/corpus-disagreements.txt
mkdir -p "$work/home" "$work/cwd" "$work/fix"

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

# records FILE: the first $LIMIT NUL-terminated records of an xz file.
records() {
	if [ -n "${LIMIT:-}" ]; then
		xz -dc "$1" | sed -z "${LIMIT}q"
	else
		xz -dc "$1"
	fi
}
# lines: one line per NUL-terminated record, "\" and newline escaped, so
# line tools can compare records byte for byte.
lines() { sed -z 's/\\/\\\\/g; s/\n/\\n/g' "$1" | tr '\000' '\n'; }

t0=$(now)
records "$corpus/git-messages.nul.xz" >"$work/messages.nul" || exit 2
records "$corpus/git-trailers.nul.xz" >"$work/trailers.nul" || exit 2
sed -z 's/\n.*//' "$work/messages.nul" | tr '\000' '\n' >"$work/shas"
sed -z 's/\n.*//' "$work/trailers.nul" | tr '\000' '\n' >"$work/shas.t"
if ! cmp -s "$work/shas" "$work/shas.t"; then
	echo "compare: the two corpus files do not list the same commits" >&2
	exit 2
fi
if grep -qv '^[0-9a-f]\{40\}$' "$work/shas"; then
	echo "compare: a record does not start with a 40-hex sha line" >&2
	exit 2
fi
n=$(wc -l <"$work/shas")

# Our input: the messages, NUL between them and none after the last (so
# NUL as separator or as terminator reads the same N messages).
sed -z 's/^[0-9a-f]\{40\}\n//' "$work/messages.nul" | head -c -1 \
	>"$work/input.z"
sed -z 's/^[0-9a-f]\{40\}\n//' "$work/trailers.nul" >"$work/oracle.z"
lastlen=$(tail -n 1 "$work/shas" | wc -c)
if [ "$(sed -z -n '$p' "$work/messages.nul" | wc -c)" -le $((lastlen + 1)) ]; then
	echo "compare: warning: the last message is empty; a parser that" \
		"reads NUL as terminator sees one message less" >&2
fi
t1=$(now)
echo "compare: $n messages, $(wc -c <"$work/input.z") bytes" \
	"(unpacked in $(elapsed "$t0" "$t1") s)"

# git and our binary run with a clean configuration, outside any
# repository (default core.commentChar, no trailer.* settings).
unset GIT_DIR GIT_WORK_TREE GIT_CONFIG GIT_CONFIG_PARAMETERS GIT_CONFIG_COUNT
HOME=$work/home XDG_CONFIG_HOME=$work/home GIT_CONFIG_NOSYSTEM=1
GIT_CONFIG_GLOBAL=/dev/null GIT_CEILING_DIRECTORIES=$work
export HOME XDG_CONFIG_HOME GIT_CONFIG_NOSYSTEM GIT_CONFIG_GLOBAL \
	GIT_CEILING_DIRECTORIES
cd "$work/cwd" || exit 2

# Expected answers for messages with a patch divider, from git itself.
: >"$work/fixes"
grep -zPn '(?m)^---(?:[ \t\r]|$)' "$work/messages.nul" |
	sed -z 's/:.*//' | tr '\000' '\n' >"$work/divider"
while read -r k; do
	sed -z -n "${k}{s/^[0-9a-f]\{40\}\n//;p;q}" "$work/messages.nul" |
		tr -d '\000' | git interpret-trailers --parse >"$work/fix/$k" || {
		echo "compare: git interpret-trailers failed on record $k" >&2
		exit 2
	}
	printf '%s\t' "$k" >>"$work/fixes"
	printf '\000' | cat "$work/fix/$k" - |
		sed -z 's/\\/\\\\/g; s/\n/\\n/g' | tr '\000' '\n' >>"$work/fixes"
done <"$work/divider"

# run_pass LABEL FIXES ARGS...: one `trailer ARGS` process over all
# messages, compared record by record with the oracle (corrected by FIXES,
# "record<TAB>escaped answer" lines). Sets status to 1 on a disagreement.
status=0
: >"$report"
run_pass() {
	label=$1 fixes=$2
	shift 2
	t2=$(now)
	"$DISCLOSE" trailer "$@" <"$work/input.z" >"$work/ours.z" \
		2>"$work/ours.err"
	rc=$?
	t3=$(now)
	echo "compare: [$label] trailer $*: exit $rc," \
		"$(elapsed "$t2" "$t3") s wall, $(wc -c <"$work/ours.z") bytes out"
	if [ "$rc" -ne 0 ]; then
		head -n 5 "$work/ours.err" | sed 's/^/    /'
	fi
	lines "$work/ours.z" >"$work/ours.l"
	nours=$(tr -cd '\000' <"$work/ours.z" | wc -c)
	if [ "$nours" -ne "$n" ]; then
		echo "compare: [$label] $nours NUL-terminated results for" \
			"$n messages"
	fi
	# Record by record: sha, corpus oracle, git's fix (if any), ours.
	awk -v fixes="$fixes" -v ours="$work/ours.l" -v label="$label" \
		-v oracle="$work/oracle.l" -v report="$report" '
		BEGIN {
			while ((getline line < fixes) > 0) {
				t = index(line, "\t")
				fix[substr(line, 1, t - 1) + 0] = substr(line, t + 1)
			}
		}
		{
			i = NR; sha = $0
			if ((getline o < oracle) <= 0) o = "<missing>"
			if ((getline u < ours) <= 0) u = "<no result>"
			want = o
			if (i in fix) {
				nfix++
				if (fix[i] != o) { nchanged++; want = fix[i] }
			}
			if (u == want) { agree++; next }
			disagree++
			cls = (u == o && want != o) ? "divider ignored" : \
				(u == "<no result>" ? "missing result" : \
				(u == "" ? "git found trailers, we found none" : \
				(want == "" ? "we found trailers, git found none" : \
				"different trailers")))
			class[cls]++
			if (!(cls in first)) first[cls] = sha
			printf("[%s] %s record %d (%s)\n  git:  %s\n  ours: %s\n",
				label, sha, i, cls, want, u) >> report
		}
		END {
			if (nfix)
				printf "compare: [%s] %d messages with a --- divider: " \
					"expected from git interpret-trailers; %d of " \
					"them differ from %%(trailers)\n", label, nfix, \
					nchanged
			printf "compare: [%s] %d messages, %d agree, %d disagree\n", \
				label, NR, agree + 0, disagree + 0
			for (c in class)
				printf "compare: [%s]   %d %s (e.g. %s)\n", label, \
					class[c], c, first[c]
			exit (disagree > 0 ? 1 : 0)
		}
	' "$work/shas" || status=1
}

lines "$work/oracle.z" >"$work/oracle.l"
: >"$work/nofixes"
# The contract: interpret-trailers --parse (divider honoured).
run_pass parse "$work/fixes" --parse -z
# git log's view: --no-divider must match %(trailers) with no correction.
printf 'S\n\nA: b\n' | "$DISCLOSE" trailer --parse --no-divider \
	>/dev/null 2>&1
if [ $? -eq 2 ]; then
	echo "compare: [no-divider] skipped: no trailer --parse --no-divider"
else
	run_pass no-divider "$work/nofixes" --parse --no-divider -z
fi
if [ "$status" -ne 0 ]; then
	echo "compare: disagreements written to $report"
	printf '%s\n' 'compare: (outputs escaped: \n is a newline, \\ a backslash)'
fi

# For scale: git interpret-trailers, one process per message, on the
# first messages of the corpus.
sample=1000
[ "$n" -lt "$sample" ] && sample=$n
mkdir -p "$work/sample"
sed -z "${sample}q" "$work/input.z" |
	(cd "$work/sample" && split -t '\0' -l 1 -a 5 - m.)
t4=$(now)
for m in "$work"/sample/m.*; do
	git interpret-trailers --parse <"$m" >/dev/null
done
t5=$(now)
echo "compare: for scale, git interpret-trailers on the first $sample" \
	"messages, one process each: $(elapsed "$t4" "$t5") s"
rm -rf "$work"
exit "$status"
