#!/bin/sh
# The kernel patch series in kernel/patches: it applies to the pristine
# linux-source-6.1 tree, its checkpatch changes do what they claim on the
# fixtures in fixtures/checkpatch, its reStructuredText parses, and once
# trailers are placed on the applied series the tree's own checkpatch
# finds no errors and no signature problems in it.
#
# Run by tests/run-e2e.sh (DISCLOSE, TOP, TMPDIR and DISCLOSE_CACHE set).
# The cached pristine repository is only read: all work happens in a
# "git clone --shared" of it under $TMPDIR, removed at the end.

# Debian's python3 first: checkpatch runs scripts/spdxcheck.py with the
# python3 in PATH and that needs Debian's python3-ply and python3-git.
PATH=/usr/bin:/bin:$PATH
export PATH

DISCLOSE_CACHE=${DISCLOSE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/git-disclose}
export DISCLOSE_CACHE

agent=Claude
model=claude-opus-4-5
human_name="Test Human"
human_email=test@example.org
fixtures=$TOP/fixtures/checkpatch

fail() {
	echo "FAIL: $*"
	exit 1
}

skip() {
	echo "skip: $*"
	exit 77
}

# Wall-clock seconds with milliseconds, for the step timings.
now() {
	date +%s.%N
}

since() {
	awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f s", b - a }'
}

# How often checkpatch output file $1 reports the type $2 (--show-types);
# ERROR and WARNING count all messages of that level.
count_type() {
	case $2 in
	ERROR | WARNING | CHECK) grep -c "^$2:" "$1" ;;
	*) grep -c "^[A-Z]*:$2:" "$1" ;;
	esac
}

# Check patch $1 with checkpatch $2 (a path relative to the tree),
# writing its report to $3. Extra arguments go to checkpatch.
checkpatch() {
	patch=$1 script=$2 out=$3
	shift 3
	(cd "$work" && perl "$script" --show-types "$@" "$patch") >"$out" 2>&1
	grep -q '^total: ' "$out" || {
		cat "$out"
		fail "$script gave no summary for $patch"
	}
}

# Fail unless report $1 holds nothing but the warnings named after it.
only_allowed() {
	report=$1
	shift
	grep -E '^(ERROR|WARNING|CHECK):' "$report" | cut -d: -f1,2 |
		sort -u >"$TMPDIR/found"
	for allowed in "$@"; do
		grep -v -x "$allowed" "$TMPDIR/found" >"$TMPDIR/found.new"
		mv "$TMPDIR/found.new" "$TMPDIR/found"
	done
	[ -s "$TMPDIR/found" ] || return 0
	cat "$report"
	fail "unexpected checkpatch findings: $(tr '\n' ' ' <"$TMPDIR/found")"
}

tarball=${DISCLOSE_KERNEL_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
[ -r "$tarball" ] ||
	skip "$tarball not found (apt-get install linux-source-6.1)"
command -v perl >/dev/null || skip "perl is not installed"
set -- "$TOP"/kernel/patches/*.patch
[ -f "$1" ] || fail "no patches in $TOP/kernel/patches"
npatches=$#

# --- the pristine tree and a throwaway clone of it -------------------------
t=$(now)
tree=$(sh "$TOP/tests/kernel/tree.sh")
case $? in
0) ;;
77) skip "linux-source-6.1 is not installed (apt-get install linux-source-6.1)" ;;
*) fail "tests/kernel/tree.sh could not build the pristine tree" ;;
esac
echo "time: pristine tree ready in $(since "$t") ($tree)"

# The cache layout is shared with src/boot: check what both rely on.
version=$(dpkg-query -W -f='${Version}' linux-source-6.1)
[ "$tree" = "$DISCLOSE_CACHE/linux-source-6.1-$version" ] ||
	fail "tree.sh printed $tree, expected $DISCLOSE_CACHE/linux-source-6.1-$version"
id="linux-source-6.1 <pristine@localhost> 0 +0000"
got=$(git -C "$tree" log -1 --date=raw \
	--format='%an <%ae> %ad|%cn <%ce> %cd' pristine)
[ "$got" = "$id|$id" ] || fail "pristine commit identity is '$got'"
[ "$(git -C "$tree" rev-list --count pristine)" -eq 1 ] ||
	fail "pristine is not a single commit"
[ "$(git -C "$tree" rev-parse --is-bare-repository)" = false ] ||
	fail "$tree is a bare repository"
[ "$(git -C "$tree" config core.autocrlf)" = false ] &&
	[ "$(git -C "$tree" config gc.auto)" = 0 ] ||
	fail "$tree lacks core.autocrlf=false or gc.auto=0"
git -C "$tree" cat-file -e pristine:Makefile 2>/dev/null ||
	fail "pristine has no top-level Makefile (top directory not stripped?)"
echo "ok: pristine tree cache layout"
refs_before=$(git -C "$tree" show-ref --head)

work=$TMPDIR/linux
trap 'rm -rf "$work"' EXIT
t=$(now)
git clone -q --shared --no-checkout "$tree" "$work" || fail "cannot clone $tree"
git -C "$work" checkout -q -b series pristine || fail "cannot check out pristine"
echo "time: clone --shared and checkout $(since "$t")"
git -C "$work" config user.name "$human_name"
git -C "$work" config user.email "$human_email"
git -C "$work" config core.autocrlf false

# --- the series applies -----------------------------------------------------
t=$(now)
git -C "$work" am -q "$@" || fail "git am of kernel/patches failed"
echo "time: git am of $npatches patches $(since "$t")"
n=$(git -C "$work" rev-list --count pristine..HEAD)
[ "$n" -eq "$npatches" ] || fail "expected $npatches commits, found $n"
git -C "$work" log --format=%B pristine..HEAD >"$TMPDIR/messages"
if grep -E -i '^(Signed-off-by|Assisted-by):' "$TMPDIR/messages"; then
	fail "the patches must carry no Signed-off-by: or Assisted-by:"
fi
echo "ok: $npatches patches apply with git am"

# --- the patched checkpatch -------------------------------------------------
perl -c "$work/scripts/checkpatch.pl" >"$TMPDIR/perl-c" 2>&1 || {
	cat "$TMPDIR/perl-c"
	fail "perl -c scripts/checkpatch.pl failed"
}
echo "ok: perl -c scripts/checkpatch.pl"
git -C "$work" show pristine:scripts/checkpatch.pl \
	>"$work/scripts/checkpatch-pristine.pl" ||
	fail "cannot read the pristine checkpatch"

# Each patch as shipped: no errors. Sign-offs are added by the submitter,
# so the sign-off checks are off here (MISSING_SIGN_OFF is an ERROR).
t=$(now)
for p in "$@"; do
	checkpatch "$p" scripts/checkpatch.pl "$TMPDIR/ship.out" --no-signoff
	only_allowed "$TMPDIR/ship.out" WARNING:FILE_PATH_CHANGES
done
echo "time: checkpatch of $npatches patches $(since "$t")"
echo "ok: shipped patches have no checkpatch errors"

# Fixtures: the patched checkpatch reports the new types, the pristine
# one does not (fixtures/checkpatch/expected holds the table).
t=$(now)
grep -v '^#' "$fixtures/expected" | while read -r name type patched pristine; do
	[ -n "$name" ] || continue
	f=$fixtures/$name.patch
	[ -f "$f" ] || fail "fixture $f is missing"
	checkpatch "$f" scripts/checkpatch.pl "$TMPDIR/new.out"
	checkpatch "$f" scripts/checkpatch-pristine.pl "$TMPDIR/old.out"
	got=$(count_type "$TMPDIR/new.out" "$type")
	[ "$got" -eq "$patched" ] || {
		cat "$TMPDIR/new.out"
		fail "$name: patched checkpatch reports $type $got times, expected $patched"
	}
	got=$(count_type "$TMPDIR/old.out" "$type")
	[ "$got" -eq "$pristine" ] || {
		cat "$TMPDIR/old.out"
		fail "$name: pristine checkpatch reports $type $got times, expected $pristine"
	}
	echo "ok: $name: $type patched $patched, pristine $pristine"
done || exit 1
echo "time: checkpatch of the fixtures, both versions $(since "$t")"

# --fix drops the basic tools and keeps the analysis tool.
cp "$fixtures/basic-tools-mixed.patch" "$TMPDIR/fix.patch"
(cd "$work" && perl scripts/checkpatch.pl -q --fix-inplace "$TMPDIR/fix.patch") \
	>/dev/null 2>&1
grep -q -x 'Assisted-by: Claude:claude-3-opus coccinelle' "$TMPDIR/fix.patch" ||
	fail "checkpatch --fix did not reduce the Assisted-by: line to its analysis tool"
echo "ok: checkpatch --fix removes basic tools"

# --- the documentation ------------------------------------------------------
grep -q -x '   coding-assistants' "$work/Documentation/process/index.rst" ||
	fail "Documentation/process/index.rst does not list coding-assistants"
grep -q 'Documentation/process/coding-assistants.rst' "$work/README" ||
	fail "README does not point to coding-assistants.rst"
for ty in AI_SIGN_OFF ASSISTED_BY_BASIC_TOOL; do
	grep -q "\*\*$ty\*\*" "$work/Documentation/dev-tools/checkpatch.rst" ||
		fail "Documentation/dev-tools/checkpatch.rst does not document $ty"
done

# Plain docutils does not know Sphinx's roles (:ref:, :doc:, ...), so they
# are registered as generic roles before parsing; any warning fails.
rst_check='
import sys
from docutils import nodes
from docutils.core import publish_doctree
from docutils.parsers.rst import roles
for role in ("ref", "doc", "c:func", "c:type", "manpage", "kbd", "abbr"):
    roles.register_generic_role(role, nodes.literal)
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        publish_doctree(text, source_path=path, settings_overrides={
            "report_level": 2, "halt_level": 2, "warning_stream": False})
    except Exception as e:
        print("%s: %s" % (path, e))
        sys.exit(1)
'
py=
for cand in /usr/bin/python3 python3; do
	if "$cand" -c 'import docutils' 2>/dev/null; then
		py=$cand
		break
	fi
done
if [ -n "$py" ]; then
	"$py" -c "$rst_check" \
		"$work/Documentation/process/coding-assistants.rst" \
		"$work/Documentation/dev-tools/checkpatch.rst" ||
		fail "the reStructuredText does not parse cleanly"
	echo "ok: coding-assistants.rst and checkpatch.rst parse with docutils"
else
	echo "skipped: .rst parse check, docutils is not available (apt-get install python3-docutils)"
fi

# --- trailers placed on the applied series ----------------------------------
# The patches name a placeholder author; the submitter takes authorship
# before certifying, as kernel/README says.
git -C "$work" rebase -q --exec \
	'git commit -q --amend --no-edit --no-verify --reset-author' pristine ||
	fail "cannot reset the author of the applied series"

(cd "$work" && "$DISCLOSE" amend --agent "$agent" --model "$model" \
	pristine..HEAD) </dev/null || fail "git disclose amend on the range failed"
echo "trailers: git disclose amend on pristine..HEAD"

for c in $(git -C "$work" rev-list pristine..HEAD); do
	git -C "$work" log -1 --format='%(trailers:only,unfold)' "$c" |
		sed '/^$/d' >"$TMPDIR/trailers"
	tail -n 2 "$TMPDIR/trailers" >"$TMPDIR/last2"
	head -n 1 "$TMPDIR/last2" | grep -q "^Assisted-by: $agent:$model\( \|$\)" &&
		tail -n 1 "$TMPDIR/last2" |
		grep -q -x "Signed-off-by: $human_name <$human_email>" || {
		cat "$TMPDIR/trailers"
		fail "commit $c does not end with Assisted-by: then the human's sign-off"
	}
done
echo "ok: every commit ends with Assisted-by: and the human's Signed-off-by:"

mkdir "$TMPDIR/out"
git -C "$work" format-patch -q -o "$TMPDIR/out" pristine..HEAD ||
	fail "git format-patch failed"
t=$(now)
for p in "$TMPDIR"/out/*.patch; do
	checkpatch "$p" scripts/checkpatch.pl "$TMPDIR/final.out"
	only_allowed "$TMPDIR/final.out" WARNING:FILE_PATH_CHANGES
done
echo "time: checkpatch of the signed series $(since "$t")"
echo "ok: checkpatch finds no errors and no signature warnings after amend"

[ "$(git -C "$tree" show-ref --head)" = "$refs_before" ] ||
	fail "the cached pristine repository's refs changed during the test"
echo "ok: the cached repository was left untouched"
